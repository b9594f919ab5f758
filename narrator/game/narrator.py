"""The game master: drives the engine step by step, speaks every scene, holds the fixed waits.

Every night step has the same shape whether its role lives, is dead, or has nothing left to do: the wake line, a
window of `step_seconds`, a reminder and more time when the window runs out, and the sleep line. A dead role's extra
time is drawn from the overruns living players have really taken in this game: a stopwatch can't tell them apart.

How the deal, the night and the dawn are told depends on the way the table plays: the narrator's telling
(narrator/game/tellings.py), taken once by the game's mode; round the table the night is laps of turns.

Each line is picked for its moment (narrator/game/moments.py): the way of playing, the night, the pack's size, its
place in a sequence, and whether its player's card has been said."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping

from engine import (
    Choice,
    Event,
    Game,
    Refused,
    State,
    Unknown,
    WrongStep,
)
from engine.events import Died, GameOver, Said
from engine.flow import REMATCH
from narrator.game import laps, undo
from narrator.game.clock import Clock, ShiftedClock, VirtualClock
from narrator.game.daytime import Day
from narrator.game.decoy import Decoys
from narrator.game.faults import ReplayMismatch, UndoRequested
from narrator.game.heard import as_heard
from narrator.game.inputs import (
    COVERED,
    NEVER,
    REVEAL,
    START,
    UNDO,
    VOTE,
    Answer,
    Input,
    Origin,
    Question,
    ScriptedInput,
    UndoBox,
)
from narrator.game.moments import TELLS, end_facts, moment
from narrator.game.signals import Deaf, Listener, Upcoming
from narrator.game.tellings import telling
from narrator.game.timeline import StepTiming
from narrator.speech.captions import SilentSpeaker, Speaker
from narrator.speech.lines import Line, Lines, Seat
from narrator.speech.lines import scene_values as _values
from narrator.speech.moment import Moment


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
        self.telling = telling(game.state.mode)(self)  # the deal, the night and the dawn of this way of playing
        self.revealed: set[int] = set()  # seats whose card the table has heard said aloud
        self.spent_on = 0  # the night the big bad wolf heard his second victim is gone (nightcalls.told_spent)
        self.reminders = 0  # the reminders said in the night step (or turn) being held
        # the games opened at this table this evening: a welcome heard already makes this one a rematch
        self.games = 1 if "game.welcome" in lines.picker.heard else 0
        self.tasked = True  # the step called asks for a choice (a recognition does not)
        self.ended = False  # the table has been told this game is over (its end screen is up)
        self.dark = False  # the night is being narrated (its laps too, round the table)
        self.called_now: str | None = None  # the night step between its wake line and its sleep line
        self.last: tuple[Choice, bool] | None = None  # the last choice recorded, and whether it showed a secret

    # -- speaking and asking --------------------------------------------------------
    @property
    def state(self) -> State:
        return self.game.state

    def moment(self, values: Mapping[str, object], where: str | None = None, scene: str = "") -> Moment:
        """The facts the line of `scene` said now is picked by: its place `where` in a sequence, whether its player's
        card was said (narrator/game/moments.py)."""
        player = values.get("player")
        seat = player.n if isinstance(player, Seat) else None
        return moment(self.state, where, None if seat is None else seat in self.revealed, self.revealed, scene)

    def say(self, scene: str, **values: object) -> Line:
        """Say the variant of `scene` that fits now."""
        return self.utter(scene, values)

    def say_at(self, scene: str, where: str | None, **values: object) -> Line:
        """Say the variant of `scene` that fits its place `where` in a sequence: first, middle or last."""
        return self.utter(scene, values, where)

    def utter(self, scene: str, values: Mapping[str, object], where: str | None = None,
              facts: Mapping[str, str] | None = None, avoid: Collection[int] = ()) -> Line:
        """Say a scene with its `values`, picked for its moment, with the `facts` the game adds to it; none of the
        variants `avoid` while another fits."""
        line = self.lines.say(scene, self.moment(values, where, scene).but(**(facts or {})), avoid=avoid, **values)
        self._speak(line)
        role, player = values.get("role"), values.get("player")
        if (role is not None or scene in TELLS) and isinstance(player, Seat):
            self.revealed.add(player.n)  # its card is said: a later line need not say it again
        return line

    def signal(self, scene: str, then: Callable[[], None], values: Mapping[str, object] | None = None,
               **facts: str | None) -> Line:
        """Say a scene with its `values` and the `facts` it adds, and tell the listener `then` as soon as the line is
        said out (live only)."""
        line = self.lines.say(scene, self.moment({}, scene=scene).but(**facts), avoid=(), **(values or {}))
        self._speak(line, then)
        return line

    def aside(self, scene: str, **facts: str | None) -> None:
        """A line beside the game's course (the welcome, a welcome back, an undo): the table goes on as it was."""
        self._speak(self.lines.say(scene, self.moment({}, scene=scene).but(**facts)), eyes=False)

    def _speak(self, line: Line, then: Callable[[], None] | None = None, eyes: bool = True) -> None:
        self._undo_if_asked()
        if eyes and self.eyes is not None and not self.replaying:
            self.listener.on_phase(self.eyes)  # as the line begins: "night falls" closes the table's eyes
        start = self.clock.now()
        seconds = self.speaker.say(line, start)
        if then is not None and not self.replaying:
            then()  # with the line's caption, before its time is waited out
        self.clock.sleep_until(start + seconds)

    def tell_state(self, state: State | None = None) -> None:
        """The listener is told the game as it stands now, or as the table has heard it (`state`), live only:
        before the table hears what changed."""
        if not self.replaying:
            self.listener.on_state(state if state is not None else self.state)

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
            check_origin(question, answer.origin)
        return answer


    def question(self, step: str, seat: int | None = None) -> Question:
        legal = tuple(self.game.legal()) if step not in (VOTE, REVEAL, START) else ()
        return Question(step, legal, seat, self.number)

    @property
    def number(self) -> int:
        """The next question's number: the answers recorded before it, and the decoy questions (decoy.py)."""
        return self.answered + self.decoys.opened

    def apply(self, question: Question, answer: Answer) -> bool:
        """Record an answer; False when the rules refuse it (the table is asked again). A tap the desk has checked
        against this very state is recorded as checked (its events, what its actor learned); any other choice (a
        journal's, the terminal's) is decided here, once."""
        checked = answer.checked
        if checked is not None and checked.state is self.state and checked.events is not None:
            assert checked.after is not None
            self.unsaid.extend(self.game.push(checked.choice, checked.events, checked.after))
            self.last = (checked.choice, checked.learned is not None)
        elif isinstance(answer.value, Choice):
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
            self.telling.opening()
            while not self.state.over:
                if self.state.phase == "night":
                    self.night()
                else:
                    Day(self).run()
            Day(self).end()
            if not (self.rematches or self.replaying):
                return
            self.wait_for(REMATCH)
            self.afresh()

    def afresh(self) -> None:
        """A rematch is dealt: what the narrator kept of the last game goes (the deal's events are the opening's);
        the lines heard stay heard, so the next game does not open with the same words."""
        self.unsaid, self.overruns, self.ended = [], [], False
        self.telling, self.revealed, self.spent_on = telling(self.state.mode)(self), set(), 0

    def prepare(self, *upcoming: Upcoming) -> None:
        """Let a speaker that can get these lines' audio ready while others play (live voices): each line with
        the facts it will be said with."""
        prepare = getattr(self.speaker, "prepare", None)
        if prepare is not None:
            prepare([self.lines.peek(u[0], self.moment(u[1], scene=u[0]).but(**(u[2] if len(u) > 2 else {})), **u[1])
                     for u in upcoming])

    def undo_refusal(self) -> str | None:
        """Why ↶ may not take back the last choice now (narrator/game/undo.py); None: it may."""
        return undo.night_refusal(self.dark and not self.telling.narrated(self.state), self.called_now, self.last)

    def night(self) -> None:
        """The night, as this table's way of playing tells it (tellings.py)."""
        self.dark = True  # dark until the day (or the end) begins
        self.telling.night()

    def speak_events(self) -> None:
        """Say what the table hears of the events since last time: each event's own scene, and
        "dies as well" for a death that no scene named (grief after a shot, the knight's sword)."""
        events, self.unsaid = self.unsaid, []
        said = [(e, e.said()) for e in events]
        named = {seat for _, s in said if s is not None for seat in (s.player, *s.players) if seat is not None}
        said, mourned = grief_apart(said)  # a lover's grief is said after the dawn's news, with its cause
        self.prepare(*(_values(s, self.state) for _, s in said if s is not None))
        heard = [] if self.replaying else [state for _, state in as_heard(self.game, events)]
        reach = 0  # a line tells the log up to its own event, and to the deaths it names (a verdict's)
        for i, (event, scene) in enumerate(said):
            if heard and (scene is not None or (isinstance(event, Died) and event.seat not in named)):
                names = {scene.player, *scene.players} if scene is not None else set()
                reach = max(reach, i, *(j for j, (e, _) in enumerate(said) if isinstance(e, Died) and e.seat in names))
                self.tell_state(heard[reach])  # the dead leave the screens and the voice chat as their news is said
            if scene is not None:
                name, values = _values(scene, self.state)
                if isinstance(event, GameOver):
                    self.game_over()  # the end screen comes with the line that says who won, not before
                if name == "dawn.start":
                    name = self.telling.dawn  # round the table nobody slept: no eyes to open
                facts = dict(scene.facts) | end_facts(name, self.state)  # the count that holds, not "as many or more"
                self.utter(name, values, facts=facts)
                for seat in mourned.get(i, ()):
                    self.utter("death.also", {"player": Seat(seat)}, facts={"cause": "grief"})
            elif isinstance(event, Died) and event.seat not in named:
                self.utter("death.also", {"player": Seat(event.seat)},
                           facts={"cause": "grief" if event.cause == "grief" else "other"})
        if events:
            self.tell_state()  # and the game as it stands once all is said

    def game_over(self) -> None:
        """The game is over and the table now hears it: told once (live only), with the winner's line."""
        if not (self.ended or self.replaying) and self.over is not None:
            self.over(self.state)
        self.ended = self.ended or not self.replaying


