"""The programs wolfcall needs from the system, outside Python: which are missing here, the one line that
installs them on Debian, Raspberry Pi OS and macOS, and the step that installs them.

`wolfcall doctor` (narrator/cli/doctor.py) prints the line. `make play` and `make test` first run this file
(`python3 narrator/system.py install --for play|test`, standard library only, before `.venv/` exists): it
installs what is missing with apt-get (as root, or through sudo after saying what and why) or Homebrew, without
asking when CI=true or there is no terminal, and stops with the install line only where it cannot install.
"""

from __future__ import annotations

import argparse
import ctypes.util
import importlib.util
import os
import platform as platform_module
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable, Sequence
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
    brew_note: str = ""  # what macOS can do instead, where Homebrew has no package


ESPEAK = Program("espeak-ng", apt="espeak-ng", brew="espeak-ng")
CHROMIUM = Program("Chromium", apt="chromium", brew="--cask chromium")
NPM = Program("npm", apt="npm", brew="node")  # fetches the page's role pictures (narrator/ui/web/icons.py)
VENV = Program("python3-venv", apt="python3-venv", brew="")  # Debian splits venv's ensurepip off Python
COMPILER = Program("a C compiler and Python's headers", apt="build-essential python3-dev", brew="")
ATOMIC = Program("libatomic", apt="libatomic1", brew="")  # the node that Playwright ships links it
# The German narrators' better offline floor (narrator/audio/floors.py); on Debian `mbrola` is in contrib and
# its voices in non-free, which `make test` enables (Raspberry Pi OS has both on); Homebrew has no MBROLA.
MBROLA = Program("MBROLA's German voices", apt="mbrola mbrola-de6 mbrola-de7", brew="",
                 brew_note="Homebrew has no MBROLA voices; download the narrator's natural voice instead "
                           "(wolfcall voices download leopold)")
MBROLA_VOICES = Path("/usr/share/mbrola")
DEBIAN_SOURCES = Path("/etc/apt/sources.list.d/debian.sources")  # Debian 12's deb822 list of the archives
COMPONENTS = ("contrib", "non-free")
# Names in Chinese, Japanese or Korean drew as empty boxes on a machine with no such font (a Pi kiosk):
# WenQuanYi Micro Hei covers all three in 5 MB (Noto CJK would take 91 MB); macOS ships its own.
CJK_FONT = Program("a CJK font", apt="fonts-wqy-microhei", brew="")
POSTGRES = Program("PostgreSQL", apt="postgresql", brew="postgresql@15")  # the PostgreSQL store's tests run it
# Where the tests (narrator/online/pglocal.py) look for PostgreSQL's initdb and pg_ctl: Debian's, then PATH.
POSTGRES_ROOTS = ("/usr/lib/postgresql",)
# The proxy in front of the server processes in the browser tests of online rooms (tests/online/proxied.py);
# Debian puts it in /usr/sbin, which a user's PATH may lack.
NGINX = Program("nginx", apt="nginx", brew="nginx")
NGINX_PATHS = ("/usr/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx")
# What each of the two commands needs from the system, and why (said before anything is installed).
WHY: dict[Program, str] = {
    ESPEAK: "the voice that always works",
    CHROMIUM: "the browser tests drive it",
    NPM: "it fetches the page's role pictures",
    VENV: "make creates .venv/ with it",
    COMPILER: "pip compiles miniaudio here (it has no wheel for this processor)",
    ATOMIC: "Playwright's driver needs it to drive Chromium",
    MBROLA: "the audio tests speak German through it",
    CJK_FONT: "the page draws names in Chinese, Japanese or Korean with it",
    POSTGRES: "the PostgreSQL store's tests start a server of their own",
    NGINX: "the browser tests of online rooms reach their servers through it",
}


def espeak_path(path: str | None = None) -> str | None:
    """espeak-ng as narrator/audio/engines.py runs it: `espeak-ng` on PATH (`path`: another PATH)."""
    return shutil.which(ESPEAK.name, path=path)


def chromium_path(candidates: Sequence[str] = CHROMIUM_PATHS) -> str | None:
    """The first Chromium that exists and runs, or None."""
    return next((c for c in candidates if shutil.which(c) is not None), None)


