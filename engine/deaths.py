"""A death and what it sets off: every role is asked how it reacts (grief, a shot owed, a successor)."""

from __future__ import annotations

from .events import Died, Event, fold
from .roles import Hooks
from .state import State


def kill(state: State, seat: int, cause: str) -> list[Event]:
    """The events of `seat` dying of `cause`, with every role's reaction to it."""
    return killed(state, seat, cause)[0]


def killed(state: State, seat: int, cause: str) -> tuple[list[Event], State]:
    """`kill`, with the state its events lead to (folded once, on the way)."""
    if seat not in state.alive:
        return [], state
    death = Died(seat, cause)
    more, after = reacted(death.apply(state), seat, cause)
    return [death, *more], after


def react(state: State, seat: int, cause: str) -> list[Event]:
    """Every role's reaction to a death that `state` already holds (grief, a shot owed, a successor), after what
    the death sets off at once, read from the table as the death left it (the knight's mark)."""
    return reacted(state, seat, cause)[0]


def reacted(state: State, seat: int, cause: str) -> tuple[list[Event], State]:
    """`react`, with the state its events lead to."""
    rules = state.ruleset
    events: list[Event] = [event for role in Hooks.of("at_death", rules) for event in role.at_death(state, seat, cause)]
    state = fold(events, state)
    for role in Hooks.of("after_death", rules):
        more = role.after_death(state, seat, cause)
        if more:
            events += more
            state = fold(more, state)
    return events, state
