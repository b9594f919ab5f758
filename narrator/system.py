"""The programs wolfcall needs from the system, outside Python: which are missing here, and the one line that
installs them on Debian, Raspberry Pi OS and macOS. `wolfcall doctor` (narrator/cli/doctor.py) prints it."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

System = Literal["debian", "raspberry", "macos"]
SYSTEMS: tuple[System, ...] = ("debian", "raspberry", "macos")
LABELS: dict[System, str] = {"debian": "Debian", "raspberry": "Raspberry Pi OS", "macos": "macOS"}
OS_RELEASE = Path("/etc/os-release")
# Raspberry Pi OS 64-bit keeps Debian's /etc/os-release (ID=debian); every Raspberry Pi OS image has this file.
RPI_ISSUE = Path("/etc/rpi-issue")
# Where the browser tests (tests/browser.py) look for Chromium: Debian's and Raspberry Pi OS's package, then
# Homebrew's cask.
CHROMIUM_PATHS = ("/usr/bin/chromium", "/Applications/Chromium.app/Contents/MacOS/Chromium")


@dataclass(frozen=True)
class Program:
    """A system program and its package on each system (`--cask` marks a Homebrew cask)."""

    name: str
    apt: str  # the package on Debian and on Raspberry Pi OS (since 2024 it too names Chromium `chromium`)
    brew: str


ESPEAK = Program("espeak-ng", apt="espeak-ng", brew="espeak-ng")
CHROMIUM = Program("Chromium", apt="chromium", brew="--cask chromium")


def espeak_path(path: str | None = None) -> str | None:
    """espeak-ng as narrator/audio/engines.py runs it: `espeak-ng` on PATH (`path`: another PATH)."""
    return shutil.which(ESPEAK.name, path=path)


def chromium_path(candidates: Sequence[str] = CHROMIUM_PATHS) -> str | None:
    """The first Chromium that exists and runs, or None."""
    return next((c for c in candidates if shutil.which(c) is not None), None)


def missing(programs: Sequence[Program], path: str | None = None,
            chromium: Sequence[str] = CHROMIUM_PATHS) -> list[Program]:
    """Which of `programs` are not here (`path`, `chromium`: where to look instead of PATH and CHROMIUM_PATHS)."""
    found = {ESPEAK: espeak_path(path) is not None, CHROMIUM: chromium_path(chromium) is not None}
    return [p for p in programs if not found[p]]


def install_command(system: System, programs: Sequence[Program]) -> str:
    """The one command that installs `programs` on `system`."""
    if system == "macos":
        formulas = [p.brew for p in programs if not p.brew.startswith("--cask")]
        casks = [p.brew.removeprefix("--cask ") for p in programs if p.brew.startswith("--cask")]
        parts = ([f"brew install {' '.join(formulas)}"] if formulas else []) + (
            [f"brew install --cask {' '.join(casks)}"] if casks else [])
        return " && ".join(parts)
    apt = "sudo apt-get install" if system == "debian" else "sudo apt install"
    return f"{apt} {' '.join(p.apt for p in programs)}"


def install_lines(programs: Sequence[Program]) -> list[str]:
    """One line per system: `Debian:           sudo apt-get install espeak-ng chromium`."""
    width = max(len(label) for label in LABELS.values()) + 1
    return [f"{(LABELS[s] + ':').ljust(width)}  {install_command(s, programs)}" for s in SYSTEMS]


def this_system(os_release: Path = OS_RELEASE, rpi_issue: Path = RPI_ISSUE,
                platform: str = sys.platform) -> System | None:
    """macOS from the platform; Raspberry Pi OS or another Debian from /etc/os-release; else None."""
    if platform == "darwin":
        return "macos"
    if not platform.startswith("linux"):
        return None
    try:
        text = os_release.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    fields = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            fields[key.strip()] = value.strip().strip("\"'").lower()
    ids = {fields.get("ID", ""), *fields.get("ID_LIKE", "").split()}
    if "raspbian" in ids or "raspberry pi os" in fields.get("NAME", "") or ("debian" in ids and rpi_issue.exists()):
        return "raspberry"
    return "debian" if "debian" in ids else None
