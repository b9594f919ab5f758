"""`wolfcall doctor`: what this machine lacks for `make test` (stops) or `make play` (warns and goes on), and the
line that installs it on each system (narrator/system.py). `wolfcall play` says the same in one line at start."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from gettext import gettext as _
from pathlib import Path

from narrator.system import (
    CHROMIUM,
    CHROMIUM_PATHS,
    ESPEAK,
    MBROLA,
    OS_RELEASE,
    RPI_ISSUE,
    Program,
    install_command,
    install_lines,
    missing,
    this_system,
)

NEEDS: dict[str, tuple[Program, ...]] = {"test": (ESPEAK, CHROMIUM, MBROLA), "play": (ESPEAK,)}
LANGUAGES = {"en": "English", "de": "German", "es": "Spanish"}


@dataclass(frozen=True)
class Finding:
    """What `wolfcall doctor` says (each item one line) and its exit code."""

    lines: list[str]
    code: int


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--for", dest="purpose", choices=tuple(NEEDS), default="play",
                   help=_("test: stop (exit 1) when something is missing; play (default): warn and go on"))


def silent_languages() -> list[str]:
    """The languages whose narrator needs espeak-ng here: no natural voice downloaded and no voice pack."""
    from narrator.audio.table import natural_ready

    return [lang for lang in LANGUAGES if not natural_ready(lang)]


def consequence(silent: Sequence[str]) -> str:
    """What goes quiet without espeak-ng."""
    if not silent:
        return "nothing speaks where a Piper voice fails"
    names = [LANGUAGES[lang] for lang in silent]
    which = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return (f"the {which} narrator{'s are' if len(names) > 1 else ' is'} silent (captions only) unless "
            f"a voice pack is rendered or a Piper voice downloaded (wolfcall voices)")


def floor_lines() -> list[str]:
    """Which offline floor speaks each language here, and how to get a better one (narrator/audio/floors.py)."""
    from narrator.audio.floors import report

    return report()


def check(purpose: str, path: str | None = None, chromium: Sequence[str] = CHROMIUM_PATHS,
          silent: Callable[[], list[str]] = silent_languages, floors: Callable[[], list[str]] = floor_lines) -> Finding:
    """The real check: PATH (or `path`) for espeak-ng and mbrola, `chromium` for Chromium; then the floors."""
    lacking = missing(NEEDS[purpose], path, chromium)
    if not lacking:
        found = ", ".join(p.name for p in NEEDS[purpose][:-1]) + " and " * (len(NEEDS[purpose]) > 1)
        found += NEEDS[purpose][-1].name
        return Finding([f"wolfcall doctor: nothing missing ({found} found)", *_floors(floors, path)], 0)
    lines = []
    for program in lacking:
        if program == ESPEAK:
            what = "the audio tests speak through it" if purpose == "test" else consequence(silent())
            lines.append(f"wolfcall doctor: espeak-ng is missing: {what}")
        elif program == MBROLA:
            lines.append(f"wolfcall doctor: {MBROLA.name} are missing: the audio tests speak German through them")
        else:
            lines.append(f"wolfcall doctor: Chromium is missing ({chromium[0]}): the browser tests drive it")
    lines.append("install with:")
    lines += [f"  {line}" for line in install_lines(lacking)]
    if purpose == "test":
        lines.append("wolfcall doctor: make test stops here; install the above and run it again")
        return Finding(lines, 1)
    lines.append("wolfcall doctor: playing on without it")
    return Finding(lines + _floors(floors, path), 0)


def _floors(floors: Callable[[], list[str]], path: str | None) -> list[str]:
    """The floors' lines, once espeak-ng is here (without it no floor speaks: said above)."""
    return [f"wolfcall doctor: {line}" if not line.startswith(" ") else line
            for line in floors()] if not missing((ESPEAK,), path) else []


def play_notice(path: str | None = None, os_release: Path = OS_RELEASE, rpi_issue: Path = RPI_ISSUE,
                platform: str = sys.platform, silent: Callable[[], list[str]] = silent_languages) -> str | None:
    """The one line `wolfcall play` says at start when espeak-ng is missing, with this system's command."""
    if not missing((ESPEAK,), path):
        return None
    system = this_system(os_release, rpi_issue, platform)
    how = install_command(system, [ESPEAK]) if system else "espeak-ng from your system's packages"
    return f"wolfcall play: espeak-ng is missing, so {consequence(silent())}. Install it: {how}"


def run(args: argparse.Namespace) -> int:
    from narrator.config import config_in_use

    finding = check(args.purpose)
    for line in [f"wolfcall doctor: {config_in_use()}", *finding.lines]:
        print(line, file=sys.stderr)
    return finding.code
