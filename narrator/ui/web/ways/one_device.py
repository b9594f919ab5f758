"""One device: the table's own screen answers for everyone, tapped where the device lies.

Every tap comes here first (`_tap`): a seat's phone goes on to own_devices.py, a turn round the table to
round_table.py; the desk (narrator/game/desk.py) checks the choice once and the narrator is handed it.
"""

from __future__ import annotations

from typing import Any

from engine import (
    Choice,
    NotAChoice,
    Refused,
)
from narrator.game.desk import Desk, Stale
from narrator.ui.web import shape
from narrator.ui.web.connections import TURN, Conn, Connections
from narrator.ui.web.frames import CALLED, OWN
from narrator.ui.web.guard import (
    Refusal,
)


class OneDevice(Connections):
    """The taps on the table's device, and what an actor learns at once."""

    def _tap(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        if message.get("q") == CALLED and self.question is None and self.called and conn.seat is not None \
                and str(message.get("value", "")).startswith("decoy:") and self.state is not None \
                and conn.seat in self.state.alive:
            self.called_done.add(conn.seat)  # a decoy tapped while no one is asked: kept by nobody
            self.refresh()
            return
        q = self._asked(message)
        state = self.state
        assert state is not None
        text = message.get("value")
        if not isinstance(text, str):
            raise Refusal("message.form", "a tap carries its value")
        try:
            choice = Choice.from_text(text)
        except NotAChoice:
            raise Refused("other", f"not a choice: {text[:40]}") from None
        if conn.who == "seat" and conn.seat is not None:
            self._seat_tap(conn.seat, q, state, choice)
            return
        if self.mode == OWN and not self.table_answers(q, state):
            raise Refusal("message.not_yours", "this is answered on the players' own phones")
        if q.step == TURN:
            self._turn_tap(client, q, state, choice)
            return
        choice = self.input_desk().check(choice)  # the rules say no with a reason, or yes: recorded once below
        result = self.input_desk().learns(choice)
        if result is not None:  # what the actor learns at once: only to the screen that tapped
            self.send_to(client, self._private_answer(choice, result))
        self.put(q, choice)

    def input_desk(self) -> Desk:
        """The desk of the game in play: where every tap is checked and handed to the narrator."""
        if self.input is None:
            raise Stale
        return self.input.desk

    def _private_answer(self, choice: Choice, result: str) -> dict[str, Any]:
        return shape.private({"t": "private", "kind": "answer", "target": self.name(choice.target or 0),
                              **self.screens().answer(result)})
