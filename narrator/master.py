"""The game master: drives the engine step by step, speaks every scene, holds the fixed waits.

Every night step has the same shape whether its role lives, is dead, or has nothing left to do:
the wake line, a window of `step_seconds`, a reminder and more time when the window runs out,
and the sleep line. A dead role's extra time is drawn from the overruns that living players
have really taken in this game, so a stopwatch cannot tell the two apart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine import Choice, Game, Refused, State, Unknown, WrongStep, night_plan

from .clock import Clock, VirtualClock
from .inputs import COVERED, NEVER, REVEAL, START, UNDO, VOTE, Answer, Input, Question, ScriptedInput
from .lines import Line, Lines, Number, RoleName, Seat, Seats
from .speaker import SilentSpeaker, Speaker

END_SCENES = {"wolves_dead": "end.village", "wolves_number": "end.wolves.number",
              "villagers_dead": "end.wolves.side", "specials_dead": "end.wolves.side", "nobody_alive": "end.draw"}


@dataclass(frozen=True)
class StepTiming:
    """One night step as a stopwatch at the table sees it."""

    step: str
    t: float
    end: float
    actor_alive: bool

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "t": round(self.t, 3), "end": round(self.end, 3), "actor_alive": self.actor_alive}


class ReplayMismatch(Exception):
    """A journal whose answers do not fit its own game: written by another version, or tampered with."""


class UndoRequested(Exception):
    """The table asked to take back the last choice: the session replays the journal without it."""


class Narrator:
    def __init__(self, game: Game, lines: Lines, speaker: Speaker, clock: Clock, live: Input, *, seed: int,
                 replay: list[Answer] | None = None, resumed: bool = False,
                 record: Callable[[Question, Answer], None] | None = None) -> None:
        self.game, self.lines, self.seed = game, lines, seed
        self.live_speaker, self.live_clock, self.live_input = speaker, clock, live
        self.record = record
        self.resumed = resumed
        self.replaying = bool(replay)
        self.speaker: Speaker = SilentSpeaker() if self.replaying else speaker
        self.clock: Clock = VirtualClock() if self.replaying else clock
        self.input: Input = ScriptedInput(list(replay or [])) if self.replaying else live
        self.overruns: list[float] = []  # seconds past the window, for every live step (0 when on time)
        self.rng = random.Random(f"{seed}:dead-steps")
        self.steps: list[StepTiming] = []
        self.answered = 0

    # -- speaking and asking --------------------------------------------------------
    @property
    def state(self) -> State:
        return self.game.state

    def say(self, scene: str, **values: object) -> Line:
        line = self.lines.say(scene, **values)
        self._speak(line)
        return line

    def _speak(self, line: Line) -> None:
        start = self.clock.now()
        seconds = self.speaker.say(line, start)
        self.clock.sleep_until(start + seconds)

    def _go_live_if_replayed(self) -> None:
        """Once the journal's last answer is applied, the game stands where it stopped: speak from here on."""
        if not self.replaying or not isinstance(self.input, ScriptedInput):
            return
        if self.input.used < len(self.input.answers):
            return
        self.replaying = False
        now = self.clock.now()
        self.speaker, self.input = self.live_speaker, self.live_input
        if isinstance(self.live_clock, VirtualClock):
            self.live_clock.sleep_until(now)
        self.clock = self.live_clock
        if self.resumed:
            self.say("game.resume")

    def ask(self, question: Question, asked_at: float, until: float = NEVER) -> Answer | None:
        answer = self.input.answer(question, self.state, self.clock, asked_at, until)
        if answer is not None and answer.value == UNDO:
            raise UndoRequested
        return answer

    def question(self, step: str, seat: int | None = None) -> Question:
        legal = tuple(self.game.legal()) if step not in (VOTE, REVEAL, START) else ()
        return Question(step, legal, seat, self.answered)

    def apply(self, question: Question, answer: Answer) -> bool:
        """Record an answer; False when the rules refuse it (the table is asked again)."""
        if isinstance(answer.value, Choice):
            try:
                self.game.choose(answer.value)
            except (Refused, WrongStep, Unknown) as exc:
                if self.replaying:
                    raise ReplayMismatch(f"answer {self.answered + 1} of the journal is refused: {exc}") from None
                return False
        self.answered += 1
        if self.replaying:
            self._go_live_if_replayed()
        elif self.record is not None:
            self.record(question, answer)
        return True

    def wait_for(self, step: str, seat: int | None = None) -> Answer:
        """Ask until an answer the rules accept arrives; no deadline."""
        while True:
            q = self.question(step, seat)
            answer = self.ask(q, self.clock.now())
            if answer is not None and self.apply(q, answer):
                return answer

    # -- the game -------------------------------------------------------------------
    def run(self) -> None:
        self.opening()
        while not self.state.over:
            self.night()
            if self.state.over:
                break
            self.day()
        self.ending()

    def opening(self) -> None:
        prepare_names = getattr(self.speaker, "prepare_names", None)
        if prepare_names is not None:
            prepare_names([part for seat in self.state.seats
                           for part in self.lines.peek("deal.pass", player=Seat(seat)).parts if part.kind == "name"])
        self.say("game.welcome")
        for seat in self.state.seats:
            self.say("deal.pass", player=Seat(seat))
            self.wait_for(REVEAL, seat)
        self.say("deal.done")
        self.wait_for(START)

    def prepare(self, *upcoming: tuple[str, Mapping[str, object]]) -> None:
        """Let a speaker that can get these lines' audio ready while others play (live voices)."""
        prepare = getattr(self.speaker, "prepare", None)
        if prepare is not None:
            prepare([self.lines.peek(scene, **values) for scene, values in upcoming])

    def night(self) -> None:
        plan = night_plan(self.state)
        self.prepare(("night.start", {"night": Number(self.state.night)}))
        self.say("night.start", night=Number(self.state.night))
        self.prepare(("night.reminder", {}), *((f"night.{s.step}.{part}", {}) for s in plan
                                               for part in ("wake", "sleep")))
        for slot in plan:
            start = self.clock.now()
            self.say(f"night.{slot.step}.wake")
            if slot.alive:
                self.live_window(slot.step)
            else:
                self.dead_window()
            self.say(f"night.{slot.step}.sleep")
            self.steps.append(StepTiming(slot.step, start, self.clock.now(), slot.alive))
        self.dawn()

    def live_window(self, step: str) -> None:
        window = self.state.house.step_seconds
        asked = self.clock.now()
        q = self.question(step)
        answer = self.ask(q, asked, asked + window)
        if answer is None:
            if window > 0:
                self.say("night.reminder")
            answer = self.ask(q, asked)
        assert answer is not None
        while not self.apply(q, answer):
            answer = self.ask(self.question(step), self.clock.now())
            assert answer is not None
        self.clock.sleep_until(asked + window)
        self.overruns.append(max(0.0, round(answer.delay - window, 3)))

    def dead_window(self) -> None:
        window = self.state.house.step_seconds
        end = self.clock.now() + window
        self.clock.sleep_until(end)
        extra = self.draw_extra()
        if extra > 0:
            if window > 0:
                self.say("night.reminder")
            self.clock.sleep_until(end + extra)

    def draw_extra(self) -> float:
        """Extra seconds for a dead role's step: one of the living players' real overruns, a little blurred."""
        if not self.overruns:
            return 0.0
        extra = self.rng.choice(self.overruns)
        return round(extra * self.rng.uniform(0.85, 1.15), 3) if extra > 0 else 0.0

    def dawn(self) -> None:
        deaths = list(self.state.latest_deaths)
        announce: tuple[str, dict[str, object]] = ("dawn.quiet", {})
        if len(deaths) == 1:
            announce = ("dawn.death", {"player": Seat(deaths[0])})
        elif deaths:
            announce = ("dawn.deaths", {"players": Seats(tuple(deaths))})
        self.prepare(("dawn.start", {}), announce, ("day.debate", {}), ("day.vote.start", {}))
        self.say("dawn.start")
        if not deaths:
            self.say("dawn.quiet")
        elif len(deaths) == 1:
            self.say("dawn.death", player=Seat(deaths[0]))
        else:
            self.say("dawn.deaths", players=Seats(tuple(deaths)))
        self.hunters()

    def hunters(self) -> None:
        while self.state.current is not None and self.state.current.step == "hunter":
            hunter = self.state.current.seat
            assert hunter is not None
            self.say("hunter.wake", player=Seat(hunter))
            self.prepare(("hunter.no_shot", {}),
                         *(("hunter.shot", {"player": Seat(s)}) for s in sorted(self.state.alive)))
            answer = self.wait_for("hunter", hunter)
            assert isinstance(answer.value, Choice)
            if answer.value.target is not None:
                self.say("hunter.shot", player=Seat(answer.value.target))
            else:
                self.say("hunter.no_shot")

    def day(self) -> None:
        self.say("day.debate")
        minutes = self.state.house.day_timer_minutes
        if minutes:
            self.say("day.timer.start", minutes=Number(minutes))
        self.debate(minutes)
        self.say("day.vote.start")
        self.prepare(("day.vote.nobody", {}),
                     *(("day.vote.out", {"player": Seat(s)}) for s in sorted(self.state.alive)))
        answer = self.wait_for("day_vote")
        assert isinstance(answer.value, Choice)
        if answer.value.target is not None:
            self.say("day.vote.out", player=Seat(answer.value.target))
        else:
            self.say("day.vote.nobody")
        self.hunters()

    def debate(self, minutes: int | None) -> None:
        """Wait for the table to call the vote; the timer only warns, it never ends the day."""
        start = self.clock.now()
        due = [(start + minutes * 60 - 60, "day.timer.warning"), (start + minutes * 60, "day.timer.end")] \
            if minutes else []
        q = self.question(VOTE)
        while True:
            until = due[0][0] if due else math.inf
            answer = self.ask(q, start, until)
            if answer is not None:
                self.apply(q, answer)
                return
            self.say(due.pop(0)[1])

    def ending(self) -> None:
        assert self.state.reason is not None
        self.say(END_SCENES[self.state.reason])
        for seat in self.state.seats:
            self.say("end.reveal", player=Seat(seat), role=RoleName(self.state.role_of(seat)))


__all__ = ["COVERED", "END_SCENES", "Narrator", "StepTiming", "UndoRequested"]
