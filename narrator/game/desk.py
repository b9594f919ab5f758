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
from engine.flow import decided
from narrator.game import laps
from narrator.game.inputs import TURN, Checked, Prompt, Question


class Stale(Exception):
    """The tap answers a question that is not open now (already answered, or the game has moved on)."""


class Desk:
    """The question open now and the game as the table hears it (the one state the pages are drawn from);
    `check` judges a choice once, `hand` gives the narrator its one answer."""

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

    def follow(self, state: State | None) -> None:
        """The game as the table hears it now (a verdict said, the end; None: a new game is dealt)."""
        self.state = state

    def close(self) -> None:
        """Nobody is asked now (a decoy question has closed, the game is over)."""
        self.question = None

    def taken(self, number: int) -> None:
        """The narrator has taken the answer to question `number` (it may ask it again if the rules refuse it)."""
        with self._lock:
            self._handed.discard(number)

    def forget(self) -> None:
        """An undo: the game is replayed without its last choice, and the answers handed meanwhile are void."""
        with self._lock:
            self._handed.clear()

    def check(self, choice: Choice) -> Checked:
        """`choice`, judged once against the question open now and its state: what the rules make of it, and what
        its actor learns at once; the engine's reason if the rules refuse it (Refused, Malformed...).

        Round the table, a turn allows only its list (a task's choices or the decoys): collected for the laps, not
        decided here. Elsewhere a choice off the list (ballots counted, a tally) is the engine's to judge."""
        q, state = self.question, self.state
        if q is None or state is None:
            raise Stale
        if q.step == TURN:
            if choice in q.legal:
                return Checked(choice, state, None, None, laps.private_answer(state, choice))
            if q.task is not None and choice.step == q.task:  # off its list: the rules' reason, to its player alone
                try:
                    decide(state, choice)
                except Refused:
                    raise
                except Exception:  # a reason of form or of step is not the rules' word: said as any other
                    pass
            raise Refused("other", "that choice is not on this screen")
        if choice.step != q.step:
            raise Stale
        events, after = decided(state, choice)  # raises the rules' reason
        return Checked(choice, state, tuple(events), after, laps.private_answer(state, choice))

    def hand(self, value: Checked | Prompt) -> Question:
        """Give the narrator the answer to the question open now, and close that question for good: the one
        place an answer reaches the narrator."""
        with self._lock:
            q = self.question
            if q is None:
                raise Stale
            self._handed.add(q.number)
            self.question = None
        self._put(q.number, value)
        return q
