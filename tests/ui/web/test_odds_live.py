"""A deal the odds' table lacks is estimated off the server's lock and loop: while its games are played, another
page connects and is answered; then the setup screen is sent again with the odds."""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from engine import HouseRules, Setup
from narrator.balance import live, odds
from narrator.config import Config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.app import create_app
from narrator.ui.web.hub import Hub

from ...browser import in_process

SCRIPT = load(SHIPPED)
GUARD_S = 60  # against a hang only: on a server that holds its lock through the estimate, the page waits this long


async def first_screen(url: str) -> dict[str, Any]:
    """Another page (a watcher) connects: the first screen it is sent."""
    from websockets.asyncio.client import connect

    async with connect(url) as ws:
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), GUARD_S))
            if m.get("t") == "screen":
                return dict(m)


def test_a_page_is_answered_while_a_deal_is_estimated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # nothing estimated yet; the worker a thread of this process, so that it plays the held estimate below
    monkeypatch.setattr(live, "SCREEN", live.ScreenOdds(ThreadPoolExecutor(1)))
    started, answered = threading.Event(), threading.Event()
    during: list[bool] = []
    real = odds.estimate

    def held(setup: Setup, house: HouseRules | None = None, **kw: Any) -> odds.Estimate:
        """The live estimate goes on until the other page has been answered (the table's deals at once)."""
        if house is not None and odds.key(setup, house) not in odds.table():
            started.set()
            during.append(answered.wait(GUARD_S))
        return real(setup, house, **kw)

    monkeypatch.setattr(odds, "estimate", held)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    shown: list[dict[str, Any]] = []
    odds_shown = threading.Event()

    def host_sees(m: dict[str, Any]) -> None:
        if m.get("t") == "screen" and m.get("screen") == "setup":
            shown.append(m["draft"]["balance"])
            if "sides" in (m["draft"]["balance"] or {}) and m["draft"]["counts"].get("hunter") is None:
                odds_shown.set()

    host = hub.connect(host_sees, host=True)
    with in_process(create_app(hub)) as port:
        tap = threading.Thread(target=hub.handle, args=(host, {"t": "adjust", "role": "hunter", "delta": -1}))
        tap.start()  # as the server's handler thread takes the host's tap: 9 players without the hunter
        assert started.wait(GUARD_S)
        other = asyncio.run(first_screen(f"ws://127.0.0.1:{port}/ws"))
        answered.set()
        assert other["screen"] == "lobby"
        tap.join(GUARD_S)
        assert odds_shown.wait(GUARD_S)
    assert during == [True]  # the other page was answered while the games were being played
    assert live.PENDING in shown  # the host saw that the odds were on their way, then the odds
    assert shown[-1] is not None and shown[-1]["source"] == "live" and shown[-1]["games"] > 0
