"""`online.rooms_per_process`: how many rooms of ten paced bots (bench/online.py's paced games: a real clock
PACED_SPEED times a table's, players who look at a screen before they tap) one `wolfcall serve --online` process
holds with every game ending and the tap-to-screen p95 at or under TARGET_P95_MS.

The count is searched upward from FIRST, doubling while the goal holds, then bisected between the last count that
held and the first that did not, to STEP rooms, each count played once on a fresh data folder. The search stops
where its time budget (BUDGET_S, or WOLFCALL_BENCH_CAPACITY_S seconds) runs out: the largest count that held so far
is the figure, and stderr says the search was cut short. Each count's figures go to stderr; the CPU and the memory
per room at the count found go out as figures too (the README's sizing: rooms per core, memory per room).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from ._measure import metric, p95
from .online import PACED_SPEED, PLAYERS, Figures, rooms_under_load

TARGET_P95_MS = 100.0
FIRST, STEP = 10, 5
BUDGET_S = float(os.environ.get("WOLFCALL_BENCH_CAPACITY_S", "1800"))


def _held(f: Figures, rooms: int) -> bool:
    return not f.problems and f.completed == rooms and bool(f.latencies) and p95(f.latencies) <= TARGET_P95_MS


def _try(rooms: int) -> tuple[bool, Figures | None]:
    """`rooms` paced rooms on one process: whether the goal held, and the figures (None when the run failed)."""
    try:
        with tempfile.TemporaryDirectory() as tmp:
            f = rooms_under_load(Path(tmp) / "data", rooms=rooms, players=PLAYERS, speed=PACED_SPEED)
    except Exception as exc:  # a count the process cannot take at all (a socket refused, a hang): not held
        sys.stderr.write(f"bench online.rooms_per_process: {rooms} rooms failed: {type(exc).__name__}: {exc}\n")
        return False, None
    n = len(f.latencies)
    sys.stderr.write(f"bench online.rooms_per_process: {rooms} rooms: {f.completed} games ended, tap-to-screen "
                     f"p50 {statistics.median(f.latencies) if n else 0:.1f} ms p95 {p95(f.latencies) if n else 0:.1f} "
                     f"ms, server CPU {f.cpu_cores:.2f} cores, rss {f.rss_peak_mb:.0f} MB ({f.rss_idle_mb:.0f} "
                     f"before the rooms)\n")
    return _held(f, rooms), f


def search(tries: Callable[[int], tuple[bool, Figures | None]] = _try,
           budget_s: float = BUDGET_S) -> tuple[int, Figures | None]:
    """The largest count that held (0 when not even FIRST did), and its figures."""
    deadline = time.monotonic() + budget_s
    good, bad, figures = 0, None, None
    rooms = FIRST
    while bad is None or bad - good > STEP:
        if time.monotonic() > deadline:
            sys.stderr.write(f"bench online.rooms_per_process: the search ran out of its {budget_s:.0f} s between "
                             f"{good} and {bad} rooms\n")
            break
        held, f = tries(rooms)
        if held:
            good, figures = rooms, f
        else:
            bad = rooms
        if bad is None:
            rooms *= 2
        elif good == 0 and rooms == FIRST:
            break
        else:
            rooms = good + max(STEP, (bad - good) // 2 // STEP * STEP)
            if rooms >= bad:
                break
    return good, figures


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    if not only("online.rooms_per_process"):
        return
    rooms, f = search()
    yield metric("online.rooms_per_process", rooms, "rooms", "higher")
    if f is not None:
        yield metric("online.rooms_per_process.server_cpu_cores", f.cpu_cores, "cores", "lower")
        yield metric("online.rooms_per_process.server_rss_mb_per_room", (f.rss_peak_mb - f.rss_idle_mb) / rooms,
                     "MB", "lower")
