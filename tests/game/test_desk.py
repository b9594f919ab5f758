"""One question, one answer: a question once answered is closed for good, in every way of playing.

The narrator asks a night step; the window runs out just as the seer taps; the narrator says the reminder
and asks the same question again before it has taken the tap. Before the desk, that second ask brought the
seer's buttons back, and a second tap got a second private answer while the journal kept only the first.
Here the narrator's second ask is made by hand (WebInput.answer, as `Narrator.held` makes it), so the test
needs no clock: it waits for nothing but the messages themselves.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine import Choice, Game, HouseRules, State
from narrator.config import Config
from narrator.game import laps
from narrator.game.clock import VirtualClock
from narrator.game.desk import Desk, Stale
from narrator.game.inputs import TURN, Answer, Question
from narrator.game.session import Table as Deal
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from narrator.ui.web.webinput import WebInput
from tests.ui.web.tables import Phone, Table

SCRIPT = load(SHIPPED)
ROLES = ["seer", "werewolf", "villager", "villager", "villager", "werewolf"]
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"]
NUMBER = 7  # the seer's question, as the narrator numbers it


def seer_asked(tmp_path: Path, mode: str) -> tuple[Hub, Phone, Phone, State, Question]:
    """A hub whose game stands at night 1's seer step (the pack has chosen), asked as `mode` asks it; the
    page that answers it (the table device, or the seer's own phone) and the table device."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host = table.connect("host")
    seer = table.connect("Ana")
    deal = Deal.deal(NAMES, HouseRules(), 1, "en", roles=ROLES, mode=mode)
    game = Game.new(NAMES, seed=1, roles=ROLES, mode=mode)
    game.choose(Choice("werewolves", 3))
    assert game.state.current is not None and game.state.current.step == "seer"
    with hub.lock:
        hub.stage.begin(deal, WebInput(hub.stage.publish))
        if mode == "own_devices":
            hub.seats.place(seer.client, 1)
    if mode == "round_table":
        q = Question(TURN, tuple(laps.legal(game.state, "seer")), 1, NUMBER, "seer")
    else:
        q = Question("seer", tuple(game.legal()), None, NUMBER)
    hub.stage.publish(q, game.state)
    return hub, host, seer if mode == "own_devices" else host, game.state, q


def privates(phone: Phone) -> list[dict[str, object]]:
    return [f.message for f in phone.frames if f.message["t"] == "private" and f.message["kind"] == "answer"]


def asked_screens(phone: Phone, since: int) -> list[dict[str, object]]:
    """Screens after frame `since` that ask the seer (or open the turn again) for question NUMBER."""
    return [f.message for f in phone.frames[since:] if f.message["t"] == "screen"
            and f.message.get("q") == NUMBER and f.message.get("screen") in ("night", "turn", "step")]


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_the_seer_looks_once_when_her_answer_comes_during_the_reminder(tmp_path: Path, mode: str) -> None:
    hub, host, seer, state, q = seer_asked(tmp_path, mode)
    if mode == "round_table":
        host.send(t="open", q=NUMBER)
    seer.send(t="tap", q=NUMBER, value="seer:4")
    assert len(privates(seer)) == 1, seer.refusals()
    since = len(seer.frames)
    assert hub.input is not None
    # the reminder line has been said: the narrator asks the same question again, and finds the tap waiting
    got = hub.input.answer(q, state, VirtualClock(), 0.0, math.inf)
    assert got == Answer(Choice("seer", 4))
    assert not asked_screens(seer, since), "the answered question came back on screen"
    if mode == "round_table":
        host.send(t="open", q=NUMBER)
    seer.send(t="tap", q=NUMBER, value="seer:5")
    assert len(privates(seer)) == 1, "a second tap got a second look"
    assert seer.refusals()[-1]["rule"] == "stale"
    hub.stop_game()


def test_a_desk_hands_one_answer_per_question_and_reopens_it_once_taken() -> None:
    handed: list[tuple[int, object]] = []
    desk = Desk(lambda n, v: handed.append((n, v)))
    game = Game.new(NAMES, seed=1, roles=ROLES)
    q = Question("werewolves", tuple(game.legal()), None, 0)
    assert desk.open(q, game.state)
    checked = desk.check(Choice("werewolves", 2))
    assert checked.choice == Choice("werewolves", 2) and checked.state is game.state
    desk.hand(checked)
    assert handed == [(0, checked)]
    assert not desk.open(q, game.state), "answered: asked again before it is taken, it stays closed"
    with pytest.raises(Stale):
        desk.check(Choice("werewolves", 3))
    desk.taken(0)  # the narrator took it; were it refused, the same question may be asked afresh
    assert desk.open(q, game.state)
