"""A death and what it sets off: every role is asked how it reacts (grief, a shot owed, a successor)."""

from __future__ import annotations

from .events import Died, Event, fold
from .roles import Hooks
from .state import State


def kill(state: State, seat: int, cause: str) -> list[Event]:
    """The events of `seat` dying of `cause`, with every role's reaction to it."""
    if seat not in state.alive:
        return []
    events: list[Event] = [Died(seat, cause)]
    return events + react(fold(events, state), seat, cause)


def react(state: State, seat: int, cause: str) -> list[Event]:
    """Every role's reaction to a death that `state` already holds (grief, a shot owed, a successor), after what
    the death sets off at once, read from the table as the death left it (the knight's mark)."""
    events: list[Event] = [event for role in Hooks.at_death for event in role.at_death(state, seat, cause)]
    state = fold(events, state)
    for role in Hooks.after_death:
        more = role.after_death(state, seat, cause)
        if more:
            events += more
            state = fold(more, state)
    return events
