"""The speaker a game uses: the configured voice, its pack, the sound card or a file, and captions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from narrator.audio.ambience import Sounds
from narrator.audio.clip import Clip
from narrator.audio.engines import Engine, EngineError, PiperEngine, piper_model_path
from narrator.audio.floors import floor_engine
from narrator.audio.mixer import Levels, Mixer
from narrator.audio.outputs import DEFAULT, VOLUME
from narrator.audio.packs import PACKS, pack_for
from narrator.audio.sinks import FileSink, Sink, SinkError, open_sink
from narrator.audio.speaker import AudioSpeaker, warn_once_to_stderr
from narrator.audio.voices import Voice, all_voices, engine_for, find_voice, piper_dir
from narrator.resources import VOICES
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Lines

# Each language's narrators, best first: the first that can speak here narrates when none is named.
DEFAULTS = {"en": ["joe", "ruth"], "de": ["leopold", "jutta", "konrad", "mechthild", "hedda"],
            "es": ["alvaro", "lucia", "mateo"]}


def installed(voice: Voice) -> bool:
    """Can the voice's own engine speak live here (its program or model present)?"""
    if voice.settings.engine == "piper":
        try:
            piper_model_path(voice.settings.model, [piper_dir(), VOICES / "piper"])
        except EngineError:
            return False
        return True
    return voice.settings.engine == "espeak"


def usable(voice: Voice, packs: Path = PACKS) -> bool:
    """Can this voice speak here: a pack of it, or its engine and model present?"""
    return pack_for(voice, packs) is not None or installed(voice)


def natural_ready(lang: str, packs: Path = PACKS) -> bool:
    """Can a natural (Piper) voice speak `lang` here: its model downloaded, or a pack of it?"""
    return any(v.language == lang and v.natural and usable(v, packs) for v in all_voices().values())


def choose_voice(name: str | None, lang: str, warn: Callable[[str], None], packs: Path = PACKS,
                 told: bool = False) -> Voice:
    """The named voice when it speaks `lang`; else the best voice for `lang` that works here; else the
    language's first narrator, whose espeak-ng variant speaks. `told`: the table already heard why."""
    if name:
        voice = find_voice(name)
        if voice.language == lang:
            if not usable(voice, packs) and not told:
                warn(f"the voice {voice.name} is not installed here ({voice.settings.model}); espeak-ng speaks "
                     f"instead. Install it: wolfcall voices download {voice.settings.model}")
            return voice
    voices = all_voices()
    for candidate in DEFAULTS.get(lang, []):
        if candidate in voices and usable(voices[candidate], packs):
            return voices[candidate]
    return voices[DEFAULTS[lang][0]]


def build_speaker(lang: str, voice_name: str | None, audio: str, out: Path | None, captions: CaptionSpeaker,
                  lines: Lines, packs: Path = PACKS, warn: Callable[[str], None] | None = None,
                  no_card_out: Path | None = None, extra: Sequence[Sink] = (),
                  told: bool = False, device: str = DEFAULT, volume: int = VOLUME,
                  words: Mapping[str, str] | None = None,
                  levels: Levels | None = None) -> AudioSpeaker | CaptionSpeaker:
    """The game's speaker. Without any sink (audio: none, or no card and no file) it is captions only.
    `told`: the first-play voice offer already said why espeak-ng speaks (no second warning). `device`
    and `volume`: config.yaml's `audio_device` and `volume` (narrator/audio/outputs.py). `words`: the
    table's strings (narrator/ui/web/strings.py), for the line that says there is no sound card. `levels`:
    each layer's volume (config.yaml's `voice_volume`, `bed_volume`, `cue_volume`): the sound card and the
    file then play one mixer's stream, the bed and cues under the voice (None: the voice alone)."""
    warn = warn or warn_once_to_stderr()
    sinks: list[Sink] = list(extra)
    sounds = Sounds()  # from the pack, once it is known

    def mixer() -> Mixer | None:
        return Mixer(sounds, levels) if levels is not None else None

    if audio not in ("none", "file"):
        try:
            sinks.append(open_sink(audio, device, volume, mixer=mixer()))
        except SinkError as exc:
            out = out or no_card_out
            said = (words or {}).get("cli.no_sound_file" if out else "cli.no_sound")
            warn(said.format(reason=exc, path=out) if said else f"{exc}")
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        sinks.append(FileSink(out, mixer()))
    if not sinks:
        return captions
    voice = choose_voice(voice_name, lang, warn, packs, told)
    pack = pack_for(voice, packs)
    if pack is not None and pack.language != lang:
        pack = None
    if pack is not None:
        sounds.load = pack.load_ambience
    return AudioSpeaker(lang, sinks, captions, pack=pack, engine=live_engine(voice), fallback=floor_engine(voice),
                        warn=warn, seat_words=lines.seat_words)


def live_engine(voice: Voice) -> Engine | None:
    """The voice's own engine, or None when it is not installed here: its espeak-ng variant speaks instead
    (the table was warned when the voice was chosen)."""
    engine: Engine | None = engine_for(voice)
    if isinstance(engine, PiperEngine) and not installed(voice):
        return None
    return engine


def spoken(text: str, lang: str, voice_name: str | None) -> tuple[Clip, str]:
    """`text` said by the narrator a game in `lang` would have, as a Clip (the setup's test line), and where
    it came from: live (the voice's engine), fallback (its espeak-ng variant) or captions (silence)."""
    said: list[str] = []
    voice = choose_voice(voice_name, lang, said.append, told=True)
    speaker = AudioSpeaker(lang, [], CaptionSpeaker(None), engine=live_engine(voice), fallback=floor_engine(voice),
                           warn=said.append)
    try:
        return speaker.live(text)
    finally:
        speaker.close()


def print_voice(voice: Voice, packs: Path = PACKS) -> str:
    pack = pack_for(voice, packs)
    floor = floor_engine(voice).settings.model  # MBROLA's voice where installed (mb-de6), else plain espeak-ng
    state = "pack" if pack else ("ready" if usable(voice, packs) else f"{floor} until downloaded")
    return f"{voice.name:10} {voice.persona:10} {voice.language}  {voice.settings.engine:7} " \
           f"{voice.settings.model:22} {state:26} {voice.description}"


__all__ = ["build_speaker", "choose_voice", "natural_ready", "print_voice", "spoken"]
