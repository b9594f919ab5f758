"""The scapegoat: on a tied vote he dies instead, even when he was not in the tie."""

from __future__ import annotations

from ..events import Event, Told
from ..state import State
from ..vote import execute
from ._base import Role, Spoken, at_players


class Scapegoat(Role):
    id = "scapegoat"
    picture = "goat"
    scenes = (Spoken("scapegoat.dies", "player", rare=True, tells=True),)
    recommended = at_players(extended=(19,))
    tie_rank = 1

    def settle_tie(self, state: State, tied: tuple[int, ...]) -> list[Event] | None:
        goat = state.living(self.id)
        if not goat:
            return None

        return [Told("scapegoat.dies", goat[0]), *execute(state, goat[0])]


ROLE = Scapegoat()
