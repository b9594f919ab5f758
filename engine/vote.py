"""The day's verdict. Classic: the table names a player or nobody. Extended: ballots or a tally are
counted (the roles add their weights and marks), a tie is settled by the roles that settle ties, and
an execution goes through the roles that spare, defer or follow it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .choice import Choice, seat_choices
from .count import ballot_refusal, extra_votes, leaders, mutual, scores, weight
from .deaths import react
from .errors import Refused
from .events import Died, Event, GameOver, Said, Told, fold
from .roles import ROLES, Hooks
from .roles._base import VOTE as VOTE_SHAPE
from .roles._base import Step, secret_take, who
from .rulesets import ruleset
from .state import LogEntry, Pending, State, circle


@dataclass(frozen=True, slots=True)
class Verdict(Event):
    target: int | None
    tie: bool = False  # nobody leaves because the vote was tied
    silent: bool = False  # another scene tells what happened (the mutual vote)
    spared: bool = False  # the condemned does not die of it (the village idiot's pardon follows)

    def apply(self, state: State) -> State:
        log = state.log
        if self.target is not None:
            log = state.logged(LogEntry(state.night, "day", "expel", "village", self.target))
        return state.but(expelled=self.target, latest_deaths=(), log=log, phase="verdict",
                         verdicts=state.verdicts + 1)

    def said(self) -> Said | None:
        if self.silent:
            return None
        if self.target is None:
            return Said("day.vote.tie" if self.tie else "day.vote.nobody")
        return Said("day.vote.out", self.target, facts=(("spared", "yes" if self.spared else "no"),))


@dataclass(frozen=True, slots=True)
class Tied(Event):
    """The votes are tied and someone must settle it: the verdict waits for them."""

    seats: tuple[int, ...]

    def apply(self, state: State) -> State:
        return state.but(phase="verdict", latest_deaths=(), tied=self.seats)


def vote_round(state: State) -> int:
    """Which vote of the day this is: 1, or 2 for the judge's second vote (no debate before it)."""
    return state.vote_round


def execute(state: State, seat: int) -> list[Event]:
    """A player condemned by the day's vote: spared, deferred (the servant steps in), or put to death."""
    events: list[Event] = [Verdict(seat)]
    after = fold(events, state)
    spared = ROLES[state.role_of(seat)].at_execution(after, seat)
    if spared is not None:
        return [Verdict(seat, spared=True), *spared]
    for role in Hooks.of("defer_execution", state.ruleset):
        deferred = role.defer_execution(after, seat)
        if deferred:
            return events + deferred
    return events + put_to_death(after, seat)


def put_to_death(state: State, seat: int, dead: bool = False) -> list[Event]:
    """The execution itself, with what accompanies it and any win it brings at once (the angel).
    `dead`: the seat already died when the verdict fell, and only the reactions remain."""
    events: list[Event] = []
    for role in Hooks.of("after_execution", state.ruleset):
        events += role.after_execution(fold(events, state), seat)
    after = fold(events, state)
    dies = not dead and seat in after.alive
    death: list[Event] = [Died(seat, "vote")] if dies else []
    after = fold(death, after)
    events += death
    if ruleset(after.ruleset).reveal_executed and not secret_take(after, seat):
        events.append(Told("day.vote.reveal", seat, role=after.role_of(seat)))  # the card, before any grief
    # such a win ends the game at once: no grief, shot or successor follows
    for role in Hooks.of("execution_win", after.ruleset):
        result = role.execution_win(after, seat)
        if result:
            return [*events, GameOver(*result, alone=len(after.alive) == 1, players=(seat,))]  # the angel, named
    return events + (react(after, seat, "vote") if dies or dead else [])


class VoteStep(Step):
    id = "day_vote"
    shape = VOTE_SHAPE

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        row = seat_choices(self.id, len(state.roles))
        return [row[0], *[row[seat] for seat in circle(state)]]  # a dead seat is never a legal target

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        return list(self.candidates(state, pending))  # nobody, or a living player

    def malformed(self, state: State, choice: Choice) -> str | None:
        if choice.heal is not None or choice.poison is not None or choice.seats or choice.option is not None \
                or choice.seconds is not None:
            return "the day's vote is a seat, none, {ballots: {VOTER: SEAT}} or {tally: {SEAT: COUNT}}"
        if (choice.ballots is not None or choice.tally is not None) and not ruleset(state.ruleset).counted_votes:
            return "the classic rules record the verdict only: a seat number or none"
        if choice.ballots is not None and len({v for v, _ in choice.ballots}) != len(choice.ballots):
            return "a voter has two ballots"
        if choice.tally is not None and len({s for s, _ in choice.tally}) != len(choice.tally):
            return "a player is counted twice in the tally"
        return None

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.target is not None and choice.target not in state.alive:
            return Refused("target.dead", f"{who(state, choice.target)} is dead; expel a living player.",
                           player=choice.target)
        refused = ballot_refusal(state, choice.ballots or ())
        if refused is not None:
            return refused
        if choice.tally is not None:
            for seat, _ in choice.tally:
                if seat not in state.alive:
                    return Refused("target.dead", f"{who(state, seat)} is dead; count votes for living players.",
                                   player=seat)
            most = sum(weight(state, s) for s in state.alive)
            given = sum(n for _, n in choice.tally)
            if given > most:
                return Refused("vote.too_many", f"{given} votes counted, but the living can cast only {most}.",
                               votes=given, most=most)
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is not None:
            return execute(state, choice.target)
        if choice.ballots is None and choice.tally is None:
            return [Verdict(None)]
        if mutual(state, None if choice.ballots is None else dict(choice.ballots), dict(choice.tally or ())):
            a, b = sorted(state.alive)
            return [Verdict(None, silent=True), Told("day.vote.mutual", players=(a, b)), Died(a, "vote"),
                    Died(b, "vote"), GameOver("draw", "mutual_vote")]
        tied = leaders(scores(state, choice.ballots or (), choice.tally or ()))
        if not tied:
            return [Verdict(None)]
        if len(tied) == 1:
            return execute(state, tied[0])
        for role in Hooks.of("settle_tie", state.ruleset):
            settled = role.settle_tie(state, tied)
            if settled is not None:
                return settled
        return [Verdict(None, tie=True)]


VOTE = VoteStep()

# `weight` and `extra_votes` are counted in engine/count.py; the page and the terminal read them here too
__all__ = ["VOTE", "Tied", "Verdict", "VoteStep", "execute", "extra_votes", "put_to_death", "vote_round", "weight"]
