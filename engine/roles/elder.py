"""The elder: survives the first wolf attack that gets through; the second kills him. Poison, the
gallows, the hunter and grief kill him at once; an infection costs no life."""

from __future__ import annotations

from ..events import Event, Remembered
from ..state import State
from ._base import Role, at_players


class Elder(Role):
    id = "elder"
    picture = "beard"
    recommended = at_players(extended=(10,))

    def attack_spared(self, state: State, seat: int) -> list[Event] | None:
        if state.memo.get("elder.wounds", 0) >= 1:
            return None
        return [Remembered("elder.wounds", 1)]


ROLE = Elder()
