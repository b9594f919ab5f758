"""Balance figures: time to answer a deal (a table hit, a live estimate) and heuristic games per second.

Runs on the code before issue 37 as well (bench/before.py): it names nothing that code lacks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator

from engine import HouseRules, Setup, ruleset
from engine.house import defaults
from narrator.balance.odds import Odds, estimate, nearest, simulate
from narrator.balance.playout import play

from . import before
from ._measure import median_ms, metric


def table_hit_ms() -> float:
    """The median answer for the classic 6-12 recommended deals and the extended 5-24 ones (all in the table)."""
    setups = [Setup.recommended(ruleset("classic"), n) for n in range(6, 13)]
    setups += [Setup.recommended(ruleset("extended"), n) for n in range(5, 25)]
    times = [median_ms(lambda s=s: estimate(s), 5) for s in setups]  # type: ignore[misc]
    return statistics.median(times)


def live_deal() -> tuple[Setup, HouseRules]:
    """A 12-player extended deal the table lacks: the recommended one with the fox for a villager."""
    rules = ruleset("extended")
    counts = dict(Setup.recommended(rules, 12).counts)
    counts["villager"] -= 1
    counts["fox"] = 1
    return Setup(rules, 12, counts), defaults("extended")


def live_work(games: int, near_games: int, near_tried: int) -> tuple[Odds, tuple[str, str, Odds] | None]:
    """The setup screen's live estimate of `live_deal` as counts of games (odds.SCREEN_BUDGET), without its time limit:
    the same games, so the same answer and interval, on any machine and with the code before issue 37 too."""
    setup, house = live_deal()
    odds = simulate(setup, house, games)
    return odds, nearest(setup, house, odds, games=near_games, limit=near_tried)


def live_ms(repeat: int = 5) -> float:
    """The screen's whole answer for `live_deal`: its odds and its suggestion, as the worker works them out."""
    from dataclasses import replace

    from narrator.balance.odds import SCREEN_BUDGET  # (this checkout's: a count of games since issue 37)

    setup, house = live_deal()
    unhurried = replace(SCREEN_BUDGET, seconds=float("inf"))
    assert estimate(setup, house, budget=unhurried).odds.games == SCREEN_BUDGET.games
    return median_ms(lambda: estimate(setup, house, budget=unhurried), repeat)


def heuristic_games_per_s(rules: str, players: int, seconds: float = 2.0) -> float:
    setup, house = Setup.recommended(ruleset(rules), players), defaults(rules)
    done, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        play(setup, house, done)
        done += 1
    return done / (time.perf_counter() - t0)


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    yield metric("balance.table_hit_ms", table_hit_ms(), "ms", "lower")
    yield metric("balance.live_estimate_ms", live_ms(), "ms", "lower")
    yield metric("balance.heuristic_games_per_s.classic_9", heuristic_games_per_s("classic", 9), "games/s", "higher")
    yield metric("balance.heuristic_games_per_s.extended_12", heuristic_games_per_s("extended", 12), "games/s",
                 "higher")
    yield from before.run(only, before.ESTIMATE)  # the live estimate beside the code before issue 37
