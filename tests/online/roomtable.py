"""A room of bots without a browser: each member's page is a Phone on a real Room, its opener included.

The opener's page is the host and a seat at once; `play` makes it answer the table's questions as the host
and its own seat's as a player, like the page does.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.online.room import Member, Room
from narrator.online.rooms import Rooms
from narrator.speech.script import SHIPPED, load
from tests.ui.web.tables import Phone, Table, act

SCRIPT = load(SHIPPED)
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Ines", "Jon", "Kira", "Lola", "Mara", "Nico"]
HOST_SCREENS = ("narrator", "vote")


class RoomPhone(Phone):
    room: Room | None = None

    def send(self, **message: Any) -> None:
        assert self.room is not None
        self.room.handle(self.client, message)


class RoomTable(Table):
    def __init__(self, room: Room, seed: int = 0) -> None:
        super().__init__(room.hub, seed)
        self.room = room

    def enter(self, user: int, name: str) -> RoomPhone:
        """A member's page opens the room."""
        phone = RoomPhone(self, name)
        phone.room = self.room
        self.phones.append(phone)
        ticks = itertools.count()
        phone.client = self.room.connect(user, phone.receive, now=lambda: float(next(ticks)))
        return phone


def room_act(phone: RoomPhone, rng: random.Random) -> bool:
    """The page's answer to its screen: the opener answers the table's questions as the host."""
    if phone.who != "host":
        return act(phone, rng)
    index, s = latest(phone)
    kind = s.get("screen")
    if kind in HOST_SCREENS or (kind == "day" and not s.get("watch")):
        return act(phone, rng)
    phone.who = "seat"
    try:
        done = act(phone, rng)
    finally:
        phone.who = "host"
    now, _ = latest(phone)
    if not done and now != index:  # a table's screen came in meanwhile and was taken as the seat's: again
        phone.acted.discard(str(now))
    return done


def latest(phone: RoomPhone) -> tuple[int, dict[str, Any]]:
    with phone.table.changed:
        shown = [(i, f.message) for i, f in enumerate(phone.frames) if f.message["t"] == "screen"]
    return shown[-1] if shown else (-1, {})


def open_room(tmp_path: Path, players: int, rules: str = "classic", lang: str = "en", seed: int = 0,
              speaking: bool = False, now: Any = None, speaker: Any = None,
              history: Any = None) -> tuple[Rooms, Room, RoomTable, list[RoomPhone]]:
    """A room opened by seat 1 and joined by the others, every member's page open, before the deal (`history`:
    the server's, default its data folder's)."""
    rooms = Rooms(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=speaker, history=history,
                  **({"now": now} if now is not None else {}))
    room = rooms.open(1, NAMES[0], {"ruleset": rules, "lang": lang, "speaking": speaking})
    for user in range(2, players + 1):
        rooms.join(room.code, user, NAMES[user - 1], f"10.0.0.{user}")
    table = RoomTable(room, seed)
    phones = [table.enter(user, NAMES[user - 1]) for user in range(1, players + 1)]
    return rooms, room, table, phones


def play_room(room: Room, table: RoomTable, phones: list[RoomPhone], rng: random.Random,
              each: Any = None, hold: Any = None) -> None:
    """Every page answers its screen until the game is over; `each()` runs after every round of answers (and
    returns true when it did something itself);
    a page for which `hold(phone)` is true waits this round."""
    steps = 0
    while True:
        with table.changed:
            total = sum(len(p.frames) for p in table.phones)
        if room.hub.state is not None and room.hub.state.over and room.hub.screen.get("screen") == "end":
            return
        acted = False
        for phone in phones:
            if hold is None or not hold(phone):
                acted = room_act(phone, rng) or acted
        if each is not None:
            acted = bool(each()) or acted  # something the test did itself is a move too
        steps += 1
        assert steps < 20_000, (room.hub.question, [(p.name, p.who, p.seat, p.screen(), p.refusals()[-1:])
                                                    for p in phones])
        if not acted:
            table.wait(lambda total=total: sum(len(p.frames) for p in table.phones) > total)  # type: ignore[misc]


__all__ = ["NAMES", "Member", "RoomPhone", "RoomTable", "open_room", "play_room", "room_act"]
