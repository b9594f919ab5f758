"""The rules of Werewolf: pure, deterministic, no I/O and no clock.

`decide(state, choice)` returns events, `evolve(state, event)` applies one, and the state is the
fold of the log. `view(state, seat)` decides what a seat may know.
"""

from .choice import Choice
from .errors import Refused, Unknown, WrongStep
from .events import Event, event_from_json, evolve, fold
from .flow import NightSlot, actor_of, decide, legal_choices, night_plan, start
from .game import Game
from .rulesets import RULESETS, recommended, ruleset
from .setup import Setup
from .state import NARRATOR, HouseRules, LogEntry, Pending, State
from .view import view

__all__ = [
    "NARRATOR", "RULESETS", "Choice", "Event", "Game", "HouseRules", "LogEntry", "NightSlot", "Pending",
    "Refused", "Setup", "State", "Unknown", "WrongStep", "actor_of", "decide", "event_from_json", "evolve",
    "fold", "legal_choices", "night_plan", "recommended", "roles_known", "ruleset", "start", "view",
]


def roles_known() -> set[str]:
    """Every role id any ruleset knows."""
    from .roles import ROLES

    return set(ROLES)
