"""The pages at the table (narrator/ui/web/connections.py), over the narrow port of what they are shown (`Shown`):
who is told a page has gone, the caption a page finds when it connects, a refusal to its sender alone (with a
dummy of its size to every other living phone), a screen sent again only when it changes."""

from __future__ import annotations

from typing import Any

from narrator.ui.web.connections import Pages
from narrator.ui.web.frames import Frames
from narrator.ui.web.guard import Bucket
from narrator.ui.web.ports import Conn, Hooks
from narrator.ui.web.shape import wire_size


class Board:
    """What the pages are shown: one screen per page, that a test changes; `alive` are the living seats."""

    def __init__(self, alive: set[int]) -> None:
        self.alive = alive
        self.screens: dict[str, dict[str, Any]] = {}

    def frames(self) -> Frames | None:
        return None

    def frame(self, conn: Conn, frames: Frames | None) -> dict[str, Any]:
        key = conn.who if conn.seat is None else f"seat{conn.seat}"
        return self.screens.get(key, {"screen": "lobby"})

    def living(self) -> set[int]:
        return self.alive

    def peers(self, online: set[int]) -> dict[str, Any] | None:
        return None

    def seat_name(self, seat: int) -> str:
        return ["", "Ana", "Ben", "Carla"][seat]


def pages(alive: frozenset[int] = frozenset()) -> tuple[Pages, Board, dict[str, list[dict[str, Any]]]]:
    """A host, the phones of seats 1 to 3 and a watcher, each keeping what it is sent."""
    board, sent = Board(set(alive)), dict[str, list[dict[str, Any]]]()
    at = Pages(Hooks())
    at.draw_with(board)
    for name, who, seat in (("host", "host", None), ("ana", "seat", 1), ("ben", "seat", 2), ("carla", "seat", 3),
                            ("watcher", "spectator", None)):
        sent[name] = []
        client = at.add(sent[name].append, who == "host", Bucket(lambda: 0.0))
        at.conns[client].who, at.conns[client].seat = who, seat
    return at, board, sent


def client_of(at: Pages, seat: int) -> int:
    return next(c for c, conn in at.conns.items() if conn.seat == seat)


def test_the_host_is_told_when_a_seat_has_no_phone_left() -> None:
    at, _, sent = pages()
    extra = at.add(lambda m: None, False, Bucket(lambda: 0.0))
    at.conns[extra].who, at.conns[extra].seat = "seat", 2  # Ben's second device
    at.drop(client_of(at, 2))
    assert not [m for m in sent["host"] if m["t"] == "dropped"], "Ben still has a phone"
    at.drop(extra)
    assert [m for m in sent["host"] if m["t"] == "dropped"] == [{"t": "dropped", "name": "Ben", "seat": 2}]
    assert not [m for name in ("ana", "watcher") for m in sent[name] if m["t"] == "dropped"]


def test_a_page_that_connects_hears_the_last_caption() -> None:
    at, _, sent = pages()
    at.broadcast({"t": "caption", "text": "Night falls."})
    assert all({"t": "caption", "text": "Night falls."} in got for got in sent.values())
    late: list[dict[str, Any]] = []
    client = at.add(late.append, False, Bucket(lambda: 0.0))
    at.greet(at.conns[client])
    assert late == [{"t": "caption", "text": "Night falls."}]


def test_a_refusal_reaches_its_sender_alone_and_every_other_living_phone_a_dummy_of_its_size() -> None:
    at, _, sent = pages(alive=frozenset({1, 2}))
    at.refuse(at.conns[client_of(at, 1)], {"t": "refused", "rule": "stale", "text": "This screen has moved on."})
    assert [m["t"] for m in sent["ana"]] == ["refused"]
    assert [m["t"] for m in sent["ben"]] == ["pad"], "a living phone is sent something at the same moment"
    assert wire_size(sent["ana"][0]) == wire_size(sent["ben"][0]), "of the same size on the wire"
    assert sent["carla"] == sent["watcher"] == sent["host"] == [], "the dead and the watchers are sent nothing"


def test_a_screen_is_sent_again_only_when_it_changes_or_is_forced() -> None:
    at, board, sent = pages()
    host = at.conns[1]
    board.screens["host"] = {"screen": "setup", "players": 8}
    at.send_frame(host)
    at.send_frame(host)
    assert sent["host"] == [{"screen": "setup", "players": 8, "t": "screen"}]
    at.send_frame(host, force=True)
    board.screens["host"] = {"screen": "setup", "players": 9}
    at.send_frame(host)
    assert [m["players"] for m in sent["host"]] == [8, 8, 9]
