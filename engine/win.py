"""Has anyone won? Each role's win hook is asked in order; nobody alive is a draw."""

from __future__ import annotations

from .roles import ROLES
from .state import State

_ORDER = sorted(ROLES.values(), key=lambda r: r.win_rank)


def check(state: State) -> tuple[str, str] | None:
    """(winner, reason) or None while the game goes on."""
    if not state.alive:
        return ("draw", "nobody_alive")
    for role in _ORDER:
        result = role.wins(state)
        if result:
            return result
    return None
