"""The decider: what a choice leads to, and what the engine asks next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import dawn, win
from .choice import Choice
from .day import VOTE
from .errors import Refused, Unknown, WrongStep
from .events import CardsDealt, DayBegan, Event, GameCreated, GameOver, NightBegan, StepDone, fold
from .roles import STEPS, Step
from .rulesets import ruleset
from .setup import Setup, check_house, setup_from_roles, shuffled
from .state import HouseRules, Pending, State

ALL_STEPS: dict[str, Step] = {**STEPS, VOTE.id: VOTE}
REMATCH = "rematch"


@dataclass(frozen=True)
class NightSlot:
    """One step of the night as the narrator runs it: called whether or not its actor lives."""

    step: str
    alive: bool


def night_plan(state: State) -> list[NightSlot]:
    """Every dealt role's night step, in the fixed order, with whether someone alive will answer."""
    out = []
    for step_id in ruleset(state.ruleset).night_order:
        step = ALL_STEPS[step_id]
        if step.dealt(state):
            out.append(NightSlot(step_id, step.actor(state) is not None))
    return out


def begin_night(state: State, night: int) -> list[Event]:
    steps = []
    for step_id in ruleset(state.ruleset).night_order:
        pending = ALL_STEPS[step_id].actor(state)
        if pending is not None:
            steps.append((pending.step, pending.seat))
    return [NightBegan(night, tuple(steps))]


def advance(state: State) -> list[Event]:
    """The events that follow on their own until the engine needs the next choice."""
    out: list[Event] = []
    while not state.queue and state.phase != "over":
        events: list[Event]
        if state.phase == "night":
            events = dawn.resolve(state)
        elif state.phase == "dealt":
            events = begin_night(state, 1)
        else:
            result = win.check(state)
            if result:
                events = [GameOver(*result)]
            elif state.phase == "dawn":
                events = [DayBegan(state.night)]
            else:
                events = begin_night(state, state.night + 1)
        state = fold(events, state)
        out += events
    return out


def start(ruleset_id: str, players: Sequence[str], house: HouseRules, seed: int,
          mode: str = "one_device", roles: Sequence[str] | None = None,
          setup: Setup | None = None) -> list[Event]:
    """The events that open a game: the table, the deal, and night 1."""
    rules = ruleset(ruleset_id)
    check_house(ruleset_id, house.win, house.step_seconds, house.day_timer_minutes)
    if roles is not None:
        if len(roles) != len(players):
            raise Refused("setup.total", f"{len(roles)} cards for {len(players)} players; they must match.")
        setup_from_roles(rules, roles)
        dealt = tuple(roles)
    else:
        setup = setup or Setup.recommended(rules, len(players))
        setup.validate()
        dealt = shuffled(setup.cards(), seed)
    events: list[Event] = [GameCreated(ruleset_id, tuple(players), house, seed, mode), CardsDealt(dealt, 1)]
    return events + advance(fold(events))


def legal_choices(state: State) -> list[Choice]:
    """Every choice the rules allow now; the page renders exactly this list."""
    if state.over:
        return [Choice(REMATCH)]
    pending = state.current
    if pending is None:
        return []
    step = ALL_STEPS[pending.step]
    return [c for c in step.candidates(state, pending) if step.refusal(state, pending, c) is None]


def decide(state: State, choice: Choice) -> list[Event]:
    """The events a choice leads to, up to the next question. Raises WrongStep, Unknown or Refused."""
    if choice.step == REMATCH:
        return _rematch(state)
    pending = state.current
    if pending is None or choice.step != pending.step:
        raise WrongStep(pending.step if pending else None, choice.step)
    for seat in (choice.target, choice.heal, choice.poison):
        if seat is not None and seat not in state.seats:
            raise Unknown(f"there is no seat {seat}; seats are 1 to {len(state.roles)}")
    step = ALL_STEPS[pending.step]
    refusal = step.refusal(state, pending, choice)
    if refusal is not None:
        raise refusal
    events = [*step.effects(state, pending, choice), StepDone(pending.step)]
    return events + advance(fold(events, state))


def _rematch(state: State) -> list[Event]:
    if not state.over:
        raise WrongStep(state.current.step if state.current else None, REMATCH)
    game = state.game + 1
    events: list[Event] = [CardsDealt(shuffled(sorted(state.roles), f"{state.seed}:{game}"), game)]
    return events + advance(fold(events, state))


def actor_of(state: State, pending: Pending | None = None) -> list[int]:
    """The seats that answer the current step (the living pack for the wolves)."""
    pending = pending or state.current
    if pending is None:
        return []
    if pending.seat is not None:
        return [pending.seat]
    if pending.step == "werewolves":
        from .sides import living_wolves

        return living_wolves(state)
    return sorted(state.alive)
