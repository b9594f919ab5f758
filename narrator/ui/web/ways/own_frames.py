"""Own devices' screens of one moment: each seat's phone its own card, task, decoy or ballot, built from its
`view()` and the moment's public facts alone (frames.py `seat_screen`); the host (the speaking device) the
public screens, the table's own questions and the ballots cast; the dead and watchers nothing secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import State, answerer, view, voters
from narrator.game.inputs import REVEAL, START, VOTE
from narrator.ui.web.frames import CALLED, Frames, Moment, public_table, seat_screen
from narrator.ui.web.gather import Gather


@dataclass
class OwnFrames(Frames):
    """The screens of one moment on the players' own phones, with what the phones have tapped."""

    gather: Gather | None = None  # the phones' taps for the question on screen
    called: str | None = None  # the night step called aloud, between its wake and sleep lines
    called_done: frozenset[int] | set[int] = frozenset()
    seen: frozenset[int] | set[int] = frozenset()  # the seats that have looked at their card
    waiting: bool = False  # a continued game whose players have not all taken their seats back

    def host(self) -> dict[str, Any]:
        """The speaking device: the table's own questions, the deal's and the vote's progress, else listening."""
        q, state = self.question, self.state
        if state is None or state.over or q is None or q.step == START or q.step == VOTE:
            return self.table
        if q.step == REVEAL:
            return {"screen": "deal_wait", "q": q.number,
                    "seen": [self.screens.name(s) for s in state.seats if s in self.seen],
                    "waiting": [self.screens.name(s) for s in state.seats if s not in self.seen]}
        if q.step == "day_vote":
            cast = len(self.gather.ballots) if self.gather else 0
            return {"screen": "ballots", "q": q.number, "day": state.night, "cast": cast, "of": len(voters(state))}
        if answerer(state).kind == "table" and not q.decoy:
            return self.table  # the table answers it together (the captain's election)
        return self.listening()

    def seat(self, seat: int) -> dict[str, Any]:
        """A seat's own phone: built from its `view()` and the moment's public inputs alone (seat_screen)."""
        state = self.state
        if state is None or state.over:
            return self.watcher()
        seen = view(state, seat)
        return seat_screen(self.screens, seen, self.moment(seat, seen, state))

    def moment(self, seat: int, seen: dict[str, Any], state: State) -> Moment:
        """What `seat`'s screen is built from besides its view: public, or its own taps."""
        q, gather = self.question, self.gather
        pack = seen["pack"]
        return Moment(q.step if q else None, q.number if q else CALLED, bool(q and q.decoy),
                      public_table(self.table, q.step if q else None), self.called,
                      answerer(state).kind == "table", tuple(voters(state)), state.extended,
                      bool(gather and seat in gather.done), bool(gather and seat in gather.ballots),
                      seat in self.called_done, seat in self.seen,
                      tuple(sorted(gather.picks.items())) if gather and seat in pack else ())

    def watcher(self) -> dict[str, Any]:
        """A continued game's players take their seats back by joining: a watcher is offered to."""
        if self.waiting:
            return {"screen": "lobby", "join": True}
        return super().watcher()
