"""The angel: voted out on the first day, he wins alone and the game ends at once; after that he is
a villager."""

from __future__ import annotations

from ..state import State
from ._base import Role, Spoken, at_players


class Angel(Role):
    id = "angel"
    picture = "angel-outfit"
    scenes = (Spoken("end.angel", "player", rare=True),)
    recommended = at_players(extended=(29,))

    def execution_win(self, state: State, seat: int) -> tuple[str, str] | None:
        if state.role_of(seat) == self.id and state.night == 1:
            return ("angel", "angel")
        return None


ROLE = Angel()
