"""Round the table: the device goes from hand to hand, each seat's turn a task or a decoy.

The device is the table's, as with one device (its card at the deal, its day questions); a night's turn is
first "pass the device to Ana", then, once she has taken it (`open`), her task or a decoy.
"""

from __future__ import annotations

import random
from typing import Any

from engine import Choice, State, shape_of
from narrator.game import laps
from narrator.game.inputs import TURN, Question
from narrator.ui.web.frames import Frames, decoy_screen
from narrator.ui.web.guard import Refusal
from narrator.ui.web.ports import Conn
from narrator.ui.web.screens import Screens
from narrator.ui.web.ways.one_device import OneDevice, not_a_seat


class RoundTable(OneDevice):
    """A turn with the device: taken, answered pick by pick, and its screens."""

    opened: int | None = None  # the turn whose player has taken the device
    picks: tuple[int | None, ...] = ()  # the seats picked on this turn's screens so far (None: nobody)
    clue: int | None = None  # a decoy's clue, drawn when the device is taken

    def open(self, message: dict[str, Any]) -> None:
        """The called player has taken the device; the first screen of their task (or a decoy) is shown."""
        q = self.game.asked(message, TURN)
        self.opened, self.picks = q.number, ()
        state = self.game.state
        assert state is not None
        self.clue = DRAW.choice([*sorted(state.alive), None])
        self.game.refresh()

    def tap(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """The player holding the device picks on one of their turn's screens; the last one answers their task
        (or their decoy), each answer checked as soon as it is whole. Any other question is the table's, as with
        one device."""
        not_a_seat(conn)
        q, choice = self.chosen(message)
        if q.step != TURN:
            self.submit(client, q, choice)
            return
        if self.opened != q.number:
            raise Refusal("stale", "the device has not been taken yet")
        state = self.game.state
        assert state is not None
        task = getattr(q, "task", None)
        if task is not None and shape_of(task) == "option":  # its own options, on one screen (not yet alike)
            self.submit(client, q, choice)
            return
        if choice.step != (task or laps.DECOY) or choice.target not in (None, *state.alive):
            raise Refusal("other", f"not a choice of this turn: {message.get('value')}")
        picks = (*self.picks, choice.target)
        answer = laps.compose(task, shape_of(task), picks) if task else Choice(laps.DECOY, choice.target)
        last = len(picks) >= laps.taps(state)
        whole = answer is not None and laps.compose(task or laps.DECOY, shape_of(task) if task else "seat",
                                                    picks[:-1]) is None
        try:  # the rules say no as soon as the answer is whole, and the turn starts again from its first screen
            if last:
                assert answer is not None
                self.picks = ()
                self.submit(client, q, answer)
                return
            if whole and answer is not None:
                self.game.input_desk().check(answer)
        except Exception:
            self.picks = ()
            self.game.refresh()
            raise
        self.picks = picks
        self.game.refresh()

    def ask(self, question: Question) -> object | None:
        if question.step == TURN:
            self.opened, self.picks = None, ()  # a new turn: the device is passed before it is taken
        return None

    def host(self, frames: Frames) -> dict[str, Any]:
        q = self.game.question
        return self.turn_screen() if q is not None and q.step == TURN else frames.host()

    def turn_screen(self) -> dict[str, Any]:
        """"Pass the device to Ana", then, once she holds it, her task's screens or a decoy's."""
        game = self.game
        q, state = game.question, game.state
        assert q is not None and state is not None and q.seat is not None
        name = game.name(q.seat)
        if self.opened != q.number:
            return {"screen": "turn", "q": q.number, "seat": q.seat, "name": name, "night": state.night}
        return turn_view(game.screens(), state, q, name, len(self.picks), self.clue)


DRAW = random.SystemRandom()  # a decoy's clue: nobody can work it out from what the table knows


def turn_view(screens: Screens, state: State, q: Question, name: str, part: int = 0,
              clue: int | None = None) -> dict[str, Any]:
    """Screen `part` of a turn once its player holds the device, the same for every role's task and for a
    decoy: no picture, the same title and wording, every seat living at nightfall in seat order, "nobody"
    last, as many screens a turn (`laps.taps`), and on the first a clue naming a seat (or nobody): the
    wolves' victim for the witch, `clue` (drawn at random) for everyone else. A step of two seats or two
    potions is picked one seat a screen (`laps.compose`)."""
    task = getattr(q, "task", None)
    assert q.seat is not None
    if task is not None and shape_of(task) == "option":
        return option_view(screens, state, q, name, task)
    screen = decoy_screen(screens, Question("werewolves", q.legal, q.seat, q.number), state.night,
                          sorted(state.alive), True)
    screen["step"] = task or "decoy"
    screen.pop("decoy", None)
    screen.pop("ask", None)
    screen["choices"] = in_seat_order(screens, [], sorted(state.alive), task or laps.DECOY)
    out = {**screen, "icon": None, "q": q.number, "turn": name, "part": part, "parts": laps.taps(state)}
    if part == 0 and "potions" in laps.shapes(state):
        out["clue"] = victims(screens, state, q, task) if task and shape_of(task) == "potions" else \
            screens.name(clue) if clue else screens.words["night.nobody"]
    return out


def option_view(screens: Screens, state: State, q: Question, name: str, task: str) -> dict[str, Any]:
    """A step answered with one of its options (the thief's cards, the wolf-dog's side) on its own screen,
    under the turn's title; not yet alike a decoy's (issue 18)."""
    assert q.seat is not None
    screen = screens.step(Question(task, q.legal, q.seat, q.number), state, q.seat, "option",
                          screens.listed([c.text() for c in q.legal]))
    screen.pop("ask", None)
    return {**screen, "icon": None, "q": q.number, "turn": name}


def victims(screens: Screens, state: State, q: Question, task: str) -> str:
    """The wolves' victims as the witch learns them at her turn, or "nobody"."""
    assert q.seat is not None
    now = laps.ahead(state, task) or state
    seen = screens.step(Question(task, q.legal, q.seat, q.number), now, q.seat, "potions", [])
    return seen.get("attacked") or screens.words["night.nobody"]


def in_seat_order(screens: Screens, choices: list[dict[str, Any]], alive: list[int], step: str) -> list[dict[str, Any]]:
    """Every living seat in seat order, then the rest. A seat the step may not choose (the guard himself) is
    listed like any other, not greyed (a greyed name would tell the guard's turn from a decoy): its tap is
    refused, with the reason, to the one holding the device."""
    targets = {c["target"]: c for c in choices if c["kind"] == "target"}
    listed = [targets.get(s) or {"value": f"{step}:{s}", "kind": "target", "target": s, "seats": [],
                                 "name": screens.name(s), "label": screens.name(s)} for s in alive]
    rest = [c for c in choices if c["kind"] != "target"] or \
        [{"value": f"{step}:none", "kind": "none", "label": screens.words["night.nobody"]}]
    return listed + rest
