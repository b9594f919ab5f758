"""Has anyone won? Nobody alive is a draw; then each role's win hook is asked in its rank."""

from __future__ import annotations

from .roles import Hooks
from .state import State


def named(state: State, result: tuple[str, str]) -> tuple[int, ...]:
    """The players the winner's line names: those the role whose win it is says won (the lovers), else none."""
    for role in Hooks.of("wins", state.ruleset):
        if role.wins(state) == result:
            return role.winners(state)
    return ()


def check(state: State) -> tuple[str, str] | None:
    """(winner, reason) or None while the game goes on."""
    if not state.alive:
        return ("draw", "nobody_alive")
    for role in Hooks.of("wins", state.ruleset):
        result = role.wins(state)
        if result:
            return result
    return None
