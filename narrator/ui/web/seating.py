"""Who sits where: a page says who it is, a guest joins with the room code, the host moves or frees seats.

A seat is taken back by its token's proof, or by name with the host's yes (claims.py). Whether guests join with
a code at all is the way to play's (own devices).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from narrator.game.session import Table
from narrator.ui.web.draft import Draft
from narrator.ui.web.guard import WRONG_CODES, Tokens, normal_code, same
from narrator.ui.web.ports import Conn, Pages
from narrator.ui.web.refusals import Refusal


class Seated(Protocol):
    """The game in play as seating sees it (stage.py): the table dealt, its way, its screen."""

    @property
    def table(self) -> Table | None: ...

    @property
    def way(self) -> Welcoming: ...

    @property
    def screen(self) -> dict[str, Any]: ...

    def show(self, screen: dict[str, Any]) -> None: ...


class Welcoming(Protocol):
    def welcome(self, conn: Conn) -> None: ...  # a seat's page is back: what it may know again

    @property
    def joins(self) -> bool: ...  # a guest may take a seat with the room code


class Seating:
    """The seats of own devices and the host's page."""

    def __init__(self, pages: Pages, stage: Seated, draft: Callable[[], Draft], tokens: Tokens, code: str, *,
                 ask_back: Callable[[Conn, int], None], hello_host: Callable[[Conn], None]) -> None:
        self.pages, self.stage, self.draft, self.tokens, self.code = pages, stage, draft, tokens, code
        self.ask_back = ask_back  # a seat asked back by name: the host is asked (claims.py)
        self.hello_host = hello_host  # what a page that has just become the host is told (a takeover's code...)

    def hello(self, conn: Conn, proof: object) -> None:
        """A page says who it is with the proof of the token its browser kept (its connection's nonce, sealed
        with the token: a hello seen on the Wi-Fi proves nothing on another connection); the first page to ask
        becomes the host."""
        holder = self.tokens.proven(proof, conn.nonce)
        was = (conn.who, conn.seat)
        if holder is not None:
            conn.who, conn.seat = holder
        elif conn.who != "host" and self.tokens.host is None:
            conn.who, conn.seat = "host", None
            conn.send({"t": "token", "token": self.tokens.claim_host()})
        elif conn.who == "seat":
            conn.who, conn.seat = "spectator", None
        conn.send({"t": "you", "as": conn.who, "seat": conn.seat})
        if (conn.who, conn.seat) != was:
            conn.last = ""
            if conn.who == "host":
                self.hello_host(conn)
        self.pages.send_frame(conn)
        if conn.seat is not None:
            self.stage.way.welcome(conn)
        self.pages.tell_peers()

    def join(self, conn: Conn, message: dict[str, Any]) -> None:
        """A guest types the room code and a name, and takes the first free seat (where the way lets guests join:
        own devices); once a game is dealt, asks for a seat back by name."""
        from narrator.names import NameProblem, clean_gender, clean_name, same_name_key

        table = self.stage.table
        if not self.stage.way.joins or (table is None and self.stage.screen.get("screen") != "setup"):
            raise Refusal("join.closed", "there is no table to join now")
        if conn.wrong_codes >= WRONG_CODES:
            raise Refusal("join.code", "wrong room code")
        if not same(normal_code(str(message.get("code", ""))), self.code):
            conn.wrong_codes += 1
            raise Refusal("join.code", "wrong room code")
        if table is not None:
            self.rejoin(conn, message, table)
            return
        d = self.draft()
        free = [s for s in range(1, d.players + 1) if s not in self.tokens.seats]
        if not free:
            raise Refusal("join.full", "every seat is taken")
        seat = free[0]
        try:
            name = clean_name(message.get("name", ""), seat)
            gender = clean_gender(message.get("gender"), seat)
        except NameProblem as exc:
            raise Refusal("join.name", str(exc)) from None
        taken = [n for i, n in enumerate(d.names[: d.players], 1) if n and i in self.tokens.seats]
        if any(same_name_key(n) == same_name_key(name) for n in taken):
            raise Refusal("join.same_name", "someone at the table already has that name")
        d.seat(seat, name, gender)
        conn.who, conn.seat, conn.last = "seat", seat, ""
        conn.send({"t": "token", "token": self.tokens.seat_token(seat)})
        conn.send({"t": "you", "as": "seat", "seat": seat})
        self.stage.show({"screen": "setup"})

    def rejoin(self, conn: Conn, message: dict[str, Any], table: Table) -> None:
        """A player whose phone lost its token asks for their seat back by name: the host is asked, and only
        the host's yes gives it (claims.py); a phone that kept its token needs no asking (its hello)."""
        from narrator.names import same_name_key

        typed = same_name_key(str(message.get("name", ""))[:96].strip())
        seat = next((i for i, n in enumerate(table.players, 1) if n and same_name_key(n) == typed), None)
        if seat is None:
            raise Refusal("join.closed", "there is no free seat of that name at this table")
        self.ask_back(conn, seat)

    def place(self, client: int, seat: int) -> None:
        """Page `client` is seat `seat`'s (an online room's member, as its account says: no token to prove)."""
        conn = self.pages.conns.get(client)
        if conn is not None:
            conn.who, conn.seat, conn.last = "seat", seat, ""

    def move(self, message: dict[str, Any]) -> None:
        """The host swaps two seats (players sit in another order); each token follows its player."""
        d = self.draft()
        n = d.players
        a, b = int(message["seat"]), int(message["to"])
        if not (1 <= a <= n and 1 <= b <= n):
            raise Refusal("message.form", "no such seat")
        order = list(range(1, n + 1))
        order[a - 1], order[b - 1] = b, a
        d.swap(a, b)
        self.tokens.move(order)
        for conn in self.pages.conns.values():
            if conn.who == "seat" and conn.seat in (a, b):
                conn.seat = b if conn.seat == a else a
                conn.send({"t": "you", "as": "seat", "seat": conn.seat})
        self.stage.show({"screen": "setup"})

    def remove(self, message: dict[str, Any]) -> None:
        """The host frees a seat before the game: its token stops working, its phone watches."""
        seat = int(message["seat"])
        self.tokens.forget(seat)
        self.draft().free(seat)
        for conn in self.pages.conns.values():
            if conn.who == "seat" and conn.seat == seat:
                conn.who, conn.seat, conn.last = "spectator", None, ""
                conn.send({"t": "you", "as": "spectator", "seat": None})
        self.stage.show({"screen": "setup"})
