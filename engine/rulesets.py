"""The rulesets' fixed facts: who may play, how the day's vote is taken, and the deal tables.

Which roles a ruleset deals, in which order the night calls them and how each role's power works under
each ruleset (what the seer learns, when the hunter shoots) come from the role modules.
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

# The extended deal grows with the table: (from this many players, the cards added). Roles come in
# the order a group new to them meets them; wolves stay near a quarter of the table.
_EXTENDED_STEPS: tuple[tuple[int, dict[str, int]], ...] = (
    (3, {"werewolf": 1, "seer": 1, "villager": 1}),
    (4, {"villager": 1}),
    (5, {"witch": 1}),
    (6, {"werewolf": 1}),
    (7, {"hunter": 1}),
    (8, {"cupid": 1}),
    (9, {"guard": 1}),
    (10, {"elder": 1}),
    (11, {"villager": 1}),
    (12, {"wolf_father": 1}),
    (13, {"fox": 1}),
    (14, {"raven": 1}),
    (15, {"sister": 2}),
    (17, {"big_bad_wolf": 1}),
    (18, {"knight": 1}),
    (19, {"scapegoat": 1}),
    (20, {"brother": 3}),
    (23, {"werewolf": 1}),
    (24, {"dog_handler": 1}),
    (25, {"village_idiot": 1}),
    (26, {"wild_child": 1}),
    (27, {"white_werewolf": 1}),
    (28, {"wolf_dog": 1}),
    (29, {"angel": 1}),
    (30, {"pied_piper": 1}),
    (31, {"werewolf": 1}),
    (32, {"little_girl": 1}),
    (33, {"villager": 1}),
    (34, {"villager": 1}),
    (35, {"werewolf": 1}),
    (36, {"villager": 1}),
    (37, {"villager": 1}),
    (38, {"villager": 1}),
    (39, {"werewolf": 1}),
    (40, {"villager": 1}),
)


@cache
def _cards(rules: str) -> tuple[str, ...]:
    cards = [r for r in ROLES.values() if rules in r.rulesets and r.card]
    return tuple(r.id for r in sorted(cards, key=lambda r: (r.deal_rank, r.id)))


def ruleset(name: str) -> Ruleset:
    return RULESETS[name]


def recommended(rules: Ruleset, players: int) -> dict[str, int]:
    """The recommended deal for a player count, as role -> how many cards."""
    if rules.id == "extended":
        counts: dict[str, int] = {}
        for start, cards in _EXTENDED_STEPS:
            if start <= players:
                for role, n in cards.items():
                    counts[role] = counts.get(role, 0) + n
        counts["villager"] = counts.get("villager", 0) + players - sum(counts.values())
        return {r: n for r, n in counts.items() if n}
    wolves, *specials = _CLASSIC_DEAL[players]
    counts = {"werewolf": wolves}
    counts.update({r: n for r, n in zip(CLASSIC_SPECIALS, specials, strict=True) if n})
    counts["villager"] = players - sum(counts.values())
    return counts
