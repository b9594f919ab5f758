"""The step `make play` and `make test` run first (narrator/system.py): what it installs, how, and when it stops."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from narrator.system import (
    ATOMIC,
    CHROMIUM,
    CJK_FONT,
    COMPILER,
    ESPEAK,
    MBROLA,
    NGINX,
    NPM,
    POSTGRES,
    VENV,
    Installer,
    components_command,
    install,
    install_lines,
    needs,
    nginx_path,
    postgres_bin,
)

ROOT = Path(__file__).resolve().parent.parent


def run_here(installer: Installer, lacking: list, answer: str = "", fails: bool = False) -> tuple[int, list, list]:
    ran: list[list[str]] = []
    said: list[str] = []

    def run(command: list[str]) -> int:
        ran.append(command)
        return 1 if fails else 0

    code = install("test", installer, run=run, answer=lambda _: answer, out=said.append, lacking=lacking)
    return code, ran, said


def test_root_on_debian_installs_with_apt_get_without_asking() -> None:
    code, ran, said = run_here(Installer("debian", root=True, sudo=False, brew=False, ask=False), [ESPEAK, CHROMIUM])
    assert code == 0
    assert ran[0][-3:] == ["apt-get", "update", "-qq"]
    assert ran[1][:2] == ["env", "DEBIAN_FRONTEND=noninteractive"] and ran[1][-2:] == ["espeak-ng", "chromium"]
    assert said[0] == ("wolfcall: make test needs espeak-ng (the voice that always works); "
                       "Chromium (the browser tests drive it)")


def test_a_user_with_sudo_on_ci_installs_through_sudo_without_a_prompt() -> None:
    code, ran, _ = run_here(Installer("raspberry", root=False, sudo=True, brew=False, ask=False), [NPM, COMPILER])
    assert code == 0
    assert all(c[:2] == ["sudo", "-n"] for c in ran)
    assert ran[1][-3:] == ["npm", "build-essential", "python3-dev"]


def test_at_a_terminal_it_says_what_and_asks_first() -> None:
    installer = Installer("debian", root=False, sudo=True, brew=False, ask=True)
    code, ran, said = run_here(installer, [ESPEAK], answer="n")
    assert code == 1 and ran == []
    assert said[-1].startswith("wolfcall: not installed; `sudo env DEBIAN_FRONTEND=noninteractive apt-get update")
    code, ran, _ = run_here(installer, [ESPEAK], answer="")
    assert code == 0 and ran[0][0] == "sudo" and ran[0][1] != "-n"  # sudo may ask for the password itself


def test_without_sudo_it_stops_with_the_install_line() -> None:
    code, ran, said = run_here(Installer("debian", root=False, sudo=False, brew=False, ask=False), [ESPEAK, VENV])
    assert code == 1 and ran == []
    assert "  Debian:           sudo apt-get install espeak-ng python3-venv" in said


def test_macos_uses_homebrew_or_says_how() -> None:
    code, ran, _ = run_here(Installer("macos", root=False, sudo=True, brew=True, ask=False), [ESPEAK, CHROMIUM])
    assert code == 0 and ran == [["brew", "install", "espeak-ng"], ["brew", "install", "--cask", "chromium"]]
    code, ran, said = run_here(Installer("macos", root=False, sudo=True, brew=False, ask=False), [ESPEAK, VENV])
    assert code == 1 and ran == [] and "  macOS:            brew install espeak-ng" in said  # venv comes with Python


def test_a_failed_install_names_the_line_to_run_by_hand() -> None:
    code, ran, said = run_here(Installer("debian", root=True, sudo=False, brew=False, ask=False), [ESPEAK], fails=True)
    assert code == 1 and len(ran) == 1
    assert said[-4].startswith("wolfcall: `env DEBIAN_FRONTEND=noninteractive apt-get update -qq` failed")


def test_nothing_lacking_says_nothing() -> None:
    code, ran, said = run_here(Installer("debian", root=True, sudo=False, brew=False, ask=False), [])
    assert (code, ran, said) == (0, [], [])


DEBIAN_SOURCES = """Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main non-free-firmware

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main contrib
"""


def test_mbrola_on_debian_enables_contrib_and_non_free_first(tmp_path: Path) -> None:
    sources = tmp_path / "debian.sources"
    sources.write_text(DEBIAN_SOURCES)
    installer = Installer("debian", root=True, sudo=False, brew=False, ask=False, sources=sources)
    code, ran, said = run_here(installer, [MBROLA])
    assert code == 0 and ran[0][:2] == ["sed", "-i"] and ran[1][-3:] == ["apt-get", "update", "-qq"]
    assert ran[2][-3:] == ["mbrola", "mbrola-de6", "mbrola-de7"]
    assert said[0] == "wolfcall: make test needs MBROLA's German voices (the audio tests speak German through it)"
    subprocess.run(ran[0], check=True)  # the real sed, on the copy
    components = [line for line in sources.read_text().splitlines() if line.startswith("Components:")]
    assert components == ["Components: main non-free-firmware contrib non-free", "Components: main contrib non-free"]
    assert components_command(sources) is None  # once is enough: nothing is added twice
    assert run_here(installer, [MBROLA])[1][0][-3:] == ["apt-get", "update", "-qq"]


def test_raspberry_pi_os_has_non_free_on_and_macos_has_no_mbrola(tmp_path: Path) -> None:
    sources = tmp_path / "debian.sources"
    sources.write_text(DEBIAN_SOURCES)
    installer = Installer("raspberry", root=True, sudo=False, brew=False, ask=False, sources=sources)
    assert [c[0] for c in installer.commands([MBROLA]) or []] == ["env", "env"]
    lines = install_lines([MBROLA])
    assert lines[0].startswith("Debian:           add contrib non-free to Components: in")
    assert lines[1] == "Raspberry Pi OS:  sudo apt install mbrola mbrola-de6 mbrola-de7"
    assert lines[2].startswith("macOS:            Homebrew has no MBROLA voices")
    assert run_here(Installer("macos", root=False, sudo=True, brew=True, ask=False), [MBROLA]) == (0, [], [])


@pytest.mark.parametrize(("purpose", "machine", "expected"), [
    ("play", "x86_64", (VENV, ESPEAK, NPM, CJK_FONT)),
    ("test", "x86_64", (VENV, ESPEAK, NPM, CJK_FONT, CHROMIUM, ATOMIC, MBROLA, POSTGRES, NGINX)),
    ("play", "aarch64", (VENV, ESPEAK, NPM, CJK_FONT, COMPILER)),
])
def test_what_each_command_needs(purpose: str, machine: str, expected: tuple) -> None:
    assert needs(purpose, machine) == expected


def test_postgresql_is_found_where_debian_puts_it_newest_first(tmp_path: Path) -> None:
    for major in ("13", "15", "9"):
        (tmp_path / major / "bin").mkdir(parents=True)
        (tmp_path / major / "bin" / "initdb").write_text("")
    (tmp_path / "16").mkdir()  # a leftover folder without the programs
    assert postgres_bin((str(tmp_path),)) == tmp_path / "15" / "bin"


def test_nginx_is_found_where_debian_puts_it_off_a_users_path(tmp_path: Path) -> None:
    sbin = tmp_path / "sbin"
    sbin.mkdir()
    (sbin / "nginx").write_text("#!/bin/sh\n")
    (sbin / "nginx").chmod(0o755)
    empty = tmp_path / "bin"
    empty.mkdir()
    assert nginx_path(str(empty), candidates=(str(sbin / "nginx"),)) == str(sbin / "nginx")
    assert nginx_path(str(empty), candidates=(str(empty / "nginx"),)) is None


def test_it_runs_before_the_venv_exists_on_the_standard_library_alone() -> None:
    """-S: no site-packages at all, as a fresh machine's python3 before `make` has made .venv/."""
    done = subprocess.run([sys.executable, "-S", str(ROOT / "narrator" / "system.py"), "--help"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "install the system programs make needs" in done.stdout
