"""The shapes a role module fills in: its steps, its death trigger and its win condition."""

from __future__ import annotations

from collections.abc import Iterable

from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..rulesets import Ruleset, ruleset
from ..state import Pending, State


def who(state: State, seat: int) -> str:
    """How a refusal names a seat: the player's name, else "player N"."""
    return state.name(seat) or f"player {seat}"


class Step:
    """One question the engine asks: its candidate answers, why one is refused, what it does."""

    id: str = ""

    def actor(self, state: State) -> Pending | None:
        """Who answers tonight; None when nobody alive holds the card (the step is still narrated)."""
        return None

    def dealt(self, state: State) -> bool:
        return False

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        yield Choice(self.id)
        for seat in state.seats:
            yield Choice(self.id, seat)

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        return []


class TargetStep(Step):
    """A step that points at one living player, or at nobody when `may_pass`."""

    may_pass = True
    may_target_self = True
    verb = "choose"

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        yield Choice(self.id)
        for seat in sorted(state.alive):  # a dead seat is never a legal target
            yield Choice(self.id, seat)

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.heal is not None or choice.poison is not None:
            return Refused("choice.potion", f"Only the witch has potions; {self.verb} a player.")
        if choice.target is None:
            if self.may_pass:
                return None
            return Refused("choice.required", f"You must {self.verb} a player.")
        if choice.target not in state.alive:
            return Refused("target.dead", f"{who(state, choice.target)} is dead; {self.verb} a living player.",
                           player=choice.target)
        if not self.may_target_self and choice.target == pending.seat:
            return Refused(f"{self.id}.self", f"The {self.id} cannot {self.verb} themselves; choose another player.")
        return self.rule(state, pending, choice.target)

    def rule(self, state: State, pending: Pending, target: int) -> Refused | None:
        """The step's own rule about a living target; None when allowed."""
        return None


class SeatStep(TargetStep):
    """A night step taken by the one seat holding `role`."""

    role = ""

    def dealt(self, state: State) -> bool:
        return self.role in state.roles

    def actor(self, state: State) -> Pending | None:
        living = state.living(self.role)
        return Pending(self.id, living[0]) if living else None


class Role:
    """A card: its side, its steps, and its hooks into death and victory."""

    id: str = ""
    side: str = "village"  # village | wolves
    steps: tuple[Step, ...] = ()
    win_rank: int = 100  # win hooks are asked in this order

    def on_death(self, state: State, seat: int, cause: str) -> list[Event]:
        """Events a death of this card sets off (the hunter's shot)."""
        return []

    def wins(self, state: State) -> tuple[str, str] | None:
        """(winner, reason) if this card's side has won in `state`."""
        return None


def rules_of(state: State) -> Ruleset:
    return ruleset(state.ruleset)
