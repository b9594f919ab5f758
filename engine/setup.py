"""The table before the game: player count, the recommended deal, "adjust", and the deal itself."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import Refused, Unknown
from .roles import ROLES
from .rulesets import Ruleset, recommended, ruleset

WIN_MODES = ("number", "side")
STEP_SECONDS = (0, 4, 6, 10)
DAY_TIMER_MINUTES = (None, 3, 5, 8)


@dataclass(frozen=True)
class Setup:
    """How many play and which cards are dealt: the recommended deal, or an adjusted one."""

    rules: Ruleset
    players: int
    counts: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def recommended(cls, rules: Ruleset, players: int) -> Setup:
        check_count(rules, players)
        return cls(rules, players, recommended(rules, players))

    def adjusted(self, role: str, delta: int) -> Setup:
        """Add or remove one card of `role`; villagers fill the rest. Refused when the rules forbid it."""
        if role not in self.rules.roles or role == "villager":
            raise Refused("adjust.role", f"Only werewolves and special roles can be adjusted, not {role}.")
        counts = dict(self.counts)
        counts[role] = counts.get(role, 0) + delta
        counts["villager"] = counts.get("villager", 0) - delta
        if counts[role] < 0:
            raise Refused("adjust.none_left", f"There is no {role} card left to remove.")
        if counts["villager"] < 0:
            raise Refused("adjust.no_villager", "There is no villager card left to replace; add a player first.")
        new = Setup(self.rules, self.players, {r: n for r, n in counts.items() if n})
        new.validate()
        return new

    def validate(self) -> None:
        check_count(self.rules, self.players)
        check_counts(self.rules, self.players, self.counts)

    def cards(self) -> list[str]:
        """The cards in a fixed order (the rules' order), before shuffling."""
        return [r for r in self.rules.roles for _ in range(self.counts.get(r, 0))]


def check_count(rules: Ruleset, players: int) -> None:
    if not rules.min_players <= players <= rules.max_players:
        raise Refused("setup.players",
                      f"The {rules.id} rules are for {rules.min_players} to {rules.max_players} players, "
                      f"not {players}.")


def check_counts(rules: Ruleset, players: int, counts: Mapping[str, int]) -> None:
    for role in counts:
        if role not in ROLES:
            raise Unknown(f"unknown role '{role}'")
        if role not in rules.roles:
            raise Refused("setup.role", f"The {rules.id} rules have no {role}.")
    if sum(counts.values()) != players:
        raise Refused("setup.total", f"{sum(counts.values())} cards for {players} players; they must match.")
    wolves = counts.get("werewolf", 0)
    if wolves < 1:
        raise Refused("setup.no_wolf", "At least one werewolf must play.")
    if 2 * wolves >= players:
        raise Refused("setup.too_many_wolves",
                      f"{wolves} werewolves among {players} players is too many: "
                      f"werewolves must be fewer than half the players.")
    for role in rules.specials:
        if counts.get(role, 0) > 1:
            raise Refused("setup.one_each", f"Only one {role} can play.")


def setup_from_roles(rules: Ruleset, roles: Sequence[str]) -> Setup:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    setup = Setup(rules, len(roles), counts)
    setup.validate()
    return setup


def shuffled(cards: Sequence[str], seed: int | str) -> tuple[str, ...]:
    """The deal: the cards in seat order, shuffled reproducibly from `seed`."""
    deck = list(cards)
    random.Random(str(seed)).shuffle(deck)
    return tuple(deck)


def check_house(rules_id: str, win: str, step_seconds: int, day_timer: int | None) -> None:
    if win not in WIN_MODES:
        raise Refused("house.win", f"How the game is won must be 'number' or 'side', not '{win}'.")
    if step_seconds not in STEP_SECONDS:
        raise Refused("house.step_seconds", f"Seconds per step must be 0, 4, 6 or 10, not {step_seconds}.")
    if day_timer not in DAY_TIMER_MINUTES:
        raise Refused("house.day_timer", f"The day timer must be off, 3, 5 or 8 minutes, not {day_timer}.")
    ruleset(rules_id)
