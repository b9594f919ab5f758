"""The knight with the rusty sword: if the wolves kill him, the first living player clockwise from
him who counts as a wolf is wounded, and dies in the next night (at the dawn after it)."""

from __future__ import annotations

from ..events import Event, Remembered
from ..state import State
from ._base import Role, at_players


class Knight(Role):
    id = "knight"
    picture = "black-knight-helm"
    recommended = at_players(extended=(18,))

    def after_death(self, state: State, seat: int, cause: str) -> list[Event]:
        if state.role_of(seat) != self.id or cause != "wolves":
            return []
        n = len(state.roles)
        for k in range(1, n):
            other = (seat - 1 + k) % n + 1
            if other in state.alive and state.is_wolf(other):
                return [Remembered("knight.rust", (state.night, other))]
        return []

    def dawn_deaths(self, state: State) -> dict[int, str]:
        night, seat = state.memo.get("knight.rust", (0, 0))
        if night and state.night == night + 1 and seat in state.alive:
            return {seat: "sword"}
        return {}


ROLE = Knight()