def postgres_bin(roots: Sequence[str] = POSTGRES_ROOTS) -> Path | None:
    """The folder of the newest installed PostgreSQL's programs (Debian: /usr/lib/postgresql/<major>/bin)."""
    found = [p / "bin" for root in roots if Path(root).is_dir() for p in Path(root).iterdir()
             if p.name.isdigit() and (p / "bin" / "initdb").is_file()]
    if found:
        return max(found, key=lambda p: int(p.parent.name))
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def nginx_path(path: str | None = None, candidates: Sequence[str] = NGINX_PATHS) -> str | None:
    """nginx on PATH (`path`: another PATH), else where Debian and Homebrew put it, or None."""
    return shutil.which(NGINX.name, path=path) or next((c for c in candidates if shutil.which(c) is not None), None)


def missing(programs: Sequence[Program], path: str | None = None,
            chromium: Sequence[str] = CHROMIUM_PATHS) -> list[Program]:
    """Which of `programs` are not here (`path`, `chromium`: where to look instead of PATH and CHROMIUM_PATHS)."""
    found: dict[Program, Callable[[], bool]] = {
        ESPEAK: lambda: espeak_path(path) is not None, CHROMIUM: lambda: chromium_path(chromium) is not None,
        NPM: lambda: shutil.which("npm", path=path) is not None, VENV: _has_venv,
        COMPILER: lambda: shutil.which("cc", path=path) is not None and _has_headers(),
        ATOMIC: lambda: sys.platform == "darwin" or ctypes.util.find_library("atomic") is not None,
        MBROLA: lambda: sys.platform == "darwin" or _has_mbrola(path),
        CJK_FONT: _has_cjk_font,
        POSTGRES: lambda: postgres_bin() is not None, NGINX: lambda: nginx_path(path) is not None}
    return [p for p in programs if not found[p]()]


def _has_venv() -> bool:
    """`python3 -m venv` works: Debian ships ensurepip in python3-venv."""
    return importlib.util.find_spec("ensurepip") is not None


def _has_mbrola(path: str | None = None, voices: Path = MBROLA_VOICES) -> bool:
    """The mbrola program and every voice MBROLA's package line names (de6, de7), where espeak-ng looks."""
    names = [p.removeprefix("mbrola-") for p in MBROLA.apt.split()[1:]]
    return shutil.which("mbrola", path=path) is not None and all((voices / n / n).is_file() for n in names)


def components_command(sources: Path = DEBIAN_SOURCES) -> list[str] | None:
    """The sed that adds contrib and non-free to every `Components:` line of Debian's sources that lacks
    them (None when they are all there, or the file is not there: an older or another layout)."""
    try:
        lines = [line for line in sources.read_text(encoding="utf-8").splitlines() if line.startswith("Components:")]
    except OSError:
        return None
    if not lines or all(c in line.split()[1:] for line in lines for c in COMPONENTS):
        return None
    edits = [arg for c in COMPONENTS for arg in ("-e", rf"/^Components:/{{/ {c}\( \|$\)/!s/$/ {c}/}}")]
    return ["sed", "-i", *edits, str(sources)]


