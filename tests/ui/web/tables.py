"""A table of connections to a hub, without a browser: the host, one bot per seat's phone, an intruder.

Every message each connection receives is kept with the state the game stood at when it was sent, so
a test can check, frame by frame, that nobody was told more than their view of the game allows.
"""

from __future__ import annotations

import itertools
import os
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import State
from narrator.game.clock import AgendaClock
from narrator.game.shelf import Folder
from narrator.ui.web.guard import proof
from narrator.ui.web.hub import Hub

GUARD_S = float(os.environ.get("WOLFCALL_TEST_GUARD", "120"))  # only against a hang: every wait is for a message


@dataclass(frozen=True)
class Public:
    """What the hub held besides the game when a frame was sent: the question (its step, number and whether
    it is a decoy, never its choices), the table's screen, the step called, and the phones' taps so far."""

    step: str | None
    number: int | None
    decoy: bool
    table: dict[str, Any]
    called: str | None
    called_done: frozenset[int]
    seen: frozenset[int]
    done: frozenset[int]
    ballots: frozenset[int]
    picks: tuple[tuple[int, str], ...]

    @staticmethod
    def of(hub: Hub) -> Public | None:
        if hub.table is None:
            return None
        way = hub.way
        q = getattr(way.beats, "holding", None) or hub.question  # own devices: a night step answered, on screen
        gather = getattr(way, "gather", None)  # own devices' taps; the other ways gather none
        return Public(q.step if q else None, q.number if q else None, bool(q and q.decoy), hub.stage.table_screen(),
                      getattr(way, "called", None), frozenset(getattr(way, "called_done", ())),
                      frozenset(getattr(way, "seen", ())),
                      frozenset(gather.done if gather else ()), frozenset(gather.ballots if gather else ()),
                      tuple(sorted(gather.picks.items())) if gather else ())


@dataclass
class Frame:
    message: dict[str, Any]
    state: State | None
    public: Public | None = None
    t: float | None = None  # when it was sent, on the game's clock (a table on an AgendaClock only)
    order: int = 0  # its place among every frame and message of the table (on a virtual clock many share a time)


@dataclass
class Sent:
    """A message a connection sent, when (on the game's clock) and in what order with every other frame."""

    message: dict[str, Any]
    t: float | None
    order: int


@dataclass
class Phone:
    """One connection: what it was sent, and what it has already answered."""

    table: Table
    name: str
    frames: list[Frame] = field(default_factory=list)
    client: int = 0
    token: str | None = None
    nonce: str = ""  # its connection's, answered in its hello with the token's proof (as static/seal.js does)
    who: str = "spectator"
    seat: int | None = None
    acted: set[str] = field(default_factory=set)
    sent: list[Sent] = field(default_factory=list)  # what it sent, as an eavesdropper sees it go

    def receive(self, message: dict[str, Any]) -> None:
        with self.table.changed:
            hub = self.table.hub
            clock = self.table.clock
            self.frames.append(Frame(message, hub.state if hub.table else None, Public.of(hub),
                                     clock.now() if clock is not None else None, next(self.table.order)))
            if message["t"] == "nonce":
                self.nonce = message["nonce"]
            if message["t"] == "token":
                self.token = message["token"]
            if message["t"] == "you":
                self.who, self.seat = message["as"], message["seat"]
            self.table.changed.notify_all()
        if self.table.react is not None:
            self.table.react(self, message)

    def send(self, **message: Any) -> None:
        clock = self.table.clock
        with self.table.changed:
            self.sent.append(Sent(message, clock.now() if clock is not None else None, next(self.table.order)))
        self.table.hub.handle(self.client, message)

    def screen(self) -> dict[str, Any] | None:
        screens = [f.message for f in self.frames if f.message["t"] == "screen"]
        return screens[-1] if screens else None

    def refusals(self) -> list[dict[str, Any]]:
        return [f.message for f in self.frames if f.message["t"] == "refused"]


