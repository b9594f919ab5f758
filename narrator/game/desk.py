"""The one place a tap becomes an answer: the question open now, a choice checked once against it, and
handed to the narrator once.

A question once answered is closed for good. The narrator may ask the same question again before it has
taken the answer (after the reminder line, the window having run out just as the tap came): the desk
keeps it closed, so its screen does not come back and a second tap is refused, in every way of playing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from engine import Choice, Refused, State, decide
from narrator.game import laps
from narrator.game.inputs import TURN, Question


class Stale(Exception):
    """The tap answers a question that is not open now (already answered, or the game has moved on)."""


class Desk:
    """The question open now and its state; `hand` gives the narrator its one answer."""

    def __init__(self, put: Callable[[int, object], None]) -> None:
        self._put = put  # the narrator's queue (narrator/ui/web/webinput.py)
        self.question: Question | None = None
        self.state: State | None = None
        self._handed: set[int] = set()  # questions answered whose answer the narrator has not taken yet
        self._lock = threading.Lock()

    def open(self, question: Question, state: State) -> bool:
        """The narrator asks `question`: open it, unless it is answered already (False: it stays closed)."""
        with self._lock:
            if question.number in self._handed:
                return False
            self.question, self.state = question, state
            return True

    def answered(self, number: int) -> bool:
        """True while question `number` has an answer the narrator has not taken yet."""
        with self._lock:
            return number in self._handed

    def taken(self, number: int) -> None:
        """The narrator has taken the answer to question `number` (it may ask it again if the rules refuse it)."""
        with self._lock:
            self._handed.discard(number)

    def forget(self) -> None:
        """An undo: the game is replayed without its last choice, and the answers handed meanwhile are void."""
        with self._lock:
            self._handed.clear()

    def check(self, choice: Choice) -> Choice:
        """`choice`, if the question open now allows it; the engine's reason if not (Refused, Malformed...).

        A choice on the question's list is taken as it is. Round the table, a turn allows only its list (a task's
        choices or the decoys). Elsewhere a choice off the list (ballots counted, a tally) is the engine's to judge."""
        q, state = self.question, self.state
        if q is None or state is None:
            raise Stale
        if choice in q.legal:
            return choice
        if q.step == TURN:  # the task's own choice off its list gets the rules' reason (to its player alone)
            if q.task is not None and choice.step == q.task:
                try:
                    decide(state, choice)
                except Refused:
                    raise
                except Exception:  # a reason of form or of step is not the rules' word: said as any other
                    pass
            raise Refused("other", "that choice is not on this screen")
        if choice.step != q.step:
            raise Stale
        decide(state, choice)  # raises the rules' reason; a choice it accepts is handed as it is
        return choice

    def learns(self, choice: Choice) -> str | None:
        """What the one who answers learns at once from `choice` (the seer's card); None for most steps and decoys."""
        state = self.state
        return laps.private_answer(state, choice) if state is not None else None

    def hand(self, value: object) -> Question:
        """Give the narrator the answer to the question open now, and close that question for good."""
        with self._lock:
            q = self.question
            if q is None:
                raise Stale
            self._handed.add(q.number)
            self.question = None
        self._put(q.number, value)
        return q
