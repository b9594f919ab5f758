"""Two servers sharing one store and one data folder hold each room by its lease (narrator/online/holding.py):
a room the other one holds is `elsewhere` (HTTP 503 for a proxy to try the next server), never reopened twice,
and taken over once its holder's lease has expired; the old holder lets it go at its next round."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from narrator.config import Config
from narrator.online.holding import Holding
from narrator.online.room import Room
from narrator.online.rooms import Rooms
from narrator.ui.web.refusals import Refusal
from tests.online.conftest import Clock, Opener
from tests.online.roomtable import NAMES, RoomTable, play_room, room_act
from tests.online.test_restart import Pause, mid_night, no_wolf_tap
from tests.online.test_rooms import SCRIPT
from tests.ui.web.tables import GUARD_S

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


def after_the_wolves(room: Room) -> bool:
    """Raised once the wolves' question of night 1 is answered (the next question is another's)."""
    q, state, journal = room.hub.question, room.hub.state, room.hub.loop.journal
    if state is not None and q is not None and q.step != "werewolves" and journal is not None and any(
            r["kind"] == "answer" for r in journal.contents().records[-1:]):
        raise Pause
    return False


@pytest.mark.parametrize("first", ["write", "renewal"])
def test_a_stalled_holder_writes_nothing_and_lets_the_room_go(tmp_path: Path, opener: Opener, clock: Clock,
                                                              monkeypatch: pytest.MonkeyPatch, first: str) -> None:
    """A holds a room in the middle of night 1 and stalls past its lease; B (its own data folder: they share the
    store alone) takes the room over and its wolves answer. Then A wakes up, and either a tap its page sent while it
    stalled (`write`) or its lease's renewal (`renewal`) comes first: none of A's writes lands, A lets the room go
    (its pages are told to reconnect), and B's game goes on from the journal and record as B left them."""
    stores = [opener(), opener()]
    a, b = (Rooms(Config(), SCRIPT, tmp_path / name, fast=True, now=clock, store=s,
                  holding=Holding(s, f"{name}:1", TTL, now=clock)) for name, s in zip("ab", stores, strict=True))
    try:
        room = a.open(1, NAMES[0], {"ruleset": "classic"})
        for user in range(2, 7):
            a.join(room.code, user, NAMES[user - 1], f"10.0.0.{user}")
        table = RoomTable(room, 3)
        phones = [table.enter(user, NAMES[user - 1]) for user in range(1, 7)]
        phones[0].send(t="deal")
        no_wolf_tap(room, phones, monkeypatch)
        with pytest.raises(Pause):
            play_room(room, table, phones, random.Random(3), hold=lambda phone: mid_night(room))
        monkeypatch.undo()  # A's pages may tap the wolves' question from here on
        table.wait(lambda: room.hub.question is not None and all(p.screen() for p in phones))

        clock.t += TTL + 1  # A stalls: no renewal
        b.round()
        back = b.find(room.code)
        assert back is not None and stores[0].holder_of(room.code, clock()) == "b:1"
        table2 = RoomTable(back, 3)
        phones2 = [table2.enter(user, NAMES[user - 1]) for user in range(1, 7)]
        with pytest.raises(Pause):
            play_room(back, table2, phones2, random.Random(4), hold=lambda phone: after_the_wolves(back))
        journal = back.hub.journal_name
        assert journal is not None
        left = (stores[0].lines(room.code, journal), stores[0].record(room.code))

        def tap() -> None:
            """A's pages answer the wolves' question they still show (the wolves pick one victim together), until
            A's hub hands its narrator the answer, or the pages are let go."""
            rng = random.Random(5)
            asked = room.hub.question
            while room.hub.question is asked and a.find(room.code) is not None:
                with table.changed:
                    total = sum(len(p.frames) for p in phones)
                if not any([room_act(phone, rng) for phone in phones]):
                    table.wait(lambda total=total: sum(len(p.frames) for p in phones) > total)  # type: ignore[misc]

        if first == "write":
            tap()
            assert a.wake.wait(GUARD_S), "A's refused write did not tell it"
            a.round()
        else:
            a.round()
            tap()
        assert a.find(room.code) is None and a.elsewhere(room.code, 1)
        assert all(p.frames[-1].message == {"t": "restarting"} for p in phones)
        assert (stores[1].lines(room.code, journal), stores[1].record(room.code)) == left
        assert stores[1].holder_of(room.code, clock()) == "b:1" and b.find(room.code) is back
        play_room(back, table2, phones2, random.Random(4))  # B plays the game to its end
        assert stores[1].lines(room.code, journal)[: len(left[0])] == left[0]
    finally:
        a.close()
        b.close()
        for s in stores:
            s.close()