class Table:
    def __init__(self, hub: Hub, seed: int = 0) -> None:
        self.hub = hub
        self.changed = threading.Condition()
        self.rng = random.Random(seed)
        self.phones: list[Phone] = []
        self.order = itertools.count()  # every frame received and message sent, in turn
        self.clock: AgendaClock | None = None  # the games' clock, when the bots tap at times on it (bots.py)
        self.react: Callable[[Phone, dict[str, Any]], None] | None = None  # a bot's answer to each message

    def connect(self, name: str, token: str | None = None) -> Phone:
        phone = Phone(self, name)
        self.phones.append(phone)
        ticks = itertools.count()
        # the bots answer far faster than fingers: each message comes "a second" after the last, so the rate
        # limit (tested on its own) never drops one
        phone.client = self.hub.connect(phone.receive, now=lambda: float(next(ticks)))
        phone.send(t="hello", proof=proof(token, phone.nonce) if token else None)
        return phone

    def reconnect(self, phone: Phone) -> Phone:
        """The phone's page reloads: a new connection that says hello with the token it kept."""
        self.hub.disconnect(phone.client)
        again = self.connect(phone.name + "'", phone.token)
        again.token = phone.token
        return again

    def wait(self, what: Any) -> None:
        with self.changed:
            assert self.changed.wait_for(what, GUARD_S), [p.screen() for p in self.phones]


def journal_of(hub: Hub) -> Path | None:
    """The journal file of the hub's game in play (a table's shelf is a folder of journal files)."""
    shelf = hub.loop.shelf
    assert isinstance(shelf, Folder), shelf
    return None if hub.loop.key is None else shelf.path(hub.loop.key)


def act(phone: Phone, rng: random.Random) -> bool:
    """What a player does with the screen in front of them; False when there is nothing to do."""
    with phone.table.changed:  # the screen and its place together: the narrator's thread keeps sending
        shown = [(i, f.message) for i, f in enumerate(phone.frames) if f.message["t"] == "screen"]
    if not shown:
        return False
    index, s = shown[-1]
    # every new screen is a new thing to answer (the pack's picks may come back to an earlier combination)
    key = str(index)
    if key in phone.acted:
        return False
    phone.acted.add(key)
    kind, q = s["screen"], s.get("q")
    if phone.who == "host":
        if kind == "deal":
            phone.send(t="show", q=q)
            phone.send(t="cover", q=q)
        elif kind == "narrator":
            phone.send(t="start", q=q)
        elif kind == "day" and not s.get("watch"):
            phone.send(t="vote", q=q)
        elif kind == "vote" and s.get("choices"):
            phone.send(t="tap", q=q, value=rng.choice(s["choices"])["value"])
        elif kind not in ("step", "tiebreak", "hunter", "night"):
            return False
        else:
            return answer(phone, s, rng)
        return True
    if kind == "card" and not s.get("seen"):
        phone.send(t="show")
        phone.send(t="cover")
        return True
    if kind == "ballot" and not s.get("done") and not s.get("silent"):
        phone.send(t="tap", q=q, value=rng.choice(s["choices"])["value"])
        return True
    if kind in ("night", "step", "hunter", "tiebreak") and not s.get("done"):
        return answer(phone, s, rng)
    return False


def answer(phone: Phone, s: dict[str, Any], rng: random.Random) -> bool:
    """A step's screen answered by its shape: a player, potions, seats picked one by one, seconds held."""
    q = s.get("q")
    if s:
        choices = [c for c in s.get("choices", []) if not c.get("off") and c.get("value")]
        if s.get("picks") is not None:  # the pack: every wolf follows the first pick made, or makes one
            picked = [p["pick"] for p in s["picks"] if p["pick"]]
            same = [c for c in choices if (c.get("name") or c.get("label")) == picked[0]] if picked else []
            if same and any(p["pick"] == picked[0] and p["name"] != phone.name for p in s["picks"]):
                phone.send(t="tap", q=q, value=same[0]["value"])
                return True
        if s.get("shape") == "potions":
            phone.send(t="tap", q=q, value=("decoy" if s.get("decoy") else s["step"]) + ":pass")
        elif s.get("pick"):
            seats = [p["seat"] for p in s["pick"]["seats"]][: s["pick"]["count"]]
            prefix = "decoy" if s.get("decoy") else s["step"]
            phone.send(t="tap", q=q, value=f"{prefix}:" + ",".join(map(str, seats)) + ("," if len(seats) == 1 else ""))
        elif s.get("shape") == "seconds":
            phone.send(t="tap", q=q, value=("decoy" if s.get("decoy") else s["step"]) + ":held:2")
        elif choices:
            phone.send(t="tap", q=q, value=rng.choice(choices)["value"])
        else:
            return False
        return True
