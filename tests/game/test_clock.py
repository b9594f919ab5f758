"""The clocks, without a stopwatch: the real clock is checked against itself, its arithmetic on a fake
wall, and the virtual clock is shown never to wait at all."""

from __future__ import annotations

import pytest

import narrator.game.clock
from narrator.game.clock import RealClock, VirtualClock


class FakeTime:
    """Stands in for the `time` module inside narrator.game.clock: a wall that moves only when slept on."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        assert seconds > 0, f"slept {seconds} s"
        self.slept.append(seconds)
        self.t += seconds


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(narrator.game.clock, "time", fake)
    return fake


def test_virtual_clock_moves_only_when_waiting_and_never_back() -> None:
    clock = VirtualClock()
    assert clock.now() == 0
    clock.sleep_until(3600)
    assert clock.now() == 3600
    clock.sleep_until(10)
    assert clock.now() == 3600


def test_a_virtual_hour_takes_no_real_time(wall: FakeTime) -> None:
    clock = VirtualClock()
    for minute in range(60):
        clock.sleep_until(minute * 60.0)
        assert clock.now() == minute * 60.0
    assert clock.now() == 59 * 60
    assert wall.slept == [] and wall.t == 1000.0  # it never slept, nor read the wall


def test_real_clock_scales_the_wall(wall: FakeTime) -> None:
    clock = RealClock(speed=1000)
    assert clock.now() == 0
    wall.t += 0.005
    assert clock.now() == pytest.approx(5.0)  # 5 ms of wall time are 5 game seconds
    clock.sleep_until(25.0)
    assert wall.slept == [pytest.approx(0.020)]  # 20 game seconds: 20 ms of sleep
    assert clock.now() == pytest.approx(25.0)
    clock.sleep_until(10.0)  # already past: returns at once
    clock.sleep_until(clock.now())
    assert len(wall.slept) == 1
    plain = RealClock()
    plain.sleep_until(3.0)
    assert wall.slept[-1] == pytest.approx(3.0) and plain.now() == pytest.approx(3.0)


def test_real_clock_never_goes_back_and_sleeps_at_least_to_the_target() -> None:
    clock = RealClock(speed=1000)
    readings = [clock.now() for _ in range(1000)]
    assert readings == sorted(readings) and readings[0] >= 0
    for step in (0.5, 5.0, 20.0):
        target = clock.now() + step
        clock.sleep_until(target)
        assert clock.now() >= target  # by the clock's own reading: never early, however loaded the machine
    before = clock.now()
    clock.sleep_until(before - 100)  # a time that has passed
    assert clock.now() >= before
