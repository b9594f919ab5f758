"""One device: the table's own screen answers for everyone, tapped where the device lies.

A seat's phone has nothing to answer here: it watches. The desk (narrator/game/desk.py) checks each tap once
and the narrator is handed it (`Way.submit`).
"""

from __future__ import annotations

from typing import Any

from narrator.game.inputs import COVERED, REVEAL, Question
from narrator.ui.web.ports import Conn, Handed
from narrator.ui.web.refusals import STALE, Refusal
from narrator.ui.web.ways.way import Way


class OneDevice(Way):
    """The taps on the table's device, and the card it shows at each seat's turn at the deal."""

    def tap(self, client: int, conn: Conn, q: Question, message: dict[str, Any]) -> Handed | None:
        not_a_seat(conn)
        return self.submit(client, q, self.chosen(message))

    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """The card of the seat whose turn it is at the deal, to the screen that asks with that seat's question
        (a tap late from the seat before, "I'm Ana, show" tapped twice, opens no other seat's card)."""
        state = self.stage.state
        if state is None or self.stage.table is None:
            return
        not_a_seat(conn)
        q = self.stage.asked(message, REVEAL)
        if q.seat is None:
            raise Refusal(STALE, "this screen has moved on")
        self.pages.send_to(client, self.card(state, q.seat))

    def cover(self, conn: Conn, message: dict[str, Any]) -> Handed | None:
        """The card has been seen and covered: the device moves on to the next seat."""
        not_a_seat(conn)
        return self.stage.asked(message, REVEAL), COVERED


def not_a_seat(conn: Conn) -> None:
    """A seat's phone answers nothing where one device answers for everyone."""
    if conn.who == "seat":
        raise Refusal("message.not_yours", "not a seat's message now")
