"""Each side's chance to win a deal: simulated games, a 95% Wilson interval per side, and the nearest deal
(one card changed) whose chances are closest to even. Classic 6-12 and twenty extended deals come from a
committed table (`odds.json`, written by tools/balance_table.py); any other deal is estimated live."""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import HouseRules, Refused, Setup
from engine.house import defaults
from engine.roles import ROLES
from narrator.resources import ODDS

from .playout import play

TABLE = ODDS
Z95 = 1.959964
LIVE_GAMES = 400  # at most, for a deal the table lacks
LIVE_SECONDS = 0.6  # and at most this long (the suggestion gets the rest of the second)
NEAR_GAMES = 60  # for each one-card change tried
SOLO_WINS = {"angel": "angel", "pied_piper": "pied_piper", "white_werewolf": "white_werewolf", "cupid": "lovers"}


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `wins` out of `games` (0 games: nothing is known, 0 to 1)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact at the ends, where rounding would shave them
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


def sides(setup: Setup) -> list[str]:
    """The sides that can win this deal: village, wolves, each solo card dealt, the lovers with a cupid."""
    out = ["village", "wolves"]
    out += [SOLO_WINS[r] for r in setup.counts if r in SOLO_WINS]
    return out


def key(setup: Setup, house: HouseRules) -> str:
    """A deal's name in the table: ruleset, mode, house rules that change play, and the cards."""
    cards = ",".join(f"{r}*{n}" for r, n in sorted(setup.counts.items()))
    rules = f"win={house.win},selfheal={int(house.witch_self_heal_first_night)}"
    if setup.rules.id == "extended":
        rules += f",one_potion={int(house.witch_one_potion_per_night)},captain={int(house.captain)}"
    return f"{setup.rules.id}|{setup.mode}|{rules}|{cards}"


@dataclass(frozen=True)
class Odds:
    """Wins per side out of `games` (draws and other ends count as games, not as a side's win)."""

    games: int
    wins: Mapping[str, int]
    sides: tuple[str, ...]
    source: str  # table | live

    def chance(self, side: str) -> float:
        return self.wins.get(side, 0) / self.games if self.games else 0.0

    def interval(self, side: str) -> tuple[float, float]:
        return wilson(self.wins.get(side, 0), self.games)

    @property
    def gap(self) -> float:
        """How far from even: the village's chance against the wolves'."""
        return abs(self.chance("village") - self.chance("wolves"))

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "source": self.source,
                "sides": [{"side": s, "chance": round(self.chance(s), 4),
                           "low": round(self.interval(s)[0], 4), "high": round(self.interval(s)[1], 4)}
                          for s in self.sides]}


def simulate(setup: Setup, house: HouseRules, games: int, seed: int = 0, players: str = "heuristic",
             deadline: float | None = None, clock: Callable[[], float] = time.perf_counter) -> Odds:
    """Play `games` games (seeds seed, seed+1, ...), or fewer if `deadline` (on `clock`) comes first."""
    wins: Counter[str] = Counter()
    played = 0
    for n in range(games):
        if deadline is not None and played and clock() > deadline:
            break
        wins[play(setup, house, seed + n, players)] += 1
        played += 1
    return Odds(played, dict(wins), tuple(sides(setup)), "live")


@cache
def table() -> dict[str, Any]:
    if not TABLE.exists():
        return {}
    return dict(json.loads(TABLE.read_text()))


def neighbours(setup: Setup) -> list[tuple[str, str, Setup]]:
    """Every valid deal with one card changed: (card taken out, card put in, the deal)."""
    out = []
    for old in sorted(setup.counts):
        for new in setup.rules.roles:
            if new == old or (ROLES[new].copies or 1) > 1 or (ROLES[old].copies or 1) > 1 or "thief" in (old, new):
                continue
            counts = dict(setup.counts)
            counts[old] -= 1
            counts[new] = counts.get(new, 0) + 1
            trial = Setup(setup.rules, setup.players, {r: n for r, n in counts.items() if n}, setup.mode)
            try:
                trial.validate()
            except Refused:
                continue
            out.append((old, new, trial))
    # the changes a table tries first: a wolf more or less, then a special card more or less
    return sorted(out, key=lambda o: ("werewolf" not in o[:2], "villager" not in o[:2], o[:2]))


