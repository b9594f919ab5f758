"""The keyboard: the same game from a terminal, with numbered choices (`wolfcall play --ui terminal`)."""

from __future__ import annotations

import queue
import sys
import threading
from typing import TextIO

from engine import Choice, State, decide, view

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
        self.words = lines
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
        if q.step == REVEAL and q.seat is not None:
            self._print(f"\n[{self._name(state, q.seat)}] take the device. Press Enter to see your card.")
        elif q.step == START:
            self._print("\nEveryone has seen their card. Narrator, press Enter to begin the night.")
        elif q.step == VOTE:
            self._print("\nDebate. Press Enter to go to the vote (u: undo the last choice).")
        else:
            self._print(f"\n[{q.step}] choose:")
            if q.step == "witch":
                v = view(state, state.current.seat if state.current and state.current.seat else 0)
                if "attacked" in v:
                    victim = v["attacked"]
                    self._print("  The wolves attacked: " + (self._name(state, victim) if victim else "nobody"))
            for i, c in enumerate(q.legal, 1):
                self._print(f"  {i}) {self._label(state, c)}")
            self._print("  (u: undo the last choice)")

    def _label(self, state: State, c: Choice) -> str:
        if c.heal is not None and c.poison is not None:
            return f"heal {self._name(state, c.heal)} and poison {self._name(state, c.poison)}"
        if c.heal is not None:
            return f"heal {self._name(state, c.heal)}"
        if c.poison is not None:
            return f"poison {self._name(state, c.poison)}"
        if c.target is None:
            return "pass" if c.step == "witch" else "nobody"
        verb = {"day_vote": "expel", "hunter": "shoot", "werewolves": "attack", "guard": "protect",
                "seer": "look at"}.get(c.step, "")
        return f"{verb} {self._name(state, c.target)}".strip()

    def _parse(self, q: Question, state: State, typed: str, clock: Clock) -> Choice | str | None:
        if typed.lower() == "u" and q.step not in (REVEAL, START):
            return UNDO
        if q.step == REVEAL and q.seat is not None:
            self._show_card(state, q.seat)
            return COVERED
        if q.step in (START, VOTE):
            return q.step
        if not typed.isdigit() or not 1 <= int(typed) <= len(q.legal):
            self._print(f"  Type a number from 1 to {len(q.legal)}.")
            return None
        choice = q.legal[int(typed) - 1]
        if choice.step == "day_vote" and choice.target is not None:
            self._print(f"  Expel {self._name(state, choice.target)}? Type y to confirm.")
            if (self.keys.get(None) or "").lower() != "y":
                self._print("  Not recorded. Choose again.")
                return None
        if choice.step == "seer" and choice.target is not None:
            self._show_answer(state, choice)
        return choice

    def _show_card(self, state: State, seat: int) -> None:
        cards = view(state, seat)["cards"]
        self._print(f"  Your card: {cards[str(seat)]}")
        partners = [self._name(state, int(s)) for s in cards if int(s) != seat]
        if partners:
            self._print("  Your pack: " + ", ".join(partners))
        self._print("  Press Enter to cover it.")
        self.keys.get(None)
        self.out.write(CLEAR)

    def _show_answer(self, state: State, choice: Choice) -> None:
        result = next(getattr(e, "result", None) for e in decide(state, choice) if hasattr(e, "result"))
        thumb = "thumbs DOWN: werewolf" if result == "werewolf" else "thumbs UP: village"
        self._print(f"  {self._name(state, choice.target or 0)}: {thumb}. Press Enter to cover it.")
        self.keys.get(None)
        self.out.write(CLEAR)
