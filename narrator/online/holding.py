"""Which process holds each room: a lease per room in the store's registry (store.py: claim, renew, release),
so that several processes sharing one store (PostgreSQL) never hold one room twice, and a room whose process died
is taken over by another once its lease has expired. Each claim answers a fencing token, greater than every one
before it: the room's writes carry it, and the store refuses those of a claim that is no longer the latest (a
process that stalled past its lease and woke up to find another holding its room: narrator/online/roomstore.py).

`Holding` is this process's side of it: it claims a room before it opens or reopens it, renews every lease it
holds every third of the lease's length (`Rooms.watch`), and releases a room it closes, or every room when it
stops after SIGTERM (the others take them over at once). The database decides every race: one row a room, one
atomic upsert; nothing here votes or guesses. A process is named by its host and port (`--port`), so a process
restarted on the same port takes its own rooms back at once, while another one waits for their leases to expire.
`Alone` is the holding of a server without a store: every room is its own.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from narrator.online.roomregistry import Opener
from narrator.online.store import Store

LEASE_S = 5.0  # how long a room stays its process's without a renewal: a dead process's rooms move this much later


class Holds(Protocol):
    holder: str
    ttl: float

    def claim(self, code: str) -> int | None:
        """Take room `code` if it is free, expired or already ours: the claim's fencing token; None when another
        process holds it."""
        ...

    def claim_new(self, code: str, opener: Opener | None = None) -> int | None:
        """Take a code no room has ever had (its token); None when one has; `Crowded` when `opener` has its most
        rooms open (every process's, counted in the store)."""
        ...

    def renew(self, fences: Mapping[str, int]) -> set[str]:
        """Extend our leases of the codes in `fences` (each with our claim's token) at once; the ones still ours
        (a room another took over since is not)."""
        ...

    def release(self, code: str, fence: int) -> None: ...

    def free(self, code: str) -> bool:
        """Nobody holds room `code` now (no lease, or an expired one): a process may take it over."""
        ...

    def takeable(self, codes: list[str]) -> list[str]:
        """Which of `codes` nobody holds now: the rooms a dead (or stopped) process left."""
        ...


class Alone:
    """No registry: one server, every room its own."""

    holder, ttl = "alone", LEASE_S

    def claim(self, code: str) -> int | None:
        return 0

    def claim_new(self, code: str, opener: Opener | None = None) -> int | None:
        return 0  # no store to count in: the rooms count this process's own (Rooms.open)

    def renew(self, fences: Mapping[str, int]) -> set[str]:
        return set(fences)

    def release(self, code: str, fence: int) -> None:
        pass

    def free(self, code: str) -> bool:
        return False

    def takeable(self, codes: list[str]) -> list[str]:
        return []


class Holding:
    """This process's leases in `store`, as `holder`, each `ttl` seconds long, on the wall clock `now` (every
    process compares the same expiry times, so their machines keep their clocks in step)."""

    def __init__(self, store: Store, holder: str, ttl: float = LEASE_S, now: Callable[[], float] = time.time) -> None:
        if ttl <= 0:
            raise ValueError("a lease lasts some seconds")
        self.store, self.holder, self.ttl, self.now = store, holder, ttl, now

    def claim(self, code: str) -> int | None:
        return self.store.claim(code, self.holder, self.now(), self.ttl)

    def claim_new(self, code: str, opener: Opener | None = None) -> int | None:
        return self.store.claim_new(code, self.holder, self.now(), self.ttl, opener)

    def renew(self, fences: Mapping[str, int]) -> set[str]:
        return self.store.renew(fences, self.holder, self.now(), self.ttl)

    def release(self, code: str, fence: int) -> None:
        self.store.release(code, fence)

    def free(self, code: str) -> bool:
        return self.store.holder_of(code, self.now()) is None

    def takeable(self, codes: list[str]) -> list[str]:
        t = self.now()
        live = {lease.code for lease in self.store.leases() if lease.expires > t}
        return [code for code in codes if code not in live]


def holder_name(port: int) -> str:
    """This process's name in the registry: its host and port (two processes cannot listen on one port)."""
    return f"{socket.gethostname()}:{port}"
