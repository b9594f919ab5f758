"""The keyboard: the same game from a terminal, with numbered choices (`wolfcall play --ui terminal`)."""

from __future__ import annotations

import itertools
import queue
import sys
import threading
from collections.abc import Sequence
from typing import Any, TextIO

from engine import Choice, State, private_answer, ruleset, shape_of, view
from engine.count import leaders, scores
from engine.vote import weight
from narrator.game import laps
from narrator.game.clock import Clock, RealClock
from narrator.game.inputs import ANSWER_TO, COVERED, REVEAL, START, TURN, UNDO, VOTE, Answer, Prompt, Question
from narrator.speech.lines import Lines
from narrator.ui.web.screens import Screens, card_help

CLEAR = "\033[2J\033[3J\033[H"  # clear the screen and the scrollback: nothing secret stays visible
HANDS, BALLOTS = "h", "b"  # the two ways of a counted vote
NOBODY = "0"  # the key of nobody, a pass, an abstention


def _seat_key(c: Choice) -> str | None:
    """A choice's own key: its one seat's number, NOBODY for a bare choice, None for anything else."""
    if c.heal is not None or c.poison is not None or c.option is not None or c.seconds is not None:
        return None
    if c.seats:
        return str(c.seats[0]) if len(c.seats) == 1 else None
    return NOBODY if c.target is None else str(c.target)


