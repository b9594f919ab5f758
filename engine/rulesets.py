"""The rulesets' fixed facts: who may play, the night order, and the deal tables."""

from __future__ import annotations

from dataclasses import dataclass

from .state import HouseRules


@dataclass(frozen=True)
class Ruleset:
    id: str
    roles: tuple[str, ...]  # the role ids this ruleset deals
    specials: tuple[str, ...]  # the village's special roles (for `win: side`)
    night_order: tuple[str, ...]  # step ids, called in this order when dealt
    min_players: int
    max_players: int
    default_players: int
    double_save_kills: bool  # guarded *and* healed dies
    guard_may_protect_self: bool
    seer_learns: str  # side | role
    hunter_shoots_on: frozenset[str]  # death causes that give the hunter his shot
    defaults: HouseRules


CLASSIC = Ruleset(
    id="classic",
    roles=("werewolf", "seer", "witch", "hunter", "guard", "villager"),
    specials=("seer", "witch", "hunter", "guard"),
    night_order=("guard", "werewolves", "witch", "seer"),
    min_players=6,
    max_players=12,
    default_players=9,
    double_save_kills=True,
    guard_may_protect_self=True,
    seer_learns="side",
    hunter_shoots_on=frozenset({"wolves", "vote"}),
    defaults=HouseRules(),
)

RULESETS = {"classic": CLASSIC}

# players -> (werewolves, seer, witch, hunter, guard); villagers fill the rest
_CLASSIC_DEAL = {
    6: (2, 1, 1, 0, 0),
    7: (2, 1, 1, 1, 0),
    8: (2, 1, 1, 1, 0),
    9: (3, 1, 1, 1, 0),
    10: (3, 1, 1, 1, 0),
    11: (3, 1, 1, 1, 1),
    12: (4, 1, 1, 1, 1),
}


def ruleset(name: str) -> Ruleset:
    return RULESETS[name]


def recommended(rules: Ruleset, players: int) -> dict[str, int]:
    """The recommended deal for a player count, as role -> how many cards."""
    wolves, *specials = _CLASSIC_DEAL[players]
    counts = {"werewolf": wolves}
    counts.update({r: n for r, n in zip(rules.specials, specials, strict=True) if n})
    counts["villager"] = players - sum(counts.values())
    return counts
