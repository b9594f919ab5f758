"""The decider: what a choice leads to, and what the engine asks next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import dawn, win
from .choice import Choice
from .errors import Malformed, Refused, Unknown, WrongStep
from .events import CardsDealt, DayBegan, Event, GameCreated, GameOver, NightBegan, Opened, Said, StepDone, fold
from .house import HouseRules
from .modes import Mode
from .roles import STEPS, Hooks, NightCall, Role, Step, calls_in_order
from .roles._base import WOLF_CARDS
from .rulesets import ruleset
from .setup import Setup, check_house, deal, setup_from_roles
from .state import State, per_state

ALL_STEPS: dict[str, Step] = STEPS  # the roles' steps and the day's vote (engine/__init__.py registers it)
REMATCH = "rematch"


@dataclass(frozen=True)
class NightSlot:
    """One step of the night as the narrator runs it: called whether or not its actor lives.
    `asked` is False for the steps that are only narrated (the lovers recognising each other)."""

    step: str
    alive: bool
    asked: bool = True


def calls_tonight(state: State, night: int) -> list[tuple[Role, NightCall]]:
    """The night's calls in order: roles in play (dealt, or among the thief's cards) on their nights."""
    return [(role, call) for role, call in _of_deal(state.ruleset, state.dealt, state.extra)
            if role.in_play(state) and call.when(state, night)]


@lru_cache(maxsize=64)
def _of_deal(rules: str, dealt: tuple[str, ...], extra: tuple[str, ...]) -> tuple[tuple[Role, NightCall], ...]:
    """The night calls that may be in play with these cards: those of the cards dealt, and those of the roles that
    say for themselves when they are in play (the pack, the captain). Sorted out once per deal, not every night."""
    cards = {*dealt, *extra}
    return tuple((role, call) for role, call in calls_in_order(rules)
                 if type(role).in_play is not Role.in_play or role.id in cards)


def night_plan(state: State) -> list[NightSlot]:
    """Every step of tonight in the fixed order, with whether someone alive will answer it now."""
    night = state.night if state.phase == "night" else state.night + 1
    out = []
    for _, call in calls_tonight(state, night):
        alive = call.asked and ALL_STEPS[call.step].actor(state) is not None
        out.append(NightSlot(call.step, alive, call.asked))
    return out


def begin_night(state: State, night: int) -> list[Event]:
    plan = tuple(call.step for _, call in calls_tonight(state, night) if call.asked)
    return [NightBegan(night, plan)]


def _next_night_step(state: State) -> tuple[list[Event], State]:
    for step_id in state.plan:
        pending = ALL_STEPS[step_id].actor(state)
        if pending is not None:
            opened = Opened(pending.step, pending.seat)
            return [opened], opened.apply(state)
    return dawn.resolved(state)


def _after_resolution(state: State) -> list[Event]:
    """A dawn or a verdict is resolved with its reactions: has anyone won, and what comes next."""
    result = win.check(state)
    if result:
        return [GameOver(*result, alone=len(state.alive) == 1, players=win.named(state, result))]
    for role in Hooks.of("reaction", state.ruleset):
        asked = role.reaction(state)
        if asked:
            return asked
    if state.phase == "dawn":
        return [*dawn.news(state), DayBegan(state.night)]
    return begin_night(state, state.night + 1)


def advance(state: State) -> list[Event]:
    """The events that follow on their own until the engine needs the next choice."""
    return advanced(state)[0]


def advanced(state: State) -> tuple[list[Event], State]:
    """The events that follow on their own, and the state they lead to."""
    out: list[Event] = []
    while state.phase != "over":  # (the fields themselves, not `over` and `current`: this loop runs at every choice)
        head = state.queue[0] if state.queue else None
        if head is not None:
            if not ALL_STEPS[head.step].skipped(state, head):
                break
            events: list[Event] = [StepDone(head.step)]
        elif state.phase == "dealt":
            events = begin_night(state, 1)
        elif state.phase == "night":  # the next step, or the dawn: its state comes with it, folded as it was worked out
            events, state = _next_night_step(state)
            out += events
            continue
        else:
            events = _after_resolution(state)
        state = fold(events, state)
        out += events
    return out, state


def start(ruleset_id: str, players: Sequence[str], house: HouseRules, seed: int,
          mode: str = Mode.ONE_DEVICE, roles: Sequence[str] | None = None,
          setup: Setup | None = None, extra: Sequence[str] = ()) -> list[Event]:
    """The events that open a game: the table, the deal, and night 1."""
    events: list[Event] = [GameCreated(ruleset_id, tuple(players), house, seed, mode),
                           dealt(ruleset_id, len(players), house, seed, mode, roles, setup, extra)]
    return events + advance(fold(events))


def dealt(ruleset_id: str, players: int, house: HouseRules, seed: int, mode: str = Mode.ONE_DEVICE,
          roles: Sequence[str] | None = None, setup: Setup | None = None, extra: Sequence[str] = ()) -> CardsDealt:
    """A game's first deal: the cards given (`roles`, `extra`), checked, or drawn from `seed` (`setup`, else the
    recommended deal). The one place a first deal is drawn; a game started from its cards draws nothing."""
    rules = ruleset(ruleset_id)
    check_house(ruleset_id, house)
    if roles is not None:
        if len(roles) != players:
            raise Refused("setup.total", f"{len(roles)} cards for {players} players; they must match.")
        setup_from_roles(rules, roles, extra, mode)
        return _dealt(roles, extra, 1)
    setup = setup or Setup.recommended(rules, players, mode)
    if setup.mode != mode:
        setup = Setup(setup.rules, setup.players, setup.counts, mode)
    setup.validate()
    return _dealt(*deal(setup, seed), 1)


def _dealt(seats: Sequence[str], extra: Sequence[str], game: int) -> CardsDealt:
    wolves = tuple(i for i, card in enumerate(seats, 1) if card in WOLF_CARDS)
    return CardsDealt(tuple(seats), game, tuple(extra), wolves)


def moot_choice(state: State) -> Choice | None:
    """The answer the narrator gives itself, without asking, to a step whose answer can no longer change anything:
    the game is already decided (win.check) and the step says so of itself (`Step.moot`). None: ask as usual."""
    head = state.current
    if head is None or not ALL_STEPS[head.step].moot or win.check(state) is None:
        return None
    legal = legal_choices(state)
    return legal[0] if legal else None


def story(state: State) -> list[Said]:
    """What the table hears once every card is revealed that the cards do not show (the lovers, an infection, a
    wolf-dog's side), each role's in the roles' order; one story a player (a second would tell again that the
    card lied)."""
    told: set[int] = set()
    stories = []
    for said in (said for role in Hooks.story if state.ruleset in role.rulesets for said in role.story(state)):
        if said.player not in told:
            stories.append(said)
        if said.player is not None:
            told.add(said.player)
    return stories


def legal_choices(state: State, seat: int | None = None) -> list[Choice]:
    """Every choice the rules allow now (at the end, the rematch); with `seat`, those that seat may make: none when
    it does not answer now (`answerer`). The page renders exactly this list (for a vote, the verdicts it may name:
    `none` and each living player)."""
    if seat is not None and not state.over and not answerer(state).includes(seat):
        return []
    return list(_legal(state))


@per_state
def _legal(state: State) -> tuple[Choice, ...]:
    if state.over:
        return (Choice(REMATCH),)
    pending = state.current
    if pending is None:
        return ()
    return tuple(ALL_STEPS[pending.step].legal(state, pending))


def private_answer(state: State, choice: Choice) -> str | None:
    """What the actor of the current step learns at once from `choice` (shown only to them)."""
    pending = state.current
    if pending is None or pending.step != choice.step:
        return None
    return ALL_STEPS[pending.step].answer(state, pending, choice)


def learnable(step_id: str, state: State) -> tuple[str, ...]:
    """Every answer step `step_id` may show its actor in this game (public: the ruleset, the cards in play)."""
    return ALL_STEPS[step_id].learnable(state)


def shape_of(step_id: str) -> str:
    """The shape of a step's answer (seat, potions, seats, option, vote, seconds)."""
    step = ALL_STEPS.get(step_id)
    if step is None:
        raise Unknown(f"no step is called '{step_id}'")
    return step.shape


