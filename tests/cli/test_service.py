"""`wolfcall service`: the systemd user units it writes, and the systemctl/loginctl calls it makes, in order.

The real code runs up to `service.run_command`, which the tests replace with a recorder; HOME and
XDG_CONFIG_HOME are temporary, and PATH holds stand-ins for systemctl, loginctl, cage and chromium.
"""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from narrator.cli import service
from narrator.cli.main import main

ANALYZE = shutil.which("systemd-analyze")  # looked up before the tests narrow PATH


class Recorder:
    def __init__(self) -> None:
        self.commands: list[list[str]] = []
        self.answers: dict[str, service.Outcome] = {}

    def __call__(self, command: Sequence[str]) -> service.Outcome:
        self.commands.append(list(command))
        for start, outcome in self.answers.items():
            if " ".join(command).startswith(start):
                return outcome
        return service.Outcome(0, "")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary home whose PATH has stand-ins for the programs the service needs."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("systemctl", "loginctl", "cage", "chromium"):
        program = bin_dir / name
        program.write_text("#!/bin/sh\nexit 0\n")
        program.chmod(0o755)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("PATH", str(bin_dir))
    return tmp_path


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    recorder = Recorder()
    monkeypatch.setattr(service, "run_command", recorder)
    return recorder


def units(home: Path) -> Path:
    return home / "config" / "systemd" / "user"


def settings(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def test_install_writes_a_user_unit_and_enables_it(home: Path, ran: Recorder,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "install"]) == 0
    user = getpass.getuser()
    assert ran.commands == [["systemctl", "--user", "daemon-reload"],
                            ["systemctl", "--user", "enable", "--now", "wolfcall.service"],
                            ["loginctl", "enable-linger", user]]
    unit = units(home) / "wolfcall.service"
    found = settings(unit.read_text())
    program, *rest = found["ExecStart"][0].split()
    assert Path(program).is_absolute() and Path(program).exists() and Path(program).name == "wolfcall"
    assert rest[:2] == ["play", "--lan"] and "--port" in rest
    assert found["Restart"] == ["on-failure"] and found["RestartSec"] == ["5"]
    assert found["WantedBy"] == ["default.target"]
    assert Path(found["WorkingDirectory"][0]).is_dir()
    assert "sound.target" in found["After"][0] and "pipewire.service" in found["After"][0]
    assert not (units(home) / "wolfcall-kiosk.service").exists()
    out = capsys.readouterr().out
    assert str(unit) in out and "wolfcall service uninstall" in out and "journalctl --user -u wolfcall" in out


def test_install_kiosk_adds_the_screen_after_the_game(home: Path, ran: Recorder,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "install", "--kiosk", "--port", "9123", "--audio", "aplay"]) == 0
    assert ran.commands[1] == ["systemctl", "--user", "enable", "--now", "wolfcall.service", "wolfcall-kiosk.service"]
    game = settings((units(home) / "wolfcall.service").read_text())
    assert game["ExecStart"][0].endswith("play --lan --port 9123 --audio aplay")
    kiosk_file = units(home) / "wolfcall-kiosk.service"
    kiosk = settings(kiosk_file.read_text())
    assert kiosk["Requires"] == ["wolfcall.service"] and kiosk["After"] == ["wolfcall.service"]
    assert kiosk["WantedBy"] == ["default.target"] and kiosk["Restart"] == ["always"]
    assert kiosk["ExecStart"] == [f"{home / 'bin' / 'cage'} -- {home / 'bin' / 'chromium'} --kiosk --noerrdialogs "
                                  "--disable-infobars --no-first-run --ozone-platform=wayland http://127.0.0.1:9123/"]
    assert "wait_for_page(9123)" in kiosk["ExecStartPre"][0]
    assert Path(kiosk["ExecStartPre"][0].split()[0]).exists()
    out = capsys.readouterr().out
    assert str(kiosk_file) in out and str(units(home) / "wolfcall.service") in out
    assert "wolfcall service uninstall" in out


def test_install_without_kiosk_removes_an_earlier_one(home: Path, ran: Recorder) -> None:
    assert main(["service", "install", "--kiosk"]) == 0
    ran.commands.clear()
    assert main(["service", "install"]) == 0
    assert ran.commands[0] == ["systemctl", "--user", "disable", "--now", "wolfcall-kiosk.service"]
    assert not (units(home) / "wolfcall-kiosk.service").exists()


def test_default_port_is_config_yamls(home: Path, ran: Recorder) -> None:
    port = service.configured_port(service.project_dir())
    assert main(["service", "install", "--kiosk"]) == 0
    assert f"http://127.0.0.1:{port}/" in (units(home) / "wolfcall-kiosk.service").read_text()
    assert f"--port {port}" in (units(home) / "wolfcall.service").read_text()


@pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed here")
def test_units_pass_systemd_analyze_verify(home: Path, ran: Recorder) -> None:
    assert main(["service", "install", "--kiosk"]) == 0
    runtime = home / "run"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "PATH": f"{home / 'bin'}:/usr/bin:/bin"}
    assert ANALYZE is not None
    done = subprocess.run([ANALYZE, "--user", "verify", "wolfcall.service", "wolfcall-kiosk.service"],
                          cwd=units(home), env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "wolfcall" not in done.stdout + done.stderr, done.stdout + done.stderr  # verify warns, exit code 0


def test_uninstall_stops_disables_removes_and_reloads(home: Path, ran: Recorder,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "install", "--kiosk"]) == 0
    capsys.readouterr()
    ran.commands.clear()
    assert main(["service", "uninstall"]) == 0
    assert ran.commands == [["systemctl", "--user", "disable", "--now", "wolfcall-kiosk.service", "wolfcall.service"],
                            ["systemctl", "--user", "daemon-reload"]]
    assert list(units(home).iterdir()) == []
    out = capsys.readouterr().out
    assert str(units(home) / "wolfcall.service") in out and "disable-linger" in out


