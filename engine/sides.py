"""Which side a seat plays for: a seat's side belongs to the seat (infection, the wolf-dog, the wild
child, the thief and the servant change it), so this asks the state's set of wolves."""

from __future__ import annotations

from .roles import ROLES
from .state import State


def is_wolf(state: State, seat: int) -> bool:
    return seat in state.wolves


def side_of(state: State, seat: int) -> str:
    if seat in state.wolves:
        return "wolves"
    return "solo" if ROLES[state.role_of(seat)].side == "solo" else "village"
