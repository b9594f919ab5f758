"""Two servers sharing one store and one data folder hold each room by its lease (narrator/online/holding.py):
a room the other one holds is `elsewhere` (HTTP 503 for a proxy to try the next server), never reopened twice,
and taken over once its holder's lease has expired; the old holder lets it go at its next round."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.config import Config
from narrator.online.holding import Holding
from narrator.online.rooms import Rooms
from narrator.ui.web.refusals import Refusal
from tests.online.conftest import Clock, Opener
from tests.online.test_rooms import SCRIPT

TTL = 5.0


def test_a_dead_servers_room_is_taken_over_once_its_lease_expires(tmp_path: Path, opener: Opener,
                                                                    clock: Clock) -> None:
    stores = [opener(), opener()]
    a, b = (Rooms(Config(), SCRIPT, tmp_path / "data", fast=True, now=clock, store=s,
                  holding=Holding(s, name, TTL, now=clock)) for name, s in zip(("a:1", "b:2"), stores, strict=True))
    try:
        code = a.open(1, "Ana", {}).code
        assert stores[1].holder_of(code, clock()) == "a:1"
        assert b.reopen() == [] and b.find(code) is None  # A is alive: B does not reopen its room
        assert b.elsewhere(code, 1) and not b.elsewhere(code, 99)  # a stranger learns nothing of it
        with pytest.raises(Refusal) as refused:
            b.join(code, 2, "Ben", "203.0.113.5")
        assert refused.value.rule == "room.elsewhere"
        clock.t += TTL / 2
        a.round()  # A renews its lease
        clock.t += TTL / 2 + 0.1
        b.round()
        assert b.find(code) is None  # renewed: still A's
        clock.t += TTL  # A has died: no renewal
        b.round()
        assert b.find(code) is not None and stores[0].holder_of(code, clock()) == "b:2"
        assert not b.elsewhere(code, 1) and a.elsewhere(code, 1) is False  # A still has it in memory, until:
        a.round()  # A's renewal fails: it lets the room go
        assert a.find(code) is None and a.elsewhere(code, 1)
    finally:
        a.close()
        b.close()
        for s in stores:
            s.close()
