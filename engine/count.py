"""The day's count: the one place that weighs ballots, hands and marks, for every way of voting.

A ballot counts as the roles weigh it (the captain's twice, a pardoned idiot's not at all), the roles
add their marks before anyone votes (the raven's letter), and a table that counts hands sends a tally.
Phones send ballots; an online room may add extra votes on top (its speaking list's penalty).
`count_votes` turns ballots and extra votes into the Choice the engine takes and the tally the table is
shown; the day's vote itself (engine/vote.py) reads its scores from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .choice import Choice
from .errors import Refused
from .roles import Hooks, Role
from .roles._base import who
from .rulesets import ruleset
from .state import State, per_state

Ballots = Mapping[int, int | None]  # a voter's seat -> the seat named, None: nobody


@dataclass(frozen=True)
class Count:
    """A vote counted: the Choice the engine takes for the day's vote, and the tally the table is shown
    (votes against each seat, weighed as the engine weighs them, extra votes included)."""

    choice: Choice
    tally: dict[int, int]


def weight(state: State, seat: int) -> int:
    """How many votes a living seat's ballot counts (the captain two, a pardoned idiot none)."""
    found = _weights(state).get(seat)
    return _weight(state, seat, Hooks.of("ballot_weight", state.ruleset)) if found is None else found


@per_state
def _weights(state: State) -> dict[int, int]:
    """Every living seat's weight, worked out once per state: a vote reads each of them, often more than once."""
    hooks = Hooks.of("ballot_weight", state.ruleset)
    return {seat: _weight(state, seat, hooks) for seat in state.alive}


def _weight(state: State, seat: int, hooks: tuple[Role, ...]) -> int:
    w = 1
    for role in hooks:
        w = role.ballot_weight(state, seat, w)
    return w


def extra_votes(state: State) -> dict[int, int]:
    """Votes the roles add before anyone votes (the raven's letter), first vote of the day only."""
    out: dict[int, int] = {}
    if state.vote_round != 1:
        return out
    for role in Hooks.of("extra_votes", state.ruleset):
        for seat, n in role.extra_votes(state).items():
            if seat in state.alive:
                out[seat] = out.get(seat, 0) + n
    return out


def voters(state: State) -> list[int]:
    """Who casts a ballot: the living with a vote (a pardoned idiot has none; a muted player counts 0)."""
    counted = ruleset(state.ruleset).counted_votes
    return [s for s in sorted(state.alive) if not counted or weight(state, s) > 0]


def scores(state: State, ballots: Iterable[tuple[int, int | None]] = (),
           tally: Iterable[tuple[int, int]] = ()) -> dict[int, int]:
    """Votes against each seat as the engine counts them: the roles' marks, each ballot by its voter's
    weight, and the hands a table counted."""
    out = extra_votes(state)
    for voter, target in ballots:
        if target is not None:
            out[target] = out.get(target, 0) + weight(state, voter)
    for seat, n in tally:
        out[seat] = out.get(seat, 0) + n
    return out


def leaders(counted: Mapping[int, int]) -> tuple[int, ...]:
    """The seats with the most votes, in seat order; none when nobody has a vote against them."""
    top = max(counted.values(), default=0)
    return tuple(sorted(s for s, n in counted.items() if n == top)) if top > 0 else ()


def mutual(state: State, ballots: Ballots | None, tally: Mapping[int, int] | None = None) -> bool:
    """Exactly two alive and each voted for the other: both die, a draw."""
    if len(state.alive) != 2:
        return False
    a, b = sorted(state.alive)
    if ballots is not None:
        return ballots.get(a) == b and ballots.get(b) == a
    hands = tally or {}
    return hands.get(a, 0) >= 1 and hands.get(b, 0) >= 1


def ballot_refusal(state: State, ballots: Iterable[tuple[int, int | None]]) -> Refused | None:
    """Why the rules refuse these ballots (a dead voter, a voter without a vote, a dead target), or None."""
    for voter, target in ballots:
        if voter not in state.alive:
            return Refused("vote.dead_voter", f"{who(state, voter)} is dead and cannot vote.", player=voter)
        if weight(state, voter) == 0:
            return Refused("vote.no_vote", f"{who(state, voter)} may no longer vote.", player=voter)
        if target is not None and target not in state.alive:
            return Refused("target.dead", f"{who(state, target)} is dead; vote for a living player.",
                           player=target)
    return None


def count_votes(state: State, ballots: Ballots, extra: Mapping[int, int] | None = None) -> Count:
    """The day's vote from ballots, with `extra` votes against seats on top (counted only if a ballot
    names anyone). Classic: the seat named most often, a tie or no name is nobody. Extended: the ballots,
    weighed by the engine, with the extra folded in (see `_with_extra`)."""
    counted = ruleset(state.ruleset).counted_votes
    added = _extra(state, ballots, extra)
    shown: dict[int, int] = dict(added)
    for voter, target in ballots.items():
        if target is not None:
            shown[target] = shown.get(target, 0) + (weight(state, voter) if counted else 1)
    if counted:
        cast = tuple(sorted(ballots.items()))
        plain = Choice("day_vote", ballots=cast) if cast else Choice("day_vote")
        return Count(_with_extra(state, ballots, added, plain) if added else plain, shown)
    top = leaders(shown) if shown else ()
    return Count(Choice("day_vote", target=top[0]) if len(top) == 1 else Choice("day_vote"), shown)


def _extra(state: State, ballots: Ballots, extra: Mapping[int, int] | None) -> dict[int, int]:
    """The extra votes that count: against living seats, and only if anyone votes at all."""
    if not extra or all(t is None for t in ballots.values()):
        return {}
    return {s: n for s, n in sorted(extra.items()) if n > 0 and s in state.alive}


def _with_extra(state: State, ballots: Ballots, added: dict[int, int], plain: Choice) -> Choice:
    """Counted votes with extra votes on top. The engine takes no extra votes beside ballots, and a tally of
    ballots plus extra is refused once it outnumbers the voters and reads any 1-1 as the mutual vote, so:
    the engine's own sum (its weights and marks, plus the extra) decides here, and the engine is sent
    the seat (it executes it as it would the ballots' winner), or a tally counting to the same tie (it
    settles ties: scapegoat, captain), or the ballots themselves when they are refused or are the mutual vote."""
    if ballot_refusal(state, ballots.items()) is not None:
        return plain  # the engine refuses these ballots: the extra changes nothing about that
    if mutual(state, ballots):
        return plain  # two left who vote for each other: both die, whatever else counts
    marks = extra_votes(state)
    total = scores(state, ballots.items())
    before = leaders(total)
    for seat, n in added.items():
        total[seat] = total.get(seat, 0) + n
    tied = leaders(total)
    if tied == before:  # the extra changes nothing: the ballots stay, so the journal keeps who voted whom
        return plain
    if len(tied) == 1:
        return Choice("day_vote", target=tied[0])
    alive = sorted(state.alive)
    level = max([marks.get(s, 0) for s in tied] + [marks[s] + 1 for s in marks if s not in tied] + [1])
    counts = tuple((s, level - marks.get(s, 0)) for s in tied if level > marks.get(s, 0))
    if len(alive) == 2 or sum(n for _, n in counts) > sum(weight(state, s) for s in alive):
        return Choice("day_vote")  # a tie the engine cannot be told: nobody leaves
    return Choice("day_vote", tally=counts)
