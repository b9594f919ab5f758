"""The three brothers: know each other from night 1 and consult together every second night."""

from __future__ import annotations

from typing import Any

from ..state import State
from ._base import NightCall, Role, at_players, odd_nights


class Brother(Role):
    id = "brother"
    picture = "three-friends"
    recommended = at_players(extended=(20,))
    copies = 3
    min_players = 10
    night = (NightCall("brothers", 45, odd_nights, asked=False, facts="left"),)

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        return {"brothers": state.seats_of(self.id)} if state.role_of(seat) == self.id else {}


ROLE = Brother()
