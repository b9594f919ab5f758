"""`wolfcall service`: start the game master at boot as a systemd user unit, and optionally put its page
full-screen on the machine's own display (cage + Chromium), for a Raspberry Pi in the middle of the table.

Both are *user* units in ~/.config/systemd/user, so they run as the installing user, inside that user's
audio session (PipeWire or PulseAudio when there is one, else ALSA), and log to the user's journal.
`loginctl enable-linger` starts that user's systemd at boot, without anyone logging in.
Every systemctl and loginctl call goes through `run_command`, the one seam the tests replace.
"""

from __future__ import annotations

import argparse
import getpass
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from gettext import gettext as _
from pathlib import Path

from narrator.config import AUDIO, config_in_use

UNIT = "wolfcall.service"
KIOSK = "wolfcall-kiosk.service"
LOGS = "journalctl --user -u wolfcall -f"
UNDO = "wolfcall service uninstall"


class ServiceError(Exception):
    """Something the user can fix; shown as one line."""


@dataclass(frozen=True)
class Outcome:
    code: int
    output: str


def run_command(command: Sequence[str]) -> Outcome:
    """Run one command and return its exit code and output (stdout, then stderr). The tests replace this."""
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, check=False, timeout=120)
    except FileNotFoundError:
        return Outcome(127, f"{command[0]}: not found")
    except subprocess.TimeoutExpired:
        return Outcome(124, f"{' '.join(command)}: no answer after 120 s")
    return Outcome(done.returncode, (done.stdout + done.stderr).strip())


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", required=True, metavar=_("ACTION"))
    i = sub.add_parser("install", help=_("start the game master at boot (a systemd user unit), restarted if it fails"))
    i.add_argument("--kiosk", action="store_true",
                   help=_("also show the page full-screen on this machine's display (needs: apt install cage "
                          "chromium)"))
    i.add_argument("--port", type=_port, help=_("the page's port (default: config.yaml, else 8765)"))
    i.add_argument("--audio", choices=tuple(a for a in AUDIO if a != "file"),
                   help=_("how sound is played (default: config.yaml)"))
    sub.add_parser("uninstall", help=_("stop, disable and remove the units that `install` wrote"))
    sub.add_parser("status", help=_("whether the units are installed, enabled and running, and where the logs are"))


def _port(text: str) -> int:
    from narrator.config import port_number

    return port_number(text)


def run(args: argparse.Namespace) -> int:
    try:
        if shutil.which("systemctl") is None:
            raise ServiceError("systemctl is not here (this needs Linux with systemd, not macOS or a bare container)")
        if args.action == "install":
            return install(kiosk=args.kiosk, port=args.port, audio=args.audio)
        if args.action == "uninstall":
            return uninstall()
        return status()
    except ServiceError as exc:
        print(f"wolfcall service: {exc}", file=sys.stderr)
        return 2


# ---- where things are ---------------------------------------------------------------------------------------


def unit_dir() -> Path:
    """$XDG_CONFIG_HOME/systemd/user, else ~/.config/systemd/user: where systemd looks for a user's own units."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "systemd" / "user"


def project_dir() -> Path:
    """The unit's working folder, where it looks for config.yaml first as `wolfcall` does: this folder when it has
    one (a checkout's), else the home folder (then the user's config.yaml is read, else the defaults)."""
    here = Path.cwd()
    return here if (here / "config.yaml").is_file() else Path.home()


def wolfcall_program() -> Path:
    """This environment's `wolfcall` (next to its python; not resolved, so a venv stays a venv)."""
    beside = Path(sys.executable).parent / "wolfcall"
    if beside.exists():
        return beside.absolute()
    found = shutil.which("wolfcall")
    if found is None:
        raise ServiceError("cannot find the `wolfcall` program; run this with the `wolfcall` you installed "
                           "(a checkout's .venv/bin/wolfcall, or pipx's)")
    return Path(found).absolute()


def configured_port(project: Path) -> int:
    from narrator.config import config_file, load_config
    from narrator.yamlfile import YamlError

    try:
        return load_config(config_file(project)).web_port
    except YamlError as exc:
        raise ServiceError(str(exc)) from exc


# ---- the unit files -----------------------------------------------------------------------------------------


def _word(text: str) -> str:
    """One word of an Exec line: % and $ escaped; quoted when it holds a space or a quote."""
    text = text.replace("%", "%%").replace("$", "$$")
    if any(c in text for c in " \t\"'\\;"):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def _line(words: Sequence[str | Path]) -> str:
    return " ".join(_word(str(w)) for w in words)


def game_unit(program: Path, project: Path, port: int, audio: str | None) -> str:
    command: list[str | Path] = [program, "play", "--lan", "--port", str(port)]
    if audio:
        command += ["--audio", audio]
    return f"""\
# Written by `wolfcall service install`; undo with `{UNDO}`.
[Unit]
Description=wolfcall, the Werewolf game master (page on port {port})
# The audio session, when the user has one; ALSA needs nothing started.
After=sound.target pipewire.service pipewire-pulse.service wireplumber.service pulseaudio.service

[Service]
Type=simple
WorkingDirectory={str(project).replace("%", "%%")}
ExecStart={_line(command)}
Environment=PYTHONUNBUFFERED=1
Restart=on-failure
RestartSec=5

[Install]
WantedBy=default.target
"""


