"""The speaking list (Meldeliste): players raise a hand, whoever is called speaks, the others are muted.

Pure: no I/O and no clock; every method that needs the time is given `now` (seconds, any steady clock).
The host moves on (`next`), or the timer does (`tick`) when the speaker's turn is up.

Decisions:
- "Spoke" means *raised a hand* (the seed: "wer sich bis zur ersten Abstimmung nie gemeldet hat"), whether
  or not the player was called before the vote.
- While nobody is called, everyone may talk (an open floor, as at a table before anyone takes the word);
  once someone is called, only the speaker may.
- The speaker's own "lower hand" ends the turn (nobody is called until the host or a raised hand moves on).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

TURN_SECONDS = 60


class SpeakingList:
    def __init__(self, turn_seconds: int = TURN_SECONDS) -> None:
        self.turn_seconds = turn_seconds
        self.speaker: int | None = None
        self.since: float | None = None  # when the speaker was called
        self.hands: list[int] = []  # raised hands, in the order raised
        self.spoke: set[int] = set()  # seats that raised a hand since the game started
        self.first_vote_done = False

    def raise_hand(self, seat: int, now: float) -> bool:
        """A hand goes up (queued once; the speaker's own hand is not queued). Returns whether anything changed
        (a turn that ran out is moved on first, so the queue is always as the timer left it)."""
        moved = self.tick(now)
        self.spoke.add(seat)
        if seat == self.speaker or seat in self.hands:
            return moved
        self.hands.append(seat)
        return True

    def lower_hand(self, seat: int) -> bool:
        """A hand goes down: out of the queue, or, from the speaker, the end of their turn."""
        if seat == self.speaker:
            self.speaker, self.since = None, None
            return True
        if seat in self.hands:
            self.hands.remove(seat)
            return True
        return False

    def next(self, now: float) -> int | None:
        """The host moves on: the first raised hand speaks (None: nobody has a hand up, the floor is open)."""
        if self.hands:
            self.speaker, self.since = self.hands.pop(0), now
        else:
            self.speaker, self.since = None, None
        return self.speaker

    def tick(self, now: float) -> bool:
        """The timer moves on once the speaker's time is up. Returns whether anything changed."""
        if self.speaker is None or self.since is None or now < self.since + self.turn_seconds:
            return False
        self.next(now)
        return True

    def left(self, now: float) -> int | None:
        """Whole seconds the speaker has left (rounded up, so a fresh turn shows all of them); None: nobody."""
        if self.speaker is None or self.since is None:
            return None
        return max(0, math.ceil(self.since + self.turn_seconds - now))

    def vote_closed(self) -> None:
        """A vote was closed: from now on nobody gets a vote against them for never raising a hand."""
        self.first_vote_done = True

    def dead(self, seat: int) -> None:
        """A seat died: its hand goes down; if it was speaking, nobody is called until someone moves on."""
        if seat in self.hands:
            self.hands.remove(seat)
        if seat == self.speaker:
            self.speaker, self.since = None, None

    def may_talk(self, seat: int) -> bool:
        """Whether this seat's microphone is open: only the speaker's, or everyone's while nobody is called."""
        return self.speaker is None or seat == self.speaker

    def public(self, now: float, name: Callable[[int], str]) -> dict[str, Any]:
        """The fragment every screen gets (who raised a hand is public at a table)."""
        return {"speaking": {
            "on": True,
            "now": None if self.speaker is None else name(self.speaker),
            "seat": self.speaker,
            "left": self.left(now),
            "hands": [{"seat": s, "name": name(s)} for s in self.hands],
        }}

    def penalty(self, alive: set[int]) -> dict[int, int]:
        """Before the first vote is closed: one vote against each living seat that never raised a hand.
        It counts only if anyone votes at all (narrator/ui/web/gather.py applies that)."""
        if self.first_vote_done:
            return {}
        return {s: 1 for s in sorted(alive) if s not in self.spoke}
