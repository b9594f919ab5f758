"""The witch: one healing potion and one poison for the whole game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..state import LogEntry, Pending, State
from ._base import Role, SeatStep, who


@dataclass(frozen=True, slots=True)
class Healed(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        t = state.tonight
        return state.but(memo=state.remember("witch.heal_used", True),
                         tonight=replace(t, healed=t.healed | {self.target}),
                         log=state.logged(LogEntry(state.night, "night", "heal", "witch", self.target, self.seat)))


@dataclass(frozen=True, slots=True)
class Poisoned(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        t = state.tonight
        return state.but(memo=state.remember("witch.poison_used", True),
                         tonight=replace(t, poisoned=t.poisoned | {self.target}),
                         log=state.logged(LogEntry(state.night, "night", "poison", "witch", self.target, self.seat)))


def has_heal(state: State) -> bool:
    return not state.memo.get("witch.heal_used", False)


def has_poison(state: State) -> bool:
    return not state.memo.get("witch.poison_used", False)


def shown_victim(state: State) -> tuple[bool, int | None]:
    """What the witch is shown: (shown at all, the attacked seat or None). Only while she has the heal."""
    return (True, state.tonight.attacked) if has_heal(state) else (False, None)


def heal_victim(state: State) -> int:
    """The seat a bare "heal" saves; refused when there is nothing to heal."""
    if not has_heal(state):
        raise _HEAL_USED
    if state.tonight.attacked is None:
        raise _NO_VICTIM
    return state.tonight.attacked


_HEAL_USED = Refused("witch.heal_used", "The healing potion is already used.")
_NO_VICTIM = Refused("witch.no_victim", "Nobody was attacked tonight, so there is nobody to heal.")


class BrewStep(SeatStep):
    id = role = "witch"

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        yield Choice(self.id)
        victim = state.tonight.attacked
        targets = sorted(state.alive)
        if victim is not None:
            yield Choice(self.id, heal=victim)
        for seat in targets:
            yield Choice(self.id, poison=seat)
        if victim is not None and not state.house.witch_one_potion_per_night:
            for seat in targets:
                yield Choice(self.id, heal=victim, poison=seat)

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.target is not None:
            return Refused("witch.which", "Say which potion: heal, or poison a player.")
        if choice.heal is not None and choice.poison is not None and state.house.witch_one_potion_per_night:
            return Refused("witch.one_potion", "The witch may use only one potion a night: heal or poison, not both.")
        if choice.heal is not None:
            problem = self._heal_refusal(state, pending, choice.heal)
            if problem:
                return problem
        if choice.poison is not None:
            if not has_poison(state):
                return Refused("witch.poison_used", "The poison is already used.")
            if choice.poison not in state.alive:
                return Refused("target.dead", f"{who(state, choice.poison)} is dead; poison a living player.",
                               player=choice.poison)
        return None

    def _heal_refusal(self, state: State, pending: Pending, target: int) -> Refused | None:
        if not has_heal(state):
            return _HEAL_USED
        victim = state.tonight.attacked
        if victim is None:
            return _NO_VICTIM
        if target != victim:
            return Refused("witch.heal_other", "The healing potion can only save the player the wolves attacked.")
        if target == pending.seat and state.night == 1 and not state.house.witch_self_heal_first_night:
            return Refused("witch.self_heal", "On the first night the witch may not heal herself (house rule).")
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None
        events: list[Event] = []
        if choice.heal is not None:
            events.append(Healed(pending.seat, choice.heal))
        if choice.poison is not None:
            events.append(Poisoned(pending.seat, choice.poison))
        return events


class Witch(Role):
    id = "witch"
    steps = (BrewStep(),)


ROLE = Witch()
