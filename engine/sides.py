"""Which side a seat plays for: the one place that answers it."""

from __future__ import annotations

from .state import State


def side_of(state: State, seat: int) -> str:
    from .roles import ROLES

    return ROLES[state.role_of(seat)].side


def is_wolf(state: State, seat: int) -> bool:
    return side_of(state, seat) == "wolves"


def living_wolves(state: State) -> list[int]:
    return [s for s in sorted(state.alive) if is_wolf(state, s)]
