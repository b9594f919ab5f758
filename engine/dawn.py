"""Resolve the dawn: who dies, in seat order, and what their deaths set off."""

from __future__ import annotations

from .deaths import kill
from .events import DawnBroke, Event
from .rulesets import ruleset
from .state import State


def dying(state: State) -> dict[int, str]:
    """seat -> cause for everyone the night kills."""
    t = state.tonight
    out: dict[int, str] = {}
    if t.attacked is not None and t.attacked in state.alive:
        saves = (t.attacked in t.protected) + (t.attacked in t.healed)
        survives = saves == 1 if ruleset(state.ruleset).double_save_kills else saves >= 1
        if not survives:
            out[t.attacked] = "wolves"
    for seat in t.poisoned:
        if seat in state.alive:
            out[seat] = "poison"  # poison always kills, and a poisoned hunter may not shoot
    return out


def resolve(state: State) -> list[Event]:
    events: list[Event] = [DawnBroke(state.night)]
    for seat, cause in sorted(dying(state).items()):
        events += kill(state, seat, cause)
    return events
