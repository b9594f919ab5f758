"""Answers tapped on the page: the hub puts them on a queue, the narrator's thread takes them."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from engine import State
from narrator.game.clock import AgendaClock, Clock, RealClock, VirtualClock
from narrator.game.desk import Desk
from narrator.game.inputs import UNDO, Answer, Checked, Prompt, Question

WAKE = (-1, UNDO)  # put on the queue so that a narrator waiting for a tap sees the undo at once


class Stopped(Exception):
    """The server is shutting down or a new game replaces this one: the narrator's thread ends."""


class WebInput:
    def __init__(self, publish: Callable[[Question, State], None]) -> None:
        self.publish = publish
        self.taps: queue.Queue[tuple[int, object] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._undo_asked = False
        self._ahead: object | None = None  # an answer given before its question is asked (`hold`)
        self.desk = Desk(self.put)  # the hub hands its one answer to each question through it
        self.undo_rule: Callable[[], str | None] = lambda: None  # why ↶ may not undo now (the narrator's rule)
        # whether every phone has answered a question: the page server's count of the phones' taps (stage.py)
        self.roll: Callable[[int], bool] = lambda number: True

    def put(self, number: int, value: object) -> None:
        self.taps.put((number, value))

    def request_undo(self) -> None:
        """↶ tapped: kept until the narrator takes it, at its next question or before its next line.

        Taps made before it is taken count as one."""
        with self._lock:
            self._undo_asked = True
        self.taps.put(WAKE)

    def take_undo(self) -> bool:
        with self._lock:
            asked, self._undo_asked = self._undo_asked, False
        return asked

    def hold(self, value: object) -> None:
        """An answer tapped before its question is asked (a rematch while the cards are still revealed aloud):
        the narrator cuts short what it says, and the hub hands it when the question comes (`take_held`)."""
        with self._lock:
            self._ahead = value

    def answered_ahead(self) -> bool:
        with self._lock:
            return self._ahead is not None

    def take_held(self) -> object | None:
        """The answer held for the question asked now, once; a question asked clears it (it was for this one)."""
        with self._lock:
            value, self._ahead = self._ahead, None
        return value

    def all_answered(self, number: int) -> bool:
        """Every living phone connected has answered question `number`, decoys' taps included (a night step on own
        devices closes only then: narrator/game/beats.py)."""
        return self.roll(number)

    def stop(self) -> None:
        self.taps.put(None)

    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        self.publish(question, state)
        while True:
            if isinstance(clock, AgendaClock) and self.taps.empty():
                while self.taps.empty() and clock.run_next(until):
                    pass  # the table's taps due before the window ends
                if self.taps.empty() and until != float("inf"):
                    clock.sleep_until(until)
                    return None
            if isinstance(clock, VirtualClock) or until == float("inf"):
                timeout = None  # on the virtual clock time only moves when someone waits: wait for the tap
            else:
                speed = clock.speed if isinstance(clock, RealClock) else 1.0
                timeout = (until - clock.now()) / speed
                if timeout <= 0:
                    return None
            try:
                item = self.taps.get(timeout=timeout)
            except queue.Empty:
                return None
            if item is None:
                raise Stopped
            number, value = item
            self.desk.taken(number)
            if self.take_undo():
                self.desk.forget()  # the game is replayed without its last choice: nothing handed stands
                return Answer(UNDO)
            if number != question.number:
                continue  # a tap meant for an earlier question
            virtual = isinstance(clock, VirtualClock) and not isinstance(clock, AgendaClock)
            delay = round(0.0 if virtual else max(0.0, clock.now() - asked_at), 3)
            if isinstance(value, Checked):
                return Answer(value.choice, delay, checked=value)  # applied as the desk checked it
            assert isinstance(value, Prompt)
            return Answer(value, delay)
