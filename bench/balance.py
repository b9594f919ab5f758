"""Balance figures: time to answer a deal (a table hit, a live estimate) and heuristic games per second."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

from engine import Setup, ruleset
from engine.house import defaults
from narrator.balance.odds import estimate
from narrator.balance.playout import play

from ._measure import median_ms, metric


def table_hit_ms() -> float:
    """The median answer for the classic 6-12 recommended deals and the extended 5-24 ones (all in the table)."""
    setups = [Setup.recommended(ruleset("classic"), n) for n in range(6, 13)]
    setups += [Setup.recommended(ruleset("extended"), n) for n in range(5, 25)]
    times = [median_ms(lambda s=s: estimate(s), 5) for s in setups]  # type: ignore[misc]
    return statistics.median(times)


def live_ms(repeat: int = 5) -> float:
    """A deal the table lacks (seven players, two wolves, a seer, no witch): the live estimate's whole answer."""
    setup = Setup(ruleset("classic"), 7, {"werewolf": 2, "seer": 1, "villager": 4})
    return median_ms(lambda: estimate(setup), repeat)


def heuristic_games_per_s(rules: str, players: int, seconds: float = 2.0) -> float:
    setup, house = Setup.recommended(ruleset(rules), players), defaults(rules)
    done, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        play(setup, house, done)
        done += 1
    return done / (time.perf_counter() - t0)


def run() -> Iterator[str]:
    yield metric("balance.table_hit_ms", table_hit_ms(), "ms", "lower")
    yield metric("balance.live_estimate_ms", live_ms(), "ms", "lower")
    yield metric("balance.heuristic_games_per_s.classic_9", heuristic_games_per_s("classic", 9), "games/s", "higher")
    yield metric("balance.heuristic_games_per_s.extended_12", heuristic_games_per_s("extended", 12), "games/s",
                 "higher")
