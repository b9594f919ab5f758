"""Answers tapped on the page reach the narrator's thread through one queue: the answer to the question asked now,
an undo at once, an answer held for the question to come, and the end of the game's thread."""

from __future__ import annotations

import threading

import pytest

from engine import Choice, Game, State
from narrator.game.clock import AgendaClock, VirtualClock
from narrator.game.inputs import COVERED, UNDO, Answer, Question
from narrator.ui.web.webinput import Stopped, WebInput

from ...narration import NAMES, ROLES
from .tables import GUARD_S

GAME = Game.new(NAMES, roles=ROLES, seed=1)
WOLVES = Question("werewolves", tuple(GAME.legal()), None, 4)


def asked() -> tuple[WebInput, list[tuple[Question, State]]]:
    published: list[tuple[Question, State]] = []
    live = WebInput(lambda q, s: published.append((q, s)))
    assert live.desk.open(WOLVES, GAME.state)
    return live, published


def test_the_checked_answer_to_the_question_asked_is_given_as_checked() -> None:
    live, published = asked()
    live.put(3, COVERED)  # a tap late for the question before: skipped
    checked = live.desk.check(Choice("werewolves", 6))
    live.desk.hand(checked)
    answer = live.answer(WOLVES, GAME.state, VirtualClock(), 0.0, 30.0)
    assert answer == Answer(Choice("werewolves", 6), 0.0) and answer.checked is checked
    assert published == [(WOLVES, GAME.state)]  # the pages are drawn for the question before it waits
    assert live.desk.open(WOLVES, GAME.state)  # taken: were it refused, it may be asked again


def test_an_undo_wakes_the_narrator_at_once_and_voids_the_answers_handed() -> None:
    live, _ = asked()
    live.request_undo()
    live.request_undo()  # taps made before it is taken count as one
    live.desk.hand(COVERED)  # handed while the undo waits: the replay voids it
    assert live.answer(WOLVES, GAME.state, VirtualClock(), 0.0, 30.0) == Answer(UNDO)
    assert not live.take_undo()
    assert live.desk.open(WOLVES, GAME.state)


def test_on_the_games_clock_the_taps_due_in_the_window_come_and_then_the_window_closes() -> None:
    live, _ = asked()
    clock = AgendaClock()
    clock.at(2.5, lambda: live.put(4, COVERED))
    assert live.answer(WOLVES, GAME.state, clock, 0.0, 6.0) == Answer(COVERED, 2.5)
    assert live.answer(WOLVES, GAME.state, clock, 2.5, 6.0) is None and clock.now() == 6.0


def test_an_answer_held_ahead_is_kept_once_for_the_next_question() -> None:
    live = WebInput(lambda q, s: None)
    assert not live.answered_ahead()
    live.hold(COVERED)
    assert live.answered_ahead() and live.take_held() is COVERED
    assert not live.answered_ahead() and live.take_held() is None


def test_stopping_ends_the_narrators_wait() -> None:
    live, _ = asked()
    ended: list[BaseException] = []

    def wait() -> None:
        with pytest.raises(Stopped) as stopped:
            live.answer(WOLVES, GAME.state, VirtualClock(), 0.0, float("inf"))
        ended.append(stopped.value)

    thread = threading.Thread(target=wait)
    thread.start()
    live.stop()
    thread.join(GUARD_S)  # a guard against a hang only: stop() ends the wait at once
    assert not thread.is_alive() and len(ended) == 1
