"""The day's verdict: the table expels one living player, or nobody leaves."""

from __future__ import annotations

from dataclasses import dataclass

from .choice import Choice
from .deaths import kill
from .events import Event
from .roles import TargetStep
from .state import LogEntry, Pending, State


@dataclass(frozen=True, slots=True)
class Verdict(Event):
    target: int | None

    def apply(self, state: State) -> State:
        log = state.log
        if self.target is not None:
            log = state.logged(LogEntry(state.night, "day", "expel", "village", self.target))
        return state.but(expelled=self.target, latest_deaths=(), log=log)


class VoteStep(TargetStep):
    id = "day_vote"
    verb = "expel"

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        events: list[Event] = [Verdict(choice.target)]
        if choice.target is not None:
            events += kill(state, choice.target, "vote")
        return events


VOTE = VoteStep()
