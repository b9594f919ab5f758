"""The elder: survives the first wolf attack that gets through; the second kills him. Poison, the
gallows, the hunter and grief kill him at once; an infection costs no life."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event, Remembered
from ..state import Memory, State
from ._base import Role, at_players


@dataclass(frozen=True, slots=True)
class ElderMemory(Memory):
    wounds: int = 0  # wolf attacks he has survived


class Elder(Role):
    id = "elder"
    picture = "beard"
    recommended = at_players(extended=(10,))

    def attack_spared(self, state: State, seat: int) -> list[Event] | None:
        if state.memory(ElderMemory).wounds >= 1:
            return None
        return [Remembered(ElderMemory(wounds=1))]


ROLE = Elder()
