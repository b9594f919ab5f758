"""Where choices come from: a question to the table, answered by a tap, a key, a script or chance."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar, Protocol, runtime_checkable

from engine import Choice, Event, State
from narrator.game.clock import Clock

# The narrator's own questions, besides the engine's steps (a Question's `step`):
VOTE = "vote"  # the table is debating; answered by VOTE_CALLED when it goes to the vote
REVEAL = "reveal"  # a player sees their card (answer: COVERED)
START = "start"  # "I'm the narrator": the cards are dealt, night 1 may begin (answer: STARTED)
TURN = "turn"  # round the table: one seat's turn with the device (answer: a choice from `legal`)
NEVER = math.inf


@dataclass(frozen=True)
class Prompt:
    """An answer that is not a choice of the rules: the narrator's own question answered, or the table's undo.
    A journal writes it as its `word`."""

    word: ClassVar[str]

    def text(self) -> str:
        return self.word


@dataclass(frozen=True)
class Started(Prompt):
    """The cards are dealt and seen: the first night may begin."""

    word = "start"


@dataclass(frozen=True)
class VoteCalled(Prompt):
    """The table is done debating and goes to the vote."""

    word = "vote"


@dataclass(frozen=True)
class Covered(Prompt):
    """A player has seen their card and covered it."""

    word = "covered"


@dataclass(frozen=True)
class Undo(Prompt):
    """Take back the last recorded choice."""

    word = "undo"


STARTED, VOTE_CALLED, COVERED, UNDO = Started(), VoteCalled(), Covered(), Undo()
PROMPTS: Mapping[str, Prompt] = {p.word: p for p in (STARTED, VOTE_CALLED, COVERED, UNDO)}  # by journal word
ANSWER_TO: Mapping[str, Prompt] = {START: STARTED, VOTE: VOTE_CALLED, REVEAL: COVERED}  # the narrator's questions


@dataclass(frozen=True)
class Checked:
    """A choice checked once against the state its question was asked in (narrator/game/desk.py), with what the
    rules make of it: the narrator records these events as they are and decides nothing again (as python-chess
    pushes a move its parser has checked). `events` None: a turn round the table, collected for the night's laps
    (narrator/game/roundnight.py), which hand the engine what the turns add up to."""

    choice: Choice
    state: State  # the state it was checked in: applied as checked only there
    events: tuple[Event, ...] | None
    after: State | None  # the state the events lead to
    learned: str | None  # what its actor learns at once (the seer's card)


@dataclass(frozen=True)
class Question:
    """What the narrator waits for: a choice for `step` from `legal`, or the call to vote (`step` = VOTE).

    Round the table (`step` = TURN), `seat` holds the device and answers one of `legal`: choices of the
    night step `task`, or decoys (`task` None: `decoy:none`, `decoy:SEAT`)."""

    step: str
    legal: tuple[Choice, ...] = ()
    seat: int | None = None
    number: int = 0  # how many answers the game has recorded before this one
    task: str | None = None  # TURN only: the engine step this turn answers; None: a decoy
    decoy: bool = False  # a night step nobody answers (its role is dead or done), shown like one that is asked


@dataclass(frozen=True)
class Origin:
    """Where a replayed answer was read: its journal line, and the question it answered there."""

    line: int
    step: str
    number: int


@dataclass(frozen=True)
class Answer:
    """A tap: a choice or a prompt, and how long after the question it came (seconds)."""

    value: Choice | Prompt
    delay: float = 0.0
    origin: Origin | None = field(default=None, compare=False, repr=False)  # set when read from a journal
    checked: Checked | None = field(default=None, compare=False, repr=False)  # a tap checked at the desk


class Input(Protocol):
    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        """Wait, on `clock`, for an answer to `question` asked at `asked_at`; None once `until` passes."""
        ...


@runtime_checkable
class UndoBox(Protocol):
    """An input that keeps an undo asked for while no question is open (the narrator was speaking)."""

    def take_undo(self) -> bool:
        """True, once, when the table has asked to take back the last choice since this was last asked."""
        ...


@runtime_checkable
class RollCall(Protocol):
    """An input that hears every phone's answer to a question, a decoy's tap included (own devices' page server):
    a night step closes only once every phone has answered (narrator/game/beats.py)."""

    def all_answered(self, number: int) -> bool:
        """Every living phone connected has answered question `number` (its actor's answer, the others' decoy
        taps); True for a question no phone shows."""
        ...


@runtime_checkable
class AheadBox(Protocol):
    """An input that may hold the table's answer to the question that comes next before it is asked (a rematch
    tapped while the cards are still revealed aloud): the narrator cuts short what it is saying."""

    def answered_ahead(self) -> bool:
        """True while an answer waits for the next question."""
        ...


def _wait(clock: Clock, asked_at: float, delay: float, until: float, value: Choice | Prompt) -> Answer | None:
    """An answer due `delay` after the question: given when it is due before `until`, else None."""
    if asked_at + delay <= until:
        clock.sleep_until(asked_at + delay)
        return Answer(value, delay)
    clock.sleep_until(until)
    return None


@dataclass
class ScriptedInput:
    """Answers from a list, in order; each with its delay. Runs dry with None (the game waits)."""

    answers: list[Answer]
    used: int = 0

    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        if self.used >= len(self.answers):
            raise Exhausted(question)
        a = self.answers[self.used]
        if _wait(clock, asked_at, a.delay, until, a.value) is None:
            return None
        self.used += 1
        return a  # as given: a replayed answer keeps its origin


class Exhausted(Exception):
    """A scripted input has no more answers: the replay has reached the live game."""

    def __init__(self, question: Question) -> None:
        self.question = question
        super().__init__(question.step)


# the steps a wolf attacks in: a random table draws no wolf there (a lone wolf killing itself reads as a bug)
PACK_STEPS = frozenset({"werewolves", "big_bad_wolf"})


@dataclass
class RandomInput:
    """A table that plays at random but legally, with tap delays like real players'.

    Each answer is drawn from the game seed and the answer's number, so a resumed game goes on
    exactly as the uninterrupted one would have.
    """

    seed: int
    pending: dict[int, Answer] = field(default_factory=dict)
    spare_kin: bool = False  # the demo's table: a pack attacks no wolf (kin_spared)

    def _draw(self, question: Question) -> Answer:
        rng = random.Random(f"{self.seed}:{question.number}:{question.step}")
        if question.step == VOTE:
            return Answer(VOTE_CALLED, round(rng.uniform(20, 200), 2))
        if question.step == REVEAL:
            return Answer(COVERED, round(rng.uniform(3, 8), 2))
        if question.step == START:
            return Answer(STARTED, round(rng.uniform(1, 3), 2))
        legal = list(question.legal)
        if question.step == TURN and question.task is None:
            return Answer(rng.choice(legal), tap_delay(rng))  # a decoy: any of them
        passes = [c for c in legal if c.is_pass]
        acts = [c for c in legal if not c.is_pass]
        step = question.task if question.step == TURN else question.step
        keep_quiet = {"werewolves": 0.05, "witch": 0.7, "day_vote": 0.25, "hunter": 0.1}.get(step or "", 0.0)
        choice = rng.choice(passes) if passes and (not acts or rng.random() < keep_quiet) else rng.choice(acts)
        return Answer(choice, tap_delay(rng))

    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        asked = kin_spared(question, state) if self.spare_kin else question
        drawn = self.pending.setdefault(question.number, self._draw(asked))
        got = _wait(clock, asked_at, drawn.delay, until, drawn.value)
        if got is not None:
            del self.pending[question.number]
        return got


def kin_spared(question: Question, state: State) -> Question:
    """`question` with no wolf among a pack's victims: the rules let the pack attack a wolf (RULES.md), a table's
    pack never does (nor itself), so a random table draws among the others, or attacks nobody."""
    step = question.task if question.step == TURN else question.step
    if step not in PACK_STEPS:
        return question
    spared = tuple(c for c in question.legal if c.is_pass or c.target not in state.wolves)
    return replace(question, legal=spared) if spared else question


def tap_delay(rng: random.Random) -> float:
    """Seconds a player takes to choose: mostly 1 to 8, sometimes up to 15."""
    return round(min(15.0, max(1.0, rng.lognormvariate(1.3, 0.6))), 2)