def kiosk_unit(cage: Path, browser: Path, python: Path, project: Path, port: int) -> str:
    address = f"http://127.0.0.1:{port}/"
    wait = f"from narrator.cli.service import wait_for_page; raise SystemExit(wait_for_page({port}))"
    browse: list[str | Path] = [cage, "--", browser, "--kiosk", "--noerrdialogs", "--disable-infobars",
                                "--no-first-run", "--ozone-platform=wayland", address]
    return f"""\
# Written by `wolfcall service install --kiosk`; undo with `{UNDO}`.
[Unit]
Description=wolfcall's page full-screen on this machine's display (cage + Chromium)
Requires={UNIT}
After={UNIT}

[Service]
Type=simple
WorkingDirectory={str(project).replace("%", "%%")}
# Wait until the page answers, so the screen does not open on an error.
ExecStartPre={_line([python, "-c", wait])}
ExecStart={_line(browse)}
# A screen should come back whatever ended it (cage also fails until the user's console session exists).
Restart=always
RestartSec=5

[Install]
WantedBy=default.target
"""


def wait_for_page(port: int, attempts: int = 60, pause: float = 1.0) -> int:
    """0 once something listens on 127.0.0.1:port, 1 after `attempts` tries."""
    for attempt in range(attempts):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return 0
        except OSError:
            if attempt + 1 < attempts:
                time.sleep(pause)
    return 1


def kiosk_programs() -> tuple[Path, Path]:
    cage = shutil.which("cage")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if cage is None or browser is None:
        missing = " and ".join(n for n, p in (("cage", cage), ("chromium", browser)) if p is None)
        raise ServiceError(f"--kiosk needs {missing}: sudo apt install cage chromium")
    return Path(cage), Path(browser)


# ---- install, uninstall, status -----------------------------------------------------------------------------


def _must(command: Sequence[str], done_so_far: str) -> str:
    outcome = run_command(command)
    if outcome.code != 0:
        why = _last(outcome)
        if "bus" in why.lower():
            why += ": run it as yourself in a login session (ssh or the console), not with sudo or su"
        raise ServiceError(f"`{' '.join(command)}` failed ({why}); {done_so_far}")
    return outcome.output


def _last(outcome: Outcome) -> str:
    """The last line a command printed (its error, usually), else its exit code."""
    return outcome.output.splitlines()[-1] if outcome.output else f"exit {outcome.code}"


def install(*, kiosk: bool, port: int | None, audio: str | None) -> int:
    project = project_dir()
    program = wolfcall_program()
    port = port or configured_port(project)
    browser = kiosk_programs() if kiosk else None
    folder = unit_dir()
    folder.mkdir(parents=True, exist_ok=True)
    game, screen = folder / UNIT, folder / KIOSK
    lines: list[str] = []
    if not kiosk and screen.exists():
        _must(["systemctl", "--user", "disable", "--now", KIOSK], "nothing was changed")
        screen.unlink()
        lines.append(f"removed {screen} (install without --kiosk)")
    game.write_text(game_unit(program, project, port, audio), encoding="utf-8")
    lines.append(f"wrote {game}")
    if browser is not None:
        python = Path(sys.executable).absolute()
        screen.write_text(kiosk_unit(browser[0], browser[1], python, project, port), encoding="utf-8")
        lines.append(f"wrote {screen}")
    half = f"the unit files are written; undo with `{UNDO}`"
    _must(["systemctl", "--user", "daemon-reload"], half)
    units = [UNIT, KIOSK] if browser is not None else [UNIT]
    _must(["systemctl", "--user", "enable", "--now", *units], half)
    lines.append(f"enabled and started {' and '.join(units)}")
    user = getpass.getuser()
    linger = run_command(["loginctl", "enable-linger", user])
    if linger.code == 0:
        lines.append(f"enabled lingering for {user}: it starts at boot, before anyone logs in")
    else:
        lines.append(f"could not enable lingering ({linger.output or linger.code}): it starts when {user} logs in; "
                     f"for boot, run: sudo loginctl enable-linger {user}")
    lines.append(f"the page: http://127.0.0.1:{port}/ here, and on the network (--lan)")
    lines.append(f"it runs {program} in {project}; {config_in_use(project)}")
    lines.append(f"logs: {LOGS}")
    lines.append(f"undo: {UNDO}")
    print("\n".join(lines))
    return 0


def uninstall() -> int:
    folder = unit_dir()
    present = [folder / name for name in (KIOSK, UNIT) if (folder / name).exists()]
    if not present:
        print(f"wolfcall service: nothing to remove (no {folder / UNIT})")
        return 0
    names = [p.name for p in present]
    stopped = run_command(["systemctl", "--user", "disable", "--now", *names])
    if stopped.code == 0:
        lines = [f"stopped and disabled {' and '.join(names)}"]
    else:  # no user manager to talk to (e.g. over sudo): disabling is a matter of files, stopping is not
        _must(["systemctl", "--user", "disable", *names], "nothing was removed")
        lines = [f"disabled {' and '.join(names)} (not stopped: {_last(stopped)})"]
    for path in present:
        path.unlink()
        lines.append(f"removed {path}")
    reloaded = run_command(["systemctl", "--user", "daemon-reload"])
    if reloaded.code != 0:
        lines.append(f"systemd was not told ({_last(reloaded)}); it forgets them at the next login or boot")
    user = getpass.getuser()
    lines.append(f"lingering, if install turned it on, stays on (other services may need it); "
                 f"off: loginctl disable-linger {user}")
    print("\n".join(lines))
    return 0


def status() -> int:
    folder = unit_dir()
    for name in (UNIT, KIOSK):
        path = folder / name
        if not path.exists():
            print(f"{name}: not installed ({path} does not exist)")
            continue
        enabled = run_command(["systemctl", "--user", "is-enabled", name]).output or "unknown"
        active = run_command(["systemctl", "--user", "is-active", name]).output or "unknown"
        print(f"{name}: {path} ({enabled}, {active})")
    print(f"logs: {LOGS}")
    return 0