def grief_apart(said: list[tuple[Event, Said | None]]) -> tuple[list[tuple[Event, Said | None]],
                                                                 dict[int, tuple[int, ...]]]:
    """The dawn's news without the lovers who died of grief (read_de_B7 26: "Das Dorf hat in der Nacht Alex und Maxi
    verloren." told nobody why Maxi died), and, by the news's place, those to say after it as a grief."""
    grief = {e.seat for e, _ in said if isinstance(e, Died) and e.cause == "grief"}
    out: list[tuple[Event, Said | None]] = []
    mourned: dict[int, tuple[int, ...]] = {}
    for i, (event, scene) in enumerate(said):
        rest = () if scene is None or scene.scene != "dawn.deaths" else tuple(s for s in scene.players
                                                                              if s not in grief)
        if scene is not None and rest and len(rest) < len(scene.players):
            mourned[i] = tuple(s for s in scene.players if s in grief)
            scene = Said("dawn.death", rest[0]) if len(rest) == 1 else Said("dawn.deaths", players=rest)
        out.append((event, scene))
    return out, mourned


def check_origin(question: Question, origin: Origin) -> None:
    """A journal's answer must answer the very question the game asks now: same step, same number."""
    if (origin.step, origin.number) != (question.step, question.number):
        raise ReplayMismatch(f"the journal answers question {origin.number + 1} ({origin.step}) where the game "
                             f"asks question {question.number + 1} ({question.step}); a line is missing "
                             f"or was changed", origin.line)


__all__ = ["COVERED", "Narrator", "ReplayMismatch", "StepTiming", "UndoRequested"]
