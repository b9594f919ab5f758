"""The page's bench (bench/web.py) plays as the page does: a reloaded phone proves its token for its new socket's
nonce and gets its seat back; a day vote is cast once every living phone shows its ballot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.web import Phone, Room, _voting, reconnects


def phones(*screens: dict[str, Any]) -> list[Phone]:
    room = Room("ws://unused")
    out = []
    for n, screen in enumerate(screens):
        phone = Phone(room, f"P{n}")
        phone.screen = {"t": "screen", **screen}
        out.append(phone)
    return out


def test_the_vote_is_cast_once_every_living_phone_shows_its_ballot() -> None:
    ballot = {"screen": "ballot", "q": 24, "choices": [], "done": False}
    dead = {"screen": "listen", "phase": "day", "dead": True}  # a dead seat's screen (frames.py seat_screen)
    assert _voting(phones(ballot, ballot, dead), 24)
    assert not _voting(phones(ballot, {**ballot, "q": 23}, dead), 24)
    # a living phone not yet shown its ballot: the day screen names the dead, it is not a dead seat's
    for said in ("Nobody died", "Dead: Ana"):
        assert not _voting(phones(ballot, {"screen": "day", "day": 1, "deaths": [], "dead": said}), 24), said


def test_a_reloaded_phone_gets_its_seat_back(tmp_path: Path) -> None:
    back = reconnects(tmp_path, count=3)  # raises if a token gave back anything but its seat
    assert len(back) == 3 and all(ms > 0 for ms in back)
