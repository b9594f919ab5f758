"""Round the table: the device goes from hand to hand, each seat's turn a task or a decoy.
"""

from __future__ import annotations

from typing import Any

from engine import (
    Choice,
    State,
    shape_of,
)
from narrator.game.inputs import Question
from narrator.ui.web.connections import TURN, Connections
from narrator.ui.web.frames import Frames
from narrator.ui.web.guard import (
    Refusal,
)


class RoundTable(Connections):
    """A turn with the device: taken, answered, and its screen."""

    def _open(self, message: dict[str, Any]) -> None:
        """Round the table: the called player has taken the device; their task (or a decoy) is shown."""
        q = self._asked(message, TURN)
        self.opened = q.number
        self.refresh()

    def _turn_tap(self, client: int, q: Question, state: State, choice: Choice) -> None:
        """Round the table: the player holding the device answers their task, or taps their decoy."""
        if self.opened != q.number:
            raise Refusal("stale", "the device has not been taken yet")
        desk = self.input_desk()
        choice = desk.check(choice)  # a task's choices or the decoys: only those on this screen
        result = desk.learns(choice)
        if result is not None:
            self.send_to(client, self._private_answer(choice, result))
        self.opened = None
        self.put(q, choice)

    def _turn_screen(self) -> dict[str, Any]:
        """Round the table: "pass the device to Ana", then, once she holds it, her task or a decoy."""
        q, state = self.question, self.state
        assert q is not None and state is not None and q.seat is not None
        name = self.name(q.seat)
        if self.opened != q.number:
            return {"screen": "turn", "q": q.number, "seat": q.seat, "name": name, "night": state.night}
        legal = [c.text() for c in q.legal]
        task = getattr(q, "task", None)
        screens = self.screens()
        if task is None:
            frames = Frames(screens, state, q, self.screen, self.mode, None)
            screen = frames.decoy(Question("werewolves", q.legal, q.seat, q.number), state, night=True)
            screen["step"] = "decoy"
        else:
            screen = screens.step(Question(task, q.legal, q.seat, q.number), state, q.seat, shape_of(task),
                                  screens.listed(legal))
        return {**screen, "q": q.number, "turn": name}
