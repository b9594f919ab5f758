"""Own devices: the taps of many phones gathered into the one answer the narrator waits for.

The pack agrees on a victim (each wolf sees the others' picks live), the living vote on their phones,
each seat covers its own card at the deal. Nothing here is sent anywhere: the hub asks what is complete.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Choice, State, count_votes, voters

__all__ = ["Gather", "tally", "verdict", "voters"]  # `voters`: who casts a ballot, as the engine says


@dataclass
class Gather:
    """What the phones have tapped for question `number`."""

    number: int
    picks: dict[int, str] = field(default_factory=dict)  # a wolf's seat -> the choice it picked (text)
    ballots: dict[int, int | None] = field(default_factory=dict)  # a voter's seat -> the seat named, None: nobody
    done: set[int] = field(default_factory=set)  # seats whose phone has answered (an action or a decoy)

    def pack(self, wolves: list[int]) -> str | None:
        """The pack's choice once every living wolf has picked the same; None while they differ."""
        picked = {self.picks.get(w) for w in wolves}
        if len(picked) == 1 and None not in picked:
            return picked.pop()
        return None


def verdict(state: State, ballots: dict[int, int | None], extra: dict[int, int] | None = None) -> Choice:
    """The vote as the engine takes it (the engine counts it: `engine.count_votes`)."""
    return count_votes(state, ballots, extra).choice


def tally(state: State, ballots: dict[int, int | None], extra: dict[int, int] | None = None) -> dict[int, int]:
    """Votes against each seat, weighed as the engine counts them, plus `extra` if a ballot names anyone."""
    return count_votes(state, ballots, extra).tally
