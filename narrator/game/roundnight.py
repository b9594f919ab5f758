"""The night round the table (mode `round_table`): laps of turns instead of calls. The device goes clockwise,
every living seat answers one question at its turn (a step of tonight's, or a decoy), each held for the same
window as a night step; what the turns collect is handed to the engine as it asks for it (narrator/game/laps.py)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Protocol

from engine import Choice, Event, Game, Refused, State, Unknown, WrongStep
from narrator.game import laps
from narrator.game.clock import Clock
from narrator.game.faults import ReplayMismatch
from narrator.game.inputs import TURN, Answer, Question
from narrator.game.signals import Upcoming
from narrator.game.timeline import StepTiming
from narrator.speech.lines import Line, Number, Seat
from narrator.speech.moment import position

# seconds a turn's first reminder waits past the window for the device to reach the player: from the middle of the
# table (a night's or a lap's first turn), or from the neighbour; sooner, "Ruhig. Es bleibt Zeit" came while the
# device was still on its way (read_de_B6 B3, 3 to 10 s after the turn line)
REACH_FIRST = 8.0
REACH_NEXT = 4.0


class Narrating(Protocol):
    """What the night's laps use of the narrator that holds them."""

    answered: int
    clock: Clock
    eyes: str | None
    game: Game
    replaying: bool
    steps: list[StepTiming]
    unsaid: list[Event]

    @property
    def state(self) -> State: ...

    @property
    def number(self) -> int: ...

    def say(self, scene: str, **values: object) -> Line: ...

    def say_at(self, scene: str, where: str | None, **values: object) -> Line: ...

    def utter(self, scene: str, values: Mapping[str, object], where: str | None = None,
              facts: Mapping[str, str] | None = None, avoid: Collection[int] = ()) -> Line: ...

    def prepare(self, *upcoming: Upcoming) -> None: ...

    def recorded(self, question: Question, answer: Answer) -> None: ...


class Calls(Protocol):
    """The night's called steps (nightcalls.py): a step the laps could not settle is called, and every turn is
    held for the night's window."""

    def step(self, step: str, asked: bool) -> None: ...

    def held(self, q: Question, accept: Callable[[Question, Answer], bool], again: Callable[[], Question],
             reminders: int = 2, grace: float = 0.0, holder: int | None = None) -> bool: ...


