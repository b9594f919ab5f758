"""What one seat may know: the single place that decides it. The page, the narrator and the
network all go through here. Each role says what its holder (or a lover, a charmed player...)
learns through it; this module adds only what everyone sees."""

from __future__ import annotations

from typing import Any

from .flow import answerer, legal_choices
from .roles import Hooks, Role
from .roles._base import secret_take
from .roles.village_idiot import pardoned
from .rulesets import ruleset
from .state import NARRATOR, State, circle, per_state


def public_cards(state: State) -> dict[str, str]:
    """Cards everyone has seen: an executed player's (extended), a pardoned idiot's."""
    return dict(_public_cards(state))


@per_state
def _public_cards(state: State) -> dict[str, str]:
    out: dict[str, str] = {}
    if ruleset(state.ruleset).reveal_executed:
        for death in state.deaths:
            if death.cause == "vote" and not secret_take(state, death.seat):
                out[str(death.seat)] = death.card
        idiot = pardoned(state)
        if idiot is not None:
            out[str(idiot)] = "village_idiot"
    return out


@per_state
def _choice_texts(state: State) -> tuple[str, ...]:
    """The legal choices' text forms, made once per state for every seat's view."""
    return tuple(c.text() for c in legal_choices(state))


def view(state: State, seat: int = NARRATOR) -> dict[str, Any]:
    """The state as `seat` may see it; NARRATOR (0) is the table: public facts only."""
    current = state.queue[0] if state.queue else None  # (fields and memos, not properties: every seat's view, often)
    out: dict[str, Any] = {
        "phase": state.phase,
        "night": state.night,
        "game": state.game,
        "you": seat,
        "players": list(state.players),
        "seats": len(state.roles),
        "alive": list(circle(state)),
        "latest_deaths": list(state.latest_deaths),
        "expelled": state.expelled,
        "captain": state.captain,
        "step": current.step if current else None,
        "winner": state.winner,
        "reason": state.reason,
        "cards": dict(_public_cards(state)),
        "choices": [],
        "asked": None,  # the step this seat is asked now (its choices are in `choices`)
        "pack": [],  # a wolf's pack, himself included (the werewolf role fills it in)
    }
    for role in Hooks.of("public", state.ruleset):
        out.update(role.public(state))
    if state.phase == "over":
        out["cards"] = {str(s): state.role_of(s) for s in state.seats}
        out["log"] = [e.to_json() for e in state.log]
        out["choices"] = list(_choice_texts(state))
        return out
    who = answerer(state)
    acting = seat in who.seats if seat != NARRATOR else who.kind == "table"
    if acting:
        out["choices"] = list(_choice_texts(state))
        out["asked"] = who.step
    if not 1 <= seat <= len(state.roles):  # the table, or no seat at all
        return out
    cards = out["cards"]
    cards[str(seat)] = state.roles[seat - 1]
    if seat in state.wolves:
        # the pack knows its members, not which of them hunts alone (extended: all show as werewolves)
        cards.update({str(s): state.role_of(s) if not state.extended else "werewolf"
                      for s in sorted(state.wolves) if s in state.seats and s != seat})
    for role in _knowing(state):
        out.update(role.knows(state, seat))
    return out


@per_state
def _knowing(state: State) -> tuple[Role, ...]:
    """The roles through which a seat may know something: those of the ruleset whose card is in play (a card nobody
    holds tells nobody anything), sorted out once per state for every seat's view."""
    return tuple(role for role in Hooks.of("knows", state.ruleset) if role.in_play(state))
