"""The round-table night ("Reihum"): which step a seat answers at its turn, as pure functions of the state.

The device goes clockwise round the table, lap after lap; at each turn its holder answers one question:
a step of tonight's (collected now, handed to the engine when the engine asks for it) or a decoy. The
engine still asks its steps in the usual night order, so nothing here changes the rules: a step can be
answered ahead of the engine only when no step it reads (`Step.after`) is still unanswered tonight, and
then its legal choices and what its actor learns at once are those the engine will find when it gets there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from random import Random

from engine import Choice, State, options_of, shape_of
from engine.flow import ALL_STEPS, answerer, learnable, legal_choices
from engine.flow import private_answer as current_answer
from engine.roles._base import WOLF_CARDS

PACK = "werewolves"  # the one step answered by several seats: each wolf picks, the plurality wins
DECOY = "decoy"  # the step name of a decoy answer: `decoy:3`, `decoy:none`
MIN_LAPS = 2  # every night goes at least twice round the table, so that the laps look alike

Collected = Mapping[str, Mapping[int, Choice]]  # step id -> seat -> the answer given at its turn


def count(state: State) -> int:
    """How many laps tonight takes, from what the whole table knows (the cards in play, the night's number),
    never from who lives or where they sit: enough for the longest chain of steps that read each other
    tonight (the witch after the wolf father after the pack), a wolf's own step coming after his pick
    for the pack. Laps that nobody needs are decoys, so the count tells nothing."""
    from engine.flow import calls_tonight

    night = state.night if state.phase == "night" else state.night + 1
    calls = calls_tonight(state, night)
    steps = {call.step for _, call in calls if call.asked}
    wolf_steps = {call.step for role, call in calls if role.id in WOLF_CARDS and call.step != PACK}
    levels: dict[str, int] = {}

    def level(step: str, seen: frozenset[str] = frozenset()) -> int:
        if step not in levels:
            below = [level(d, seen | {step}) for d in ALL_STEPS[step].after if d in steps and d not in seen]
            levels[step] = max([1, *(n + 1 for n in below), *([2] if step in wolf_steps else [])])
        return levels[step]

    return max([MIN_LAPS, *(level(step) for step in steps)])


def called(state: State) -> list[str]:
    """The round night's steps that someone answers, in night order, from the cards in play and the night's
    number (what the table knows), never from who lives. Its number is the state's even once the engine's last
    step of it is answered (its dawn is in the state): the laps go on, and their turns must look the same."""
    from engine.flow import calls_tonight

    return [call.step for _, call in calls_tonight(state, max(state.night, 1)) if call.asked]


def nightfall(state: State) -> list[int]:
    """The seats living at nightfall, as every turn lists them: once the engine's last step of the night is
    answered mid-lap its dawn is in the state, and the dead of that dawn are listed still (heard at dawn)."""
    return sorted(state.alive if state.phase == "night" else {*state.alive, *state.latest_deaths})


def shapes(state: State) -> set[str]:
    """The shapes of tonight's steps, from the cards in play and the night's number (what the table knows)."""
    return {shape_of(step) for step in called(state)}


def options(state: State) -> list[tuple[str, str]]:
    """Every option of tonight's steps answered with one (the thief's cards, the wolf-dog's side, the wolf
    father's infection), step by step in night order: every turn tonight lists them all after "nobody", the
    same buttons for every seat, its holder's own among them."""
    return [(step, option) for step in called(state) if shape_of(step) == "option" for option in options_of(step)]


def clued(state: State) -> list[str]:
    """Tonight's steps answered knowing the pack's victim, with potions or an option (the witch, the wolf
    father): every turn's first screen then names a seat, the victim on theirs and a seat drawn on the others."""
    return [s for s in called(state) if shape_of(s) in ("potions", "option") and PACK in ALL_STEPS[s].after]


def stand_in(state: State, rng: Random) -> str | None:
    """What a turn that learns nothing is shown, on a night when a step shows its actor an answer (the seer's
    card, the fox's nose): an answer one of those steps could give, drawn with `rng`; None on other nights."""
    steps = [s for s in called(state) if learnable(s, state)]
    return rng.choice(learnable(rng.choice(steps), state)) if steps else None


def taps(state: State) -> int:
    """How many pick-one screens every turn tonight takes: two when a card in play tonight answers with two
    seats or two potions (cupid, the dog handler, the piper, the witch), else one. The same for every seat,
    so the time a turn takes tells nothing."""
    return 2 if shapes(state) & {"seats", "potions"} else 1


def compose(step: str, shape: str, picks: Sequence[int | None], option: str | None = None) -> Choice | None:
    """A step's answer from the seats picked one screen at a time at its turn (None: nobody); None while a
    pick it needs is still to come. One seat: the first pick (the screens after it are its decoys); seats: the
    two picks (a second "nobody": one seat); potions: the first pick is who to heal, the second who to poison;
    an option: `option`, tapped on the first screen."""
    if shape == "option":
        return Choice(step, option=option) if picks else None
    if shape == "seats":
        if len(picks) < 2:
            return None
        chosen = tuple(sorted({s for s in picks[:2] if s is not None}))
        return Choice(step, seats=chosen) if chosen else Choice(step)
    if shape == "potions":
        if len(picks) < 2:
            return None
        return Choice(step, heal=picks[0], poison=picks[1]) if picks[0] or picks[1] else Choice(step)
    return Choice(step, picks[0]) if picks else None


def tonight(state: State) -> tuple[str, ...]:
    """The night's steps the engine has not had its answer for yet, in night order (the current one first)."""
    if state.phase != "night":
        return ()
    head = (state.current.step,) if state.current is not None else ()
    return (*head, *(s for s in state.plan if s not in head))


def ahead(state: State, step: str) -> State | None:
    """`state` as the engine will show it when `step` is asked (its actor at the head of the queue), for a
    step that waits for nothing unanswered; None when nobody alive holds it."""
    current = state.current
    if current is not None and current.step == step:
        return state
    pending = ALL_STEPS[step].actor(state)
    if pending is None:
        return None
    return state.but(queue=(pending, *state.queue))


def ready(state: State, step: str) -> bool:
    """True when `step` is still to come tonight and none of the steps it reads is unanswered."""
    left = tonight(state)
    if step not in left:
        return False
    before = left[:left.index(step)]
    return not any(d in before for d in ALL_STEPS[step].after)


def holders(state: State, step: str) -> list[int]:
    """The seats that answer `step` tonight, as the state stands now."""
    now = ahead(state, step)
    return list(answerer(now).seats) if now is not None else []


def task(state: State, seat: int, collected: Collected) -> str | None:
    """The step `seat` answers at its turn now: the first of tonight's steps it holds, has not answered,
    and that waits for nothing unanswered; None: nothing (the seat gets a decoy)."""
    for step in tonight(state):
        if seat in collected.get(step, {}) or seat not in holders(state, step):
            continue
        if ready(state, step):
            return step
    return None


def legal(state: State, step: str) -> list[Choice]:
    """The legal choices of a step of tonight's, before the engine asks for it (`ready` must hold)."""
    now = ahead(state, step)
    return legal_choices(now) if now is not None else []


def private_answer(state: State, choice: Choice) -> str | None:
    """What the actor learns at once from `choice` (the seer's card), for a step that may not be the
    engine's current one yet: `engine.flow.private_answer` as the engine will answer it. None for a decoy."""
    if choice.step not in ALL_STEPS:
        return None
    now = ahead(state, choice.step)
    return current_answer(now, choice) if now is not None else None


def pack_pick(step: str, picks: Iterable[Choice]) -> Choice:
    """The pack's victim: the seat most wolves picked (nobody counts as a pick too); a tie: nobody."""
    counts = Counter(c.target for c in picks)
    if not counts:
        return Choice(step)
    top = max(counts.values())
    best = [target for target, n in counts.items() if n == top]
    return Choice(step, best[0]) if len(best) == 1 else Choice(step)


def due(state: State, collected: Collected) -> Choice | None:
    """The choice to hand to the engine now: the current night step, once every seat answering it has
    answered at its turn (the pack: every living wolf); None while one is missing."""
    current = state.current
    if state.phase != "night" or current is None:
        return None
    given = collected.get(current.step, {})
    seats = list(answerer(state).seats)
    if not seats or any(s not in given for s in seats):
        return None
    if current.step == PACK:
        return pack_pick(current.step, (given[s] for s in seats))
    return given[seats[0]]


def decoys(seats: Sequence[int]) -> tuple[Choice, ...]:
    """A decoy's choices, laid out like a seat step's: nobody, then each seat living at nightfall."""
    return (Choice(DECOY), *(Choice(DECOY, s) for s in seats))


__all__ = ["DECOY", "MIN_LAPS", "PACK", "ahead", "called", "clued", "compose", "decoys", "due", "holders", "legal",
           "nightfall", "options", "pack_pick", "private_answer", "ready", "shapes", "stand_in", "taps", "task",
           "tonight"]
