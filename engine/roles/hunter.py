"""The hunter: when he dies (classic: by the wolves or the vote), he may shoot one player at once."""

from __future__ import annotations

from dataclasses import dataclass

from ..choice import Choice
from ..deaths import kill
from ..events import Asked, Event
from ..state import LogEntry, Pending, State
from ._base import Role, Step, TargetStep, rules_of


@dataclass(frozen=True, slots=True)
class Shot(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        phase = "day" if state.phase == "day" else "dawn"
        return state.but(log=state.logged(LogEntry(state.night, phase, "shot", "hunter", self.target, self.seat)))


class ShotStep(TargetStep):
    """Asked only when the hunter has just died of a cause that gives him his shot."""

    id = "hunter"
    verb = "shoot"

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is None or pending.seat is None:
            return []
        return [Shot(pending.seat, choice.target), *kill(state, choice.target, "shot")]


class Hunter(Role):
    id = "hunter"
    steps: tuple[Step, ...] = (ShotStep(),)

    def on_death(self, state: State, seat: int, cause: str) -> list[Event]:
        if cause in rules_of(state).hunter_shoots_on:
            return [Asked("hunter", seat)]
        return []


ROLE = Hunter()
