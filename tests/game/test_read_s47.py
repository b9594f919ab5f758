"""What the readers of stop 47 heard of the night's reminders and the laps round the table (issue 35, read_de_B7.md
A1-A4, B5, B8; read_es_B7.md g25, g29), each in the whole demo game it was heard in, on the shipped scripts: the
timeline names every caption's scene and variant, so each check reads the game as the table heard it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from narrator.cli.main import main
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
G24 = ["--lang", "de", "--ruleset", "classic", "--mode", "round_table", "--seed", "24",
       "--names", "Anna:f,Bernd:m,Clara:f,Dieter:m,Eva:f,Franz:m,Gabi:f,Hans:m"]
G27 = ["--lang", "de", "--ruleset", "extended", "--mode", "round_table", "--players", "16", "--seed", "27"]
G28 = ["--lang", "de", "--ruleset", "extended", "--mode", "own_devices", "--players", "24", "--seed", "28"]
G36 = ["--lang", "de", "--ruleset", "extended", "--mode", "round_table", "--players", "36", "--seed", "203"]
ES29 = ["--lang", "es", "--ruleset", "extended", "--mode", "round_table", "--players", "16", "--seed", "11"]


def played(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """The demo game's timeline: captions (scene, variant, text) and steps, in order."""
    timeline = tmp_path / "t.jsonl"
    assert main(["demo", "--fast", "--audio", "none", *args, "--timeline", str(timeline)]) == 0
    capsys.readouterr()
    return [json.loads(line) for line in timeline.read_text().splitlines()]


def captions(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if "scene" in r]


def when(row: dict[str, Any]) -> dict[str, frozenset[str]]:
    """The conditions of the variant a caption said."""
    return dict(SCRIPT.scenes[row["lang"]][row["scene"]].variants[row["variant"]].when)


def player_in(row: dict[str, Any]) -> str:
    """The {player} a caption said, read back from its variant's words."""
    template = SCRIPT.variants(row["lang"], row["scene"])[row["variant"]]
    pattern = re.escape(template).replace(re.escape("{player}"), "(.+)")
    text = re.sub(r"\b(de|a)l (jugador)", r"\1 el \2", row["text"])  # «al jugador trece»: «a» + «el jugador trece»
    found = re.fullmatch(pattern, text, re.I)
    assert found is not None, (template, row["text"])
    return found.group(1).lower()


