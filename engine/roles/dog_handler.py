"""The dog handler: each night sends the dog to a gap between two living neighbours, never a gap
next to himself. At dawn all hear where it lies and whether it growls (a wolf is one of the two)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..choice import Choice, seats_choice
from ..errors import Refused
from ..events import Event, Told
from ..state import LogEntry, Memory, Pending, State, circle
from ._base import NightCall, Role, SeatsStep, Spoken, at_players, who


@dataclass(frozen=True, slots=True)
class DogMemory(Memory):
    night: int = 0  # the night of the dog's last walk
    gap: tuple[int, ...] = ()
    growls: bool = False


@dataclass(frozen=True, slots=True)
class DogSent(Event):
    seat: int
    gap: tuple[int, ...]  # two seats, or () for no walk tonight
    growls: bool

    def apply(self, state: State) -> State:
        memo = state.remember(DogMemory(state.night, self.gap, self.growls))
        if not self.gap:
            return state.but(memories=memo)
        log = state.logged(LogEntry(state.night, "night", "dog", "dog_handler", self.gap[0], self.seat,
                                    "growl" if self.growls else "calm", also=self.gap[1]))
        return state.but(memories=memo, log=log)


def gaps(state: State, handler: int) -> list[tuple[int, int]]:
    """Every gap between two living neighbours that is not next to the handler."""
    ring = circle(state)
    out = set()
    for seat, right in zip(ring, ring[1:] + ring[:1], strict=True):  # each living seat, the next one clockwise
        if right != seat and handler not in (seat, right):
            out.add((min(seat, right), max(seat, right)))
    return sorted(out)


class DogStep(SeatsStep):
    id = role = "dog_handler"
    may_pass = True

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        yield Choice(self.id)
        assert pending.seat is not None
        for a, b in gaps(state, pending.seat):
            yield seats_choice(self.id, (a, b))

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        return list(self.candidates(state, pending))  # a walk or none, and only gaps between living neighbours

    def malformed(self, state: State, choice: Choice) -> str | None:
        if not choice.is_pass and len(choice.seats) != 2:
            return "the dog handler's choice is two neighbouring seats, or none"
        return super().malformed(state, choice)

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.is_pass:
            return None
        a, b = sorted(choice.seats)
        for seat in (a, b):
            if seat not in state.alive:
                return Refused("target.dead", f"{who(state, seat)} is dead; the dog lies between two living players.",
                               player=seat)
        if pending.seat in (a, b):
            return Refused("dog_handler.self", "The dog never lies next to its handler.")
        if (a, b) not in gaps(state, pending.seat or 0):
            return Refused("dog_handler.gap", "The dog lies in a gap between two living neighbours.")
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None
        gap = tuple(sorted(choice.seats))
        return [DogSent(pending.seat, gap, any(state.is_wolf(s) for s in gap))]


class DogHandler(Role):
    id = "dog_handler"
    picture = "sitting-dog"
    scenes = (Spoken("dawn.dog.growl", "players"), Spoken("dawn.dog.calm", "players"))
    recommended = at_players(extended=(24,))
    steps = (DogStep(),)
    night = (NightCall("dog_handler", 100),)

    def dawn_news(self, state: State) -> list[Event]:
        dog = state.memory(DogMemory)
        if dog.night != state.night or not dog.gap:
            return []
        return [Told("dawn.dog.growl" if dog.growls else "dawn.dog.calm", players=dog.gap)]

    def public(self, state: State) -> dict[str, Any]:
        dog = state.memory(DogMemory)
        if dog.night != state.night or not dog.gap or state.phase in ("night", "dawn"):  # with the dawn's news
            return {}
        return {"dog": {"gap": list(dog.gap), "growls": dog.growls}}


ROLE = DogHandler()
