"""Own devices: each player's phone shows their card, their task and their ballot, and only theirs.
"""

from __future__ import annotations

from typing import Any

from engine import (
    Choice,
    State,
    actor_of,
    count_votes,
    view,
    voters,
)
from narrator.game.inputs import COVERED, REVEAL, Question
from narrator.ui.web import shape
from narrator.ui.web.connections import Conn, Connections
from narrator.ui.web.frames import OWN, secret_step
from narrator.ui.web.guard import (
    Refusal,
)
from narrator.ui.web.screens import inline_picture
from narrator.ui.web.strings import strings


class OwnDevices(Connections):
    """The phones' taps, cards and ballots, and the vote they close."""

    def _cover(self, conn: Conn, message: dict[str, Any]) -> None:
        """A card has been seen and covered: the device moves on (one device) or this seat is done (own devices)."""
        if conn.who == "seat" and conn.seat is not None:
            if self.mode != OWN or self.table is None:
                raise Refusal("message.not_yours", "not a seat's message now")
            self.seen.add(conn.seat)
            q = self.question
            if q is not None and q.step == REVEAL and q.seat in self.seen:
                self.put(q, COVERED)
                return
            self.refresh()
            return
        if self.mode == OWN:
            raise Refusal("message.not_yours", "each player covers their card on their own phone")
        self.put(self._asked(message, REVEAL), COVERED)

    def _count_now(self, message: dict[str, Any]) -> None:
        """Own devices: the host closes the vote with the ballots cast (a phone that dropped out abstains)."""
        q = self._asked(message, "day_vote")
        self._close_vote(q)

    def _close_vote(self, q: Question) -> None:
        """The day's vote is over: the engine counts the ballots (one count for every way of voting), every
        page sees the tally, and the narrator is handed the verdict."""
        state = self.state
        assert state is not None and self.gather is not None
        count = count_votes(state, dict(self.gather.ballots), self.extra_votes(state))
        choice, counts = self.input_desk().check(count.choice), count.tally  # the one check, as every tap's
        self.vote_closed()
        self.broadcast({"t": "tally", "counts": [{"name": self.name(s), "votes": n}
                                                 for s, n in sorted(counts.items(), key=lambda x: -x[1])]})
        self.put(q, choice)

    def extra_votes(self, state: State) -> dict[int, int] | None:
        """Votes counted against a seat on top of the ballots (an online room's speaking list); none here."""
        return None

    def vote_closed(self) -> None:
        """The day's vote has been decided (an online room's speaking list counts its first vote)."""

    def table_answers(self, q: Question, state: State) -> bool:
        """Own devices: the host answers only what the whole table decides (the captain's election)."""
        current = state.current
        return current is not None and current.seat is None and q.step not in ("werewolves", "day_vote")

    def _seat_tap(self, seat: int, q: Question, state: State, choice: Choice) -> None:
        """Own devices: a phone answers for its own seat only; a seat with nothing to do taps a decoy."""
        gather = self.gather
        assert gather is not None
        current = state.current
        if seat not in state.alive and not (current is not None and current.seat == seat):
            raise Refusal("message.not_yours", "the dead watch; they do not act")  # but the dying hunter shoots
        if q.step == "day_vote":
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
                self.refresh()
            return
        acting = current is not None and seat in actor_of(state) and \
            (current.seat is not None or q.step == "werewolves")
        if acting:
            desk = self.input_desk()
            choice = desk.check(choice)
            if q.step == "werewolves":
                gather.picks[seat] = choice.text()
                agreed = gather.pack(actor_of(state))
                if agreed is not None:
                    self.put(q, Choice.from_text(agreed))
                else:
                    self.refresh()  # every wolf sees the pack's picks live
                return
            result = desk.learns(choice)
            if result is not None:
                self.learned[seat] = self._private_answer(choice, result)
                shape.tell(self.conns.values(), self._living(), self.learned[seat],
                           lambda c: c.who == "seat" and c.seat == seat)
            gather.done.add(seat)
            self.put(q, choice)
            return
        if choice.step == "decoy" and secret_step(q.step, state):
            gather.done.add(seat)  # kept by nobody: the screen says "done" like an action's
            self.refresh()
            return
        raise Refusal("message.not_yours", "it is not your turn")

    def _show_card(self, client: int, conn: Conn) -> None:
        """A card is shown to the screen that holds it: the table device at its seat's turn, or a seat's own phone."""
        q, state = self.question, self.state
        if state is None or self.table is None:
            return
        if conn.who == "seat" and conn.seat is not None:
            if self.mode != OWN:
                raise Refusal("message.not_yours", "not a seat's message now")
            self.send_to(client, self._card(state, conn.seat))
            return
        if self.mode == OWN:
            raise Refusal("message.not_yours", "each player sees their card on their own phone")
        if q is None or q.step != REVEAL or q.seat is None:
            raise Refusal("stale", "this screen has moved on")
        self.send_to(client, self._card(state, q.seat))

    def _card(self, state: State, seat: int) -> dict[str, Any]:
        seen = view(state, seat)
        card = seen["cards"][str(seat)]
        words = strings(self.lang)
        pack = [self.name(s) for s in seen["pack"] if s != seat]
        return shape.private({"t": "private", "kind": "card", "name": self.name(seat),
                              "role": words.get(f"role.{card}", card), "help": words.get(f"help.{card}", ""),
                              "picture": inline_picture(card), "pack": pack})

    def _resend_private(self, conn: Conn) -> None:
        """A phone back after a reload while its step is still called: what its actor learned (the seer's
        answer) is shown again, to this seat's phone only. Forgotten at the step's sleep line."""
        if conn.seat is not None and conn.seat in self.learned:
            conn.send(self.learned[conn.seat])