def announce_of(step_id: str) -> str | None:
    """The scene said when a step is asked by day (the dying hunter's call), if any."""
    return ALL_STEPS[step_id].announce


def options_of(step_id: str) -> tuple[str, ...]:
    return ALL_STEPS[step_id].options


def _named_seats(choice: Choice) -> list[int]:
    if choice.seats == () and choice.ballots is None and choice.tally is None and choice.heal is None \
            and choice.poison is None:  # most choices: one seat or none
        return [] if choice.target is None else [choice.target]
    seats = [s for s in (choice.target, choice.heal, choice.poison) if s is not None]
    seats += list(choice.seats)
    for voter, target in choice.ballots or ():
        seats.append(voter)
        if target is not None:
            seats.append(target)
    seats += [s for s, _ in choice.tally or ()]
    return seats


def decide(state: State, choice: Choice) -> list[Event]:
    """The events a choice leads to, up to the next question. Raises WrongStep, Unknown or Refused."""
    return decided(state, choice)[0]


def decided(state: State, choice: Choice) -> tuple[list[Event], State]:
    """`decide`, with the state the events lead to (folded once, on the way)."""
    if choice.step == REMATCH:
        events = _rematch(state)
        return events, fold(events, state)
    pending = state.queue[0] if state.queue else None
    if pending is None or choice.step != pending.step:
        raise WrongStep(pending.step if pending else None, choice.step)
    step = ALL_STEPS[pending.step]
    problem = step.malformed(state, choice)
    if problem is not None:
        raise Malformed(problem)
    seats = len(state.roles)
    for seat in _named_seats(choice):
        if not 1 <= seat <= seats:
            raise Unknown(f"there is no seat {seat}; seats are 1 to {seats}")
    refusal = step.refusal(state, pending, choice)
    if refusal is not None:
        raise refusal
    events = [StepDone(pending.step), *step.effects(state, pending, choice)]
    more, after = advanced(fold(events, state))
    return events + more, after


