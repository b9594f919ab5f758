"""One device: the table's own screen answers for everyone, tapped where the device lies.

A seat's phone has nothing to answer here: it watches. The desk (narrator/game/desk.py) checks each tap once
and the narrator is handed it (`Way.submit`).
"""

from __future__ import annotations

from typing import Any

from narrator.game.inputs import COVERED, REVEAL
from narrator.ui.web.guard import Refusal
from narrator.ui.web.ports import Conn
from narrator.ui.web.ways.way import Way


class OneDevice(Way):
    """The taps on the table's device, and the card it shows at each seat's turn at the deal."""

    def tap(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        not_a_seat(conn)
        q, choice = self.chosen(message)
        self.submit(client, q, choice)

    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """The card of the seat whose turn it is at the deal, to the screen that asks with that seat's question
        (a tap late from the seat before, "I'm Ana, show" tapped twice, opens no other seat's card)."""
        state = self.game.state
        if state is None or self.game.table is None:
            return
        not_a_seat(conn)
        q = self.game.asked(message, REVEAL)
        if q.seat is None:
            raise Refusal("stale", "this screen has moved on")
        self.game.send_to(client, self.card(state, q.seat))

    def cover(self, conn: Conn, message: dict[str, Any]) -> None:
        """The card has been seen and covered: the device moves on to the next seat."""
        not_a_seat(conn)
        self.game.put(self.game.asked(message, REVEAL), COVERED)


def not_a_seat(conn: Conn) -> None:
    """A seat's phone answers nothing where one device answers for everyone."""
    if conn.who == "seat":
        raise Refusal("message.not_yours", "not a seat's message now")
