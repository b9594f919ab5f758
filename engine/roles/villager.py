"""The villager: no power but a vote. The village wins once no opponent of the village lives."""

from __future__ import annotations

from ..state import State
from . import ROLES
from ._base import Role, at_players


class Villager(Role):
    id = "villager"
    picture = "farmer"
    many = True
    recommended = at_players(extended=(3, 4, 11, 33, 34, 36, 37, 38, 40))
    win_rank = 70
    rulesets = ("classic", "extended")
    deal_rank = 99

    def wins(self, state: State) -> tuple[str, str] | None:

        if not state.alive or state.wolves & state.alive:
            return None
        if any(ROLES[state.role_of(s)].side == "solo" for s in state.alive):
            return None  # the pied piper still plays
        return ("village", "wolves_dead")


ROLE = Villager()