def _has_cjk_font() -> bool:
    """A font that draws Chinese, Japanese and Korean, as fontconfig (Chromium's) finds it; macOS has its own."""
    if sys.platform == "darwin":
        return True
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return False
    try:
        out = subprocess.run([fc_list, ":lang=ja", "family"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return bool(out.strip())


def _has_headers() -> bool:
    include = sysconfig.get_paths().get("include")
    return bool(include) and (Path(str(include)) / "Python.h").exists()


def needs(purpose: str, machine: str | None = None) -> tuple[Program, ...]:
    """The system programs `make play` (purpose play) or `make test` (purpose test) needs on this processor."""
    machine = machine or platform_module.machine()
    out: tuple[Program, ...] = (VENV, ESPEAK, NPM, CJK_FONT) + ((CHROMIUM, ATOMIC, MBROLA, POSTGRES, NGINX)
                                                                if purpose == "test" else ())
    return out + ((COMPILER,) if machine.lower() in ("aarch64", "arm64", "armv7l") and sys.platform != "darwin"
                  else ())


def install_command(system: System, programs: Sequence[Program]) -> str:
    """The one command that installs `programs` on `system`."""
    if system == "macos":
        formulas = [p.brew for p in programs if p.brew and not p.brew.startswith("--cask")]
        casks = [p.brew.removeprefix("--cask ") for p in programs if p.brew.startswith("--cask")]
        parts = ([f"brew install {' '.join(formulas)}"] if formulas else []) + (
            [f"brew install --cask {' '.join(casks)}"] if casks else [])
        return "; ".join([" && ".join(parts)] * bool(parts) + [p.brew_note for p in programs if p.brew_note])
    apt = "sudo apt-get install" if system == "debian" else "sudo apt install"
    line = f"{apt} {' '.join(p.apt for p in programs if p.apt)}"
    if system == "debian" and MBROLA in programs:  # Raspberry Pi OS lists contrib and non-free already
        return f"add contrib non-free to Components: in {DEBIAN_SOURCES}, then sudo apt-get update && {line}"
    return line


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


Run = Callable[[list[str]], int]


def _run(command: list[str]) -> int:
    return subprocess.run(command, check=False).returncode


@dataclass(frozen=True)
class Installer:
    """How this machine installs system packages: who we are, what is on PATH, whether anyone can be asked."""

    system: System | None
    root: bool
    sudo: bool
    brew: bool
    ask: bool  # a terminal and not CI: say what and why, then ask before installing
    sources: Path = DEBIAN_SOURCES  # where Debian's archives and their components are listed

    @classmethod
    def here(cls) -> Installer:
        ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
        return cls(this_system(), os.geteuid() == 0 if hasattr(os, "geteuid") else False,
                   shutil.which("sudo") is not None, shutil.which("brew") is not None,
                   not ci and sys.stdin.isatty())

    def commands(self, programs: Sequence[Program]) -> list[list[str]] | None:
        """The commands that install `programs` here, or None where that cannot work (no sudo, no Homebrew)."""
        if self.system in ("debian", "raspberry"):
            if not self.root and not self.sudo:
                return None
            prefix = [] if self.root else ["sudo"] if self.ask else ["sudo", "-n"]
            packages = [word for p in programs for word in p.apt.split()]
            env = ["env", "DEBIAN_FRONTEND=noninteractive"]
            enable = components_command(self.sources) if MBROLA in programs and self.system == "debian" else None
            return [*([[*prefix, *enable]] if enable else []), [*prefix, *env, "apt-get", "update", "-qq"],
                    [*prefix, *env, "apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages]]
        if self.system == "macos" and self.brew:
            return [command.split() for command in install_command("macos", programs).split(" && ") if command]
        return None


def install(purpose: str, installer: Installer, run: Run = _run, answer: Callable[[str], str] = input,
            out: Callable[[str], None] = print, lacking: Sequence[Program] | None = None) -> int:
    """Install what `purpose` lacks; 0 when nothing is lacking any more, 1 when the table must install it by hand."""
    lacking = missing(needs(purpose)) if lacking is None else lacking
    lacking = [p for p in lacking if (p.brew if installer.system == "macos" else p.apt)]
    if not lacking:
        return 0
    out(f"wolfcall: make {purpose} needs " + "; ".join(f"{p.name} ({WHY[p]})" for p in lacking))
    commands = installer.commands(lacking)
    if commands is None:
        out("wolfcall: install it, then run make again:")
        for line in install_lines(lacking):
            out(f"  {line}")
        return 1
    shown = " && ".join(" ".join(c) for c in commands)
    if installer.ask and answer(f"wolfcall: install it now with `{shown}`? [Y/n] ").strip().lower() not in ("", "y",
                                                                                                         "yes"):
        out(f"wolfcall: not installed; `{shown}` does it")
        return 1
    out(f"wolfcall: installing: {shown}")
    for command in commands:
        if run(command) != 0:
            out(f"wolfcall: `{' '.join(command)}` failed; install it by hand, then run make again:")
            for line in install_lines(lacking):
                out(f"  {line}")
            return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="narrator/system.py", description="install the system programs make needs")
    parser.add_argument("action", choices=("install",))
    parser.add_argument("--for", dest="purpose", choices=("play", "test"), default="play")
    args = parser.parse_args(argv)
    code = install(args.purpose, Installer.here())
    # make play goes on without them (doctor says what stays silent); make test stops
    return code if args.purpose == "test" else 0


if __name__ == "__main__":
    raise SystemExit(main())
