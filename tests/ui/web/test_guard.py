"""Who a page is and how much it may send (narrator/ui/web/guard.py): the host's token, a guessed one that is
nobody, a message's size and the rate of a page's messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.ui.web.hub import Hub

from .tables import Table
from .test_frames import SCRIPT


def test_only_the_host_changes_the_setup_and_a_guessed_token_is_nobody(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host = table.connect("host")
    other = table.connect("other")
    assert other.who == "spectator"
    other.send(t="players", players=7)
    other.send(t="deal")
    assert [r["rule"] for r in other.refusals()] == ["message.not_yours"] * 2
    assert hub.draft.players == Config().players and hub.table is None
    assert host.token is not None
    guess = table.connect("guess", host.token[:-1] + ("A" if host.token[-1] != "A" else "B"))
    assert guess.who == "spectator"
    again = table.connect("again", host.token)
    assert again.who == "host", "the host's own browser gets the host back from its token"


def test_a_message_too_big_or_too_fast_is_refused(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host = table.connect("host")
    host.send(t="lang", lang="x" * 500)
    assert host.refusals()[-1]["rule"] == "message.form"
    now = [0.0]
    client = hub.connect(lambda m: None, host=True, now=lambda: now[0])
    refused: list[dict[str, Any]] = []
    hub.conns[client].send = refused.append
    for _ in range(60):  # a burst at one instant: the first 40 pass, the rest are refused
        hub.handle(client, {"t": "players", "players": 7})
    assert sum(1 for m in refused if m.get("t") == "refused" and m["rule"] == "message.rate") == 20
    now[0] += 1.0  # a second later, twenty more may come
    refused.clear()
    hub.handle(client, {"t": "players", "players": 8})
    assert not [m for m in refused if m.get("t") == "refused"] and hub.draft.players == 8
