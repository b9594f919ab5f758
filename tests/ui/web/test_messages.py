"""What a page may send is one table, a row a kind (narrator/ui/web/messages.py): a new kind is one row, which the
table's page and an online room route alike; whatever a row refuses is worded once, in the table's language."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from narrator.config import Config
from narrator.game.inputs import START, STARTED
from narrator.online.roommessages import room_messages
from narrator.ui.web.hub import Hub
from narrator.ui.web.messages import HOST, LONGEST, SEAT, WATCHER, Messages, Route
from narrator.ui.web.refusals import Refusal
from narrator.ui.web.strings import strings

from ...narration import SCRIPT
from .tables import Table, act


def pong(hub: Hub, conn: Any, client: int, message: dict[str, Any], q: Any) -> None:
    hub.pages.send_to(client, {"t": "pong", "said": message.get("said")})


def test_a_new_kind_of_message_is_one_row(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host, watcher = table.connect("host"), table.connect("watcher")
    host.send(t="ping", said="before")
    assert [r["rule"] for r in host.refusals()] == ["message.not_yours"], "a kind without a row is refused"
    hub.messages.add(Route("ping", frozenset({HOST}), pong, online=True))
    host.send(t="ping", said="hello")
    assert [f.message for f in host.frames if f.message["t"] == "pong"] == [{"t": "pong", "said": "hello"}]
    assert len(host.refusals()) == 1
    watcher.send(t="ping", said="me too")
    assert not [f for f in watcher.frames if f.message["t"] == "pong"], "only who the row names may send it"
    assert watcher.refusals()[-1] == {"t": "refused", "rule": "message.not_yours",
                                      "text": strings("en")["refusal.message.not_yours"]}
    assert "ping" in room_messages(hub.messages).kinds(HOST), "an online room passes on the rows marked online"
    assert "ping" not in room_messages(hub.messages).kinds(SEAT)


def test_a_row_that_answers_the_narrators_question_hands_its_answer(tmp_path: Path) -> None:
    """A row of `answers` gets the question open now, checked against the message's number, and what it returns
    reaches the narrator: here a second button that starts the night."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    hub.messages.add(Route("ready", frozenset({HOST}), lambda hub, conn, client, m, q: (q, STARTED),
                           answers=(START,)))
    table = Table(hub, 2)
    host = table.connect("host")
    host.send(t="players", players=6)
    host.send(t="deal")
    rng = random.Random(2)
    while (host.screen() or {}).get("screen") != "narrator":
        total = len(host.frames)
        if not act(host, rng):
            table.wait(lambda total=total: len(host.frames) > total)  # type: ignore[misc]
    q = (host.screen() or {})["q"]
    host.send(t="ready", q=q + 1)
    assert host.refusals()[-1]["rule"] == "stale", "an answer to another question is refused"
    host.send(t="ready", q=q)
    table.wait(lambda: (host.screen() or {}).get("screen") != "narrator")
    assert hub.question is None or hub.question.step != START, "the narrator took the answer and went on"
    hub.stop_game()


@pytest.mark.parametrize(("message", "rule"), [
    ("not an object", "message.form"), ({"kind": "ping"}, "message.form"), ({"t": 3}, "message.form"),
    ({"t": "ping", "said": "x" * (LONGEST + 1)}, "message.form"), ({"t": "pong"}, "message.not_yours")])
def test_a_message_without_a_row_of_its_own_is_refused(message: object, rule: str) -> None:
    table: Messages[None, None] = Messages([Route("ping", frozenset({WATCHER}), lambda *_: None)])
    with pytest.raises(Refusal) as refused:
        table.find(WATCHER, message)
    assert refused.value.rule == rule


def test_a_later_row_of_a_kind_replaces_the_earlier() -> None:
    first, second = Route("ping", frozenset({HOST}), lambda *_: 1), Route("ping", frozenset({SEAT}), lambda *_: 2)
    table: Messages[None, None] = Messages([first, second])
    assert table.kinds(SEAT) == {"ping"} and table.kinds(HOST) == set() and list(table) == [second]
