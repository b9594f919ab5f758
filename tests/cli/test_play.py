"""`wolfcall play`'s own lines: the seats from --names and --players, and what it says in the table's language."""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.audio.sinks import SinkError, open_sink
from narrator.cli.play import seat_names
from narrator.config import OptionError

from ..browser import free_port, wait_listening
from ..processes import GUARD_S, STOPS, children, live_odds, stop, watched

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")


def seats(names: str, players: int | None) -> list[str]:
    return seat_names(argparse.Namespace(names=names, players=players), "classic", 8)[0]


def test_fewer_names_than_players_name_the_first_seats() -> None:
    assert seats("Ana,Ben,Carla", 7) == ["Ana", "Ben", "Carla", "", "", "", ""]
    assert seats("Ana,Ben,Carla,Dora,Eva,Fede", None) == ["Ana", "Ben", "Carla", "Dora", "Eva", "Fede"]
    with pytest.raises(OptionError, match="--names: 7 names for --players 6"):
        seats("Ana,Ben,Carla,Dora,Eva,Fede,Gala", 6)
    with pytest.raises(OptionError, match="--players: the classic rules are for 6 to"):
        seats("Ana,Ben,Carla", 5)


@pytest.mark.parametrize("names", ["Ana:w,Ben,Carla,Dora,Eva,Fede", "Ana:,Ben,Carla,Dora,Eva,Fede",
                                   "Ana,Ben:x,Carla,Dora,Eva,Fede"])
def test_a_colon_after_a_name_says_f_or_m_or_nothing(names: str) -> None:
    """Issue 35: "Ana:w" (weiblich) was taken as the name "Ana:w" and said aloud ("Ana:w, fang du an.")."""
    with pytest.raises(OptionError, match="after a name, :f") as refused:
        seats(names, None)
    assert refused.value.key == "option.name_gender"
    done = subprocess.run([WOLFCALL, "demo", "--fast", "--audio", "none", "--lang", "de", "--names", names],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "Hinter einem Namen steht :f (sie), :m (er) oder nichts." in done.stderr, \
        done.stderr


def test_no_sound_card_and_the_end_of_input_are_said_in_german(tmp_path: Path) -> None:
    with pytest.raises(SinkError):
        open_sink("miniaudio")  # this machine has no sound card
    done = subprocess.run([WOLFCALL, "play", "--ui", "terminal", "--lang", "de", "--audio", "auto", "--speed", "300",
                           "--data", str(tmp_path)], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if line]
    assert said[0].startswith("wolfcall: Keine Soundkarte gefunden (") and "Das Spiel geht mit Untertiteln weiter" \
        in said[0] and str(tmp_path / "last-game.wav") in said[0], said
    assert said[-1].startswith("wolfcall: Eingabe beendet; die Partie ist gespeichert."), said
    assert "no sound" not in done.stderr and "input ended" not in done.stderr


def test_ctrl_c_in_a_german_terminal_game_is_said_in_german(tmp_path: Path) -> None:
    """A walk's German terminal game, stopped with Ctrl-C, said "wolfcall: stopped" in English."""
    proc = subprocess.Popen([WOLFCALL, "play", "--ui", "terminal", "--lang", "de", "--audio", "none", "--data",
                             str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip()  # the narrator's first line: the game runs
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    said = [line for line in err.splitlines() if line]
    assert proc.returncode == 130 and said[-1].startswith("wolfcall: Angehalten; die Partie ist gespeichert. "
                                                          "Weiterspielen mit: wolfcall play --resume "), said
    assert "stopped" not in err and "Traceback" not in err



@pytest.mark.parametrize("how", STOPS)
def test_a_stopped_server_leaves_no_process_behind(tmp_path: Path, how: str) -> None:
    """Issue 38: the setup's odds worker and multiprocessing's resource tracker lived on with parent 1 after the
    server had gone, blocked for ever on a pipe (one `make test` left 15); Ctrl-C printed the worker's traceback."""
    port, log = free_port(), tmp_path / "server.log"
    with log.open("wb") as err:
        proc = subprocess.Popen([WOLFCALL, "play", "--fast", "--audio", "none", "--port", str(port), "--data",
                                 str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                start_new_session=True)
    try:
        wait_listening(proc, port, log)
        assert live_odds(f"ws://127.0.0.1:{port}/ws")["games"] > 0  # estimated by the server's worker process
        started = children(proc.pid)
        assert any("spawn_main" in cmdline for cmdline in started.values()), started
        with watched(list(started)) as them:
            stop(proc, how)
            proc.wait(timeout=GUARD_S)
            assert them.left() == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    said = log.read_text()
    assert "Traceback" not in said and "Error" not in said, said
