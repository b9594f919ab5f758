"""The keyboard: the same game from a terminal, with numbered choices (`wolfcall play --ui terminal`)."""

from __future__ import annotations

import queue
import sys
import threading
from typing import TextIO

from engine import Choice, State, private_answer, shape_of, view

from .clock import Clock, RealClock
from .inputs import COVERED, REVEAL, START, UNDO, VOTE, Answer, Question
from .lines import Lines

CLEAR = "\033[2J\033[3J\033[H"  # clear the screen and the scrollback: nothing secret stays visible


class Keyboard:
    """Lines typed on stdin, read by a thread so the narrator can wait with a deadline."""

    def __init__(self, stream: TextIO = sys.stdin) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue()
        thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        thread.start()

    def _read(self, stream: TextIO) -> None:
        for line in stream:
            self.lines.put(line.strip())
        self.lines.put(None)  # end of input

    def get(self, timeout: float | None) -> str | None:
        """The next line; TimeoutError when none came in time; EOFError when input has ended."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError from None
        if line is None:
            self.lines.put(None)
            raise EOFError
        return line


class TerminalInput:
    def __init__(self, lines: Lines, out: TextIO = sys.stdout, keyboard: Keyboard | None = None) -> None:
        from .web.strings import strings

        self.words = lines
        self.T = strings(lines.lang)  # the page's words, shared with the terminal
        self.out = out
        self.keys = keyboard or Keyboard()
        self.shown: tuple[int, str] | None = None

    def _print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def _read(self, clock: Clock, until: float) -> str | None:
        if until == float("inf"):
            return self.keys.get(None)
        speed = clock.speed if isinstance(clock, RealClock) else 1.0
        remaining = (until - clock.now()) / speed
        if remaining <= 0:
            return None
        try:
            return self.keys.get(remaining)
        except TimeoutError:
            return None

    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        key = (question.number, question.step)
        if self.shown != key:
            self.shown = key
            self._prompt(question, state)
        while True:
            typed = self._read(clock, until)
            if typed is None:
                return None
            value = self._parse(question, state, typed, clock)
            if value is not None:
                return Answer(value, round(clock.now() - asked_at, 3))

    def _name(self, state: State, seat: int) -> str:
        return f"{seat} {state.name(seat)}".strip() if state.name(seat) else self.words.player(seat)

    def _prompt(self, q: Question, state: State) -> None:
        T = self.T
        if q.step == REVEAL and q.seat is not None:
            name = self._name(state, q.seat)
            self._print(f"\n{T['deal.pass'].format(name=name)}. {T['deal.show'].format(name=name)}: [Enter]")
        elif q.step == START:
            self._print(f"\n{T['deal.narrator']} {T['deal.start']}: [Enter]")
        elif q.step == VOTE:
            self._print(f"\n{T['day.to_vote']}: [Enter]   u: {T['undo']}")
        else:
            self._print(f"\n{T.get('step.' + q.step, q.step.replace('_', ' ').capitalize())}:")
            if shape_of(q.step) == "potions":
                v = view(state, state.current.seat if state.current and state.current.seat else 0)
                if "victims" in v:
                    names = ", ".join(self._name(state, s) for s in v["victims"])
                    told = T["night.attacked"].format(name=names) if names else T["night.attacked_nobody"]
                    self._print("  " + told)
            for i, c in enumerate(q.legal, 1):
                self._print(f"  {i}) {self._label(state, c)}")
            self._print(f"  u: {T['undo']}")

    def _label(self, state: State, c: Choice) -> str:
        """A choice in words, by its shape: seats by name, options in the table's language."""
        T = self.T
        if c.seats:
            return " + ".join(self._name(state, s) for s in c.seats)
        if c.option is not None:
            return T.get(f"option.{c.option}", c.option)
        if c.seconds is not None:
            return f"{c.seconds} s"
        heal = T["night.heal"].format(name=self._name(state, c.heal)) if c.heal is not None else ""
        poison = f"{T['night.poison']}: {self._name(state, c.poison)}" if c.poison is not None else ""
        if heal or poison:
            return " + ".join(p for p in (heal, poison) if p)
        if c.target is None:
            shape = shape_of(c.step)
            return T["night.pass"] if shape in ("potions", "option") else T["day.nobody_leaves"] \
                if shape == "vote" else T["night.nobody"]
        if c.step == "day_vote":
            return T["day.expel"].format(name=self._name(state, c.target))
        return self._name(state, c.target)

    def _parse(self, q: Question, state: State, typed: str, clock: Clock) -> Choice | str | None:
        if typed.lower() == "u" and q.step not in (REVEAL, START):
            return UNDO
        if q.step == REVEAL and q.seat is not None:
            self._show_card(state, q.seat)
            return COVERED
        if q.step in (START, VOTE):
            return q.step
        if not typed.isdigit() or not 1 <= int(typed) <= len(q.legal):
            self._print(f"  1-{len(q.legal)}?")
            return None
        choice = q.legal[int(typed) - 1]
        if choice.step == "day_vote":
            question = self.T["day.confirm_expel"].format(name=self._name(state, choice.target)) \
                if choice.target is not None else self.T["day.confirm_nobody"]
            self._print(f"  {question} [y/n]")
            if (self.keys.get(None) or "").lower() not in ("y", "j", "s"):
                return None
        result = private_answer(state, choice)
        if result is not None:
            self._show_answer(state, choice, result)  # what the actor learns at once, before the next step
        return choice

    def _show_card(self, state: State, seat: int) -> None:
        cards = view(state, seat)["cards"]
        self._print(f"  {self.T['deal.card']}: {self.T['role.' + cards[str(seat)]]}")
        partners = [self._name(state, int(s)) for s in cards if int(s) != seat]
        if partners:
            self._print(f"  {self.T['deal.pack']}: " + ", ".join(partners))
        self._print(f"  {self.T['deal.cover']}: [Enter]")
        self.keys.get(None)
        self.out.write(CLEAR)

    def _show_answer(self, state: State, choice: Choice, result: str) -> None:
        wolf = result == "werewolf"
        if result in ("werewolf", "village", "no_werewolf"):
            thumb = ("👎 " if wolf else "👍 ") + self.T["night.answer_werewolf" if wolf else "night.answer_village"]
        else:  # the extended seer learns the card itself
            thumb = self.T.get(f"role.{result}", result)
        self._print(f"  {self._name(state, choice.target or 0)}: {thumb}. {self.T['night.got_it']}: [Enter]")
        self.keys.get(None)
        self.out.write(CLEAR)
