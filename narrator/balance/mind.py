"""What one heuristic player remembers and believes: built only from what the player saw on their own
screen (`view(state, seat)`) and what was said or shown openly at the table (a seer's claim, raised hands)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.roles import ROLES

# what a bare suspicion is worth against a claim or a revealed card
CLAIM_WOLF = 3.0  # a seer's "X is a wolf", heard from a claimant nobody contradicts
CLAIM_GOOD = -2.0  # a seer's "X is good"
VOTED_GOOD = 0.6  # raised a hand against a player later shown to be good
VOTED_CLAIMANT = 1.0  # raised a hand against the claimed seer
FOLLOW = 0.35  # each raised hand already up for a seat draws the next voter to it


@cache
def wolfish(card: str) -> bool:
    """A card that plays with the pack (a seer in the extended game is shown the card itself)."""
    return card == "werewolf" or (card in ROLES and ROLES[card].side == "wolves")


@dataclass(frozen=True, slots=True)
class Claim:
    """A player says openly that they are the seer and what they saw: (seat, is a wolf) per look."""

    by: int
    looks: tuple[tuple[int, bool], ...]


@dataclass
class Mind:
    """One player's memory: certain knowledge, suspicion of the others, the claims heard."""

    seat: int
    card: str = ""
    wolf: bool = False
    pack: frozenset[int] = frozenset()
    known: dict[int, bool] = field(default_factory=dict)  # seat -> is a wolf, known for sure
    suspicion: dict[int, float] = field(default_factory=dict)
    claims: dict[int, Claim] = field(default_factory=dict)
    alive: frozenset[int] = frozenset()
    claimed: bool = False  # this player has claimed the seer already
    hands: dict[int, int | None] = field(default_factory=dict)  # today's hands raised so far: voter -> seat
    seen: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)  # the screen taken in last

    def observe(self, view: Mapping[str, Any]) -> None:
        """Take in what this seat's screen shows now (a screen already taken in changes nothing: the debate and the
        vote show the same one)."""
        if view is self.seen:
            return
        self.seen = view
        self.alive = frozenset(view["alive"])
        cards: Mapping[str, str] = view.get("cards", {})
        self.card = cards.get(str(self.seat), self.card)
        for seat_text, card in cards.items():
            seat = int(seat_text)
            if seat != self.seat:
                self.known[seat] = wolfish(card)
        self.pack = frozenset(view.get("pack") or ())
        self.wolf = self.seat in self.pack or wolfish(self.card)
        for look in view.get("checks", ()):
            result = str(look["result"])
            self.known[int(look["target"])] = result == "werewolf" or wolfish(result)

    def hear(self, claim: Claim) -> None:
        """A seer's claim, said aloud: two claimants halve each other's weight and draw suspicion."""
        self.claims[claim.by] = claim
        if claim.by == self.seat:
            return
        rivals = len(self.claims)
        if rivals > 1:
            for other in self.claims:
                if other != self.seat:
                    self.raise_suspicion(other, 1.0)
        weight = 1.0 / rivals
        for seat, is_wolf in claim.looks:
            self.raise_suspicion(seat, weight * (CLAIM_WOLF if is_wolf else CLAIM_GOOD))

    def saw_hands(self, hands: Mapping[int, int | None], out: int | None, card: str | None) -> None:
        """The day's raised hands (voter -> seat) and the card of the one voted out, when it is shown."""
        for voter, target in hands.items():
            if target is None or voter == self.seat:
                continue
            if target in self.claims and len(self.claims) == 1:
                self.raise_suspicion(voter, VOTED_CLAIMANT)
            if target == out and card is not None and not wolfish(card):
                self.raise_suspicion(voter, VOTED_GOOD)

    def raise_suspicion(self, seat: int, by: float) -> None:
        self.suspicion[seat] = self.suspicion.get(seat, 0.0) + by

    def belief(self, seat: int) -> float:
        """How much this player takes `seat` for a wolf: known facts first, then suspicion."""
        if seat in self.known:
            return 100.0 if self.known[seat] else -100.0
        return self.suspicion.get(seat, 0.0)

    def seer_claimant(self) -> int | None:
        """The one living claimed seer, if only one claims it."""
        living = [s for s in self.claims if s in self.alive]
        return living[0] if len(living) == 1 else None
