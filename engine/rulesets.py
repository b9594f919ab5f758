"""The rulesets' fixed facts: who may play and how the day's vote is taken.

Which roles a ruleset deals, how many of each its recommended deal has, in which order the night calls
them and how each role's power works under each ruleset (what the seer learns, when the hunter shoots) come
from the role modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .house import HouseRules, defaults
from .roles import ROLES


@dataclass(frozen=True)
class Ruleset:
    id: str
    min_players: int
    max_players: int
    default_players: int
    counted_votes: bool  # ballots or a tally (extended), or the table's verdict only (classic)
    reveal_executed: bool  # the card of a player executed by day is shown to all
    defaults: HouseRules

    @property
    def roles(self) -> tuple[str, ...]:
        """The cards this ruleset deals, in the order a deal lists them."""
        return _cards(self.id)


CLASSIC = Ruleset(
    id="classic", min_players=6, max_players=12, default_players=9,
    counted_votes=False, reveal_executed=False,
    defaults=defaults("classic"),
)

EXTENDED = Ruleset(
    id="extended", min_players=3, max_players=40, default_players=12,
    counted_votes=True, reveal_executed=True,
    defaults=defaults("extended"),
)

RULESETS = {"classic": CLASSIC, "extended": EXTENDED}
CLASSIC_SPECIALS = ("seer", "witch", "hunter", "guard")


@cache
def _cards(rules: str) -> tuple[str, ...]:
    cards = [r for r in ROLES.values() if rules in r.rulesets and r.card]
    return tuple(r.id for r in sorted(cards, key=lambda r: (r.deal_rank, r.id)))


def ruleset(name: str) -> Ruleset:
    return RULESETS[name]
