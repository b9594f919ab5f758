"""Round the table: every turn of every lap looks the same until the last lap ends.

Once the last task of the night was answered mid-lap, the remaining turns came as a day's screen ("screen":
"step", drawn as "Day N") and the watchers stopped getting the night's listen frame: from that alone a
watcher could tell whose turn closed the night.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from tests.ui.web.tables import Phone, Table, act, answer

SCRIPT = load(SHIPPED)


def host_turn(host: Phone, rng: random.Random) -> bool:
    """The device's holder: takes the device at a turn, answers the turn's screen, else as at any table."""
    with host.table.changed:
        shown = [(i, f.message) for i, f in enumerate(host.frames) if f.message["t"] == "screen"]
        # a screen is answered once, and again after each refusal of it (a turn lists every name: the seer's own
        # is there and refused, as at any table where she taps herself)
        refused = sum(1 for f in host.frames[shown[-1][0] + 1:] if f.message["t"] == "refused") if shown else 0
    if not shown:
        return False
    index, s = shown[-1]
    key = f"{index}:{refused}"
    if s["screen"] == "turn" and "turn" not in s:
        if key in host.acted:
            return False
        host.acted.add(key)
        host.send(t="open", q=s["q"])
        return True
    if "turn" in s:
        if key in host.acted:
            return False
        host.acted.add(key)
        return answer(host, s, rng)
    return act(host, rng)


class Logged(Table):
    """A table whose phones' messages are also kept in one list, in the order they were sent."""

    def __init__(self, hub: Hub, seed: int) -> None:
        super().__init__(hub, seed)
        self.log: list[tuple[str, dict[str, Any]]] = []

    def connect(self, name: str, token: str | None = None) -> Phone:
        phone = super().connect(name, token)
        client = phone.client
        conn = self.hub.conns[client]
        keep = conn.send

        def send(message: dict[str, Any]) -> None:
            self.log.append((name, message))
            keep(message)

        conn.send = send
        return phone


def test_every_turn_looks_alike_until_the_last_lap_ends(tmp_path: Path) -> None:
    rng = random.Random(5)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Logged(hub, 5)
    host = table.connect("host")
    host.send(t="mode", mode="round_table")
    host.send(t="players", players=7)
    table.connect("watcher")
    host.send(t="deal")
    steps = 0
    while not (hub.state is not None and hub.state.over and hub.screen.get("screen") == "end"):
        with table.changed:
            total = len(host.frames)
        if not host_turn(host, rng):
            table.wait(lambda total=total: len(host.frames) > total)  # type: ignore[misc]
        steps += 1
        assert steps < 20_000
    hub.stop_game()
    watched: dict[str, Any] = {}
    turns = 0
    for name, m in list(table.log):
        if m.get("t") != "screen":
            continue
        if name == "watcher":
            watched = m
        elif "turn" in m:  # the device taken at a turn: the task or a decoy, and what the watchers see meanwhile
            turns += 1
            assert m["screen"] == "night", f"turn {turns} came as a {m['screen']} screen: {m.get('night')}"
            assert watched.get("phase") == "night", f"turn {turns}: the watchers see {watched}"
    assert turns > 10, "the game had nights of turns"
