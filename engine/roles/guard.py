"""The guard (protector): shields one player from the wolves each night, never the same twice in a row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..state import LogEntry, Mark, Memory, Pending, State
from ._base import NightCall, Role, SeatStep, at_players, who


@dataclass(frozen=True, slots=True)
class GuardMemory(Memory):
    night: int = 0  # the night of his last watch
    target: int | None = None  # whom he protected then


@dataclass(frozen=True, slots=True)
class Protected(Event):
    seat: int
    target: int | None

    def apply(self, state: State) -> State:
        memo = state.remember(GuardMemory(state.night, self.target))
        if self.target is None:
            return state.but(memories=memo)
        return state.but(memories=memo, tonight=(*state.tonight, Mark("protect", self.target, self.seat)),
                         log=state.logged(LogEntry(state.night, "night", "protect", "guard", self.target, self.seat)))


MAY_PROTECT_SELF = {"classic": True, "extended": False}  # per ruleset: may the guard shield himself


def last_protected(state: State) -> int | None:
    """The player the guard protected the night before this one (None if nobody)."""
    last = state.memory(GuardMemory)
    return last.target if last.night == state.night - 1 else None


class GuardStep(SeatStep):
    id = role = "guard"
    verb = "protect"

    def rule(self, state: State, pending: Pending, target: int) -> Refused | None:
        if target == pending.seat and not MAY_PROTECT_SELF[state.ruleset]:
            return Refused("guard.self", "The guard may not protect himself; choose someone else.")
        if target == last_protected(state):
            return Refused("guard.repeat",
                           f"The guard protected {who(state, target)} last night; choose someone else.",
                           player=target)
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None
        return [Protected(pending.seat, choice.target)]


class Guard(Role):
    id = "guard"
    picture = "eye-shield"
    recommended = at_players(classic=(11,), extended=(9,))
    steps = (GuardStep(),)
    night = (NightCall("guard", 50),)
    rulesets = ("classic", "extended")
    deal_rank = 4

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        """At night, the guard knows whom he may not protect again: the one he protected last night."""
        last = last_protected(state) if state.phase == "night" and state.role_of(seat) == self.id else None
        return {"last_protected": last} if last is not None else {}


ROLE = Guard()
