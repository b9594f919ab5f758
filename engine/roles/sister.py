"""The two sisters: know each other from night 1 and consult together every second night."""

from __future__ import annotations

from typing import Any

from ..state import State
from ._base import NightCall, Role, at_players, odd_nights


class Sister(Role):
    id = "sister"
    picture = "dress"
    recommended = at_players(extended=(15,))
    copies = 2
    min_players = 8
    night = (NightCall("sisters", 40, odd_nights, asked=False, facts="left"),)

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        return {"sisters": state.seats_of(self.id)} if state.role_of(seat) == self.id else {}


ROLE = Sister()