def _rematch(state: State) -> list[Event]:
    if not state.over:
        raise WrongStep(state.current.step if state.current else None, REMATCH)
    game = state.game + 1
    cards = [*state.dealt, *state.extra]
    setup = Setup(ruleset(state.ruleset), len(state.dealt), _counts(cards), state.mode)
    seats, extra = deal(setup, f"{state.seed}:{game}")
    events: list[Event] = [_dealt(seats, extra, game)]
    return events + advance(fold(events, state))


def _counts(cards: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


@dataclass(frozen=True)
class Answerer:
    """Who must answer now: one seat, the pack together, the whole table, or nobody (as OpenSpiel's
    `current_player()`). `seats` are the seats that take part: the seat, the living pack, the voters
    or every living player for a question to the table."""

    kind: str  # seat | pack | table | nobody
    step: str | None = None
    seats: tuple[int, ...] = ()

    def includes(self, seat: int) -> bool:
        return seat in self.seats


NOBODY = Answerer("nobody")


@per_state
def answerer(state: State) -> Answerer:
    """Who answers the current step: the one place that says it."""
    pending = state.current
    if state.over or pending is None:
        return NOBODY
    if pending.seat is not None:
        return Answerer("seat", pending.step, (pending.seat,))
    if pending.step == "werewolves":
        return Answerer("pack", pending.step, tuple(sorted(state.wolves & state.alive)))
    return Answerer("table", pending.step, tuple(sorted(state.alive)))
