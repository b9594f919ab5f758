"""A room's sockets end with their sessions: once an account signs out or changes its password (accounts.py), every
page of it in a room is told so and closed, in every process that serves one, and nothing it sends afterwards acts.

The store is the one place that knows, shared by every process: a socket's message acts only once its session has
been looked up there and found live (`acts`, on the handler's thread, right before the room handles it), so no
process acts for a session another one has ended a moment before. An idle socket is closed by a look at the store
every POLL_S for every socket of this process at once (one statement), and at once when this process ended the
session itself (`now`). Polling rather than PostgreSQL's LISTEN/NOTIFY: it works alike on SQLite, needs no
connection of its own, and its second of delay only leaves a page open that can no longer do anything.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from narrator.online.accounts import Accounts

POLL_S = 1.0  # how long an idle page of a signed-out account stays open at most (in another process)


@dataclass(eq=False)
class Watched:
    """One socket: its session's token, and what closes it (told once, from any thread)."""

    token: str
    end: Callable[[], None]
    ended: bool = field(default=False)


class Signouts:
    """This process's room sockets, each closed once its session has ended (looked up in `accounts`' store)."""

    def __init__(self, accounts: Accounts, every: float = POLL_S) -> None:
        self.accounts, self.every = accounts, every
        self.lock = threading.Lock()
        self.sockets: set[Watched] = set()
        self.wake = threading.Event()
        self.thread: threading.Thread | None = None  # runs while a socket is open, ends with the last one

    def watch(self, token: str, end: Callable[[], None]) -> Watched:
        watched = Watched(token, end)
        with self.lock:
            self.sockets.add(watched)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, daemon=True, name="wolfcall-signouts")
                self.thread.start()
        return watched

    def forget(self, watched: Watched) -> None:
        with self.lock:
            self.sockets.discard(watched)
        self.wake.set()  # the thread ends at once when it was the last

    def now(self) -> None:
        """A session has ended in this process: look at every socket's now, not at the next poll."""
        self.wake.set()

    def acts(self, watched: Watched, user: int) -> bool:
        """May this socket's message act: its session is still live in the store, and still account `user`'s.
        A socket found ended is closed; a store out of reach acts for nobody (the message is dropped)."""
        if watched.ended:
            return False
        try:
            found = self.accounts.user_of(watched.token)
        except Exception as exc:
            _said(exc)
            return False
        if found is None or found.id != user:
            self._end(watched)
            return False
        return True

    def _end(self, watched: Watched) -> None:
        with self.lock:
            if watched.ended:
                return
            watched.ended = True
        watched.end()

    def _run(self) -> None:
        while True:
            self.wake.clear()  # first: a session ended while the store is read is looked at in the next round
            with self.lock:
                if not self.sockets:
                    self.thread = None
                    return
                watched = list(self.sockets)
            try:
                live = self.accounts.live({w.token for w in watched})
            except Exception as exc:  # the store is out of reach for a moment: the next round tries again
                _said(exc)
                live = {w.token for w in watched}
            for w in watched:
                if w.token not in live:
                    self._end(w)
            self.wake.wait(self.every)


def _said(exc: Exception) -> None:
    print(f"wolfcall: the sessions could not be looked up: {type(exc).__name__}: {exc}".splitlines()[0],
          file=sys.stderr, flush=True)
