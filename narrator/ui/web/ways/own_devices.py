"""Own devices: each player's phone shows their card, their task and their ballot, and only theirs.

The phones' taps are gathered (gather.py: the pack's picks, the ballots) into the one answer the narrator
waits for; the host's device answers only what the whole table decides. Every living phone is sent frames
of one shape (shape.py), so a secret cannot be told by its size.
"""

from __future__ import annotations

from typing import Any

from engine import Choice, Refused, State, actor_of, count_votes, voters
from engine.flow import legal_choices
from narrator.game.inputs import COVERED, REVEAL, Question
from narrator.game.laps import PACK
from narrator.ui.web.frames import CALLED, Frames, secret_step
from narrator.ui.web.gather import Gather
from narrator.ui.web.guard import Refusal
from narrator.ui.web.ports import Conn, GameLike
from narrator.ui.web.ways.way import Way


def table_answers(q: Question, state: State) -> bool:
    """The host answers only what the whole table decides (the captain's election), not a seat's step nor a
    vote the phones cast."""
    current = state.current
    return current is not None and current.seat is None and q.step not in ("werewolves", "day_vote")


class OwnDevices(Way):
    """The phones' taps, cards and ballots, and the vote they close."""

    def __init__(self, game: GameLike) -> None:
        super().__init__(game)
        self.gather: Gather | None = None  # the phones' taps for the question on screen
        self.seen: set[int] = set()  # the seats that have looked at their card
        self.called: str | None = None  # the night step being called, between its wake and sleep
        self.called_done: set[int] = set()  # the seats that have tapped the called step's decoy
        self.learned: dict[int, dict[str, Any]] = {}  # what a seat's actor learned this step
        self.early: dict[int, Choice] = {}  # the called step's taps made before the narrator asked it
        self.untold: dict[int, dict[str, Any]] = {}  # what an early tap learns, told as its question closes

    # -- what its pages send -------------------------------------------------------------------------
    def tap(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """A phone answers for its own seat; the host's device answers the table's own questions."""
        if self._called_decoy(conn, message) or self._early(conn, message):
            return
        q, choice = self.chosen(message)
        state = self.game.state
        assert state is not None
        if conn.who == "seat" and conn.seat is not None:
            self._seat_tap(conn.seat, q, state, choice)
            return
        if not table_answers(q, state):
            raise Refusal("message.not_yours", "this is answered on the players' own phones")
        self.submit(client, q, choice)

    def _called_decoy(self, conn: Conn, message: dict[str, Any]) -> bool:
        """A decoy tapped while a step is called that no one is asked (its role is dead or done): kept by nobody."""
        state = self.game.state
        if message.get("q") == CALLED and self.game.question is None and self.called and conn.seat is not None \
                and str(message.get("value", "")).startswith("decoy:") and state is not None \
                and conn.seat in state.alive:
            self.called_done.add(conn.seat)
            self.game.refresh()
            return True
        return False

    def _early(self, conn: Conn, message: dict[str, Any]) -> bool:
        """The called step's actor taps its real question during the wake line, before the narrator asks it:
        kept (a legal choice only), and handed to the desk the moment the question opens (`ask`)."""
        state, seat = self.game.state, conn.seat
        if message.get("q") != CALLED or self.game.question is not None or self.called is None or seat is None \
                or state is None or state.current is None or state.current.step != self.called \
                or seat not in actor_of(state):
            return False
        q, choice = Question(self.called, tuple(legal_choices(state)), seat, CALLED), None
        text = message.get("value")
        if isinstance(text, str):
            choice = next((c for c in q.legal if c.text() == text), None)
        if choice is None:
            raise Refused("other", "that choice is not on this screen")
        self.early[seat] = choice
        if self.called == PACK:
            if self.gather is None or self.gather.number != CALLED:
                self.gather = Gather(CALLED)
            self.gather.picks[seat] = choice.text()  # every wolf sees the pack's picks live
        else:
            self.called_done.add(seat)
        self.game.refresh()
        return True

    def _handed_early(self, question: Question) -> Choice | None:
        """The early taps for `question`, through the desk like any tap: the pack's picks (its choice when they
        agree), or the actor's own choice, what it learns told to its phone alone once the question has opened on
        every phone (`answered`), as after a tap on it."""
        early, self.early = self.early, {}
        if question.step != self.called or not early or self.gather is None:  # (the early picks' gather is gone)
            return None
        desk, state = self.game.input_desk(), self.game.state
        assert state is not None
        checked = {}
        for seat, choice in early.items():
            try:
                checked[seat] = desk.check(choice)
            except Refused:
                self.called_done.discard(seat)  # the game has moved on: asked again
        if question.step == PACK:
            self.gather.picks.update({seat: c.text() for seat, c in checked.items()})
            agreed = self.gather.pack(actor_of(state))
            return Choice.from_text(agreed) if agreed is not None else None
        for seat, choice in checked.items():
            result = desk.learns(choice)
            if result is not None:
                self.untold[seat] = self.private_answer(choice.target or 0, result)
            self.gather.done.add(seat)
            return choice
        return None

    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """A seat's own phone shows its card; the host's device shows none."""
        state = self.game.state
        if state is None or self.game.table is None:
            return
        if conn.who == "seat" and conn.seat is not None:
            self.game.send_to(client, self.card(state, conn.seat))
            return
        raise Refusal("message.not_yours", "each player sees their card on their own phone")

    def cover(self, conn: Conn, message: dict[str, Any]) -> None:
        """A seat has seen and covered its card: it is done with the deal (at its turn, the deal moves on)."""
        if conn.who != "seat" or conn.seat is None:
            raise Refusal("message.not_yours", "each player covers their card on their own phone")
        if self.game.table is None:
            raise Refusal("message.not_yours", "not a seat's message now")
        self.seen.add(conn.seat)
        q = self.game.question
        if q is not None and q.step == REVEAL and q.seat in self.seen:
            self.game.put(q, COVERED)
            return
        self.game.refresh()

    def count(self, message: dict[str, Any]) -> None:
        """The host closes the vote with the ballots cast (a phone that dropped out abstains)."""
        self._close_vote(self.game.asked(message, "day_vote"))

    def _close_vote(self, q: Question) -> None:
        """The day's vote is over: the engine counts the ballots (one count for every way of voting), every
        page sees the tally, and the narrator is handed the verdict."""
        game = self.game
        state = game.state
        assert state is not None and self.gather is not None
        count = count_votes(state, dict(self.gather.ballots), game.hooks.extra_votes(state))
        choice, counts = game.input_desk().check(count.choice), count.tally  # the one check, as every tap's
        game.hooks.vote_closed()
        game.broadcast({"t": "tally", "counts": [{"name": game.name(s), "votes": n}
                                                 for s, n in sorted(counts.items(), key=lambda x: -x[1])]})
        game.put(q, choice)

    def _seat_tap(self, seat: int, q: Question, state: State, choice: Choice) -> None:
        """A phone answers for its own seat only; a seat with nothing to do taps a decoy."""
        gather = self.gather
        assert gather is not None
        current = state.current
        if seat not in state.alive and not (current is not None and current.seat == seat):
            raise Refusal("message.not_yours", "the dead watch; they do not act")  # but the dying hunter shoots
        if q.step == "day_vote":
            self._ballot(seat, q, state, choice, gather)
            return
        actor = current is not None and seat in actor_of(state) and (current.seat is not None or q.step == "werewolves")
        if actor and not q.decoy:  # a decoy question (a dead step's) is its actor's no more than anyone's
            self._act(seat, q, state, choice, gather)
            return
        if choice.step == "decoy" and secret_step(q.step, state):
            gather.done.add(seat)  # kept by nobody: the screen says "done" like an action's
            self.game.refresh()
            return
        raise Refusal("message.not_yours", "it is not your turn")

    def _ballot(self, seat: int, q: Question, state: State, choice: Choice, gather: Gather) -> None:
        """A ballot: kept until every voter has cast theirs (or the host counts), then counted once."""
        if seat not in voters(state):
            raise Refusal("message.not_yours", "you have no vote today")
        plain = choice.is_pass or choice == Choice("day_vote", choice.target)
        if choice.step != "day_vote" or not plain or choice.target not in (None, *state.alive):
            raise Refusal("message.form", "a ballot names a living player or nobody")
        gather.ballots[seat] = choice.target
        gather.done.add(seat)
        if len(gather.ballots) == len(voters(state)):
            self._close_vote(q)
        else:
            self.game.refresh()

    def _act(self, seat: int, q: Question, state: State, choice: Choice, gather: Gather) -> None:
        """The seat's own step, checked once at the desk; the pack's pick is handed once every wolf agrees."""
        desk = self.game.input_desk()
        choice = desk.check(choice)
        if q.step == "werewolves":
            gather.picks[seat] = choice.text()
            agreed = gather.pack(actor_of(state))
            if agreed is not None:
                self.game.put(q, Choice.from_text(agreed))
            else:
                self.game.refresh()  # every wolf sees the pack's picks live
            return
        result = desk.learns(choice)
        if result is not None:
            self.learned[seat] = self.private_answer(choice.target or 0, result)
            self.game.tell_seat(seat, self.learned[seat])
        gather.done.add(seat)
        self.game.put(q, choice)

    # -- what the narrator does ----------------------------------------------------------------------
    def ask(self, question: Question) -> object | None:
        if self.gather is None or self.gather.number != question.number:
            self.gather = Gather(question.number)
        if question.step == REVEAL and question.seat in self.seen:
            return COVERED  # this seat's phone has already shown its card
        return self._handed_early(question)

    def answered(self) -> None:
        if self.gather is not None:  # who has answered stays "done" until the sleep line
            self.called_done |= self.gather.done | set(self.gather.picks)
        untold, self.untold = self.untold, {}
        for seat, message in untold.items():  # an early tap's answer: its question has opened and is closing
            self.learned[seat] = message
            self.game.tell_seat(seat, message)

    def calling(self, step: str | None) -> None:
        """From a night step's wake line to its sleep line (`step` None) every living phone shows that step's
        screen (a decoy until its actor is asked), so a dead role's step looks like a living one's."""
        self.called = step
        self.called_done, self.learned, self.early, self.untold = set(), {}, {}, {}
        self.game.refresh()

    # -- what each page is shown -----------------------------------------------------------------------
    def frames(self) -> Frames:
        game = self.game
        return Frames(game.screens(), game.state if game.table else None, game.question, game.current_screen(),
                      game.mode, self.gather, self.called, self.called_done, self.seen)

    def watcher(self, frames: Frames) -> dict[str, Any]:
        table, state = self.game.table, self.game.state
        over = state is not None and state.over
        if table is not None and not over and len(self.game.tokens.seats) < len(table.players):
            return {"screen": "lobby", "join": True}  # a continued game: players take their seats back
        return frames.watcher()

    def living(self) -> set[int]:
        state = self.game.state
        return set(state.alive) if state is not None and not state.over else set()

    def welcome(self, conn: Conn) -> None:
        """A phone back after a reload while its step is still called: what its actor learned (the seer's
        answer) is shown again, to this seat's phone only. Forgotten at the step's sleep line."""
        if conn.seat is not None and conn.seat in self.learned:
            conn.send(self.learned[conn.seat])
