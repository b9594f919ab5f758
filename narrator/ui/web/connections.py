"""The pages connected to the hub: the host, the seats' phones and the watchers, and how each is told.

Every screen is computed for its receiver by what the pages are shown (`Shown`: the game in play, stage.py, as its
way to play draws it), from the engine's `view()` and the question the narrator asks; a living phone is sent its
frame together with every other's (shape.py), and so is a secret, a refusal, a dummy.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any, Protocol

from narrator.ui.web import shape
from narrator.ui.web.frames import Frames
from narrator.ui.web.guard import Bucket
from narrator.ui.web.ports import Conn, Hooks, Send


class Shown(Protocol):
    """What each page is shown now (stage.py)."""

    def frames(self) -> Frames | None: ...  # the screens of this moment (None before a deal)

    def frame(self, conn: Conn, frames: Frames | None) -> dict[str, Any]: ...  # this page's screen

    def living(self) -> set[int]: ...  # the seats whose phones are sent frames of one shape

    def peers(self, online: set[int]) -> dict[str, Any] | None: ...  # the host's list of who is connected

    def seat_name(self, seat: int) -> str: ...


class Pages:
    """The pages at the table: who each is, and how each is sent its screen and told what it alone may know."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks  # an online room's extras follow every change of screen
        self.conns: dict[int, Conn] = {}
        self.ids = itertools.count(1)
        self.caption = ""  # the narrator's last line, for a page that connects meanwhile
        self.peers = ""  # what the host was last told of who is connected
        self.shown: Shown | None = None

    def draw_with(self, shown: Shown) -> None:
        """What each page is shown comes from `shown` (the hub wires it once, as it makes its parts)."""
        self.shown = shown

    def _shown(self) -> Shown:
        assert self.shown is not None, "the hub draws its pages with the game in play"
        return self.shown

    def add(self, send: Send, host: bool, bucket: Bucket) -> int:
        """A new page: a watcher until it says who it is (`host`: a connection made inside this process)."""
        client = next(self.ids)
        self.conns[client] = Conn(send, bucket, "host" if host else "spectator")
        return client

    def drop(self, client: int) -> None:
        """A page has gone: the host is told when a seat has no phone left."""
        conn = self.conns.pop(client, None)
        if conn is not None and conn.who == "seat" and conn.seat is not None and \
                not any(c.seat == conn.seat for c in self.conns.values()):
            for host in self.hosts():
                host.send({"t": "dropped", "name": self._shown().seat_name(conn.seat), "seat": conn.seat})
        self.tell_peers()

    def greet(self, conn: Conn) -> None:
        """A new page hears the narrator's last line."""
        if self.caption:
            conn.send({"t": "caption", "text": self.caption})

    # -- telling ---------------------------------------------------------------------------------------
    def broadcast(self, message: dict[str, Any]) -> None:
        """A message every page may see: the page's words, a caption (spoken lines hold no secret)."""
        if message.get("t") == "caption":
            self.caption = str(message["text"])
        for conn in list(self.conns.values()):
            conn.send(message)

    def to_host(self, message: dict[str, Any]) -> None:
        """A message for the host only: the table's sound, the natural-voice download."""
        for conn in self.hosts():
            conn.send(message)

    def is_host(self, client: int) -> bool:
        conn = self.conns.get(client)
        return conn is not None and conn.who == "host"

    def hosts(self) -> list[Conn]:
        return [c for c in self.conns.values() if c.who == "host"]

    def send_to(self, client: int, message: dict[str, Any]) -> None:
        conn = self.conns.get(client)
        if conn is not None:
            conn.send(message)

    def tell_seat(self, seat: int, message: dict[str, Any]) -> None:
        """A secret for one seat's phones (a living phone's comes with every other's dummy, shape.py)."""
        self.tell(message, lambda c: c.who == "seat" and c.seat == seat)

    def refuse(self, conn: Conn | None, message: dict[str, Any]) -> None:
        """A refusal to the page that sent the message (a living phone's comes with every other's dummy)."""
        self.tell(message, lambda c: c is conn, shape.REFUSAL_BYTES)

    def tell(self, message: dict[str, Any], to: Callable[[shape.Receiver], bool],
             size: int = shape.PRIVATE_BYTES) -> None:
        shape.tell(self.conns.values(), self._shown().living(), message, to, size)

    def dummies(self) -> None:
        """Every living phone is sent a secret's size of nothing (as when one of them is told a secret)."""
        shape.dummies(self.conns.values(), self._shown().living())

    # -- screens ---------------------------------------------------------------------------------------
    def _screen_of(self, conn: Conn, frames: Frames | None) -> dict[str, Any]:
        return {**self._shown().frame(conn, frames), "t": "screen"}

    def send_frame(self, conn: Conn, force: bool = False) -> None:
        """This page's screen (when it has changed, or `force`), with every living phone's at its size."""
        shown = self._shown()
        frames = shown.frames()
        shape.send_screens([(conn, self._screen_of(conn, frames))], shown.living(), force,
                           [(c, self._screen_of(c, frames)) for c in self.conns.values() if c.who == "seat"])

    def show_now(self, conn: Conn) -> None:
        """After a stale refusal: the page is sent the screen of now even where it has not changed (a page left on
        an old question would wait for ever); every other living phone a dummy of its size at that moment (shape.py)."""
        shown = self._shown()
        frames = shown.frames()
        everyone = [(c, self._screen_of(c, frames)) for c in list(self.conns.values()) if c.who == "seat"]
        shape.show_alone(conn, self._screen_of(conn, frames), shown.living(), everyone)

    def refresh(self) -> None:
        """Every connection is sent its own screen, when it has changed (the living phones together); an
        online room's extras follow (`hooks`)."""
        changed = self.hooks.before_screens()
        shown = self._shown()
        frames = shown.frames()
        shape.send_screens([(c, self._screen_of(c, frames)) for c in list(self.conns.values())], shown.living())
        self.tell_peers()
        self.hooks.after_screens(changed)

    def tell_peers(self) -> None:
        """The host sees which seats have a phone connected (own devices)."""
        message = self._shown().peers({c.seat for c in self.conns.values() if c.who == "seat" and c.seat})
        text = json.dumps(message)
        if message is not None and text != self.peers:
            self.peers = text
            self.to_host(message)
