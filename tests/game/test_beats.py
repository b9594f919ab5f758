"""When a night step closes on own devices (narrator/game/beats.py): on the window's end or a beat after it, once
every phone has answered and the actor's answer is taken, whoever answered last."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from narrator.game.beats import BEAT, CAP, hold, next_beat
from narrator.game.clock import AgendaClock


class Phones:
    """Living phones that answer question 7 at set times on the clock."""

    def __init__(self, clock: AgendaClock, times: dict[int, float]) -> None:
        self.clock, self.answered = clock, set[int]()
        self.seats = set(times)
        for seat, t in times.items():
            clock.at(t, self.tap(seat))

    def tap(self, seat: int) -> Callable[[], None]:
        return lambda: self.answered.add(seat)

    def all_answered(self, number: int) -> bool:
        assert number == 7
        return self.answered == self.seats


def closes(times: dict[int, float], actor: float | None, window: float = 6.0) -> tuple[float, int]:
    """When a step whose phones answer at `times` closes (its actor's answer taken at `actor`; None: a dead step),
    and how many reminders were said."""
    clock = AgendaClock()
    phones, reminders = Phones(clock, times), []

    def taken(until: float) -> bool:
        if actor is None or actor <= until:
            return True
        clock.sleep_until(until)
        return False

    hold(clock, phones, 7, window, taken, lambda: reminders.append(clock.now()))
    return clock.now(), len(reminders)


def test_the_beats_come_after_the_windows_end() -> None:
    assert next_beat(6.0, 6.0) == 7.5 and next_beat(6.0, 6.2) == 7.5 and next_beat(6.0, 7.5) == 9.0
    assert next_beat(6.0, 10.49) == 10.5


@pytest.mark.parametrize("last", [1, 2, 3])
def test_a_step_closes_on_the_first_beat_after_the_last_answer_whoever_gave_it(last: int) -> None:
    """The actor (seat 1) answers at 7.9 s, or a decoy does: the close is the same moment."""
    times = {1: 2.0, 2: 3.0, 3: 4.0}
    times[last] = 7.9
    assert closes(times, times[1]) == (9.0, 1)


def test_a_step_answered_in_its_window_closes_at_its_end_without_a_reminder() -> None:
    assert closes({1: 1.0, 2: 5.9}, 1.0) == (6.0, 0)
    assert closes({1: 1.0, 2: 5.9}, None) == (6.0, 0)  # a dead step: its decoys alone


def test_a_live_step_never_closes_without_its_actors_answer() -> None:
    """Every phone has answered (the actor tapped an early, refused choice, say); the answer comes at 40 s."""
    assert closes({1: 1.0, 2: 1.0}, 40.3) == (next_beat(6.0, 40.3), 1)


def test_past_the_cap_a_phone_is_no_longer_waited_for() -> None:
    at, reminders = closes({1: 1.0, 2: 100.0}, None)
    assert at == next_beat(6.0, CAP - BEAT / 2) and at >= CAP and reminders == 1
