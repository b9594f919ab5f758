"""Seats taken back by name, only with the table's yes (own devices).

A phone that kept its token gets its seat back by itself: its hello proves the token (guard.py `proof`),
after a reload or a restart of the server alike. A player whose phone lost it (another phone, a cleared
browser) types the seat's name; the host's screen shows "Eva wants this seat back" with Allow and Refuse,
and the seat (and its card) is theirs only when the host allows it. Typing a name alone gives nobody a seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from narrator.ui.web.guard import Tokens
from narrator.ui.web.refusals import Refusal, refused
from narrator.ui.web.strings import strings


class Conn(Protocol):
    """A page connected to the table, as claims see it (narrator/ui/web/hub.py's Conn)."""

    who: str
    seat: int | None
    last: str
    address: str

    def send(self, message: dict[str, Any]) -> None: ...


class Redrawn(Protocol):
    def refresh(self) -> None: ...  # every page is sent its screen again


class Hub(Protocol):
    """What claims need of the table's hub: its pages, tokens, the game in play and language, and a redraw."""

    @property
    def conns(self) -> Mapping[int, Conn]: ...

    @property
    def tokens(self) -> Tokens: ...

    @property
    def dealt(self) -> object: ...

    @property
    def lang(self) -> str: ...

    @property
    def pages(self) -> Redrawn: ...


@dataclass
class Claims:
    """The seats asked back by name, each with the connection that asked and the game it asked in (an ask
    from before a new game or a rematch is not shown, and cannot be allowed), until the host answers."""

    waiting: dict[int, tuple[Conn, object]] = field(default_factory=dict)

    def asked(self, game: object) -> set[int]:
        """The seats asked for in this game (the hub's `dealt`)."""
        return {seat for seat, (_, at) in self.waiting.items() if at is game}

    def ask(self, hub: Hub, conn: Conn, seat: int) -> None:
        """A watcher asks for a seat: the host is asked (a later ask replaces it), unless the seat's token is
        held by a phone that is connected now (its player is at the table: nobody asks the host for it)."""
        if seat in hub.tokens.seats and any(c.who == "seat" and c.seat == seat for c in hub.conns.values()):
            raise Refusal("join.closed", "there is no free seat of that name at this table")
        self.waiting[seat] = (conn, hub.dealt)
        tell(hub, conn, "join.asked", "notice")
        hub.pages.refresh()  # the host's list of seats shows the ask

    def answer(self, hub: Hub, allow: bool, seat: Any) -> None:
        """The host's Allow (the asker takes the seat, under a new token: the old one stops working) or
        Refuse (the asker is told, and goes on watching)."""
        conn, at = self.waiting.pop(seat, (None, None)) if isinstance(seat, int) else (None, None)
        if conn is None or at is not hub.dealt:
            raise Refusal("stale", "nobody is asking for that seat now")
        if conn.who == "spectator" and any(c is conn for c in hub.conns.values()):
            if allow:
                take_seat(hub, conn, seat)
            else:
                tell(hub, conn, "join.denied", "refused")
        hub.pages.refresh()


def take_seat(hub: Hub, conn: Conn, seat: int) -> None:
    """The seat is this connection's; a page still holding it (with the old token) goes back to watching."""
    for other in hub.conns.values():
        if other.who == "seat" and other.seat == seat:
            other.who, other.seat, other.last = "spectator", None, ""
            other.send({"t": "you", "as": "spectator", "seat": None})
    conn.who, conn.seat, conn.last = "seat", seat, ""
    conn.send({"t": "token", "token": hub.tokens.seat_token(seat)})
    conn.send({"t": "you", "as": "seat", "seat": seat})


def tell(hub: Hub, conn: Conn, rule: str, kind: str) -> None:
    conn.send(refused(Refusal(rule), strings(hub.lang), kind=kind))
