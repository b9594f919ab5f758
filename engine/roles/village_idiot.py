"""The village idiot: voted out the first time, he shows his card, is pardoned and lives on, but may
no longer vote. Voted out again, he dies. No protection against wolves, poison or the hunter."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event, Told
from ..state import LogEntry, State
from ._base import Role, Spoken, at_players


@dataclass(frozen=True, slots=True)
class Pardoned(Event):
    seat: int

    def apply(self, state: State) -> State:
        return state.but(memo=state.remember("village_idiot.pardoned", self.seat),
                         log=state.logged(LogEntry(state.night, "day", "pardon", "village_idiot", self.seat)))


class VillageIdiot(Role):
    id = "village_idiot"
    picture = "jester-hat"
    scenes = (Spoken("village_idiot.pardoned", "player", "role", rare=True),)
    recommended = at_players(extended=(25,))

    def at_execution(self, state: State, seat: int) -> list[Event] | None:
        if "village_idiot.pardoned" in state.memo:
            return None
        return [Pardoned(seat), Told("village_idiot.pardoned", seat, role=self.id)]

    def ballot_weight(self, state: State, seat: int, weight: int) -> int:
        return 0 if state.memo.get("village_idiot.pardoned") == seat else weight


ROLE = VillageIdiot()
