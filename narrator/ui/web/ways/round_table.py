"""Round the table: the device goes from hand to hand, each seat's turn a task or a decoy.

The device is the table's, as with one device (its card at the deal, its day questions); a night's turn is
first "pass the device to Ana", then, once she has taken it (`open`), her task or a decoy.
"""

from __future__ import annotations

from typing import Any

from engine import shape_of
from narrator.game.inputs import TURN, Question
from narrator.ui.web.frames import Frames
from narrator.ui.web.guard import Refusal
from narrator.ui.web.ports import Conn
from narrator.ui.web.ways.one_device import OneDevice, not_a_seat


class RoundTable(OneDevice):
    """A turn with the device: taken, answered, and its screen."""

    opened: int | None = None  # the turn whose player has taken the device

    def open(self, message: dict[str, Any]) -> None:
        """The called player has taken the device; their task (or a decoy) is shown."""
        q = self.game.asked(message, TURN)
        self.opened = q.number
        self.game.refresh()

    def tap(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """The player holding the device answers their task, or taps their decoy (the desk allows only the
        choices on this screen); any other question is the table's, as with one device."""
        not_a_seat(conn)
        q, choice = self.chosen(message)
        if q.step == TURN and self.opened != q.number:
            raise Refusal("stale", "the device has not been taken yet")
        self.submit(client, q, choice)

    def ask(self, question: Question) -> object | None:
        if question.step == TURN:
            self.opened = None  # a new turn: the device is passed before it is taken
        return None

    def host(self, frames: Frames) -> dict[str, Any]:
        q = self.game.question
        return self.turn_screen() if q is not None and q.step == TURN else frames.host()

    def turn_screen(self) -> dict[str, Any]:
        """"Pass the device to Ana", then, once she holds it, her task or a decoy."""
        game = self.game
        q, state = game.question, game.state
        assert q is not None and state is not None and q.seat is not None
        name = game.name(q.seat)
        if self.opened != q.number:
            return {"screen": "turn", "q": q.number, "seat": q.seat, "name": name, "night": state.night}
        legal = [c.text() for c in q.legal]
        task = getattr(q, "task", None)
        screens = game.screens()
        if task is None:
            frames = Frames(screens, state, q, game.screen, game.mode, None)
            screen = frames.decoy(Question("werewolves", q.legal, q.seat, q.number), state, night=True)
            screen["step"] = "decoy"
        else:
            screen = screens.step(Question(task, q.legal, q.seat, q.number), state, q.seat, shape_of(task),
                                  screens.listed(legal))
        return {**screen, "q": q.number, "turn": name}
