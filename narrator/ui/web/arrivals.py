"""Messages as they reach a page's socket: counted, sized and read there, before anything waits in a queue.

The hub takes one message at a time under its lock. A flood counted only when the hub takes it would first
wait in the queue ahead of the host's tap, so every socket (the table's and an online room's) counts each
frame the moment it arrives and drops what is over the allowance there. The hub is then given a connection
whose allowance is already counted (`CountedAtTheSocket`).

A socket over its allowance is told once (`message.rate`) and then not again: what it sends past it is dropped in
silence, for an answer to each would cost the server as much as the flood itself. One that keeps on sending past
it is closed (`Flood`); a page that only ran over for a moment is never closed, and is told again once it has
kept to its allowance for a while.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket

from narrator.ui.web.guard import Bucket

FLOODED = 1008  # WebSocket's "policy violation": the socket kept on sending past its allowance
CLOSE: dict[str, Any] = {"close": FLOODED}  # in a socket's outbox: what was queued goes out, then it closes
STRIKES = 80.0  # messages a socket may send past its allowance before it is closed ...
FORGIVEN = 1.0  # ... of which so many a second are forgotten (a page a little over its allowance is never closed)
WATCHERS_RATE, WATCHERS_BURST = 100.0, 200.0  # messages a second from every watcher together, after a burst
OPENS_RATE, OPENS_BURST = 2.0, 60.0  # sockets an address may open a second, after a burst (a table behind a router)
BARRED_S = 30.0  # an address one of whose sockets was closed for flooding opens no new one for so long: else each
# closed flooder comes straight back, and the hub is asked to greet (connect, draw, forget) hundreds of sockets a
# second. A page is never closed for flooding (FORGIVEN), so a table behind the same router never meets the bar.
HOLD_S = 5.0  # a refused socket (a barred address, or one past its allowance of new ones) waits so long for its
HELD = 256  # refusal, at most so many at once: a flooder's loop waits with it, instead of costing the server a
# handshake a millisecond; past HELD the refusal is at once (a held socket costs memory, not work)
JOIN_TRIES = 10  # room codes tried a minute, per address (and, online, per account)
ALL_TRIES = 100  # room codes tried a minute on the whole table's server, from every address together


class CountedAtTheSocket(Bucket):
    """A page's allowance in the hub, already counted as its messages arrived at its socket."""

    def take(self) -> bool:
        return True


class Flood:
    """What is done with a message past a socket's allowance: the first of a run is refused (`tell`), the next
    are dropped (`drop`), and past STRIKES of them (less FORGIVEN a second) the socket is closed (`close`). A run
    ends, and a refusal is told again, once every strike is forgotten."""

    def __init__(self, now: Callable[[], float], strikes: float = STRIKES, forgiven: float = FORGIVEN) -> None:
        self.strikes = Bucket(now, forgiven, strikes)

    def over(self) -> str:
        """`tell`, `drop` or `close`: what is done with one more message past the allowance."""
        fresh = self.strikes.room() >= self.strikes.burst
        if not self.strikes.take():
            return "close"
        return "tell" if fresh else "drop"


class Window:
    """How many tries each key (an address, an account) made in the last minute."""

    def __init__(self, now: Callable[[], float], limit: int = JOIN_TRIES, seconds: float = 60.0) -> None:
        self.now, self.limit, self.seconds = now, limit, seconds
        self.tries: dict[str, list[float]] = {}

    def full(self, key: str) -> bool:
        """Has this key made its tries of the last minute (without making one more)?"""
        t = self.now()
        return sum(1 for x in self.tries.get(key, []) if t - x < self.seconds) >= self.limit

    def take(self, key: str) -> bool:
        t = self.now()
        recent = [x for x in self.tries.get(key, []) if t - x < self.seconds]
        if len(recent) >= self.limit:
            self.tries[key] = recent
            return False
        recent.append(t)
        self.tries[key] = recent
        if len(self.tries) > 10000:  # bounded: forget the quiet ones
            self.tries = {k: v for k, v in self.tries.items() if v and t - v[-1] < self.seconds}
        return True


