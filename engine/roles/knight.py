"""The knight with the rusty sword: if the wolves kill him, the first living player clockwise from
him who counts as a wolf is wounded, and dies in the next night (at the dawn after it)."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event, Remembered
from ..state import Memory, State
from ._base import Role, at_players


@dataclass(frozen=True, slots=True)
class KnightMemory(Memory):
    night: int = 0  # the night the wolves killed him
    wolf: int = 0  # the wolf his rusty sword wounded


class Knight(Role):
    id = "knight"
    picture = "black-knight-helm"
    recommended = at_players(extended=(18,))

    def at_death(self, state: State, seat: int, cause: str) -> list[Event]:
        # The mark is set as the death is resolved, before any reaction to it: a lover who dies of grief
        # takes it with him, and a wild child whose model was the knight turns too late to be marked.
        # An infected knight keeps his card's power: the side of the seat does not matter, only the card.
        if state.role_of(seat) != self.id or cause != "wolves":
            return []
        n = len(state.roles)
        for k in range(1, n):
            other = (seat - 1 + k) % n + 1
            if other in state.alive and state.is_wolf(other):
                return [Remembered(KnightMemory(state.night, other))]
        return []

    def dawn_deaths(self, state: State) -> dict[int, str]:
        # The marked wolf lives through the whole next night (he hunts, can be sniffed and checked, and no
        # wolf has died yet for the big bad wolf); a mark whose wolf died before then died with him.
        rust = state.memory(KnightMemory)
        if rust.night and state.night == rust.night + 1 and rust.wolf in state.alive:
            return {rust.wolf: "sword"}
        return {}


ROLE = Knight()
