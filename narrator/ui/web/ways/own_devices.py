"""Own devices: each player's phone shows their card, their task and their ballot, and only theirs.

The phones' taps are gathered (gather.py: the pack's picks, the ballots) into the one answer the narrator
waits for; the host's device answers only what the whole table decides. Every living phone is sent frames
of one shape (shape.py), so a secret cannot be told by its size; a night step's question stays on every phone
until the narrator closes it on a beat, once every living phone has answered it (narrator/game/beats.py: the
taps are counted here, `answered_all`), so no frame tells whose tap was the actor's. Guests join with the room
code, and the host sees who is connected; the deal waits for every seat's phone.
"""

from __future__ import annotations

from typing import Any

from engine import Choice, Refused, State, answerer, count_votes, legal_choices, voters
from narrator.game.inputs import COVERED, REVEAL, Checked, Prompt, Question
from narrator.game.laps import PACK
from narrator.ui.web.frames import CALLED, secret_step
from narrator.ui.web.gather import Gather
from narrator.ui.web.ports import Conn, Handed, OnStage, Pages
from narrator.ui.web.refusals import STALE, Refusal
from narrator.ui.web.ways.own_frames import OwnFrames
from narrator.ui.web.ways.way import VOTING, Beats, Way


class OwnDevices(Way):
    """The phones' taps, cards and ballots, and the vote they close."""

    joins = True
    beats: Held

    def __init__(self, stage: OnStage, pages: Pages) -> None:
        super().__init__(stage, pages)
        self.gather: Gather | None = None  # the phones' taps for the question on screen
        self.seen: set[int] = set()  # the seats that have looked at their card
        self.called: str | None = None  # the night step being called, between its wake and sleep
        self.called_done: set[int] = set()  # the seats that have tapped the called step's decoy
        self.learned: dict[int, dict[str, Any]] = {}  # what a seat's actor learned this step
        self.early: dict[int, Choice] = {}  # the called step's taps made before the narrator asked it
        self.untold: dict[int, dict[str, Any]] = {}  # what an actor learns, told as its question closes
        self.beats = Held(self)  # the called step's question, answered, on screen until it closes on a beat

    # -- what its pages send -------------------------------------------------------------------------
    def question(self, message: dict[str, Any]) -> Question:
        """The question a tap answers: the one on screen; or, while a night step is called and nobody is asked
        yet (its wake line, or its role dead or done), that step (the number CALLED); or the step's question
        answered and held until it closes."""
        holding = self.beats.holding
        if holding is not None:
            if message.get("q") == holding.number:
                return holding
        elif message.get("q") == CALLED and self.stage.question is None and self.called is not None:
            return Question(self.called, (), None, CALLED)
        return super().question(message)

    def tap(self, client: int, conn: Conn, q: Question, message: dict[str, Any]) -> Handed | None:
        """A phone answers for its own seat; the host's device answers the table's own questions."""
        if q.number == CALLED:
            if not (self._called_decoy(conn, message) or self._early(conn, message)):
                raise Refusal(STALE, "this screen has moved on")
            return None
        choice = self.chosen(message)
        state = self.stage.state
        assert state is not None
        if conn.who == "seat" and conn.seat is not None:
            return self._seat_tap(conn.seat, q, state, choice)
        if not (answerer(state).kind == "table" and q.step != VOTING):  # the phones cast the ballots
            raise Refusal("message.not_yours", "this is answered on the players' own phones")
        return self.submit(client, q, choice)

    def _called_decoy(self, conn: Conn, message: dict[str, Any]) -> bool:
        """A decoy tapped while a step is called that no one is asked (its role is dead or done): kept by nobody."""
        state = self.stage.state
        if conn.seat is not None and str(message.get("value", "")).startswith("decoy:") and state is not None \
                and conn.seat in state.alive:
            self.called_done.add(conn.seat)
            self.pages.refresh()
            return True
        return False

    def _early(self, conn: Conn, message: dict[str, Any]) -> bool:
        """The called step's actor taps its real question during the wake line, before the narrator asks it:
        kept (a legal choice only), and handed to the desk the moment the question opens (`ask`)."""
        state, seat = self.stage.state, conn.seat
        if seat is None or state is None or state.current is None or state.current.step != self.called \
                or not answerer(state).includes(seat):
            return False
        text = message.get("value")
        choice = next((c for c in legal_choices(state, seat) if c.text() == text), None)
        if choice is None:
            raise Refused("other", "that choice is not on this screen")
        self.early[seat] = choice
        if self.called == PACK:
            if self.gather is None or self.gather.number != CALLED:
                self.gather = Gather(CALLED)
            self.gather.picks[seat] = choice.text()  # every wolf sees the pack's picks live
        else:
            self.called_done.add(seat)
        self.pages.refresh()
        return True

    def _handed_early(self, question: Question) -> Checked | None:
        """The early taps for `question`, through the desk like any tap: the pack's picks (its choice when they
        agree), or the actor's own choice, what it learns told to its phone alone once the question has opened on
        every phone (`answered`), as after a tap on it."""
        early, self.early = self.early, {}
        if question.step != self.called or not early or self.gather is None:  # (the early picks' gather is gone)
            return None
        desk, state = self.stage.desk(), self.stage.state
        assert state is not None
        checked: dict[int, Checked] = {}
        for seat, choice in early.items():
            try:
                checked[seat] = desk.check(choice)
            except Refused:
                self.called_done.discard(seat)  # the game has moved on: asked again
        if question.step == PACK:
            self.gather.picks.update({seat: c.choice.text() for seat, c in checked.items()})
            agreed = self.gather.pack(list(answerer(state).seats))
            return next((c for c in checked.values() if c.choice.text() == agreed), None)
        for seat, answer in checked.items():
            if answer.learned is not None:
                self.untold[seat] = self.private_answer(answer.choice.target or 0, answer.learned)
            self.gather.done.add(seat)
            return answer
        return None

    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """A seat's own phone shows its card; the host's device shows none."""
        state = self.stage.state
        if state is None or self.stage.table is None:
            return
        if conn.who == "seat" and conn.seat is not None:
            self.pages.send_to(client, self.card(state, conn.seat))
            return
        raise Refusal("message.not_yours", "each player sees their card on their own phone")

    def cover(self, conn: Conn, message: dict[str, Any]) -> Handed | None:
        """A seat has seen and covered its card: it is done with the deal (at its turn, the deal moves on)."""
        if conn.who != "seat" or conn.seat is None:
            raise Refusal("message.not_yours", "each player covers their card on their own phone")
        if self.stage.table is None:
            raise Refusal("message.not_yours", "not a seat's message now")
        self.seen.add(conn.seat)
        q = self.stage.question
        if q is not None and q.step == REVEAL and q.seat in self.seen:
            return q, COVERED
        self.pages.refresh()
        return None

    def count(self, q: Question) -> Handed:
        """The host closes the vote with the ballots cast (a phone that dropped out abstains)."""
        if q.step != VOTING:
            raise Refusal(STALE, "this screen has moved on")
        return self._close_vote(q)

    def _close_vote(self, q: Question) -> Handed:
        """The day's vote is over: the engine counts the ballots (one count for every way of voting), every
        page sees the tally, and the narrator is handed the verdict."""
        stage = self.stage
        state = stage.state
        assert state is not None and self.gather is not None
        count = count_votes(state, dict(self.gather.ballots), stage.hooks.extra_votes(state))
        checked = stage.desk().check(count.choice)  # the one check, as every tap's
        stage.hooks.vote_closed()
        self.pages.broadcast({"t": "tally", "counts": [{"name": stage.name(s), "votes": n}
                                                       for s, n in sorted(count.tally.items(), key=lambda x: -x[1])]})
        return q, checked

    def _seat_tap(self, seat: int, q: Question, state: State, choice: Choice) -> Handed | None:
        """A phone answers for its own seat only; a seat with nothing to do taps a decoy."""
        gather = self.gather
        assert gather is not None
        current = state.current
        if seat not in state.alive and not (current is not None and current.seat == seat):
            raise Refusal("message.not_yours", "the dead watch; they do not act")  # but the dying hunter shoots
        if q.step == VOTING:
            return self._ballot(seat, q, state, choice, gather)
        who = answerer(state)
        if who.kind in ("seat", "pack") and who.includes(seat) and not q.decoy:  # a decoy is nobody's
            return self._act(seat, q, state, gather, self.stage.desk().check(choice))
        if choice.step == "decoy" and secret_step(q.step, state):
            gather.done.add(seat)  # kept by nobody: the screen says "done" like an action's
            self.pages.refresh()
            return None
        raise Refusal("message.not_yours", "it is not your turn")

    def _ballot(self, seat: int, q: Question, state: State, choice: Choice, gather: Gather) -> Handed | None:
        """A ballot: kept until every voter has cast theirs (or the host counts), then counted once."""
        if seat not in voters(state):
            raise Refusal("message.not_yours", "you have no vote today")
        plain = choice.is_pass or choice == Choice("day_vote", choice.target)
        if choice.step != "day_vote" or not plain or choice.target not in (None, *state.alive):
            raise Refusal("message.form", "a ballot names a living player or nobody")
        gather.ballots[seat] = choice.target
        gather.done.add(seat)
        if len(gather.ballots) == len(voters(state)):
            return self._close_vote(q)
        self.pages.refresh()
        return None

    def _act(self, seat: int, q: Question, state: State, gather: Gather, checked: Checked) -> Handed | None:
        """The seat's own step, checked once at the desk; the pack's pick is handed once every wolf agrees."""
        if q.step == PACK:
            gather.picks[seat] = checked.choice.text()
            if gather.pack(list(answerer(state).seats)) is not None:
                return q, checked  # every wolf picked this one
            self.pages.refresh()  # every wolf sees the pack's picks live
            return None
        if checked.learned is not None:  # told as the step closes (`answered`), not at this tap
            self.untold[seat] = self.private_answer(checked.choice.target or 0, checked.learned)
        gather.done.add(seat)
        return q, checked

    # -- what the narrator does ----------------------------------------------------------------------
    def ask(self, question: Question) -> Checked | Prompt | None:
        if self.gather is None or self.gather.number != question.number:
            self.gather = Gather(question.number)
        if question.step == REVEAL and question.seat in self.seen:
            return COVERED  # this seat's phone has already shown its card
        ready = self._handed_early(question)
        if question.step == self.called:  # a decoy tapped during the wake line answers it, as the actor's tap does
            self.gather.done |= self.called_done
        return ready

    def answered(self) -> None:
        if self.gather is not None:  # who has answered stays "done" until the sleep line
            self.called_done |= self.gather.done | set(self.gather.picks)
        untold, self.untold = self.untold, {}
        for seat, message in untold.items():  # an early tap's answer: its question has opened and is closing
            self.learned[seat] = message
            self.pages.tell_seat(seat, message)

    def calling(self, step: str | None) -> None:
        """From a night step's wake line to its sleep line (`step` None) every living phone shows that step's
        screen (a decoy until its actor is asked), so a dead role's step looks like a living one's."""
        if self.beats.holding is not None:  # the sleep line came before the narrator closed it
            self.beats.close(self.beats.holding)
        self.called = step
        self.called_done, self.learned, self.early, self.untold = set(), {}, {}, {}
        self.pages.refresh()

    # -- what each page is shown -----------------------------------------------------------------------
    def frames(self) -> OwnFrames:
        stage = self.stage
        state, table = stage.state, stage.table
        waiting = table is not None and not (state is not None and state.over) and \
            len(stage.tokens.seats) < len(table.players)  # a continued game: players take their seats back
        return OwnFrames(stage.screens(), state, self.beats.holding or stage.question, stage.table_screen(),
                         self.gather, self.called, self.called_done, self.seen, waiting)

    def lobby(self, conn: Conn) -> dict[str, Any]:
        """Before a game a phone waits in the lobby, seeing who has joined; anyone else may join with the code."""
        screen = {**super().lobby(conn), "join": conn.who == "spectator"}
        screen["players"] = [self.stage.seat_name(s) for s in sorted(self.stage.tokens.seats)]
        return screen

    def setup(self) -> dict[str, Any]:
        """The setup shows the room code and which seats have a phone."""
        stage = self.stage
        return {"lobby": {"code": stage.code, "seats": [
            {"seat": s, "name": stage.seat_name(s), "joined": s in stage.tokens.seats}
            for s in range(1, stage.seats() + 1)]}}

    def peers(self, online: set[int]) -> list[dict[str, Any]]:
        stage = self.stage
        asked = stage.asked_back()
        return [{"seat": s, "name": stage.seat_name(s), "joined": s in stage.tokens.seats, "online": s in online,
                 "asks": s in asked} for s in range(1, stage.seats() + 1)]

    def ready(self) -> None:
        free = [s for s in range(1, self.stage.seats() + 1) if s not in self.stage.tokens.seats]
        if free:
            raise Refused("setup.seats_free", f"{len(free)} seats have no phone yet", count=len(free))

    def living(self) -> set[int]:
        state = self.stage.state
        return set(state.alive) if state is not None and not state.over else set()

    def welcome(self, conn: Conn) -> None:
        """A phone back after a reload while its step is still called: what its actor learned (the seer's
        answer) is shown again, to this seat's phone only. Forgotten at the step's sleep line."""
        if conn.seat is not None and conn.seat in self.learned:
            conn.send(self.learned[conn.seat])


class Held(Beats):
    """Own devices: a called night step's question stays on every phone once answered, until the narrator closes
    it on a beat (narrator/game/beats.py), once every living phone has answered it."""

    def __init__(self, way: OwnDevices) -> None:
        self.way = way
        self.holding: Question | None = None  # the question answered, still on every screen

    def holds(self, q: Question) -> bool:
        if q.step != self.way.called or q.decoy:
            return False
        self.holding = q
        return True

    def close(self, q: Question) -> bool:
        """The held question closes: what its actor learned is told now (`answered`)."""
        if self.holding is None or self.holding.number != q.number:
            return False
        self.holding = None
        self.way.answered()
        return True

    def answered_all(self, number: int) -> bool:
        """Every living phone connected has answered question `number` (the actor's choice, the pack's picks,
        every other phone's decoy tap); True for a question no phone shows now."""
        way = self.way
        q, gather = self.holding or way.stage.question, way.gather
        if q is None or q.number != number or gather is None or gather.number != number:
            return True
        phones = {c.seat for c in way.pages.conns.values() if c.who == "seat" and c.seat is not None}
        return way.living() & phones <= gather.done | set(gather.picks)
