"""A way to play is one object behind one interface (narrator/ui/web/ways/way.py): the hub routes what answers
the game to it and draws each page's screen with it, and every answer it gives goes through the desk once.

The game stands at a question the narrator has asked (published by hand, as in tests/game/test_desk.py): no
narrator thread, no clock; each test waits for nothing but the messages the hub sends.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine import Choice, Game, HouseRules
from narrator.config import Config
from narrator.game import laps
from narrator.game.desk import Desk
from narrator.game.inputs import COVERED, REVEAL, TURN, Checked, Question
from narrator.game.session import Table as Deal
from narrator.game.session import open_journal
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.frames import Frames
from narrator.ui.web.hub import Hub
from narrator.ui.web.ports import Conn, Handed
from narrator.ui.web.ways import WAYS, Way
from narrator.ui.web.webinput import WebInput
from tests.ui.web.tables import Phone, Table, journal_of
from tests.ui.web.test_frames import play

SCRIPT = load(SHIPPED)
ROLES = ["seer", "werewolf", "villager", "villager", "villager", "werewolf"]
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"]
NUMBER = 7  # the question asked, as the narrator numbers it


def standing(tmp_path: Path, mode: str, *choices: Choice) -> tuple[Hub, Phone, list[Phone], Game]:
    """A hub whose game of `mode` stands after `choices`, its next question asked as `mode` asks it; the host's
    page and one page per seat (each seat's own phone on own devices)."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host = table.connect("host")
    phones = [table.connect(name) for name in NAMES]
    game = Game.new(NAMES, seed=1, roles=ROLES, mode=mode)
    for choice in choices:
        game.choose(choice)
    with hub.lock:
        hub.stage.begin(Deal.deal(NAMES, HouseRules(), 1, "en", roles=ROLES, mode=mode), WebInput(hub.stage.publish))
        if mode == "own_devices":
            for seat, phone in enumerate(phones, 1):
                hub.seats.place(phone.client, seat)
    current = game.state.current
    assert current is not None
    if mode == "round_table" and current.seat is not None:
        q = Question(TURN, tuple(laps.legal(game.state, current.step)), current.seat, NUMBER, current.step)
    else:
        q = Question(current.step, tuple(game.legal()), None, NUMBER)
    hub.stage.publish(q, game.state)
    return hub, host, phones, game


def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the desk checks a choice and hands the narrator an answer, from here on."""
    calls = {"check": 0, "hand": 0}
    check, hand = Desk.check, Desk.hand

    def counting_check(desk: Desk, choice: Choice) -> Checked:
        calls["check"] += 1
        return check(desk, choice)

    def counting_hand(desk: Desk, value: object) -> Question:
        calls["hand"] += 1
        return hand(desk, value)

    monkeypatch.setattr(Desk, "check", counting_check)
    monkeypatch.setattr(Desk, "hand", counting_hand)
    return calls


class Recorder(Way):
    """A way to play the hub's routing has never heard of: it keeps what reaches it, answers a tap through the
    desk like every way, and draws the host's screen itself."""

    def __init__(self, stage: Any, pages: Any) -> None:
        super().__init__(stage, pages)
        self.got: list[str] = []

    def tap(self, client: int, conn: Conn, q: Question, message: dict[str, Any]) -> Handed | None:
        self.got.append("tap")
        return self.submit(client, q, self.chosen(message))

    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        self.got.append("show")

    def cover(self, conn: Conn, message: dict[str, Any]) -> None:
        self.got.append("cover")

    def open(self, q: Question) -> None:
        self.got.append("open")

    def count(self, q: Question) -> None:
        self.got.append("count")

    def screen(self, conn: Conn, frames: Frames) -> dict[str, Any]:
        return {"screen": "recorded", "taps": self.got.count("tap")} if conn.who == "host" else frames.watcher()


def test_a_new_way_to_play_plugs_in_behind_the_interface(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(WAYS, "one_device", Recorder)  # the table's mode's way is now the recorder: hub.py unchanged
    hub, host, _, _ = standing(tmp_path, "one_device", Choice("werewolves", 3))
    assert isinstance(hub.way, Recorder)
    calls = counted(monkeypatch)
    for kind in ("show", "cover", "open", "count"):
        host.send(t=kind, q=NUMBER)
    host.send(t="tap", q=NUMBER, value="seer:4")
    assert hub.way.got == ["show", "cover", "open", "count", "tap"], host.refusals()
    assert calls == {"check": 1, "hand": 1}, "the tap reached the desk once, and the narrator was handed it once"
    assert hub.input is not None and hub.input.taps.get_nowait()[0] == NUMBER, "the narrator was handed the answer"
    assert host.screen() == {"t": "screen", "screen": "recorded", "taps": 1}, "the way draws its host's screen"
    assert not host.refusals()
    hub.stop_game()


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_a_tap_is_checked_once_at_the_desk_in_every_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       mode: str) -> None:
    hub, host, phones, _ = standing(tmp_path, mode, Choice("werewolves", 3))
    assert type(hub.way) is WAYS[mode]
    seer = phones[0] if mode == "own_devices" else host  # Ana is the seer
    if mode == "round_table":
        host.send(t="open", q=NUMBER)  # Ana has taken the device
    calls = counted(monkeypatch)
    seer.send(t="tap", q=NUMBER, value="seer:4")
    assert not seer.refusals()
    assert calls == {"check": 1, "hand": 1}
    assert [f.message["kind"] for f in seer.frames if f.message["t"] == "private"] == ["answer"]
    hub.stop_game()


def test_own_devices_ballots_are_checked_once_as_the_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every living phone casts its ballot; the vote is checked once, as the engine's count of them all."""
    hub, _, phones, game = standing(tmp_path, "own_devices", Choice("werewolves", 3), Choice("seer", 4))
    assert game.state.current is not None and game.state.current.step == "day_vote"
    calls = counted(monkeypatch)
    for seat in sorted(game.state.alive):
        phones[seat - 1].send(t="tap", q=NUMBER, value="day_vote:2")
    assert not [r for p in phones for r in p.refusals()]
    assert calls == {"check": 1, "hand": 1}
    hub.stop_game()


class Tabletop(Way):
    """A throw-away way to play, as a module of its own would hold it: the table's device answers everything and
    shows each card at its seat's turn, as one device does, under a name no other module has heard of."""

    taps = 0

    def tap(self, client: int, conn: Conn, q: Question, message: dict[str, Any]) -> Handed | None:
        Tabletop.taps += 1
        return self.submit(client, q, self.chosen(message))

    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        q, state = self.stage.asked(message, REVEAL), self.stage.state
        if state is not None and q.seat is not None:
            self.pages.send_to(client, self.card(state, q.seat))

    def cover(self, conn: Conn, message: dict[str, Any]) -> Handed | None:
        return self.stage.asked(message, REVEAL), COVERED


def test_a_new_way_to_play_is_one_module_and_one_line_of_the_ways_table(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The new way's one line in the table is all that changes: the setup offers it, the deal makes it, the game
    is played through it to the end and its journal names it; the narrator tells it as a table nobody narrates."""
    monkeypatch.setitem(WAYS, "tabletop", Tabletop)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub, 5)
    host = table.connect("host")
    assert "tabletop" in (host.screen() or {}).get("modes", []), "the setup offers every way of the table"
    host.send(t="mode", mode="tabletop")
    host.send(t="players", players=6)
    host.send(t="deal")
    play(hub, table, [], host, None, random.Random(5))
    assert hub.table is not None and hub.table.mode == "tabletop" and type(hub.way) is Tabletop
    assert Tabletop.taps > 0 and not host.refusals(), host.refusals()
    assert journal_of(hub) is not None and open_journal(journal_of(hub)).table.mode == "tabletop"
    hub.stop_game()
