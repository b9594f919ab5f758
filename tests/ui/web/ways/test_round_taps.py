"""Round the table, a turn's taps at the hub (ways/round_table.py): an option is one of tonight's buttons, taken
only from the card it belongs to; every turn that picked a name ends on an answer of the seer's look, the seer's
true, anyone else's drawn at random, so the seer's turn cannot be told from a decoy's (Chromium, German)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engine import Choice, Game, HouseRules
from narrator.config import Config
from narrator.game import laps
from narrator.game.desk import Desk
from narrator.game.inputs import TURN, Checked, Prompt, Question
from narrator.game.session import Table as Deal
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from narrator.ui.web.strings import strings
from narrator.ui.web.webinput import WebInput
from tests.ui.web.tables import Phone, Table

from ....browser import free_port, german_setup, server
from .test_round_table import mask

SCRIPT = load(SHIPPED)
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo"]
NUMBER = 7
# the answer, every element of it in order: its tag, classes, box and own text (an inline picture as one element)
SECRET = """() => [...document.querySelectorAll('#secret > *')].map((e) => {
  const r = e.getBoundingClientRect();
  const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('');
  return [e.tagName, e.getAttribute('class'), Math.round(r.x), Math.round(r.y), Math.round(r.width),
          Math.round(r.height), own];
})"""


@contextmanager
def turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, roles: list[str], seat: int,
         extra: tuple[str, ...] = ()) -> Iterator[tuple[Phone, list[Any]]]:
    """A German round-table hub on night 1 at `seat`'s turn (its task, or a decoy), the device taken: the host's
    page, and the answers the desk hands the narrator from here on."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    host = Table(hub).connect("host")
    game = Game.new(NAMES, ruleset="extended", seed=1, roles=roles, mode="round_table", extra=extra)
    with hub.lock:
        hub.stage.begin(Deal(NAMES, roles, HouseRules(), "extended", "round_table", 1, "de", "play", list(extra)),
                        WebInput(hub.stage.publish))
    task = laps.task(game.state, seat, {})
    legal = tuple(laps.legal(game.state, task)) if task else laps.decoys(sorted(game.state.alive))
    hub.stage.publish(Question(TURN, legal, seat, NUMBER, task), game.state)
    host.send(t="open", q=NUMBER)
    handed: list[Any] = []
    hand = Desk.hand

    def keep(desk: Desk, value: Checked | Prompt) -> Question:
        handed.append(value.choice if isinstance(value, Checked) else value)  # the choice the desk checked
        return hand(desk, value)

    with monkeypatch.context() as patch:
        patch.setattr(Desk, "hand", keep)
        try:
            yield host, handed
        finally:
            hub.stop_game()


THIEF = ["thief", "werewolf", "seer", *["villager"] * 5]
CARDS = ("hunter", "elder")  # the thief's


def test_the_thief_takes_a_card_with_his_own_buttons_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with turn(tmp_path, monkeypatch, THIEF, 1, CARDS) as (host, handed):
        host.send(t="tap", q=NUMBER, value="thief:3")  # a name: not his card's choice
        host.send(t="tap", q=NUMBER, value="thief:none")
        host.send(t="tap", q=NUMBER, value="thief:=village")  # not an option tonight (no wolf-dog in play)
        assert [r["rule"] for r in host.refusals()] == ["turn.not_your_card", "turn.not_your_card", "other"]
        assert handed == []
        host.send(t="tap", q=NUMBER, value="thief:=1")
        assert handed == [Choice("thief", option="1")]


def test_a_decoys_option_tap_is_a_tap_on_nobody(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with turn(tmp_path, monkeypatch, THIEF, 4, CARDS) as (host, handed):
        host.send(t="tap", q=NUMBER, value="decoy:=2")
        assert not host.refusals()
        assert handed == [Choice(laps.DECOY)]


def test_a_seat_task_takes_no_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A wolf's pick on the thief's night: the thief's buttons are on his screen too, and refused to him."""
    with turn(tmp_path, monkeypatch, THIEF, 2, CARDS) as (host, handed):
        host.send(t="tap", q=NUMBER, value="werewolves:=1")
        assert [r["rule"] for r in host.refusals()] == ["turn.not_your_card"]
        assert handed == []


def answers(host: Phone) -> list[dict[str, Any]]:
    return [f.message for f in host.frames if f.message["t"] == "private"]


SEER = ["seer", "werewolf", "werewolf", *["villager"] * 5]


def test_the_seers_answer_and_a_decoys_look_the_same_in_chromium(page: Any, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The seer's turn ended on her answer (a card, "Verstanden"), a decoy's on nothing. The decoy's is drawn; here
    it is drawn as the seer's is, a villager's card (a werewolf is a thumb on either)."""
    monkeypatch.setattr(laps, "stand_in", lambda state, rng: "villager")
    told = []
    for seat, value in ((1, "seer:4"), (4, "decoy:5")):
        with turn(tmp_path / str(seat), monkeypatch, SEER, seat) as (host, handed):
            host.send(t="tap", q=NUMBER, value=value)
            assert not host.refusals() and len(handed) == 1
            told += answers(host)
    assert len(told) == 2 and told[0]["role"] == "Dorfbewohner" and told[1]["target"] == "Eva"
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        drawn = [page.evaluate(f"(() => {{ showSecret({json.dumps(m)}); return ({SECRET})(); }})()") for m in told]
    seer, decoy = ([[*row[:6], mask(row[6] or "")] for row in rows] for rows in drawn)
    assert seer == decoy, [(a, b) for a, b in zip(seer, decoy, strict=False) if a != b]
    assert any(row[6] == strings("de")["turn.answer_note"] for row in seer)


def test_a_turn_that_picked_nobody_is_shown_no_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the seer who picks nobody learns nothing."""
    with turn(tmp_path, monkeypatch, SEER, 4) as (host, _):
        host.send(t="tap", q=NUMBER, value="decoy:none")
        assert answers(host) == []



def test_a_decoys_answer_is_drawn_from_what_the_seer_could_be_shown() -> None:
    """The cards in play (the extended seer sees the card), or a side for the fox; nothing on a night without them."""
    game = Game.new(NAMES, ruleset="extended", seed=1, roles=SEER, mode="round_table")
    rng = random.Random(3)
    assert {laps.stand_in(game.state, rng) for _ in range(200)} == {"seer", "werewolf", "villager"}
    fox = Game.new(NAMES, ruleset="extended", seed=1, roles=["fox", *SEER[1:]], mode="round_table")
    assert {laps.stand_in(fox.state, rng) for _ in range(50)} == {"werewolf", "no_werewolf"}
    plain = Game.new(NAMES, ruleset="extended", seed=1, roles=["guard", *SEER[1:]], mode="round_table")
    assert laps.stand_in(plain.state, rng) is None
