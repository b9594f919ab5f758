"""The rulesets' fixed facts: who may play and how the night resolves.

Which roles a ruleset deals, how many of each its recommended deal has, and in which order the night
calls them, come from the role modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .house import HouseRules, defaults


@dataclass(frozen=True)
class Ruleset:
    id: str
    min_players: int
    max_players: int
    default_players: int
    double_save_kills: bool  # guarded *and* healed dies
    guard_may_protect_self: bool
    seer_learns: str  # side | role
    hunter_shoots_on: frozenset[str] | None  # death causes that give the hunter his shot; None: every death
    counted_votes: bool  # ballots or a tally (extended), or the table's verdict only (classic)
    reveal_executed: bool  # the card of a player executed by day is shown to all
    defaults: HouseRules

    @property
    def roles(self) -> tuple[str, ...]:
        """The cards this ruleset deals, in the order a deal lists them."""
        return _cards(self.id)


CLASSIC = Ruleset(
    id="classic", min_players=6, max_players=12, default_players=9,
    double_save_kills=True, guard_may_protect_self=True, seer_learns="side",
    hunter_shoots_on=frozenset({"wolves", "vote"}), counted_votes=False, reveal_executed=False,
    defaults=defaults("classic"),
)

EXTENDED = Ruleset(
    id="extended", min_players=3, max_players=40, default_players=12,
    double_save_kills=False, guard_may_protect_self=False, seer_learns="role",
    hunter_shoots_on=None, counted_votes=True, reveal_executed=True,
    defaults=defaults("extended"),
)

RULESETS = {"classic": CLASSIC, "extended": EXTENDED}
CLASSIC_SPECIALS = ("seer", "witch", "hunter", "guard")


@cache
def _cards(rules: str) -> tuple[str, ...]:
    from .roles import ROLES

    cards = [r for r in ROLES.values() if rules in r.rulesets and r.card]
    return tuple(r.id for r in sorted(cards, key=lambda r: (r.deal_rank, r.id)))


def ruleset(name: str) -> Ruleset:
    return RULESETS[name]
