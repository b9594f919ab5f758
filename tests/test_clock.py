from __future__ import annotations

import time

from narrator.clock import RealClock, VirtualClock


def test_virtual_clock_moves_only_when_waiting_and_never_back() -> None:
    clock = VirtualClock()
    assert clock.now() == 0
    clock.sleep_until(3600)
    assert clock.now() == 3600
    clock.sleep_until(10)
    assert clock.now() == 3600


def test_a_virtual_hour_takes_no_real_time() -> None:
    clock = VirtualClock()
    t0 = time.perf_counter()
    for minute in range(60):
        clock.sleep_until(minute * 60.0)
    assert time.perf_counter() - t0 < 0.05
    assert clock.now() == 59 * 60


def test_real_clock_scaled_sleeps_a_fraction() -> None:
    clock = RealClock(speed=1000)
    t0 = time.perf_counter()
    clock.sleep_until(clock.now() + 20)  # 20 game seconds = 20 ms real
    elapsed = time.perf_counter() - t0
    assert 0.015 < elapsed < 0.5
    assert clock.now() >= 20
