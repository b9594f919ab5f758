"""One device: the table's own screen answers for everyone; at the deal it shows the card of the seat whose turn it
is, to the screen that asks with that seat's question, and a seat's phone only watches."""

from __future__ import annotations

from pathlib import Path

from engine import Game, HouseRules, Mode
from narrator.config import Config
from narrator.game.inputs import COVERED, REVEAL, Question
from narrator.game.session import Table as Deal
from narrator.ui.web.hub import Hub
from narrator.ui.web.webinput import WebInput

from ....narration import NAMES, ROLES, SCRIPT
from ..tables import Phone, Table


def at_the_deal(tmp_path: Path) -> tuple[Hub, Table, Phone, WebInput]:
    """A table on one device whose deal stands at seat 3's turn to see its card (question 2)."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host = table.connect("host")
    live = WebInput(hub.stage.publish)
    with hub.lock:
        hub.stage.begin(Deal.deal(NAMES, HouseRules(), 1, "en", roles=ROLES, mode=Mode.ONE_DEVICE), live)
    hub.stage.publish(Question(REVEAL, (), 3, 2), Game.new(NAMES, seed=1, roles=ROLES).state)
    return hub, table, host, live


def cards(phone: Phone) -> list[dict[str, object]]:
    return [f.message for f in phone.frames if f.message["t"] == "private" and f.message.get("kind") == "card"]


def test_the_card_shown_is_the_turns_seats_and_only_to_the_screen_that_asked(tmp_path: Path) -> None:
    _, table, host, _ = at_the_deal(tmp_path)
    watcher = table.connect("watcher")
    host.send(t="show", q=2)
    shown = cards(host)
    assert len(shown) == 1 and shown[0]["name"] == "Carla" and shown[0]["role"] == "Seer"  # seat 3's card
    assert cards(watcher) == []
    host.send(t="show", q=1)  # a tap late from the seat before opens no card
    assert len(cards(host)) == 1 and host.refusals()[-1]["rule"] == "stale"


def test_the_card_covered_moves_the_device_on_and_a_seats_phone_answers_nothing(tmp_path: Path) -> None:
    hub, table, host, live = at_the_deal(tmp_path)
    phone = table.connect("phone")
    hub.seats.place(phone.client, 3)
    phone.send(t="cover", q=2)
    phone.send(t="show", q=2)
    assert [r["rule"] for r in phone.refusals()] == ["message.not_yours"] * 2 and cards(phone) == []
    host.send(t="cover", q=2)
    assert live.taps.get_nowait() == (2, COVERED) and hub.stage.question is None
