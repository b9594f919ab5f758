"""`wolfcall doctor` (narrator/cli/doctor.py, narrator/system.py): what a fresh machine lacks, and how to install it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.audio.floors import report
from narrator.cli.doctor import check, consequence, play_notice
from narrator.cli.main import main
from narrator.config import config_in_use
from narrator.system import CHROMIUM, ESPEAK, install_lines, this_system

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")
DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nID=debian\n'
RASPBIAN = 'PRETTY_NAME="Raspbian GNU/Linux 12 (bookworm)"\nNAME="Raspbian GNU/Linux"\nID=raspbian\nID_LIKE=debian\n'
INSTALL_ALL = ["Debian:           sudo apt-get install espeak-ng chromium",
               "Raspberry Pi OS:  sudo apt install espeak-ng chromium",
               "macOS:            brew install espeak-ng && brew install --cask chromium"]


def doctor(purpose: str, path: Path) -> subprocess.CompletedProcess[str]:
    """The real command, with a PATH that holds nothing (the script names its Python by absolute path)."""
    return subprocess.run([WOLFCALL, "doctor", "--for", purpose], capture_output=True, text=True, check=False,
                          env={"PATH": str(path)})


def test_make_test_stops_without_espeak_ng(tmp_path: Path) -> None:
    done = doctor("test", tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.splitlines()[1:]  # after the config file's line
    assert lines[0].startswith("wolfcall doctor: espeak-ng is missing")
    assert lines[1] == "wolfcall doctor: MBROLA's German voices are missing: the audio tests speak German through them"
    assert ("  Debian:           add contrib non-free to Components: in /etc/apt/sources.list.d/debian.sources, "
            "then sudo apt-get update && sudo apt-get install espeak-ng mbrola mbrola-de6 mbrola-de7") in lines
    assert "  Raspberry Pi OS:  sudo apt install espeak-ng mbrola mbrola-de6 mbrola-de7" in lines
    assert any(line.startswith("  macOS:            brew install espeak-ng; Homebrew has no MBROLA") for line in lines)
    assert "make test stops here" in lines[-1]


def test_make_play_warns_without_espeak_ng_and_goes_on(tmp_path: Path) -> None:
    done = doctor("play", tmp_path)
    assert done.returncode == 0
    assert "espeak-ng is missing" in done.stderr and "sudo apt-get install espeak-ng" in done.stderr
    assert "Chromium" not in done.stderr  # play does not need it
    assert done.stderr.splitlines()[-1] == "wolfcall doctor: playing on without it"


def test_chromium_missing_stops_the_tests_and_names_both_packages(tmp_path: Path) -> None:
    (tmp_path / "mbrola").symlink_to(shutil.which("mbrola") or "/usr/bin/mbrola")  # MBROLA alone is here
    finding = check("test", path=str(tmp_path), chromium=[str(tmp_path / "chromium")])
    assert finding.code == 1
    chromium = tmp_path / "chromium"
    assert finding.lines[1] == f"wolfcall doctor: Chromium is missing ({chromium}): the browser tests drive it"
    assert [line.strip() for line in finding.lines[3:6]] == INSTALL_ALL


def test_chromium_alone_missing_names_only_chromium(tmp_path: Path) -> None:
    finding = check("test", chromium=[str(tmp_path / "chromium")])  # espeak-ng is on this machine's PATH
    assert finding.code == 1 and "espeak-ng" not in finding.lines[0]
    assert [line.strip() for line in finding.lines[2:5]] == ["Debian:           sudo apt-get install chromium",
                                                               "Raspberry Pi OS:  sudo apt install chromium",
                                                               "macOS:            brew install --cask chromium"]


def test_play_does_not_need_chromium(tmp_path: Path) -> None:
    assert check("play", chromium=[str(tmp_path / "chromium")]).code == 0


def test_this_machine_lacks_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """After .ci/run: espeak-ng on PATH and Debian's /usr/bin/chromium."""
    floors = "".join(f"wolfcall doctor: {line}\n" for line in report())
    config = f"wolfcall doctor: {config_in_use()}\n"
    assert main(["doctor", "--for", "test"]) == 0
    assert capsys.readouterr().err == config + ("wolfcall doctor: nothing missing (espeak-ng, Chromium and MBROLA's "
                                                "German voices found)\n") + floors
    assert main(["doctor", "--for", "play"]) == 0
    assert capsys.readouterr().err == config + "wolfcall doctor: nothing missing (espeak-ng found)\n" + floors
    assert "German, when its natural voice is not here: espeak-ng with MBROLA (mb-de6, mb-de7) speaks" in floors
    assert play_notice() is None


