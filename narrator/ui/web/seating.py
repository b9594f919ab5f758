"""Who sits where: a page says who it is, a guest joins with the room code, the host moves or frees seats.

A seat is taken back by its token's proof, or by name with the host's yes (claims.py).
"""

from __future__ import annotations

from typing import Any

from narrator.ui.web.connections import Conn, Connections
from narrator.ui.web.draft import seated
from narrator.ui.web.frames import OWN
from narrator.ui.web.guard import (
    Refusal,
    normal_code,
    same,
)


class Seating(Connections):
    """The seats of own devices and the host's page."""

    def _hello(self, conn: Conn, proof: object) -> None:
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
            if conn.who == "host" and self.voice_download is not None:
                conn.send(self.voice_download.message())
            if conn.who == "host":
                self.takeover.show(conn)
        self._send_frame(conn)
        if conn.seat is not None:
            self.way.welcome(conn)
        self._tell_peers()

    def _join(self, conn: Conn, message: dict[str, Any]) -> None:
        """Own devices: a guest types the room code and a name, and takes the first free seat."""
        from narrator.names import NameProblem, clean_gender, clean_name, same_name_key

        if self.mode != OWN or (self.table is None and self.screen.get("screen") != "setup"):
            raise Refusal("join.closed", "there is no table to join now")
        if conn.wrong_codes >= 10:
            raise Refusal("join.code", "wrong room code")
        if not same(normal_code(str(message.get("code", ""))), self.code):
            conn.wrong_codes += 1
            raise Refusal("join.code", "wrong room code")
        if self.table is not None:
            self._rejoin(conn, message)
            return
        free = [s for s in range(1, self.draft.players + 1) if s not in self.tokens.seats]
        if not free:
            raise Refusal("join.full", "every seat is taken")
        seat = free[0]
        try:
            name = clean_name(message.get("name", ""), seat)
            gender = clean_gender(message.get("gender"), seat)
        except NameProblem as exc:
            raise Refusal("join.name", str(exc)) from None
        names = (self.draft.names + [""] * self.draft.players)[: self.draft.players]
        taken = [n for i, n in enumerate(names) if n and i + 1 in self.tokens.seats]
        if any(same_name_key(n) == same_name_key(name) for n in taken):
            raise Refusal("join.same_name", "someone at the table already has that name")
        names[seat - 1] = name
        self.draft.names = names
        genders = seated(self.draft.genders, self.draft.players)
        genders[seat - 1] = gender
        self.draft.genders = genders
        conn.who, conn.seat, conn.last = "seat", seat, ""
        conn.send({"t": "token", "token": self.tokens.seat_token(seat)})
        conn.send({"t": "you", "as": "seat", "seat": seat})
        self.show({"screen": "setup"})

    def _move(self, message: dict[str, Any]) -> None:
        """Own devices: the host swaps two seats (players sit in another order); each token follows its player."""
        n = self.draft.players
        a, b = int(message["seat"]), int(message["to"])
        if not (1 <= a <= n and 1 <= b <= n):
            raise Refusal("message.form", "no such seat")
        order = list(range(1, n + 1))
        order[a - 1], order[b - 1] = b, a
        names = (self.draft.names + [""] * n)[:n]
        names[a - 1], names[b - 1] = names[b - 1], names[a - 1]
        self.draft.names = names
        genders = seated(self.draft.genders, n)
        genders[a - 1], genders[b - 1] = genders[b - 1], genders[a - 1]
        self.draft.genders = genders
        self.tokens.move(order)
        for conn in self.conns.values():
            if conn.who == "seat" and conn.seat in (a, b):
                conn.seat = b if conn.seat == a else a
                conn.send({"t": "you", "as": "seat", "seat": conn.seat})

    def _remove(self, message: dict[str, Any]) -> None:
        """The host frees a seat before the game: its token stops working, its phone watches."""
        seat = int(message["seat"])
        self.tokens.forget(seat)
        if seat - 1 < len(self.draft.names):
            self.draft.names[seat - 1] = ""
        if seat - 1 < len(self.draft.genders):
            self.draft.genders[seat - 1] = ""
        for conn in self.conns.values():
            if conn.who == "seat" and conn.seat == seat:
                conn.who, conn.seat, conn.last = "spectator", None, ""
                conn.send({"t": "you", "as": "spectator", "seat": None})
