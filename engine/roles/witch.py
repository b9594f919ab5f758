"""The witch: one healing potion and one poison for the whole game. Classic: one potion a night;
extended: both in one night unless the house rule says otherwise."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..state import LogEntry, Mark, Memory, Pending, State
from ._base import POTIONS, NightCall, Role, SeatStep, at_players, who


@dataclass(frozen=True, slots=True)
class WitchMemory(Memory):
    heal_used: bool = False
    poison_used: bool = False


@dataclass(frozen=True, slots=True)
class Healed(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        return state.but(memories=state.remember(replace(state.memory(WitchMemory), heal_used=True)),
                         tonight=(*state.tonight, Mark("heal", self.target, self.seat)),
                         log=state.logged(LogEntry(state.night, "night", "heal", "witch", self.target, self.seat)))


@dataclass(frozen=True, slots=True)
class Poisoned(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        return state.but(memories=state.remember(replace(state.memory(WitchMemory), poison_used=True)),
                         tonight=(*state.tonight, Mark("poison", self.target, self.seat)),
                         log=state.logged(LogEntry(state.night, "night", "poison", "witch", self.target, self.seat)))


def has_heal(state: State) -> bool:
    return not state.memory(WitchMemory).heal_used


def has_poison(state: State) -> bool:
    return not state.memory(WitchMemory).poison_used


def victims(state: State) -> list[int]:
    """Tonight's victims the witch may be shown: the wolves' attacks (not an infection, not the
    white werewolf's kill), in seat order."""
    return sorted({m.target for m in state.marks("attack")})


def heal_victim(state: State) -> int:
    """The seat a bare "heal" saves; refused when there is nothing (or more than one) to heal."""
    if not has_heal(state):
        raise _HEAL_USED
    found = victims(state)
    if not found:
        raise _NO_VICTIM
    if len(found) > 1:
        raise Refused("witch.which_victim", "Two players were attacked tonight; say which one to heal.")
    return found[0]


@cache
def brew(heal: int | None = None, poison: int | None = None) -> Choice:
    """The witch's answer: a potion each for a seat, or none (made once; every night's legal choices hold them)."""
    return Choice("witch", heal=heal, poison=poison)


_HEAL_USED = Refused("witch.heal_used", "The healing potion is already used.")
_NO_VICTIM = Refused("witch.no_victim", "Nobody was attacked tonight, so there is nobody to heal.")


class BrewStep(SeatStep):
    id = role = "witch"
    shape = POTIONS
    after = ("werewolves", "wolf_father", "big_bad_wolf")  # the victims she is shown and may heal

    def malformed(self, state: State, choice: Choice) -> str | None:
        if choice.seats or choice.option is not None or choice.ballots is not None or choice.tally is not None \
                or choice.seconds is not None or choice.target is not None:
            return ("the witch's choice must be pass, heal, {heal: SEAT}, {poison: SEAT} "
                    "or {heal: SEAT, poison: SEAT}")
        return None

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        yield brew()
        targets = sorted(state.alive)
        found = victims(state)
        for victim in found:
            yield brew(victim)
        for seat in targets:
            yield brew(None, seat)
        for victim in found:
            for seat in targets:
                yield brew(victim, seat)

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        """The candidates `refusal` lets through, its questions asked once: which victims she may heal, whether the
        poison is left, whether both may go tonight."""
        heals = [victim for victim in victims(state) if self._heal_refusal(state, pending, victim) is None]
        poisons = sorted(state.alive) if has_poison(state) else []
        both = not state.house.witch_one_potion_per_night
        return [brew(), *(brew(h) for h in heals), *(brew(None, p) for p in poisons),
                *(brew(h, p) for h in (heals if both else ()) for p in poisons)]

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
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
        found = victims(state)
        if not found:
            return _NO_VICTIM
        if target not in found:
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
    picture = "witch-face"
    recommended = at_players(classic=(6,), extended=(5,))
    steps = (BrewStep(),)
    night = (NightCall("witch", {"classic": 80, "extended": 110}),)
    rulesets = ("classic", "extended")
    deal_rank = 2
    house = ("witch_self_heal_first_night", "witch_one_potion_per_night")

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        if state.role_of(seat) != self.id:
            return {}
        out: dict[str, Any] = {"potions": {"heal": has_heal(state), "poison": has_poison(state)}}
        current = state.current
        if current is not None and current.step == self.id and current.seat == seat and has_heal(state):
            found = victims(state)
            out["attacked"] = found[0] if found else None
            out["victims"] = found
        return out


ROLE = Witch()