# -- A1: a reminder round the table names the hand the lap named -----------------------------------------------------
@pytest.mark.parametrize("args", [G24, ES29], ids=["de_g24", "es_g29"])
def test_a_reminder_round_the_table_names_the_hand_the_lap_named(args: list[str], tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """B7 A1: "Dann ist Clara an der Reihe." → "Noch ist die Wahl nicht getroffen." (g27): the whole table hears a
    reminder that names nobody, and asks "whose? which choice?". Each reminder in a turn names that turn's holder,
    and then a lap's end no longer contradicts it (g24: "Noch ist die Wahl nicht getroffen." → "Die Runde ist zu
    Ende")."""
    heard = captions(played(args, tmp_path, capsys))
    reminders = [(heard[i - 1], r) for i, r in enumerate(heard) if r["scene"] == "night.reminder"]
    assert reminders
    for turn, reminder in reminders:
        assert turn["scene"] == "round.turn", (turn, reminder)
        assert when(reminder).get("turn") == frozenset({"yes"}), reminder["text"]
        assert player_in(reminder) == player_in(turn), (turn["text"], reminder["text"])


def test_a_called_steps_reminder_names_nobody(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """B7 A1's other side: on the players' own phones the called role's player is a secret; its reminder stays
    nameless (g28)."""
    rows = played(G28, tmp_path, capsys)
    reminders = [r for r in captions(rows) if r["scene"] == "night.reminder"]
    assert reminders
    assert [r["text"] for r in reminders if "turn" in when(r) or "Spieler" in r["text"]] == []


# -- B5: a call that asks nothing hears no reminder -------------------------------------------------------------------
def test_a_call_that_asks_nothing_hears_no_reminder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """B7 B5: "Leitwolf, … deine eigene Jagd ist vorbei." → "Die Nacht wartet auf eine Entscheidung." → "Jetzt wird es
    Zeit." (g28 night 5); the brothers' recognition → "Immer mit der Ruhe." (g28 night 8). A call whose wake gave no
    task (the spent big bad wolf's, the brothers', the sisters') hears no reminder; its time is held all the same."""
    rows = played(G28, tmp_path, capsys)
    heard = captions(rows)
    idle = 0
    for step in (r for r in rows if "step" in r):
        inside = [c for c in heard if step["t"] <= round(c["t"], 3) < step["end"]]
        wake = next((c for c in inside if c["scene"].endswith(".wake")), None)
        if wake is None:
            continue
        spent = when(wake).get("spent", frozenset()) & {"yes", "told"}
        if spent or step["step"] in ("brothers", "sisters"):
            idle += 1
            assert [c["text"] for c in inside if c["scene"] == "night.reminder"] == [], (step, wake["text"])
    assert idle >= 3  # the big bad wolf after a wolf died, and the brothers' nights, were heard


# -- A3: the first new lap of a game says why --------------------------------------------------------------------
@pytest.mark.parametrize("args", [G24, ES29], ids=["de_g24", "es_g29"])
def test_the_first_new_lap_of_a_game_says_why_later_ones_are_short(args: list[str], tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """B7 A3: "Bitte noch einmal reihum." on night 1, never explained: a first-time table asks "why again?". The
    night 1's first round.again says why (some cards need a second answer); no later one does."""
    again = [r for r in captions(played(args, tmp_path, capsys)) if r["scene"] == "round.again"]
    assert len(again) >= 3
    why = re.compile(r"Karten? |cartas? ", re.I)
    assert why.search(again[0]["text"]) and when(again[0]).get("again") == frozenset({"no"}), again[0]["text"]
    assert [r["text"] for r in again[1:] if why.search(r["text"])] == []


# -- A4: two hands left ------------------------------------------------------------------------------------------
def test_two_players_left_hear_the_device_go_between_them_not_through_all_hands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """B7 A4: "Es ist spät, das Dorf ist müde. Das Gerät geht wieder durch alle Hände." with two alive (g36, the last
    night): the last night's start, new lap and end say the two of them, never all."""
    heard = captions(played(G36, tmp_path, capsys))
    start = max(i for i, r in enumerate(heard) if r["scene"] == "round.start")
    done = next(i for i, r in enumerate(heard) if r["scene"] == "round.done" and i > start)
    turns = {r["text"] for r in heard[start:done] if r["scene"] == "round.turn"}
    assert len(turns) >= 4  # two players, at least two laps
    lines = [r for r in heard[start:done + 1] if r["scene"] in ("round.start", "round.again", "round.done")]
    assert len(lines) >= 3
    many = re.compile(r"\balle\b|\bjede[rnms]?\b|Hand zu Hand|um den Tisch|im Kreis|Platz zu Platz", re.I)
    assert [r["text"] for r in lines if many.search(r["text"])] == []
    assert all(when(r).get("two") is None or "yes" in when(r)["two"] for r in lines)


# -- g29: no pass line twice to one seat in a night ---------------------------------------------------------------
@pytest.mark.parametrize("args", [ES29, G27], ids=["es_g29", "de_g27"])
def test_no_seat_hears_the_same_pass_line_twice_in_a_night(args: list[str], tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """B7 es g29: «Venga, Lucía, te toca.» at 26:44 and again at 28:46, «Gala coge el móvil.», «Te toca a ti,
    Elena.» (night 4): the same pass line for the same player twice in one night, while others fit."""
    heard = captions(played(args, tmp_path, capsys))
    night: list[str] = []
    twice: list[str] = []
    for r in heard:
        if r["scene"] == "round.start":
            night = []
        elif r["scene"] == "round.turn":
            if r["text"] in night:
                twice.append(r["text"])
            night.append(r["text"])
    assert len(heard) > 100 and twice == []
