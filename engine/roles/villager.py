"""The villager: no power but a vote. The village wins when no wolf is left."""

from __future__ import annotations

from ..sides import living_wolves
from ..state import State
from ._base import Role


class Villager(Role):
    id = "villager"
    win_rank = 10

    def wins(self, state: State) -> tuple[str, str] | None:
        if state.alive and not living_wolves(state):
            return ("village", "wolves_dead")
        return None


ROLE = Villager()
