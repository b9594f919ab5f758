"""The rooms of one server: the join tries it counts, in the store when it has one (one count for all
processes sharing it), else in its own memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.config import Config
from narrator.online.holding import Holding
from narrator.online.rooms import JOIN_TRIES, Rooms
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.refusals import Refusal
from tests.online.conftest import Clock, Opener

SCRIPT = load(SHIPPED)


def test_two_servers_on_one_store_share_the_join_limit(tmp_path: Path, opener: Opener, clock: Clock) -> None:
    one, two = opener(), opener()
    servers = [Rooms(Config(), SCRIPT, tmp_path / name, fast=True, now=clock, store=s)
               for name, s in (("a", one), ("b", two))]
    for i in range(JOIN_TRIES):
        assert servers[i % 2].guess(7, "203.0.113.5")
    assert not servers[0].guess(None, "203.0.113.5") and not servers[1].guess(None, "203.0.113.5")
    assert not servers[1].guess(7, "198.51.100.1")  # the account is past its limit from any address
    with pytest.raises(Refusal) as refused:
        servers[0].join("ZZZZZZZZ", 8, "Eva", "203.0.113.5")
    assert refused.value.rule == "room.slow"
    clock.t += 60
    assert servers[1].guess(7, "203.0.113.5")  # a minute later the tries are out of the window
    for s in (one, two):
        s.close()


def test_without_a_store_a_server_counts_alone(tmp_path: Path, clock: Clock) -> None:
    a = Rooms(Config(), SCRIPT, tmp_path / "a", fast=True, now=clock)
    b = Rooms(Config(), SCRIPT, tmp_path / "b", fast=True, now=clock)
    assert all(a.guess(None, "203.0.113.5") for _ in range(JOIN_TRIES))
    assert not a.guess(None, "203.0.113.5") and b.guess(None, "203.0.113.5")


def test_a_table_behind_one_address_joins_through_either_process_and_wrong_codes_count(
        tmp_path: Path, opener: Opener, clock: Clock) -> None:
    """Eleven players behind one router join a room held by A, each first at B (as a proxy may send them: B
    answers `room.elsewhere`, then the proxy tries A): a right code is not counted, a wrong one is; past the
    limit a right code is refused as a wrong one."""
    stores = [opener(), opener()]
    a, b = (Rooms(Config(), SCRIPT, tmp_path / "data", fast=True, now=clock, store=s,
                  holding=Holding(s, name, 5.0, now=clock)) for name, s in zip(("a:1", "b:2"), stores, strict=True))
    try:
        code = a.open(1, "Ana", {}).code
        for user in range(2, 13):
            with pytest.raises(Refusal) as refused:
                b.join(code, user, f"P{user}", "203.0.113.5")
            assert refused.value.rule == "room.elsewhere"
            assert a.join(code, user, f"P{user}", "203.0.113.5").code == code
        for server in (a, b) * (JOIN_TRIES // 2):
            with pytest.raises(Refusal) as refused:
                server.join("ZZZZZZZZ", 13, "Mallory", "203.0.113.5")
            assert refused.value.rule == "room.unknown"
        for server in (a, b):
            with pytest.raises(Refusal) as refused:
                server.join(code, 14, "Olga", "203.0.113.5")
            assert refused.value.rule == "room.slow"
    finally:
        a.close()
        b.close()
        for s in stores:
            s.close()
