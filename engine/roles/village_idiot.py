"""The village idiot: voted out the first time, he shows his card, is pardoned and lives on, but may
no longer vote. Voted out again, he dies. No protection against wolves, poison or the hunter."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event, Told
from ..state import LogEntry, Memory, State
from ._base import Role, Spoken, at_players


@dataclass(frozen=True, slots=True)
class IdiotMemory(Memory):
    pardoned: int | None = None  # his seat, once the village has pardoned him


def pardoned(state: State) -> int | None:
    """The pardoned village idiot's seat (his card is shown to all), if the village pardoned him."""
    return state.memory(IdiotMemory).pardoned


@dataclass(frozen=True, slots=True)
class Pardoned(Event):
    seat: int

    def apply(self, state: State) -> State:
        return state.but(memories=state.remember(IdiotMemory(self.seat)),
                         log=state.logged(LogEntry(state.night, "day", "pardon", "village_idiot", self.seat)))


class VillageIdiot(Role):
    id = "village_idiot"
    picture = "jester-hat"
    scenes = (Spoken("village_idiot.pardoned", "player", "role", rare=True),)
    recommended = at_players(extended=(25,))

    def at_execution(self, state: State, seat: int) -> list[Event] | None:
        if pardoned(state) is not None:
            return None
        return [Pardoned(seat), Told("village_idiot.pardoned", seat, role=self.id)]

    def ballot_weight(self, state: State, seat: int, weight: int) -> int:
        return 0 if pardoned(state) == seat else weight


ROLE = VillageIdiot()
