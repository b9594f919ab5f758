"""Round the table: the device goes from hand to hand, each seat's turn a task or a decoy.

The device is the table's, as with one device (its card at the deal, its day questions); a night's turn is
first "pass the device to Ana", then, once she has taken it (`open`), her task or a decoy.
"""

from __future__ import annotations

from typing import Any

from engine import State, shape_of
from narrator.game.inputs import TURN, Question
from narrator.ui.web.frames import Frames, decoy_screen
from narrator.ui.web.guard import Refusal
from narrator.ui.web.ports import Conn
from narrator.ui.web.screens import Screens
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
        return turn_view(game.screens(), state, q, name)


def turn_view(screens: Screens, state: State, q: Question, name: str) -> dict[str, Any]:
    """A turn's screen once its player holds the device: the same title, picture and wording for a task and for
    a decoy, every seat living at nightfall listed in seat order, "nobody" last, so nobody learns a role from a
    glance at the device."""
    task = getattr(q, "task", None)
    assert q.seat is not None
    if task is None:
        screen = decoy_screen(screens, Question("werewolves", q.legal, q.seat, q.number), state.night,
                              sorted(state.alive), True)
        screen["step"] = "decoy"
    else:
        screen = screens.step(Question(task, q.legal, q.seat, q.number), state, q.seat, shape_of(task),
                              screens.listed([c.text() for c in q.legal]))
    if screen.get("shape") == "seat" and "pick" not in screen:
        screen["choices"] = in_seat_order(screens, screen["choices"], sorted(state.alive), task or "decoy")
    screen.pop("ask", None)
    return {**screen, "icon": None, "q": q.number, "turn": name}


def in_seat_order(screens: Screens, choices: list[dict[str, Any]], alive: list[int], step: str) -> list[dict[str, Any]]:
    """Every living seat in seat order, then the rest. A seat the step may not choose (the guard himself) is
    listed like any other, not greyed (a greyed name would tell the guard's turn from a decoy): its tap is
    refused, with the reason, to the one holding the device."""
    targets = {c["target"]: c for c in choices if c["kind"] == "target"}
    listed = [targets.get(s) or {"value": f"{step}:{s}", "kind": "target", "target": s, "seats": [],
                                 "name": screens.name(s), "label": screens.name(s)} for s in alive]
    rest = [c for c in choices if c["kind"] != "target"] or \
        [{"value": f"{step}:none", "kind": "none", "label": screens.words["night.nobody"]}]  # refused: must choose
    return listed + rest
