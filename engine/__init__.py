"""The rules of Werewolf: pure, deterministic, no I/O and no clock.

`decide(state, choice)` returns events, `evolve(state, event)` applies one, and the state is the
fold of the log. `view(state, seat)` decides what a seat may know.
"""

from .choice import Choice
from .count import Count, count_votes, voters
from .dawn import double_save_kills
from .errors import Malformed, NotAChoice, Refused, Unknown, WrongStep
from .events import Event, event_from_json, evolve, fold
from .flow import (
    Answerer,
    NightSlot,
    actor_of,
    answerer,
    dealt,
    decide,
    legal_choices,
    night_plan,
    options_of,
    private_answer,
    shape_of,
    start,
    story,
)
from .game import Game
from .house import HouseError, HouseRules, parse_house
from .roles import ROLES, discover
from .roles.pied_piper import charmed
from .rulesets import RULESETS, ruleset
from .setup import Setup, recommended
from .state import NARRATOR, LogEntry, Pending, State
from .view import view
from .vote import VOTE, vote_round

__all__ = [
    "NARRATOR", "RULESETS", "Answerer", "Choice", "Count", "Event", "Game", "HouseError", "HouseRules", "LogEntry",
    "Malformed", "NightSlot", "NotAChoice", "Pending", "Refused", "Setup", "State", "Unknown", "WrongStep", "actor_of",
    "answerer", "charmed", "count_votes", "dealt", "decide", "double_save_kills", "event_from_json", "evolve", "fold",
    "legal_choices", "night_plan", "options_of", "parse_house", "private_answer", "recommended", "roles_known",
    "ruleset", "shape_of", "start", "story", "view", "vote_round", "voters",
]


# The role modules use the engine's own modules (the vote, a death), so they are found last.
discover(VOTE)


def roles_known() -> set[str]:
    """Every card any ruleset deals."""
    return {r.id for r in ROLES.values() if r.card}