def test_uninstall_without_a_user_manager_still_disables_and_removes(home: Path, ran: Recorder,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "install"]) == 0
    capsys.readouterr()
    ran.commands.clear()
    no_bus = service.Outcome(1, "Failed to connect to bus: No medium found")
    ran.answers = {"systemctl --user disable --now": no_bus, "systemctl --user daemon-reload": no_bus}
    assert main(["service", "uninstall"]) == 0
    assert ran.commands == [["systemctl", "--user", "disable", "--now", "wolfcall.service"],
                            ["systemctl", "--user", "disable", "wolfcall.service"],
                            ["systemctl", "--user", "daemon-reload"]]
    assert not (units(home) / "wolfcall.service").exists()
    assert "not stopped" in capsys.readouterr().out


def test_uninstall_with_nothing_installed(home: Path, ran: Recorder, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "uninstall"]) == 0
    assert ran.commands == []
    assert "nothing to remove" in capsys.readouterr().out


def test_status_reports_enabled_active_and_logs(home: Path, ran: Recorder,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "install"]) == 0
    capsys.readouterr()
    ran.commands.clear()
    ran.answers = {"systemctl --user is-enabled": service.Outcome(0, "enabled"),
                   "systemctl --user is-active": service.Outcome(3, "inactive")}
    assert main(["service", "status"]) == 0
    assert ran.commands == [["systemctl", "--user", "is-enabled", "wolfcall.service"],
                            ["systemctl", "--user", "is-active", "wolfcall.service"]]
    out = capsys.readouterr().out
    assert f"wolfcall.service: {units(home) / 'wolfcall.service'} (enabled, inactive)" in out
    assert "wolfcall-kiosk.service: not installed" in out and "journalctl --user -u wolfcall" in out


@pytest.mark.parametrize("action", ["install", "uninstall", "status"])
def test_without_systemctl_one_line_and_exit_2(action: str, home: Path, ran: Recorder,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    empty = home / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    assert main(["service", action]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "systemctl" in err and "Traceback" not in err
    assert ran.commands == [] and not units(home).exists()


def test_kiosk_without_cage_says_what_to_install(home: Path, ran: Recorder,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (home / "bin" / "cage").unlink()
    assert main(["service", "install", "--kiosk"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt install cage chromium" in err
    assert ran.commands == [] and not units(home).exists()


def test_a_failing_systemctl_is_one_line_with_the_undo(home: Path, ran: Recorder,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    ran.answers = {"systemctl --user daemon-reload": service.Outcome(1, "Failed to connect to bus: No medium found")}
    assert main(["service", "install"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "No medium found" in err and "not with sudo" in err and "wolfcall service uninstall" in err
    assert ran.commands == [["systemctl", "--user", "daemon-reload"]]


def test_linger_refused_still_installs_and_says_how(home: Path, ran: Recorder,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    ran.answers = {"loginctl": service.Outcome(1, "Access denied")}
    assert main(["service", "install"]) == 0
    assert "sudo loginctl enable-linger" in capsys.readouterr().out


def test_exec_words_are_quoted_and_escaped() -> None:
    assert service._line(["/a b/wolfcall", "play", "100%", "$HOME"]) == '"/a b/wolfcall" play 100%% $$HOME'
    assert service._line(['say "hi"']) == '"say \\"hi\\""'


def test_wait_for_page() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        assert service.wait_for_page(port, attempts=1) == 0
    assert service.wait_for_page(port, attempts=1) == 1


def test_the_real_seam_runs_a_command() -> None:
    assert service.run_command(["sh", "-c", "echo out; echo err >&2; exit 3"]) == service.Outcome(3, "out\nerr")
    assert service.run_command(["/nonexistent/systemctl"]).code == 127


def test_the_unit_runs_where_its_config_yaml_is_found(home: Path, ran: Recorder, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A pipx install has no checkout: run from a folder without config.yaml, the unit runs in the home folder (and
    reads the user's config.yaml, else the defaults); run from a folder with one, there."""
    empty = home / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    assert main(["service", "install"]) == 0
    assert settings((units(home) / "wolfcall.service").read_text())["WorkingDirectory"] == [str(home / "home")]
    assert f"config: the defaults (no config.yaml in {home / 'home'}" in capsys.readouterr().out
    mine = home / "config" / "wolfcall" / "config.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_text("web_port: 9001\n")
    assert main(["service", "install"]) == 0
    game = settings((units(home) / "wolfcall.service").read_text())
    assert game["WorkingDirectory"] == [str(home / "home")] and game["ExecStart"][0].endswith("--port 9001")
    assert f"config: {mine}" in capsys.readouterr().out
    (empty / "config.yaml").write_text("web_port: 9002\n")
    assert main(["service", "install"]) == 0
    game = settings((units(home) / "wolfcall.service").read_text())
    assert game["WorkingDirectory"] == [str(empty)] and game["ExecStart"][0].endswith("--port 9002")