@dataclass(frozen=True)
class Estimate:
    odds: Odds
    suggestion: tuple[str, str, Odds] | None  # card out, card in, its odds: only if closer to even

    def to_json(self) -> dict[str, Any]:
        out = self.odds.to_json()
        out["suggestion"] = None if self.suggestion is None else {
            "out": self.suggestion[0], "in": self.suggestion[1], **self.suggestion[2].to_json()}
        return out


@dataclass(frozen=True)
class Budget:
    """What a live estimate plays: `games` of the deal, then `near_games` of each of the first `near_tried` one-card
    changes (None: every change), stopping wherever it stands once `seconds` have gone on the deal (and half as
    long again on the changes): a deal too big to play out in time is answered from the games played by then."""

    seconds: float
    games: int = LIVE_GAMES
    near_games: int = NEAR_GAMES
    near_tried: int | None = None


def estimate(setup: Setup, house: HouseRules | None = None, clock: Callable[[], float] = time.perf_counter,
             budget: float | Budget = LIVE_SECONDS) -> Estimate:
    """The odds of a deal and the nearest deal closer to even: from the table, else live within `budget` (seconds:
    as many games as fit, up to LIVE_GAMES)."""
    house = house or defaults(setup.rules.id)
    found = table().get(key(setup, house))
    if found is not None:
        odds = Odds(found["games"], found["wins"], tuple(sides(setup)), "table")
        near = found.get("suggestion")
        suggestion = None if near is None else (near["out"], near["in"], Odds(
            near["games"], near["wins"], tuple(sides(_swapped(setup, near["out"], near["in"]))), "table"))
        return Estimate(odds, suggestion)
    plan = budget if isinstance(budget, Budget) else Budget(budget)
    start = clock()
    odds = simulate(setup, house, plan.games, deadline=start + plan.seconds, clock=clock)
    return Estimate(odds, nearest(setup, house, odds, plan.near_games, start + 1.5 * plan.seconds, plan.near_tried,
                                  clock))


def nearest(setup: Setup, house: HouseRules, odds: Odds, games: int = NEAR_GAMES, deadline: float | None = None,
            limit: int | None = None, clock: Callable[[], float] = time.perf_counter) -> tuple[str, str, Odds] | None:
    """The one-card change that brings village and wolves closest to even, if any is closer than `odds`
    (the first `limit` changes tried, until `deadline`)."""
    best: tuple[str, str, Odds] | None = None
    for old, new, trial in neighbours(setup)[:limit]:
        if deadline is not None and clock() > deadline:
            break
        near = simulate(trial, house, games, deadline=deadline, clock=clock)
        if near.gap < (best[2].gap if best else odds.gap):
            best = (old, new, near)
    return best


def _swapped(setup: Setup, old: str, new: str) -> Setup:
    counts = dict(setup.counts)
    counts[old] = counts.get(old, 0) - 1
    counts[new] = counts.get(new, 0) + 1
    return Setup(setup.rules, setup.players, {r: n for r, n in counts.items() if n}, setup.mode)


# The setup screen's live estimate (narrator/balance/live.py): the same games on every machine, so the same interval
# (about ±10 points at even odds), then the first two changes a table tries (a wolf more, a wolf less). 140 games of a
# 12-player deal: 0.3 s on this 2-core machine, 1 s on a Pi 4 (README, Performance). A bigger deal takes longer (the
# page says the odds are on their way meanwhile); one too big to play out in two seconds is answered from the games
# played by then.
SCREEN_BUDGET = Budget(seconds=2.0, games=100, near_games=20, near_tried=2)
