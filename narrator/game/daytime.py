"""The day, from the dawn to the night: the news, shots and offices, the debate and its timer, the vote; and the
game's end, its cards revealed one by one. Told by the narrator that holds it (narrator.py)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Protocol

from engine import Event, Game, Refused, State, Unknown, WrongStep, decide, story, vote_round
from engine.events import GameOver
from engine.flow import announce_of, moot_choice
from narrator.game.clock import Clock
from narrator.game.inputs import NEVER, VOTE, AheadBox, Answer, Input, Question
from narrator.game.signals import Listener, Upcoming
from narrator.speech.lines import Line, Number, Seat, Seats, card_of
from narrator.speech.lines import scene_values as _values
from narrator.speech.moment import position

STORY_NAMES = 5  # the names a story's list says before "and seven more"


class Narrating(Protocol):
    """What the day uses of the narrator that holds it."""

    clock: Clock
    eyes: str | None
    dark: bool
    replaying: bool
    listener: Listener
    input: Input
    game: Game
    unsaid: list[Event]

    @property
    def state(self) -> State: ...

    def say(self, scene: str, **values: object) -> Line: ...

    def utter(self, scene: str, values: Mapping[str, object], where: str | None = None,
              facts: Mapping[str, str] | None = None) -> Line: ...

    def say_at(self, scene: str, where: str | None, **values: object) -> Line: ...

    def prepare(self, *upcoming: Upcoming) -> None: ...

    def speak_events(self) -> None: ...

    def game_over(self) -> None: ...

    def question(self, step: str, seat: int | None = None) -> Question: ...

    def ask(self, question: Question, asked_at: float, until: float = NEVER) -> Answer | None: ...

    def apply(self, question: Question, answer: Answer) -> bool: ...

    def wait_for(self, step: str, seat: int | None = None) -> Answer: ...


class Day:
    """One day (or the end) as the narrator tells it."""

    def __init__(self, narrator: Narrating) -> None:
        self.narrator = narrator

    def run(self) -> None:
        """From the dawn to the next night: the news, shots, offices, the debate and the vote."""
        n = self.narrator
        n.eyes, n.dark = "day", False
        while not n.state.over and n.state.phase != "night":
            n.speak_events()
            current = n.state.current
            if current is None:
                break
            if current.step == "day_vote":
                self.vote()
                continue
            quiet = moot_choice(n.state)
            if quiet is not None:  # the game is decided: nobody is asked, and nothing of it is said
                n.unsaid.extend(e for e in n.game.choose(quiet) if isinstance(e, GameOver))
                continue
            scene = announce_of(current.step)
            if scene is not None:
                n.say(scene, **({"player": Seat(current.seat)} if current.seat is not None else {}))
            self.prepare_answers()
            n.wait_for(current.step, current.seat)
        n.speak_events()

    def prepare_answers(self) -> None:
        """Let a live voice get ready what any answer to the current step could make the table hear."""
        n = self.narrator
        state = n.state
        upcoming = []
        for choice in n.game.legal()[:60]:
            try:
                events = decide(state, choice)
            except (Refused, WrongStep, Unknown):
                continue
            upcoming += [_values(s, n.state) for s in (e.said() for e in events) if s is not None][:3]
        n.prepare(*upcoming)

    def vote(self) -> None:
        """The day's vote; the first of a day comes after the debate (the judge's second has none)."""
        n = self.narrator
        if vote_round(n.state) == 1:
            n.say("day.debate")
            minutes = n.state.house.day_timer_minutes
            if minutes:
                n.say("day.timer.start", minutes=Number(minutes))
            self.debate(minutes)
        n.say("day.vote.start")
        n.prepare(("day.vote.nobody", {}),
                  *(("day.vote.out", {"player": Seat(s)}) for s in sorted(n.state.alive)))
        n.wait_for("day_vote")

    def debate(self, minutes: int | None) -> None:
        """Wait for the table to call the vote; the timer only warns, it never ends the day."""
        n = self.narrator
        start = n.clock.now()
        due = [(start + minutes * 60 - 60, "day.timer.warning"), (start + minutes * 60, "day.timer.end")] \
            if minutes else []
        q = n.question(VOTE)
        while True:
            until = due[0][0] if due else math.inf
            answer = n.ask(q, start, until)
            if answer is not None:
                n.apply(q, answer)
                return
            n.say(due.pop(0)[1])

    def end(self) -> None:
        """The game is over: its news, the winner's line, then every card revealed aloud in seat order (cut short
        when the table has already asked to play again) and what the cards do not show."""
        n = self.narrator
        n.eyes, n.dark = "day", False  # the news of the game's end and its cards, eyes open
        n.speak_events()
        n.game_over()  # told already with the winner's line; else (no such line) before the cards
        # the screen shows each card as the voice reveals it, not before (None: every card)
        reveal: Callable[[int | None], None] = (lambda seat: None) if n.replaying else n.listener.on_reveal
        seats = n.state.seats
        shown: list[str] = []  # the cards said so far: a group's second card is "die zweite Schwesternkarte"
        for index, seat in enumerate(seats):
            if isinstance(n.input, AheadBox) and n.input.answered_ahead():
                break  # the table has already asked to play again: the end screen shows every card
            reveal(seat)
            card = n.state.role_of(seat)
            n.say_at("end.reveal", position(index, len(seats)), player=Seat(seat),
                     role=replace(card_of(n.state, card), again=shown.count(card)))
            shown.append(card)
        else:  # every card said: what the cards do not show (the lovers, an infection)
            for said in story(n.state):
                name, values = _values(said, n.state)
                if said.players:  # up to forty charmed: a handful named, then how many more
                    values["players"] = Seats(said.players, most=STORY_NAMES)
                n.utter(name, values, facts=dict(said.facts))
        reveal(None)
