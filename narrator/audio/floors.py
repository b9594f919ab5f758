"""The offline floor: the espeak-ng voice that speaks for a narrator whose own voice is not here, the best
this machine has.

For German that is espeak-ng driving one of MBROLA's diphone voices when it is installed (`mb-de6` for the
male narrators, `mb-de7` or `mb-de5` for the female ones: a voice's `mbrola:` key), else plain espeak-ng.
An offline Whisper listener gets 29-78 % of plain German espeak-ng's words wrong (by variant) and 10-19 % of
MBROLA's (`make bench`, `voice.asr_wer.de.*`). Spanish keeps plain espeak-ng: MBROLA's Spanish voices
are heard worse. MBROLA and its voices are Debian packages (`mbrola` in contrib, `mbrola-de6` in non-free);
espeak-ng 1.51 finds a voice in /usr/share/mbrola as `<v>`, `<v>/<v>` or `voices/<v>`.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

from narrator.audio.engines import EspeakEngine, VoiceSettings, fallback_engine
from narrator.audio.voices import Voice, all_voices
from narrator.system import MBROLA, MBROLA_VOICES, System, install_command, install_lines, this_system

LANGUAGES = {"en": "English", "de": "German", "es": "Spanish"}
Here = Callable[[str], bool]  # is this MBROLA voice (de6) installed?


def mbrola_here(name: str, root: Path | None = None, program: str = "mbrola") -> bool:
    """Whether espeak-ng can speak through MBROLA's voice `name` (de6): the mbrola program on PATH and the
    voice where espeak-ng 1.51 looks for it (`root`: /usr/share/mbrola)."""
    root = root or MBROLA_VOICES
    if shutil.which(program) is None:
        return False
    return any(path.is_file() for path in (root / name, root / name / name, root / "voices" / name))


def floor(voice: Voice, here: Here = mbrola_here) -> VoiceSettings:
    """The espeak-ng settings that speak for `voice` offline: its MBROLA floor when that voice is installed,
    else its plain espeak-ng one (else the language's shipped espeak-ng voice)."""
    if voice.mbrola is not None and here(mbrola_name(voice.mbrola)):
        return voice.mbrola
    return voice.floor if voice.floor is not None else fallback_engine(voice.language).settings


def floor_engine(voice: Voice) -> EspeakEngine:
    """The voice's offline floor as an engine: what speaks when its Piper model is not here."""
    return EspeakEngine(floor(voice))


def mbrola_name(settings: VoiceSettings) -> str:
    """mb-de6 → de6."""
    return settings.model.removeprefix("mb-")


def packages(voices: Iterable[Voice]) -> list[str]:
    """The Debian packages of the MBROLA voices `voices` use: mbrola, mbrola-de6, mbrola-de7."""
    names = sorted({mbrola_name(v.mbrola) for v in voices if v.mbrola is not None})
    return ["mbrola", *(f"mbrola-{name}" for name in names)] if names else []


def floor_state(lang: str, voices: dict[str, Voice] | None = None, here: Here = mbrola_here) -> tuple[str, bool]:
    """What speaks `lang` offline here, in words ("espeak-ng with MBROLA (mb-de6, mb-de7)" or "plain
    espeak-ng"), and whether a better floor could be installed."""
    chosen = [v for v in (voices or all_voices()).values() if v.language == lang]
    wanted = sorted({v.mbrola.model for v in chosen if v.mbrola is not None})
    present = [m for m in wanted if here(m.removeprefix("mb-"))]
    if present:
        return f"espeak-ng with MBROLA ({', '.join(present)})", len(present) < len(wanted)
    return "plain espeak-ng", bool(wanted)


def better_command(voice: Voice, here: Here = mbrola_here, system: System | None = None) -> str:
    """This system's line that installs `voice`'s MBROLA floor, when it has one that is not here ("" else)."""
    if voice.mbrola is None or here(mbrola_name(voice.mbrola)):
        return ""
    chosen = system or this_system()
    return install_command(chosen, [MBROLA]) if chosen is not None else ""


def report(voices: dict[str, Voice] | None = None, here: Here = mbrola_here) -> list[str]:
    """Which floor speaks each language offline here, and for each that could have a better one, the line
    that installs it on each system (Debian, Raspberry Pi OS, macOS)."""
    voices = voices or all_voices()
    out = []
    for lang, name in LANGUAGES.items():
        state, better = floor_state(lang, voices, here)
        out.append(f"{name}, when its natural voice is not here: {state} speaks"
                   + ("; clearer with MBROLA's voices, installed by:" if better else ""))
        out += [f"  {line}" for line in install_lines([MBROLA])] if better else []
    return out
