"""Time for the narrator: a real clock for the table, a virtual one for tests and `--fast`."""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the game's clock started."""
        ...

    def sleep_until(self, t: float) -> None:
        """Return at time `t` (at once when it has passed)."""
        ...


class VirtualClock:
    """Time moves only when someone waits: a whole game runs in milliseconds."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def sleep_until(self, t: float) -> None:
        self.t = max(self.t, t)


class AgendaClock(VirtualClock):
    """A virtual clock on which others act at set times: a table of bots that tap a few seconds after their
    screen comes, as people do, while a whole game still runs in milliseconds. Whoever waits on it (the
    narrator: a line said, a window held) runs what is due before the time it waits for, in time order."""

    def __init__(self, start: float = 0.0) -> None:
        super().__init__(start)
        self._agenda: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()  # what is due at one time runs in the order it was put there
        self._lock = threading.Lock()

    def at(self, t: float, what: Callable[[], None]) -> None:
        """Run `what` at time `t` (at the next wait, when `t` has passed)."""
        with self._lock:
            heapq.heappush(self._agenda, (t, next(self._order), what))

    def run_next(self, until: float) -> bool:
        """Run the first thing due at or before `until`, its time now; False when nothing is due by then."""
        with self._lock:
            if not self._agenda or self._agenda[0][0] > until:
                return False
            t, _, what = heapq.heappop(self._agenda)
            self.t = max(self.t, t)
        what()
        return True

    def sleep_until(self, t: float) -> None:
        while self.run_next(t):
            pass
        super().sleep_until(t)


class RealClock:
    """Wall time, scaled by `speed` (1: real time; 100: a hundred times faster)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.origin = time.monotonic()

    def now(self) -> float:
        return (time.monotonic() - self.origin) * self.speed

    def sleep_until(self, t: float) -> None:
        delay = (t - self.now()) / self.speed
        if delay > 0:
            time.sleep(delay)


class ShiftedClock:
    """Another clock's time moved by `offset` seconds.

    After a replay the narrator's time line goes on where the replay's virtual clock stopped, while
    every wait is really done on the live clock: no deadline taken during the replay can make the
    live clock sleep for the replayed time.
    """

    def __init__(self, base: Clock, offset: float) -> None:
        self.base, self.offset = base, offset

    @classmethod
    def joining(cls, base: Clock, now: float) -> ShiftedClock:
        """A clock that reads `now` at this moment and runs on `base` from here."""
        return cls(base, now - base.now())

    def now(self) -> float:
        return self.base.now() + self.offset

    def sleep_until(self, t: float) -> None:
        self.base.sleep_until(t - self.offset)
