"""The fox: each night sniffs a player and that player's two living neighbours, and learns whether
a werewolf is among them; if none is, he loses his nose for the rest of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..state import LogEntry, Memory, Pending, State
from ._base import NightCall, Role, SeatStep, at_players


@dataclass(frozen=True, slots=True)
class FoxMemory(Memory):
    results: tuple[tuple[int, int, bool], ...] = ()  # (night, the seat sniffed, a wolf among them)
    nose_lost: bool = False


@dataclass(frozen=True, slots=True)
class Sniffed(Event):
    seat: int
    target: int
    found: bool

    def apply(self, state: State) -> State:
        fox = state.memory(FoxMemory)
        memo = state.remember(FoxMemory((*fox.results, (state.night, self.target, self.found)),
                                        fox.nose_lost or not self.found))
        return state.but(memories=memo, log=state.logged(LogEntry(state.night, "night", "sniff", "fox", self.target,
                                                              self.seat, "wolf" if self.found else "none")))


class SniffStep(SeatStep):
    id = role = "fox"
    verb = "sniff"
    after = ("thief", "wolf_dog", "wolf_father")  # who counts as a wolf tonight

    def spent(self, state: State, pending: Pending) -> Refused | None:
        if state.memory(FoxMemory).nose_lost:
            return Refused("fox.no_nose", "The fox has lost his nose.")
        return None

    def answer(self, state: State, pending: Pending, choice: Choice) -> str | None:
        if choice.target is None:
            return None
        return "werewolf" if self.found(state, choice.target) else "no_werewolf"

    def learnable(self, state: State) -> tuple[str, ...]:
        return ("werewolf", "no_werewolf")

    @staticmethod
    def found(state: State, target: int) -> bool:
        return any(state.is_wolf(s) for s in {target, *state.neighbours(target)})

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is None or pending.seat is None:
            return []
        return [Sniffed(pending.seat, choice.target, self.found(state, choice.target))]


class Fox(Role):
    id = "fox"
    picture = "fox-head"
    recommended = at_players(extended=(13,))
    steps = (SniffStep(),)
    night = (NightCall("fox", 95),)

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        if state.role_of(seat) != self.id:
            return {}
        fox = state.memory(FoxMemory)
        return {"sniffs": [{"night": n, "target": t, "wolf": f} for n, t, f in fox.results], "nose": not fox.nose_lost}


ROLE = Fox()