def keys(legal: Sequence[Choice], seats: int) -> list[str]:
    """What to type for each choice: a seat's number picks that seat, 0 nobody; the other choices are
    numbered after the table's last seat (or from 1 when no choice names a seat), so no key looks like a seat."""
    own = [_seat_key(c) for c in legal]
    named = any(c.seats or {c.target, c.heal, c.poison} != {None} for c in legal)
    spare = itertools.count(seats + 1 if named else 1)
    return [k if k is not None and own.count(k) == 1 else str(next(spare)) for k in own]


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
        from narrator.ui.web.strings import strings

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

    def _said(self, state: State, key: str, seat: int) -> str:
        """A sentence naming `seat` as the language says a seat in a sentence: "Pásale el móvil al jugador uno"."""
        screens = self.screens(state)
        return screens.sentence(key, name=screens.said(state, seat))

    def _hand_over(self, state: State, pass_key: str, open_key: str, seat: int) -> None:
        self._print(f"\n{self._said(state, pass_key, seat)}. {self._said(state, open_key, seat)}: [Enter]")

    def screens(self, state: State) -> Screens:
        """The page's screens, which the terminal prints line by line."""
        return Screens(self.words.lang, lambda seat: self._name(state, seat))

    def _prompt(self, q: Question, state: State) -> None:
        T = self.T
        if q.step == REVEAL and q.seat is not None:
            self._hand_over(state, "deal.pass", "deal.show", q.seat)
        elif q.step == START:
            self._print(f"\n{T['deal.narrator']} {T['deal.start']}: [Enter]")
        elif q.step == VOTE:
            for line in self.screens(state).news(state):
                self._print(f"  {line}")
            self._print(f"\n{T['day.to_vote']}: [Enter]   u: {T['undo']}")
        elif q.step == TURN and q.seat is not None:
            self._turn(q, state)
        else:
            self._print(f"\n{T.get('step.' + q.step, q.step.replace('_', ' ').capitalize())}:")
            screen = self.screens(state).question(q, state)
            for line in self._told(screen):
                self._print(f"  {line}")
            if self._counted(q, state):
                self._print(f"  {HANDS}) {T['vote.hands']}")
                self._print(f"  {BALLOTS}) {T['vote.ballots']}")
            self._menu(q, state)

    def _turn(self, q: Question, state: State) -> None:
        """Round the table: the seat's name, then its step like any step (a decoy: just the choices)."""
        T = self.T
        title = f" – {T.get('step.' + q.task, q.task.replace('_', ' ').capitalize())}" if q.task else ""
        self._print(f"\n{self._name(state, q.seat or 0)}{title}:")
        now = laps.ahead(state, q.task) if q.task else None
        if now is not None:
            for line in self._told(self.screens(now).question(Question(q.task or "", q.legal, q.seat), now)):
                self._print(f"  {line}")
        self._menu(q, state)

    def _menu(self, q: Question, state: State) -> None:
        for key, c in zip(keys(q.legal, len(state.seats)), q.legal, strict=True):
            self._print(f"  {key}) {self._label(state, c)}")
        self._print(f"  u: {self.T['undo']}")

    def _told(self, screen: dict[str, Any]) -> list[str]:
        """What a step's screen tells besides its choices: who acts, the tie, the cards, the witch's victim."""
        T = self.T
        lines = [str(screen[k]) for k in ("by", "tied", "ask", "infect", "note") if screen.get(k)]
        lines += [f"{card['label']}: {card['role']}" for card in screen.get("cards", [])]
        if "attacked" in screen:
            lines.append(T["night.attacked"].format(name=screen["attacked"]) if screen["attacked"]
                         else T["night.attacked_nobody"])
        lines += screen.get("count", {}).get("notes", [])
        return lines

    @staticmethod
    def _counted(q: Question, state: State) -> bool:
        asked = q.step not in (REVEAL, START, VOTE, TURN)  # the narrator's own questions have no shape
        return asked and shape_of(q.step) == "vote" and ruleset(state.ruleset).counted_votes

    def _label(self, state: State, c: Choice) -> str:
        """A choice in words, by its shape: seats by name, options in the table's language."""
        T = self.T
        if c.seats:
            return " + ".join(self._name(state, s) for s in c.seats)
        if c.option is not None:
            return T.get(f"option.{c.option}", c.option)
        if c.seconds is not None:
            return f"{c.seconds} s"
        heal = self._said(state, "night.heal", c.heal) if c.heal is not None else ""
        poison = f"{T['night.poison']}: {self._name(state, c.poison)}" if c.poison is not None else ""
        if heal or poison:
            return " + ".join(p for p in (heal, poison) if p)
        if c.step == laps.DECOY:
            return self._name(state, c.target) if c.target is not None else T["night.nobody"]
        if c.target is None:
            shape = shape_of(c.step)
            return T["night.pass"] if shape in ("potions", "option") else T["day.nobody_leaves"] \
                if shape == "vote" else T["night.nobody"]
        if c.step == "day_vote":
            return self._said(state, "day.expel", c.target)
        return self._name(state, c.target)

    def _parse(self, q: Question, state: State, typed: str, clock: Clock) -> Choice | Prompt | None:
        if typed.lower() == "u" and q.step not in (REVEAL, START):
            return UNDO
        if self._counted(q, state) and typed.lower() in (HANDS, BALLOTS):
            return self._hands(q, state) if typed.lower() == HANDS else self._ballots(q, state)
        if q.step == REVEAL and q.seat is not None:
            self._show_card(state, q.seat)
            return COVERED
        if q.step in (START, VOTE):
            return ANSWER_TO[q.step]
        menu = keys(q.legal, len(state.seats))
        if not typed.isdigit() or str(int(typed)) not in menu:
            self._print(f"  {', '.join(sorted(menu, key=int))}?")
            return None
        choice = q.legal[menu.index(str(int(typed)))]
        if choice.step == "day_vote":
            question = self._said(state, "day.confirm_expel", choice.target) \
                if choice.target is not None else self.T["day.confirm_nobody"]
            if not self._confirm(question):
                return None
        result = laps.private_answer(state, choice) if q.step == TURN else private_answer(state, choice)
        if result is not None:
            self._show_answer(state, choice, result)  # what the actor learns at once, before the next step
        return choice

    def _confirm(self, question: str) -> bool:
        """Asked with the language's own letters (en y/n, de j/n, es s/n): yes is the letter or the word."""
        yes, no = self.T["day.yes"].strip(), self.T["day.no"].strip()
        self._print(f"  {question} [{yes[:1].lower()}/{no[:1].lower()}]")
        return (self.keys.get(None) or "").strip().lower() in (yes[:1].lower(), yes.lower())

    def _number(self, prompt: str, most: int) -> int | None:
        """A number from 0 to `most` typed at the keyboard (Enter: 0); None for anything else."""
        self._print(prompt)
        typed = (self.keys.get(None) or "0").strip()
        return int(typed) if typed.isdigit() and int(typed) <= most else None

    def _hands(self, q: Question, state: State) -> Choice | None:
        """Hands counted per player: the engine adds the captain's second hand's worth and the marks."""
        T = self.T
        captain = f" {T['vote.captain_hand']}" if state.captain in state.alive else ""
        self._print(f"  {T['vote.hands_hint']}{captain}")
        most = sum(weight(state, s) for s in state.alive)
        tally = []
        for seat in sorted(state.alive):
            n = self._number(f"  {self._name(state, seat)}: [0-{most}]", most)
            if n is None:
                return None
            if n:
                tally.append((seat, n))
        if not self._confirm(self._leaves(state, tally)):
            return None
        return Choice(q.step, tally=tuple(tally))

    def _leaves(self, state: State, tally: list[tuple[int, int]]) -> str:
        """The show of hands' confirm names who leaves as the engine counts the hands (the marks added), or the
        tie, as the page's does."""
        counted = scores(state, tally=tally)
        top = leaders(counted)
        if not top:
            return self.T["day.confirm_none"]
        names = [state.name(s) or self.words.player(s) for s in top]
        if len(top) == 1:
            return self.T["day.confirm_out"].format(name=names[0], votes=counted[top[0]])
        return self.T["day.confirm_tie"].format(names=", ".join(names), votes=counted[top[0]])

    def _ballots(self, q: Question, state: State) -> Choice | None:
        """Secret ballots: the keyboard goes round, and the screen is cleared after every ballot."""
        T = self.T
        seats = sorted(state.alive)
        ballots: list[tuple[int, int | None]] = []
        for voter in (s for s in seats if weight(state, s) > 0):
            self._hand_over(state, "ballot.pass", "ballot.open", voter)
            self.keys.get(None)
            self._print(f"  {self._said(state, 'ballot.title', voter)}" +
                        (f" {T['ballot.double']}" if weight(state, voter) > 1 else ""))
            for seat in seats:
                self._print(f"  {seat}) {self._name(state, seat)}")
            self._print(f"  {NOBODY}) {T['ballot.abstain']}")
            n = self._number(f"  [{NOBODY}-{max(seats)}]", max(seats))
            self.out.write(CLEAR)  # nothing of this ballot stays for the next voter
            if n is None or n not in (0, *seats):
                return None
            ballots.append((voter, n or None))
        self._print(f"  {T['ballot.done']}")
        return Choice(q.step, ballots=tuple(ballots))

    def show_end(self, state: State) -> None:
        """The end screen in the terminal: the winner, every card with its marks, and the game night by night."""
        screen = self.screens(state).end(state)
        T = self.T
        self._print(f"\n{T.get('end.' + str(screen['winner']), str(screen['winner']))}. "
                    f"{T.get('reason.' + str(screen['reason']), '')}")
        for card in screen["cards"]:
            marks = ", ".join(m["label"] for m in card["marks"])
            dead = "" if card["alive"] else " †"
            self._print(f"  {card['name']}: {card['role']}{dead}" + (f" ({marks})" if marks else ""))
        for period in screen["timeline"]:
            self._print(f"\n{period['title']}")
            for death in period["deaths"]:
                self._print(f"  † {death['name']} ({death['role']}): {death['how']}")
            for event in period["events"]:
                self._print(f"    {event}")
        alive = ", ".join(f"{a['name']} ({a['role']})" for a in screen["alive"])
        self._print(f"\n{T['end.alive']}: {alive or T['end.nobody_alive']}")

    def winner_line(self, state: State) -> str:
        """The game's last line in the table's language: "wolfcall: The village wins (Every werewolf is dead.)"."""
        won = self.T.get(f"end.{state.winner}", str(state.winner))
        reason = self.T.get(f"reason.{state.reason}", str(state.reason or ""))
        return f"wolfcall: {won} ({reason})" if reason else f"wolfcall: {won}"

    def show_winner(self, state: State, stream: TextIO | None = None) -> None:
        """Print the winner line (for `wolfcall play`, on stderr by default) in the table's language."""
        print(self.winner_line(state), file=stream or sys.stderr)

    def _show_card(self, state: State, seat: int) -> None:
        seen = view(state, seat)
        card = seen["cards"][str(seat)]
        said = card_help(self.T, card, state.mode)
        helped = f" – {said}" if said else ""
        self._print(f"  {self.T['deal.card']}: {self.T['role.' + card]}{helped}")
        partners = [self._name(state, s) for s in seen["pack"] if s != seat]
        if partners:
            self._print(f"  {self.T['deal.pack']}: " + ", ".join(partners))
        self._print(f"  {self.T['deal.cover']}: [Enter]")
        self.keys.get(None)
        self.out.write(CLEAR)

    def _show_answer(self, state: State, choice: Choice, result: str) -> None:
        shown = self.screens(state).answer(result)
        # a side (village or werewolf) as a thumb; the extended seer learns the card itself
        thumb = ("👎 " if shown["thumb"] == "down" else "👍 ") + shown["text"] if "thumb" in shown else shown["role"]
        self._print(f"  {self._name(state, choice.target or 0)}: {thumb}. {self.T['night.got_it']}: [Enter]")
        self.keys.get(None)
        self.out.write(CLEAR)
