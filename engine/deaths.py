"""A death and what it sets off."""

from __future__ import annotations

from .events import Died, Event
from .state import State


def kill(state: State, seat: int, cause: str) -> list[Event]:
    """The events of `seat` dying of `cause`, with the death triggers of its card."""
    from .roles import ROLES

    return [Died(seat, cause), *ROLES[state.role_of(seat)].on_death(state, seat, cause)]
