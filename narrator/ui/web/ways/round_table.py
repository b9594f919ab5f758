"""Round the table: the device goes from hand to hand, each seat's turn a task or a decoy.

The device is the table's, as with one device (its card at the deal, its day questions); a night's turn is
first "pass the device to Ana", then, once she has taken it (`open`), her task or a decoy.
"""

from __future__ import annotations

import random
from typing import Any

from engine import Choice, State, shape_of, view
from narrator.game import laps
from narrator.game.inputs import TURN, Checked, Prompt, Question
from narrator.ui.web import shape
from narrator.ui.web.frames import Frames, decoy_screen
from narrator.ui.web.ports import Conn, Handed
from narrator.ui.web.refusals import STALE, Refusal
from narrator.ui.web.screens import STEP_ROLE, THIEF, Screens
from narrator.ui.web.ways.one_device import OneDevice, not_a_seat


class RoundTable(OneDevice):
    """A turn with the device: taken, answered pick by pick, and its screens."""

    opened: int | None = None  # the turn whose player has taken the device
    picks: tuple[int | None, ...] = ()  # the seats picked on this turn's screens so far (None: nobody, an option)
    option: str | None = None  # the option tapped on this turn's first screen (the thief's, the wolf-dog's...)
    clue: int | None = None  # a decoy's clue, drawn when the device is taken
    cards: tuple[str, ...] = ()  # on the thief's night, the two cards a decoy is shown, drawn when it is taken
    named: int | None = None  # while a turn's answer is handed: the seat its first screen picked

    def open(self, q: Question) -> None:
        """The called player has taken the device; the first screen of their task (or a decoy) is shown."""
        if q.step != TURN:
            raise Refusal(STALE, "this screen has moved on")
        self.opened, self.picks, self.option = q.number, (), None
        state = self.stage.state
        assert state is not None
        self.clue = DRAW.choice([*laps.nightfall(state), None])
        self.cards = tuple(DRAW.sample([*state.dealt, *state.extra], 2)) if THIEF in laps.called(state) else ()
        self.pages.refresh()

    def tap(self, client: int, conn: Conn, q: Question, message: dict[str, Any]) -> Handed | None:
        """The player holding the device picks on one of their turn's screens; the last one answers their task
        (or their decoy), each answer checked as soon as it is whole. Any other question is the table's, as with
        one device."""
        not_a_seat(conn)
        choice = self.chosen(message)
        if q.step != TURN:
            return self.submit(client, q, choice)
        if self.opened != q.number:
            raise Refusal(STALE, "the device has not been taken yet")
        state = self.stage.state
        assert state is not None
        task = q.task
        option = tapped(state, task, choice, not self.picks) or self.option  # an option is tapped on the first
        shape = shape_of(task) if task else "seat"
        picks = (*self.picks, choice.target)
        answer = laps.compose(task, shape, picks, option) if task else Choice(laps.DECOY, picks[0])
        last = len(picks) >= laps.taps(state)
        whole = answer is not None and (not task or laps.compose(task, shape, picks[:-1], option) is None)
        try:  # the rules say no as soon as the answer is whole, and the turn starts again from its first screen
            if last:
                assert answer is not None
                self.picks, self.option, self.named = (), None, picks[0]
                return self.submit(client, q, answer)
            if whole and answer is not None and task:
                self.stage.desk().check(answer)
        except Exception:
            self.picks, self.option = (), None
            self.pages.refresh()
            raise
        finally:
            self.named = None
        self.picks, self.option = picks, option
        self.pages.refresh()
        return None

    def learns_nothing(self, client: int) -> None:
        """A turn that taught its player nothing, on a night when a step shows its actor an answer (the seer's
        card, the fox's nose): shown one drawn at random, of the seat its first screen picked, so the seer's
        turn looks like anyone's. Nothing when it picked nobody, as the seer is shown nothing then."""
        state = self.stage.state
        if self.named is None or state is None:
            return
        drawn = laps.stand_in(state, DRAW)
        if drawn is not None:
            self.pages.send_to(client, self.private_answer(self.named, drawn))

    def private_answer(self, target: int, result: str) -> dict[str, Any]:
        """Round the table every answer says it may be drawn at random, the seer's too."""
        return shape.private({**super().private_answer(target, result),
                              "note": self.stage.screens().words["turn.answer_note"]})

    def ask(self, question: Question) -> Checked | Prompt | None:
        if question.step == TURN:
            self.opened, self.picks, self.option = None, (), None  # a new turn: the device is passed, not taken
        return None

    def listens(self, q: Question, value: Checked | Prompt) -> str:
        """A turn round the table is the night's until the last lap ends, even once the engine's night is over."""
        return "night" if q.step == TURN else super().listens(q, value)

    def question_screen(self, q: Question, state: State) -> dict[str, Any]:
        """A turn's screen is built for the turn, at every redraw (`host`)."""
        return {"screen": "turn", "q": q.number} if q.step == TURN else super().question_screen(q, state)

    def screen(self, conn: Conn, frames: Frames) -> dict[str, Any]:
        q = self.stage.question
        if conn.who == "host" and q is not None and q.step == TURN:
            return self.turn_screen()
        return super().screen(conn, frames)

    def turn_screen(self) -> dict[str, Any]:
        """"Pass the device to Ana", then, once she holds it, her task's screens or a decoy's."""
        stage = self.stage
        q, state = stage.question, stage.state
        assert q is not None and state is not None and q.seat is not None
        name = stage.name(q.seat)
        if self.opened != q.number:
            return {"screen": "turn", "q": q.number, "seat": q.seat, "name": name, "night": state.night}
        return turn_view(stage.screens(), state, q, name, len(self.picks), self.clue, self.cards)


