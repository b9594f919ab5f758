"""The table before the game: player count, the recommended deal, "adjust", and the deal itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from .chance import shuffled
from .errors import Refused, Unknown
from .house import DAY_TIMER_MINUTES, STEP_SECONDS, WIN_MODES, HouseError, HouseRules
from .house import check_house as _check_house
from .modes import Mode
from .roles import ROLES
from .roles._base import WOLF_CARDS
from .rulesets import Ruleset, ruleset

__all__ = ["DAY_TIMER_MINUTES", "STEP_SECONDS", "WIN_MODES", "Setup", "check_house", "deal", "recommended",
           "setup_from_roles", "shuffled"]

EXTRA_CARDS = 2  # the thief's face-down cards


def recommended(rules: Ruleset, players: int) -> dict[str, int]:
    """The recommended deal for a player count, as role -> how many cards: what each role declares
    (`Role.recommended`), in the order the cards join as the table grows; villagers fill the rest."""
    return dict(_recommended(rules.id, players))


@cache
def _recommended(rules_id: str, players: int) -> tuple[tuple[str, int], ...]:
    """`recommended`, worked out once per ruleset and player count (the roles are all known before any deal)."""
    rules = ruleset(rules_id)
    declared = [r for r in ROLES.values() if r.recommended.get(rules.id)]
    counts: dict[str, int] = {}
    for role in sorted(declared, key=lambda r: (min(r.recommended[rules.id]), r.deal_rank, r.id)):
        counts[role.id] = (role.copies or 1) * sum(1 for start in role.recommended[rules.id] if start <= players)
    counts["villager"] = counts.get("villager", 0) + players - sum(counts.values())
    return tuple((r, n) for r, n in counts.items() if n)


@dataclass(frozen=True)
class Setup:
    """How many play and which cards are dealt: the recommended deal, or an adjusted one.

    With a thief, the counts hold two more cards than players: the thief's face-down pair.
    """

    rules: Ruleset
    players: int
    counts: Mapping[str, int] = field(default_factory=dict)
    mode: str = Mode.ONE_DEVICE

    @classmethod
    def recommended(cls, rules: Ruleset, players: int, mode: str = Mode.ONE_DEVICE) -> Setup:
        check_count(rules, players)
        return cls(rules, players, recommended(rules, players), mode)

    def adjusted(self, role: str, delta: int) -> Setup:
        """Add or remove one card of `role` (sisters and brothers as a group); villagers fill the rest."""
        if role not in self.rules.roles or role == "villager":
            raise Refused("adjust.role", f"Only werewolves and special roles can be adjusted, not {role}.")
        step = ROLES[role].copies or 1
        counts = dict(self.counts)
        counts[role] = counts.get(role, 0) + delta * step
        counts["villager"] = counts.get("villager", 0) - delta * step
        if role == "thief":  # the thief's two face-down cards come with him, as villagers
            counts["villager"] += delta * EXTRA_CARDS
        if counts[role] < 0:
            raise Refused("adjust.none_left", f"There is no {role} card left to remove.")
        if counts["villager"] < 0:
            raise Refused("adjust.no_villager", "There is no villager card left to replace; add a player first.")
        new = Setup(self.rules, self.players, {r: n for r, n in counts.items() if n}, self.mode)
        new.validate()
        return new

    def validate(self) -> None:
        _valid(self.rules.id, self.players, tuple(self.counts.items()), self.mode)

    def cards(self) -> list[str]:
        """The cards in a fixed order (the rules' order), before shuffling."""
        return [r for r in self.rules.roles for _ in range(self.counts.get(r, 0))]


@lru_cache(maxsize=256)
def _valid(rules_id: str, players: int, counts: tuple[tuple[str, int], ...], mode: str) -> None:
    """`Setup.validate`, kept for the deals it let through (a balance estimate deals the same cards hundreds of
    times); a refused deal is checked again each time, and says why each time."""
    rules = ruleset(rules_id)
    check_count(rules, players)
    check_counts(rules, players, dict(counts), mode)


def check_count(rules: Ruleset, players: int) -> None:
    if not rules.min_players <= players <= rules.max_players:
        raise Refused("setup.players",
                      f"The {rules.id} rules are for {rules.min_players} to {rules.max_players} players, "
                      f"not {players}.", low=rules.min_players, high=rules.max_players, players=players,
                      rules=rules.id)


def check_counts(rules: Ruleset, players: int, counts: Mapping[str, int], mode: str = Mode.ONE_DEVICE,
                 seat_cards: Mapping[str, int] | None = None) -> None:
    """Refuse a deal the rules do not allow. `seat_cards` are the cards at the seats (all but the
    thief's two); by default, all cards when there is no thief."""
    for role in counts:
        if role not in ROLES or not ROLES[role].card:
            raise Unknown(f"unknown role '{role}'")
        if role not in rules.roles:
            raise Refused("setup.role", f"The {rules.id} rules have no {role}.", role=role)
    thief = counts.get("thief", 0) > 0
    expected = players + (EXTRA_CARDS if thief else 0)
    if sum(counts.values()) != expected:
        if thief:
            raise Refused("setup.thief_cards", f"With a thief, deal two cards more than players: {expected} cards "
                                               f"for {players} players, not {sum(counts.values())}.")
        raise Refused("setup.total", f"{sum(counts.values())} cards for {players} players; they must match.")
    at_seats = seat_cards if seat_cards is not None else counts
    wolves = sum(n for r, n in at_seats.items() if r in WOLF_CARDS)
    if wolves < 1:  # the dealt cards only: a wolf among the thief's face-down pair may never be played
        raise Refused("setup.no_wolf", "At least one werewolf must play: deal a werewolf card to a player"
                                       + (" (the thief's extra cards do not count)." if thief else "."))
    if 2 * wolves >= players:
        raise Refused("setup.too_many_wolves",
                      f"{wolves} werewolves among {players} players is too many: "
                      f"werewolves must be fewer than half the players.", wolves=wolves, players=players)
    for role, n in counts.items():
        r = ROLES[role]
        if r.many:
            continue
        # the thief's pair is drawn with the deal, so its cards count here: say so when one of them made the count
        extra = " (the thief's extra cards count too)" if n > at_seats.get(role, 0) else ""
        if r.copies is not None and n != r.copies:
            raise Refused(f"setup.{role}_copies", f"The {role.replace('_', ' ')} cards come as exactly "
                                                  f"{r.copies}{extra}.", role=role, copies=r.copies)
        if r.copies is None and n > 1:
            raise Refused("setup.one_each", f"Only one {role.replace('_', ' ')} can play{extra}.", role=role)
        if players < r.min_players:
            raise Refused(f"setup.{role}_players", f"The {role.replace('_', ' ')} needs at least {r.min_players} "
                                                   f"players.", role=role, players=r.min_players)
        if r.modes is not None and mode not in r.modes:
            raise Refused(f"setup.{role}_mode", f"The {role.replace('_', ' ')} needs every player on their own "
                                                f"device.", role=role)


def setup_from_roles(rules: Ruleset, roles: Sequence[str], extra: Sequence[str] = (),
                     mode: str = Mode.ONE_DEVICE) -> Setup:
    """The setup of an explicit deal (a scenario's `roles` and `extra_cards`)."""
    seat_cards: dict[str, int] = {}
    for role in roles:
        seat_cards[role] = seat_cards.get(role, 0) + 1
    counts = dict(seat_cards)
    for role in extra:
        counts[role] = counts.get(role, 0) + 1
    if "thief" in counts and len(extra) != EXTRA_CARDS:
        raise Refused("setup.thief_cards", "A thief needs two extra cards (extra_cards: [card, card]).")
    if extra and "thief" not in seat_cards:
        raise Refused("setup.extra_without_thief", "Extra cards are only dealt when a thief plays at a seat.")
    if "thief" in extra:
        raise Refused("setup.thief_extra", "The thief cannot be one of his own extra cards.")
    check_count(rules, len(roles))
    check_counts(rules, len(roles), counts, mode, seat_cards)
    return Setup(rules, len(roles), counts, mode)


def deal(setup: Setup, seed: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The deal: the cards at the seats and the thief's face-down pair, reproducible from `seed`.
    Redealt until the thief sits at a seat and the seats hold fewer wolves than half the table."""
    cards = setup.cards()
    for attempt in range(1000):
        deck = shuffled(cards, seed if attempt == 0 else f"{seed}/{attempt}")
        seats, extra = deck[:setup.players], deck[setup.players:]
        wolves = sum(1 for c in seats if c in WOLF_CARDS)
        if ("thief" not in extra and 2 * wolves < setup.players
                and (not extra or any(c in WOLF_CARDS for c in seats))):
            return seats, extra
    raise Refused("setup.no_deal", "These cards cannot be dealt fairly; adjust the deal.")


@lru_cache(maxsize=64)
def check_house(rules_id: str, house: HouseRules) -> None:
    """Refuse house rules the ruleset does not have or values it cannot take (the rules let through are kept)."""
    ruleset(rules_id)
    try:
        _check_house(rules_id, house)
    except HouseError as exc:
        raise Refused(f"house.{exc.key}", str(exc)) from None
