"""Which side a seat plays for: the one place that answers it."""

from __future__ import annotations

from .state import State

_SIDES: dict[str, str] = {}


def side_of(state: State, seat: int) -> str:
    role = state.roles[seat - 1]
    side = _SIDES.get(role)
    if side is None:
        from .roles import ROLES  # late: the role modules import this one

        side = _SIDES[role] = ROLES[role].side
    return side


def is_wolf(state: State, seat: int) -> bool:
    return side_of(state, seat) == "wolves"


def living_wolves(state: State) -> list[int]:
    return [s for s in sorted(state.alive) if is_wolf(state, s)]