def test_install_lines_one_per_system() -> None:
    assert install_lines([ESPEAK, CHROMIUM]) == INSTALL_ALL


@pytest.mark.parametrize(("silent", "said"), [
    (["de", "es"], "the German and Spanish narrators are silent (captions only)"),
    (["en", "de", "es"], "the English, German and Spanish narrators are silent"),
    (["es"], "the Spanish narrator is silent"),
    ([], "nothing speaks where a Piper voice fails"),
])
def test_what_goes_quiet_without_espeak_ng(silent: list[str], said: str) -> None:
    assert consequence(silent).startswith(said)


@pytest.mark.parametrize(("release", "rpi_issue", "platform", "command"), [
    (DEBIAN, False, "linux", "sudo apt-get install espeak-ng"),
    (RASPBIAN, False, "linux", "sudo apt install espeak-ng"),
    (DEBIAN, True, "linux", "sudo apt install espeak-ng"),  # Raspberry Pi OS 64-bit keeps Debian's os-release
    ("ID=ubuntu\nID_LIKE=debian\n", False, "linux", "sudo apt-get install espeak-ng"),
    (DEBIAN, False, "darwin", "brew install espeak-ng"),
    ("ID=fedora\n", False, "linux", "espeak-ng from your system's packages"),
    (None, False, "linux", "espeak-ng from your system's packages"),
])
def test_play_says_this_systems_command(tmp_path: Path, release: str | None, rpi_issue: bool, platform: str,
                                        command: str) -> None:
    os_release = tmp_path / "os-release"
    if release is not None:
        os_release.write_text(release)
    issue = tmp_path / "rpi-issue"
    if rpi_issue:
        issue.write_text("Raspberry Pi reference 2024-11-19\n")
    notice = play_notice(path=str(tmp_path), os_release=os_release, rpi_issue=issue, platform=platform,
                         silent=lambda: ["de", "es"])
    assert notice == ("wolfcall play: espeak-ng is missing, so the German and Spanish narrators are silent (captions "
                      "only) unless a voice pack is rendered or a Piper voice downloaded (wolfcall voices). "
                      f"Install it: {command}")


def test_this_system_reads_os_release(tmp_path: Path) -> None:
    os_release = tmp_path / "os-release"
    os_release.write_text(RASPBIAN)
    assert this_system(os_release, tmp_path / "none", "linux") == "raspberry"
    assert this_system(tmp_path / "none", tmp_path / "none", "win32") is None


def test_play_says_it_once_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Said before anything else happens (here: no game to resume, so nothing is played)."""
    monkeypatch.setenv("PATH", str(tmp_path))
    args = ["play", "--ui", "terminal", "--data", str(tmp_path), "--resume"]
    assert main([*args, "--audio", "file", "--out", str(tmp_path / "game.wav")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and err[0].startswith("wolfcall play: espeak-ng is missing") and "Install it: " in err[0]
    assert "no unfinished game" in err[1]
    assert main([*args, "--audio", "none"]) == 2  # nothing will be heard: nothing to say
    assert "espeak-ng" not in capsys.readouterr().err


def test_play_says_which_floor_speaks_and_how_to_get_the_better_one() -> None:
    lines = check("play", floors=lambda: report(here=lambda name: False)).lines
    assert lines[2] == ("wolfcall doctor: German, when its natural voice is not here: plain espeak-ng speaks; clearer "
                        "with MBROLA's voices, installed by:")
    assert [line.split(":")[0] for line in lines[3:6]] == ["  Debian", "  Raspberry Pi OS", "  macOS"]


def test_without_espeak_ng_no_floor_is_said(tmp_path: Path) -> None:
    lines = check("play", path=str(tmp_path), silent=lambda: ["de"], floors=lambda: ["German: anything"]).lines
    assert not any("anything" in line for line in lines)


def test_it_says_which_config_yaml_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The folder one stands in first, then the user's config folder, then the defaults (narrator/config.py)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    mine = tmp_path / "xdg" / "wolfcall" / "config.yaml"

    def said() -> str:
        main(["doctor"])
        return capsys.readouterr().err.splitlines()[0]

    assert said() == (f"wolfcall doctor: config: the defaults (no config.yaml in {tmp_path} nor {mine}); the page's "
                      f"Sound section writes {mine}")
    mine.parent.mkdir(parents=True)
    mine.write_text("language: de\n")
    assert said() == f"wolfcall doctor: config: {mine}"
    (tmp_path / "config.yaml").write_text("language: es\n")
    assert said() == f"wolfcall doctor: config: {tmp_path / 'config.yaml'}"
