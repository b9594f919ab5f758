"""The raven: each night names a player; at dawn all learn it, and at the next vote that player
starts with two extra votes. A mark on a player who dies before the vote lapses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..choice import Choice
from ..events import Event, Told
from ..state import LogEntry, Memory, Pending, State
from ._base import NightCall, Role, SeatStep, Spoken, at_players

EXTRA = 2


@dataclass(frozen=True, slots=True)
class RavenMemory(Memory):
    night: int = 0  # the night of his last letter
    target: int | None = None  # whom it named


@dataclass(frozen=True, slots=True)
class Denounced(Event):
    seat: int
    target: int | None

    def apply(self, state: State) -> State:
        memo = state.remember(RavenMemory(state.night, self.target))
        if self.target is None:
            return state.but(memories=memo)
        return state.but(memories=memo, log=state.logged(LogEntry(state.night, "night", "mark", "raven", self.target,
                                                              self.seat)))


def marked(state: State) -> int | None:
    """Tonight's or today's marked player, once the raven has written."""
    mark = state.memory(RavenMemory)
    return mark.target if mark.night == state.night else None


class LetterStep(SeatStep):
    id = role = "raven"
    verb = "denounce"

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None
        return [Denounced(pending.seat, choice.target)]


class Raven(Role):
    id = "raven"
    picture = "raven"
    scenes = (Spoken("dawn.raven", "player"),)
    recommended = at_players(extended=(14,))
    steps = (LetterStep(),)
    night = (NightCall("raven", 60),)

    def dawn_news(self, state: State) -> list[Event]:
        target = marked(state)  # a mark on a player who died tonight lapses: nothing to tell
        return [Told("dawn.raven", target)] if target is not None and target in state.alive else []

    def extra_votes(self, state: State) -> dict[int, int]:
        target = marked(state)
        return {target: EXTRA} if target is not None and target in state.alive else {}

    def public(self, state: State) -> dict[str, Any]:
        target = marked(state)
        if target is None or state.phase in ("night", "dawn"):  # read with the dawn's news, not before
            return {}
        return {"raven_mark": target}


ROLE = Raven()