class RoundNight:
    """One night's laps, held by the narrator that runs the game."""

    def __init__(self, narrator: Narrating, calls: Calls) -> None:
        self.narrator, self.calls = narrator, calls
        self.collected: dict[str, dict[int, Choice]] = {}  # tonight's answers not yet handed over
        self.laps = 0  # the laps of the last night
        self.moved = False  # whether the lap so far has collected an answer for a step
        self.reminded = False  # a lap reminds a slow hand at most once: forty turns, one reminder, said once
        # the pass lines each seat heard tonight: «Venga, Lucía, te toca.» twice to Lucía in one night is a machine
        # (read_es_B7 g29); another seat may hear it, and she again once every line that fits was hers
        self.passed: dict[int, set[int]] = {}

    def run(self) -> None:
        """Laps round the table, clockwise from seat 1, each living seat answering one question a lap: as many
        laps as the cards in play need (`laps.count`), more only if the engine still waits for a step."""
        n = self.narrator
        state = n.state
        n.eyes = "day"  # nobody closes their eyes round the table
        seats = sorted(state.alive)  # those living at nightfall: a death tonight is heard at dawn
        two = {"two": "yes" if len(seats) == 2 else "no"}  # "durch alle Hände" is wrong for two (read_de_B7 A4)
        n.prepare(("round.start", {"night": Number(state.night)}, two))
        n.utter("round.start", {"night": Number(state.night)}, facts=two)
        decoys = laps.decoys(seats)
        n.prepare(("night.reminder", {"player": Seat(seats[0])}, {"again": "no", "task": "yes", "turn": "yes"}),
                  ("round.again", {}, {"again": "no", **two}), ("round.done", {}, two),
                  *(("round.turn", {"player": Seat(s)}) for s in seats))
        self.collected, self.laps, self.passed = {}, 0, {}
        planned = laps.count(state)  # the same whoever lives: the cards in play and the night decide
        while self.laps < planned or self.open():
            if self.laps and self.laps >= planned and not self.moved:
                break  # a lap that settled nothing: what is left goes the one-device way below
            if self.laps:  # the night's first new lap says why on the first night (read_de_B7 A3), later ones short
                n.utter("round.again", {}, facts={"again": "yes" if self.laps > 1 else "no", **two})
            self.moved = self.reminded = False
            lap = "later" if self.laps else "first"
            for index, seat in enumerate(seats):
                # a later lap's first turn is still the lap's first (a restart after round.again, never "next"),
                # but its device comes from the last seat, not the middle: the scripts tell them apart by `lap`
                self.turn(seat, decoys, position(index, len(seats)), lap)
            self.laps += 1
        n.utter("round.done", {}, facts=two)
        n.eyes = "night"
        while self.open():  # a step the laps could not settle (none is known): asked as with one device
            assert n.state.current is not None
            self.calls.step(n.state.current.step, True)

    def open(self) -> bool:
        state = self.narrator.state
        return state.phase == "night" and state.current is not None

    def turn(self, seat: int, decoys: tuple[Choice, ...], where: str, lap: str = "first") -> None:
        """One seat's turn: its name, then one question held for the night's fixed window, like a step."""
        n = self.narrator
        start = n.clock.now()
        passed = self.passed.setdefault(seat, set())
        passed.add(n.utter("round.turn", {"player": Seat(seat)}, where, facts={"lap": lap}, avoid=passed).variant)
        task = laps.task(n.state, seat, self.collected)
        legal = tuple(laps.legal(n.state, task)) if task is not None else decoys
        q = Question(TURN, legal, seat, n.number, task)
        n.eyes = "night"  # the turn's window is the night's, as its screens are (a reminder in it)
        # one reminder a turn at most: a calm line then a hurried one, in one short turn, clash (read_de s46)
        # its reminder names the hand the lap named (public), never "Noch ist die Wahl nicht getroffen" to the
        # whole table, who asks "whose? which choice?" (read_de_B7 A1)
        reminded = self.calls.held(q, self.take, lambda: q, reminders=0 if self.reminded else 1,
                                   grace=REACH_FIRST if where == "first" else REACH_NEXT, holder=seat)
        self.reminded = self.reminded or reminded
        n.eyes = "day"
        n.steps.append(StepTiming(task or laps.DECOY, round(start, 3), round(n.clock.now(), 3), task is not None))

    def take(self, question: Question, answer: Answer) -> bool:
        """Record a turn's answer and collect it; hand the engine every step that is now answered.
        False when the answer is not one of the turn's choices (the seat is asked again)."""
        n = self.narrator
        value = answer.value
        if not isinstance(value, Choice) or value not in question.legal:
            if n.replaying:
                raise ReplayMismatch(f"answer {n.answered + 1} of the journal is not a choice of this turn",
                                     answer.origin.line if answer.origin else None)
            return False
        n.answered += 1
        if question.task is not None and question.seat is not None:
            self.collected.setdefault(question.task, {})[question.seat] = value
            self.moved = True
        self.hand_over()
        n.recorded(question, answer)
        return True

    def hand_over(self) -> None:
        """Give the engine each step it asks for, for as long as the answers collected at the turns hold it."""
        n = self.narrator
        while True:
            choice = laps.due(n.state, self.collected)
            if choice is None:
                return
            self.collected.pop(choice.step, None)
            try:
                n.unsaid.extend(n.game.choose(choice))
            except (Refused, WrongStep, Unknown):
                return  # never seen: the step stays open and its holder is asked again at the next turn

