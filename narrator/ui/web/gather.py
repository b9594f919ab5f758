"""Own devices: the taps of many phones gathered into the one answer the narrator waits for.

The pack agrees on a victim (each wolf sees the others' picks live), the living vote on their phones,
each seat covers its own card at the deal. Nothing here is sent anywhere: the hub asks what is complete.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Choice, Refused, State, decide, ruleset
from engine.vote import extra_votes, weight


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


def verdict(state: State, ballots: dict[int, int | None], extra: dict[int, int] | None = None) -> Choice:
    """The vote as the engine takes it. Counted votes (extended): the ballots, weighed by the engine.
    Classic: the table's verdict is the seat named most often; a tie, or no ballot naming anyone, is nobody.
    `extra`: votes against a seat added on top (the speaking list's penalty), only if a ballot names anyone."""
    added = _extra(state, ballots, extra)
    if ruleset(state.ruleset).counted_votes:
        cast = tuple(sorted(ballots.items()))
        plain = Choice("day_vote", ballots=cast) if cast else Choice("day_vote")
        return _with_extra(state, ballots, added, plain) if added else plain
    counts: dict[int, int] = dict(added)
    for target in ballots.values():
        if target is not None:
            counts[target] = counts.get(target, 0) + 1
    if not counts:
        return Choice("day_vote")
    most = max(counts.values())
    top = [s for s, n in counts.items() if n == most]
    return Choice("day_vote", target=top[0]) if len(top) == 1 else Choice("day_vote")


def tally(state: State, ballots: dict[int, int | None], extra: dict[int, int] | None = None) -> dict[int, int]:
    """Votes against each seat, weighed as the engine counts them (the captain's ballot counts twice),
    plus `extra` if a ballot names anyone."""
    counted = ruleset(state.ruleset).counted_votes
    out: dict[int, int] = dict(_extra(state, ballots, extra))
    for voter, target in ballots.items():
        if target is not None:
            out[target] = out.get(target, 0) + (weight(state, voter) if counted else 1)
    return out


def _extra(state: State, ballots: dict[int, int | None], extra: dict[int, int] | None) -> dict[int, int]:
    """The extra votes that count: against living seats, and only if anyone votes at all."""
    if not extra or all(t is None for t in ballots.values()):
        return {}
    return {s: n for s, n in sorted(extra.items()) if n > 0 and s in state.alive}


def _with_extra(state: State, ballots: dict[int, int | None], added: dict[int, int], plain: Choice) -> Choice:
    """Counted votes with extra votes on top. The engine takes no extra votes beside ballots, and a tally of
    ballots plus extra is refused once it outnumbers the voters and reads any 1-1 as the mutual vote, so:
    the engine's own sum (its weights and marks, plus the extra) decides here, and the engine is sent
    the seat (it executes it as it would the ballots' winner), or a tally counting to the same tie (it
    settles ties: scapegoat, captain), or the ballots themselves when they are refused or are the mutual vote."""
    try:
        decide(state, plain)
    except Refused:
        return plain  # the engine refuses these ballots: the extra changes nothing about that
    alive = sorted(state.alive)
    if len(alive) == 2 and ballots.get(alive[0]) == alive[1] and ballots.get(alive[1]) == alive[0]:
        return plain  # two left who vote for each other: both die, whatever else counts
    marks = extra_votes(state)
    scores = dict(marks)
    for voter, target in ballots.items():
        if target is not None:
            scores[target] = scores.get(target, 0) + weight(state, voter)
    before = _top(scores)
    for seat, n in added.items():
        scores[seat] = scores.get(seat, 0) + n
    tied = _top(scores)
    if tied == before:  # the extra changes nothing: the ballots stay, so the journal keeps who voted whom
        return plain
    if len(tied) == 1:
        return Choice("day_vote", target=tied[0])
    level = max([marks.get(s, 0) for s in tied] + [marks[s] + 1 for s in marks if s not in tied] + [1])
    counts = tuple((s, level - marks.get(s, 0)) for s in tied if level > marks.get(s, 0))
    if len(alive) == 2 or sum(n for _, n in counts) > sum(weight(state, s) for s in alive):
        return Choice("day_vote")  # a tie the engine cannot be told: nobody leaves
    return Choice("day_vote", tally=counts)


def _top(scores: dict[int, int]) -> list[int]:
    top = max(scores.values(), default=0)
    return sorted(s for s, n in scores.items() if n == top) if top > 0 else []
