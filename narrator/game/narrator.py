"""The game master: drives the engine step by step, speaks every scene, holds the fixed waits.

Every night step has the same shape whether its role lives, is dead, or has nothing left to do: the wake line, a
window of `step_seconds`, a reminder and more time when the window runs out, and the sleep line. A dead role's extra
time is drawn from the overruns living players have really taken in this game: a stopwatch can't tell them apart.

Round the table (mode `round_table`) the night is laps of turns instead (narrator/game/roundnight.py).

Each line is picked for its moment (narrator/game/moments.py): the way of playing, the night, the pack's size, its
place in a sequence, and whether its player's card has been said."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping

from engine import (
    Choice,
    Event,
    Game,
    Refused,
    State,
    Unknown,
    WrongStep,
    decide,
    night_plan,
    ruleset,
    story,
    vote_round,
)
from engine.events import Died, GameOver
from engine.flow import REMATCH, announce_of, moot_choice
from engine.roles import ROLES
from narrator.game import laps, undo
from narrator.game.clock import Clock, ShiftedClock, VirtualClock
from narrator.game.decoy import Decoys
from narrator.game.faults import ReplayMismatch, UndoRequested
from narrator.game.inputs import (
    COVERED,
    NEVER,
    REVEAL,
    START,
    UNDO,
    VOTE,
    AheadBox,
    Answer,
    Input,
    Origin,
    Question,
    ScriptedInput,
    UndoBox,
)
from narrator.game.moments import moment
from narrator.game.roundnight import RoundNight
from narrator.game.signals import Deaf, Listener
from narrator.game.timeline import StepTiming
from narrator.speech.captions import SilentSpeaker, Speaker
from narrator.speech.lines import Cards, Line, Lines, Number, Seat, card_of
from narrator.speech.lines import scene_values as _values
from narrator.speech.moment import Moment, position

ROUND_TABLE = "round_table"  # the table's mode where the device goes round, seat by seat


class Narrator:
    def __init__(self, game: Game, lines: Lines, speaker: Speaker, clock: Clock, live: Input, *, seed: int,
                 replay: list[Answer] | None = None, resumed: bool = False, undone: bool = False,
                 record: Callable[[Question, Answer], None] | None = None,
                 over: Callable[[State], None] | None = None, listener: Listener | None = None,
                 rematches: bool = False) -> None:
        self.game, self.lines, self.seed = game, lines, seed
        self.rematches = rematches  # at a game's end the table is asked whether to play again (the engine's rematch)
        self.listener: Listener = listener or Deaf()  # told which step is called, and the game as it is said
        self.eyes: str | None = None  # what the table does as the lines are said: deal, night, day (told)
        self.over = over  # told the moment the game is over, before the cards are revealed aloud
        self.live_speaker, self.live_clock, self.live_input = speaker, clock, live
        self.record = record
        self.resumed = resumed
        self.undone = undone  # the replay follows an undo: say so once the game stands there again
        self.replaying = bool(replay)
        self.speaker: Speaker = SilentSpeaker() if self.replaying else speaker
        self.clock: Clock = VirtualClock() if self.replaying else clock
        self.input: Input = ScriptedInput(list(replay or [])) if self.replaying else live
        self.overruns: list[float] = []  # seconds past the window, for every live step (0 when on time)
        self.rng = random.Random(f"{seed}:dead-steps")
        self.decoys = Decoys(seed)  # own devices: a dead or idle step's decoy question (decoy.py)
        self.steps: list[StepTiming] = []
        self.answered = 0
        self.unsaid: list[Event] = []  # events whose scenes the table has not heard yet
        self.rounds = RoundNight(self)  # round the table: the night's laps
        self.revealed: set[int] = set()  # seats whose card the table has heard said aloud
        self.ended = False  # the table has been told this game is over (its end screen is up)
        self.dark = False  # the night is being narrated (its laps too, round the table)
        self.called_now: str | None = None  # the night step between its wake line and its sleep line
        self.last: tuple[Choice, bool] | None = None  # the last choice recorded, and whether it showed a secret

    # -- speaking and asking --------------------------------------------------------
    @property
    def state(self) -> State:
        return self.game.state

    def moment(self, values: Mapping[str, object], where: str | None = None) -> Moment:
        """The facts a line said now is picked by: its place `where` in a sequence, whether its player's card was
        said (narrator/game/moments.py)."""
        player = values.get("player")
        seat = player.n if isinstance(player, Seat) else None
        return moment(self.state, where, None if seat is None else seat in self.revealed)

    def say(self, scene: str, **values: object) -> Line:
        """Say the variant of `scene` that fits now."""
        return self.utter(scene, values)

    def say_at(self, scene: str, where: str | None, **values: object) -> Line:
        """Say the variant of `scene` that fits its place `where` in a sequence: first, middle or last."""
        return self.utter(scene, values, where)

    def utter(self, scene: str, values: Mapping[str, object], where: str | None = None,
              facts: Mapping[str, str] | None = None) -> Line:
        """Say a scene with its `values`, picked for its moment, with the `facts` the game adds to it."""
        line = self.lines.say(scene, self.moment(values, where).but(**(facts or {})), **values)
        self._speak(line)
        role, player = values.get("role"), values.get("player")
        if role is not None and isinstance(player, Seat):
            self.revealed.add(player.n)  # its card is said: a later line need not say it again
        return line

    def signal(self, scene: str, then: Callable[[], None]) -> None:
        """Say a scene, and tell the listener `then` as soon as the line is said out (live only)."""
        self._speak(self.lines.say(scene, self.moment({})), then)

    def aside(self, scene: str) -> None:
        """A line beside the game's course (the welcome, a welcome back, an undo): the table goes on as it was."""
        self._speak(self.lines.say(scene, self.moment({})), eyes=False)

    def _speak(self, line: Line, then: Callable[[], None] | None = None, eyes: bool = True) -> None:
        self._undo_if_asked()
        if eyes and self.eyes is not None and not self.replaying:
            self.listener.on_phase(self.eyes)  # as the line begins: "night falls" closes the table's eyes
        start = self.clock.now()
        seconds = self.speaker.say(line, start)
        if then is not None and not self.replaying:
            then()  # with the line's caption, before its time is waited out
        self.clock.sleep_until(start + seconds)

    def tell_state(self) -> None:
        """The listener is told the game as it stands now (live only): before the table hears what changed."""
        if not self.replaying:
            self.listener.on_state(self.state)

    def _go_live_if_replayed(self) -> None:
        """Once the journal's last answer is applied, the game stands where it stopped: speak from here on."""
        if not self.replaying or not isinstance(self.input, ScriptedInput):
            return
        if self.input.used < len(self.input.answers):
            return
        self.replaying = False
        self.speaker, self.input = self.live_speaker, self.live_input
        # The times taken during the replay (a window's start, a timer's end) go on counting on the live clock.
        self.clock = ShiftedClock.joining(self.live_clock, self.clock.now())
        if self.resumed:
            self.aside("game.resume")
        elif self.undone:
            self.aside("game.undo")

    def _undo_if_asked(self) -> None:
        """An undo asked for while no question was open (a line was being said) is honoured here."""
        if not self.replaying and isinstance(self.input, UndoBox) and self.input.take_undo():
            raise UndoRequested

    def ask(self, question: Question, asked_at: float, until: float = NEVER) -> Answer | None:
        self._undo_if_asked()
        clock, shift = (self.clock.base, self.clock.offset) if isinstance(self.clock, ShiftedClock) \
            else (self.clock, 0.0)
        answer = self.input.answer(question, self.state, clock, asked_at - shift, until - shift)
        if answer is not None and answer.value == UNDO:
            raise UndoRequested
        if answer is not None and self.replaying and answer.origin is not None:
            self._check_origin(question, answer.origin)
        return answer

    @staticmethod
    def _check_origin(question: Question, origin: Origin) -> None:
        """A journal's answer must answer the very question the game asks now: same step, same number."""
        if (origin.step, origin.number) != (question.step, question.number):
            raise ReplayMismatch(f"the journal answers question {origin.number + 1} ({origin.step}) where the game "
                                 f"asks question {question.number + 1} ({question.step}); a line is missing "
                                 f"or was changed", origin.line)

    def question(self, step: str, seat: int | None = None) -> Question:
        legal = tuple(self.game.legal()) if step not in (VOTE, REVEAL, START) else ()
        return Question(step, legal, seat, self.number)

    @property
    def number(self) -> int:
        """The next question's number: the answers recorded before it, and the decoy questions (decoy.py)."""
        return self.answered + self.decoys.opened

    def apply(self, question: Question, answer: Answer) -> bool:
        """Record an answer; False when the rules refuse it (the table is asked again)."""
        if isinstance(answer.value, Choice):
            taught = laps.private_answer(self.state, answer.value) is not None
            try:
                self.unsaid.extend(self.game.choose(answer.value))
            except (Refused, WrongStep, Unknown) as exc:
                if self.replaying:
                    raise ReplayMismatch(f"answer {self.answered + 1} of the journal is refused: {exc}",
                                         answer.origin.line if answer.origin else None) from None
                return False
            self.last = (answer.value, taught)
        self.answered += 1
        self.recorded(question, answer)
        return True

    def recorded(self, question: Question, answer: Answer) -> None:
        """An answer is taken: the replay goes live after its last answer; a live one is journaled."""
        if self.replaying:
            self._go_live_if_replayed()
        elif self.record is not None:
            self.record(question, answer)

    def wait_for(self, step: str, seat: int | None = None) -> Answer:
        """Ask until an answer the rules accept arrives; no deadline."""
        while True:
            q = self.question(step, seat)
            answer = self.ask(q, self.clock.now())
            if answer is not None and self.apply(q, answer):
                return answer

    # -- the game -------------------------------------------------------------------
    def run(self) -> None:
        """The whole game: the engine says what comes next; the narrator speaks its events. At its end the table
        is asked what next (with `rematches`, or when the journal replayed goes on): its rematch, a choice like
        any other, deals the next game at the same table, narrated as the first."""
        while True:
            self.opening()
            while not self.state.over:
                if self.state.phase == "night":
                    self.night()
                else:
                    self.daytime()
            self.ending()
            if not (self.rematches or self.replaying):
                return
            self.wait_for(REMATCH)
            self.afresh()

    def afresh(self) -> None:
        """A rematch is dealt: what the narrator kept of the last game goes (the deal's events are the opening's);
        the lines heard stay heard, so the next game does not open with the same words."""
        self.unsaid, self.overruns, self.ended = [], [], False
        self.rounds, self.revealed = RoundNight(self), set()

    def opening(self) -> None:
        prepare_names = getattr(self.speaker, "prepare_names", None)
        if prepare_names is not None:
            prepare_names([part for seat in self.state.seats
                           for part in self.lines.peek("deal.pass", player=Seat(seat)).parts if part.kind == "name"])
        self.aside("game.welcome")
        self.eyes = "deal"  # the device goes round the table (or every phone shows its own card)
        order = ruleset(self.state.ruleset).roles  # the cards in play, in the rules' order
        cards = sorted((*self.state.dealt, *self.state.extra), key=order.index)
        self.say("deal.cards", roles=Cards(tuple(cards), frozenset(c for c in cards if ROLES[c].many)))
        own = self.state.mode == "own_devices"
        if own:
            self.say("deal.own")  # every player looks at their card on their own phone, all at once
        seats = self.state.seats
        for index, seat in enumerate(seats):
            if not own:
                self.say_at("deal.pass", position(index, len(seats)), player=Seat(seat))
            self.wait_for(REVEAL, seat)
        self.say("deal.done")
        self.wait_for(START)

    def prepare(self, *upcoming: tuple[str, Mapping[str, object]]) -> None:
        """Let a speaker that can get these lines' audio ready while others play (live voices)."""
        prepare = getattr(self.speaker, "prepare", None)
        if prepare is not None:
            prepare([self.lines.peek(scene, self.moment(values), **values) for scene, values in upcoming])

    def undo_refusal(self) -> str | None:
        """Why ↶ may not take back the last choice now (narrator/game/undo.py); None: it may."""
        return undo.night_refusal(self.state, self.dark, self.called_now, self.last)

    def night(self) -> None:
        """Every step of the night in its fixed order, live or not, each of the same shape."""
        self.dark = True  # until the day (or the end) begins
        if self.state.mode == ROUND_TABLE:
            self.rounds.run()
            return
        plan = night_plan(self.state)
        self.eyes = "night"
        self.prepare(("night.start", {"night": Number(self.state.night)}))
        self.say("night.start", night=Number(self.state.night))
        self.prepare(("night.reminder", {}), *((f"night.{s.step}.{part}", {}) for s in plan
                                               for part in ("wake", "sleep")))
        for slot in plan:
            self.night_step(slot.step, slot.asked)
        while self.state.phase == "night" and self.state.current is not None:  # a step no plan foresaw
            self.night_step(self.state.current.step, True)

    def night_step(self, step: str, asked: bool) -> None:
        start = self.clock.now()
        if self.state.phase == "night":  # the screens called with the wake line are drawn from the game as it
            self.tell_state()  # stands now; a step after the night's last choice stays on the night as heard
        self.signal(f"night.{step}.wake", lambda: self.listener.on_call(step))
        self.called_now = step
        current = self.state.current
        live = asked and self.state.phase == "night" and current is not None and current.step == step
        if live:
            self.live_window(step)
        else:
            self.dead_window(step)
        self.called_now = None  # the step closes: its choice stays
        self.signal(f"night.{step}.sleep", lambda: self.listener.on_sleep(step))
        # at the captions' precision (a millisecond), so a step holds exactly its own lines
        self.steps.append(StepTiming(step, round(start, 3), round(self.clock.now(), 3), live))

    def live_window(self, step: str) -> None:
        self.held(self.question(step), self.apply, lambda: self.question(step))

    def held(self, q: Question, accept: Callable[[Question, Answer], bool], again: Callable[[], Question],
             remind: bool = True) -> bool:
        """Ask `q` for the night's fixed window: a reminder (if `remind`) and more time when it runs out; asked
        `again` until an answer is accepted; the window is always held to its end. True: the reminder was said."""
        window = self.state.house.step_seconds
        asked = self.clock.now()
        answer = self.ask(q, asked, asked + window)
        reminded = False
        if answer is None:
            if window > 0 and remind:
                self.say("night.reminder")
                reminded = True
            answer = self.ask(q, asked)
        assert answer is not None
        while not accept(q, answer):
            answer = self.ask(again(), self.clock.now())
            assert answer is not None
        self.clock.sleep_until(asked + window)
        self.overruns.append(max(0.0, round(answer.delay - window, 3)))
        self.decoys.took(answer.delay)
        return reminded

    def dead_window(self, step: str) -> None:
        """The window of a step nobody answers, held like a live one's; on the players' own phones a decoy
        question is open in it until an answer would have come (decoy.py)."""
        window, start = self.state.house.step_seconds, self.clock.now()
        extra = self.draw_extra()
        q = self.decoys.open(step, self.state, self.number)
        self.show_decoy(q)
        if q is not None and not self.replaying and extra == 0:  # closed in time (else after the extra time)
            self.clock.sleep_until(start + self.decoys.closes(q, window))
            self.show_decoy(q, closed=True)
        self.clock.sleep_until(start + window)
        if extra > 0:
            if window > 0:
                self.say("night.reminder")
            self.clock.sleep_until(start + window + extra)
            self.show_decoy(q, closed=True)

    def show_decoy(self, q: Question | None, closed: bool = False) -> None:
        """The listener is told a decoy question opens, or that it is `closed` (live only)."""
        if q is not None and not self.replaying:
            self.listener.on_decoy(None if closed else q)

    def draw_extra(self) -> float:
        """Extra seconds for a dead role's step: one of the living players' real overruns, a little blurred."""
        if not self.overruns:
            return 0.0
        extra = self.rng.choice(self.overruns)
        return round(extra * self.rng.uniform(0.85, 1.15), 3) if extra > 0 else 0.0

    def speak_events(self) -> None:
        """Say what the table hears of the events since last time: each event's own scene, and
        "dies as well" for a death that no scene named (grief after a shot, the knight's sword)."""
        events, self.unsaid = self.unsaid, []
        if events:
            self.tell_state()  # the dead leave the screens and the voice chat as their news is said
        said = [(e, e.said()) for e in events]
        named = {seat for _, s in said if s is not None for seat in (s.player, *s.players) if seat is not None}
        self.prepare(*(_values(s, self.state) for _, s in said if s is not None))
        for event, scene in said:
            if scene is not None:
                name, values = _values(scene, self.state)
                if isinstance(event, GameOver):
                    self.game_over()  # the end screen comes with the line that says who won, not before
                if name == "dawn.start" and self.state.mode == ROUND_TABLE:
                    name = "round.dawn"  # nobody closed their eyes: the morning does not ask them to open them
                self.utter(name, values, facts=dict(scene.facts))
            elif isinstance(event, Died) and event.seat not in named:
                self.utter("death.also", {"player": Seat(event.seat)},
                           facts={"cause": "grief" if event.cause == "grief" else "other"})

    def daytime(self) -> None:
        """From the dawn to the next night: the news, shots, offices, the debate and the vote."""
        self.eyes, self.dark = "day", False
        while not self.state.over and self.state.phase != "night":
            self.speak_events()
            current = self.state.current
            if current is None:
                break
            if current.step == "day_vote":
                self.vote()
                continue
            quiet = moot_choice(self.state)
            if quiet is not None:  # the game is decided: nobody is asked, and nothing of it is said
                self.unsaid.extend(e for e in self.game.choose(quiet) if isinstance(e, GameOver))
                continue
            scene = announce_of(current.step)
            if scene is not None:
                self.say(scene, **({"player": Seat(current.seat)} if current.seat is not None else {}))
            self.prepare_answers()
            self.wait_for(current.step, current.seat)
        self.speak_events()

    def prepare_answers(self) -> None:
        """Let a live voice get ready what any answer to the current step could make the table hear."""
        state = self.state
        upcoming = []
        for choice in self.game.legal()[:60]:
            try:
                events = decide(state, choice)
            except (Refused, WrongStep, Unknown):
                continue
            upcoming += [_values(s, self.state) for s in (e.said() for e in events) if s is not None][:3]
        self.prepare(*upcoming)

    def vote(self) -> None:
        """The day's vote; the first of a day comes after the debate (the judge's second has none)."""
        if vote_round(self.state) == 1:
            self.say("day.debate")
            minutes = self.state.house.day_timer_minutes
            if minutes:
                self.say("day.timer.start", minutes=Number(minutes))
            self.debate(minutes)
        self.say("day.vote.start")
        self.prepare(("day.vote.nobody", {}),
                     *(("day.vote.out", {"player": Seat(s)}) for s in sorted(self.state.alive)))
        self.wait_for("day_vote")

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

    def game_over(self) -> None:
        """The game is over and the table now hears it: told once (live only), with the winner's line."""
        if not (self.ended or self.replaying) and self.over is not None:
            self.over(self.state)
        self.ended = self.ended or not self.replaying

    def ending(self) -> None:
        self.eyes, self.dark = "day", False  # the news of the game's end and its cards, eyes open
        self.speak_events()
        self.game_over()  # told already with the winner's line; else (no such line) before the cards
        # the screen shows each card as the voice reveals it, not before (None: every card)
        reveal: Callable[[int | None], None] = (lambda seat: None) if self.replaying else self.listener.on_reveal
        seats = self.state.seats
        for index, seat in enumerate(seats):
            if isinstance(self.input, AheadBox) and self.input.answered_ahead():
                break  # the table has already asked to play again: the end screen shows every card
            reveal(seat)
            self.say_at("end.reveal", position(index, len(seats)), player=Seat(seat),
                        role=card_of(self.state, self.state.role_of(seat)))
        else:  # every card said: what the cards do not show (the lovers, an infection)
            for said in story(self.state):
                name, values = _values(said, self.state)
                self.say(name, **values)
        reveal(None)


__all__ = ["COVERED", "ROUND_TABLE", "Narrator", "ReplayMismatch", "StepTiming", "UndoRequested"]
