"""Own devices: the taps of many phones gathered into the one answer the narrator waits for.

The pack agrees on a victim (each wolf sees the others' picks live), the living vote on their phones,
each seat covers its own card at the deal. Nothing here is sent anywhere: the hub asks what is complete.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Choice, State, ruleset
from engine.vote import weight


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


def voters(state: State) -> list[int]:
    """Who casts a ballot: the living with a vote (a pardoned idiot has none; a muted player counts 0)."""
    counted = ruleset(state.ruleset).counted_votes
    return [s for s in sorted(state.alive) if not counted or weight(state, s) > 0]


def verdict(state: State, ballots: dict[int, int | None]) -> Choice:
    """The vote as the engine takes it. Counted votes (extended): the ballots, weighed by the engine.
    Classic: the table's verdict is the seat named most often; a tie, or no ballot naming anyone, is nobody."""
    if ruleset(state.ruleset).counted_votes:
        cast = tuple(sorted(ballots.items()))
        return Choice("day_vote", ballots=cast) if cast else Choice("day_vote")
    counts: dict[int, int] = {}
    for target in ballots.values():
        if target is not None:
            counts[target] = counts.get(target, 0) + 1
    if not counts:
        return Choice("day_vote")
    most = max(counts.values())
    top = [s for s, n in counts.items() if n == most]
    return Choice("day_vote", target=top[0]) if len(top) == 1 else Choice("day_vote")


def tally(state: State, ballots: dict[int, int | None]) -> dict[int, int]:
    """Votes against each seat, weighed as the engine counts them (the captain's ballot counts twice)."""
    counted = ruleset(state.ruleset).counted_votes
    out: dict[int, int] = {}
    for voter, target in ballots.items():
        if target is not None:
            out[target] = out.get(target, 0) + (weight(state, voter) if counted else 1)
    return out