DRAW = random.SystemRandom()  # a decoy's clue, cards and answer: nobody can work them out from what the table knows


def tapped(state: State, task: str | None, choice: Choice, first: bool) -> str | None:
    """The option a tap on a turn's screen gives (None: a seat or nobody), once it is one of the turn's buttons:
    a seat living at nightfall, nobody, or one of tonight's options (a decoy's option counts as nobody). On the
    first screen a task answered with an option takes one of its own and nothing else (a name, another card's),
    and any other task no option; the screens after it only stand in (`laps.compose`)."""
    if choice.step != (task or laps.DECOY) or choice.target not in (None, *laps.nightfall(state)) or \
            (choice.option is not None and choice.option not in {o for _, o in laps.options(state)}):
        raise Refusal("other", f"not a choice of this turn: {choice.text()}")
    if task is None or not first:
        return None
    own = shape_of(task) == "option"
    if (own and (task, choice.option) not in laps.options(state)) or (not own and choice.option is not None):
        raise Refusal("turn.not_your_card", f"not a choice of this card: {choice.text()}")
    return choice.option if own else None


def turn_view(screens: Screens, state: State, q: Question, name: str, part: int = 0,
              clue: int | None = None, cards: tuple[str, ...] = ()) -> dict[str, Any]:
    """Screen `part` of a turn once its player holds the device, the same for every role's task and for a
    decoy: no picture, the same title and wording, every seat living at nightfall in seat order, "nobody"
    last, then tonight's options (each with its card's name), as many screens a turn (`laps.taps`); and on the
    first a clue naming a seat (or nobody) when the witch or the wolf father is in play: the wolves' victim on
    theirs, `clue` (drawn at random) on everyone else's; and on the thief's night two cards: his own on his
    turns, `cards` (drawn at random) on everyone else's. A step of two seats or two potions is picked one seat
    a screen, an option on the first screen (`laps.compose`)."""
    task = getattr(q, "task", None)
    assert q.seat is not None
    seats = laps.nightfall(state)
    screen = decoy_screen(screens, Question("werewolves", q.legal, q.seat, q.number), state.night, seats, True)
    screen["step"] = task or "decoy"
    screen.pop("decoy", None)
    screen.pop("ask", None)
    screen["choices"] = [*in_seat_order(screens, [], seats, task or laps.DECOY),
                         *option_buttons(screens, state, task or laps.DECOY)]
    out = {**screen, "icon": None, "q": q.number, "turn": name, "part": part, "parts": laps.taps(state)}
    if part == 0:
        out.update(first_lines(screens, state, q, clue, cards))
    return out


def option_buttons(screens: Screens, state: State, prefix: str) -> list[dict[str, Any]]:
    """Tonight's options as every turn lists them, under "nobody": "Thief: Take card 1", "Wolf father: ..."."""
    return [{"value": f"{prefix}:={option}", "kind": "option", "target": None, "seats": [], "name": "",
             "label": screens.sentence("turn.option", role=screens.role(STEP_ROLE.get(step, step)),
                                       option=screens.words.get(f"option.{option}", option))}
            for step, option in laps.options(state)]


def first_lines(screens: Screens, state: State, q: Question, clue: int | None,
                cards: tuple[str, ...]) -> dict[str, Any]:
    """What a turn's first screen says above its buttons, in the same words for every seat: the clue, the cards."""
    task = getattr(q, "task", None)
    assert q.seat is not None
    out: dict[str, Any] = {}
    clued = laps.clued(state)
    if clued:
        out["clue"] = victims(screens, state, q, task) if task in clued else \
            screens.name(clue) if clue else screens.words["night.nobody"]
        out["clue_key"] = "turn.clue." + "+".join(clued)
    if THIEF in laps.called(state):
        own = view(state, q.seat).get("extra_cards") or list(cards)
        out["turn_cards"] = [screens.sentence("turn.card", n=i, role=screens.role(card))
                             for i, card in enumerate(own, 1)]
    return out


def victims(screens: Screens, state: State, q: Question, task: str) -> str:
    """The wolves' victims as the witch or the wolf father learns them at their turn, or "nobody"."""
    assert q.seat is not None
    now = laps.ahead(state, task) or state
    if shape_of(task) == "option":  # the wolf father: the pack's victim
        target = view(now, q.seat).get("pack_target")
        return screens.name(target) if target else screens.words["night.nobody"]
    seen = screens.step(Question(task, q.legal, q.seat, q.number), now, q.seat, "potions", [])
    return seen.get("attacked") or screens.words["night.nobody"]


def in_seat_order(screens: Screens, choices: list[dict[str, Any]], alive: list[int], step: str) -> list[dict[str, Any]]:
    """Every living seat in seat order, then the rest. A seat the step may not choose (the guard himself) is
    listed like any other, not greyed (a greyed name would tell the guard's turn from a decoy): its tap is
    refused, with the reason, to the one holding the device."""
    targets = {c["target"]: c for c in choices if c["kind"] == "target"}
    listed = [targets.get(s) or {"value": f"{step}:{s}", "kind": "target", "target": s, "seats": [],
                                 "name": screens.name(s), "label": screens.name(s)} for s in alive]
    rest = [c for c in choices if c["kind"] != "target"] or \
        [{"value": f"{step}:none", "kind": "none", "label": screens.words["night.nobody"]}]
    return listed + rest