class Door:
    """What the table's server lets in from pages that have not said who they are: the watchers of one
    address share one allowance (a client opening many sockets gets no more), and room codes are tried at
    most JOIN_TRIES a minute from one address and ALL_TRIES a minute in all."""

    def __init__(self, now: Callable[[], float], each: int = JOIN_TRIES, every: int = ALL_TRIES,
                 hold_s: float = HOLD_S, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.now, self.hold_s, self.sleep = now, hold_s, sleep
        self.held = 0  # refused sockets waiting for their refusal now
        self.watchers: dict[str, Bucket] = {}
        self.all_watchers = Bucket(now, WATCHERS_RATE, WATCHERS_BURST)  # many addresses get no more either
        self.opened: dict[str, Bucket] = {}
        self.barred: dict[str, float] = {}  # address: until when it opens nothing
        self.codes, self.all_codes = Window(now, each), Window(now, every)

    def opens(self, address: str) -> bool:
        """One more socket from this address, if its allowance has room and it is not barred (`bar`)."""
        t = self.now()
        if self.barred.get(address, t) > t:
            return False
        return self._bucket(self.opened, address, OPENS_RATE, OPENS_BURST).take()

    async def hold(self) -> None:
        """Before a socket is refused: wait HOLD_S, unless HELD are waiting already."""
        if self.held >= HELD:
            return
        self.held += 1
        try:
            await self.sleep(self.hold_s)
        finally:
            self.held -= 1

    def bar(self, address: str) -> None:
        """One of this address's sockets was closed for flooding: it opens no new one for BARRED_S seconds."""
        t = self.now()
        if len(self.barred) > 10000:  # bounded: the bars that have run out are forgotten
            self.barred = {a: until for a, until in self.barred.items() if until > t}
        self.barred[address] = t + BARRED_S

    def watcher(self, address: str) -> bool:
        """One more message from a watcher at this address, if their shared allowance has room, and every
        watcher's together."""
        return self._bucket(self.watchers, address).take() and self.all_watchers.take()

    def _bucket(self, buckets: dict[str, Bucket], address: str, *allowance: float) -> Bucket:
        bucket = buckets.get(address)
        if bucket is None:
            if len(buckets) > 10000:  # bounded: one quiet long enough to be full again is as good as new
                t = self.now()
                for old in [a for a, b in buckets.items() if (t - b.at) * b.rate >= b.burst]:
                    del buckets[old]
            bucket = buckets[address] = Bucket(self.now, *allowance)
        return bucket

    def code(self, address: str) -> bool:
        """One more room code tried from this address, if neither its limit nor the server's is reached."""
        return self.codes.take(f"ip:{address}") and self.all_codes.take("all")

    def joined(self, address: str, right: bool) -> bool:
        """A join typed at a socket: a wrong code counts as a try, for the address and the server; a right one
        goes in uncounted (twelve phones behind one router join one table), but only while neither limit is
        reached, so that past a limit a right code and a wrong one get the same refusal."""
        if not right:
            return self.code(address)
        return not self.codes.full(f"ip:{address}") and not self.all_codes.full("all")

    def named(self, address: str, right: bool) -> bool:
        """A code named in a request for the QR code or the join card: a wrong one counts as a try; a right one
        is taken, uncounted (the host's page asks again at every redraw), only while the address is under its
        limit, so that past it a right code and a wrong one get the same answer."""
        if not right:
            self.code(address)
            return False
        return not self.codes.full(f"ip:{address}")


def loads(text: str | bytes) -> object:
    """A JSON value; None for anything else (bad text, bad UTF-8, or nested deeper than Python reads)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


async def frames(ws: WebSocket, limit: int, take: Callable[[], bool], refuse: Callable[[str], Awaitable[None]],
                 shut: Callable[[], Awaitable[None]], now: Callable[[], float] = time.monotonic
                 ) -> AsyncIterator[object]:
    """Each message a page sends, read as JSON, until it closes. A frame over `limit` characters is refused here
    (`refuse(rule)`) and goes no further; one over the allowance (`take`) too, but only the first of a run is
    answered, and a socket that keeps on is closed (`Flood`, on the clock `now`) by `shut` (which sends what was
    queued first: CLOSE through the socket's outbox). A binary frame is no message (None: the hub refuses it as
    `message.form`, as any other unreadable message)."""
    flood = Flood(now)
    while True:
        event = await ws.receive()
        if event["type"] == "websocket.disconnect":
            return
        text = event.get("text")
        if not take():
            verdict = flood.over()
            if verdict == "close":
                await shut()
                return
            if verdict == "tell":
                await refuse("message.rate")
        elif len(text if text is not None else event.get("bytes") or b"") > limit:
            await refuse("message.size")
        else:
            yield loads(text) if text is not None else None
