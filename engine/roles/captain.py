"""The captain: an office, not a card (house rule `captain`). Elected by the village after the first
dawn; his ballot counts double; he settles a tie alone; when he dies he names a successor."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..choice import Choice, seat_choice
from ..errors import Refused
from ..events import Asked, Event, Said, Told
from ..state import LogEntry, Memory, Pending, State
from ..vote import Tied, execute
from ._base import Role, Spoken, Step, TargetStep

SUCCESSOR_RANK = 2  # after the hunters' shots


@dataclass(frozen=True, slots=True)
class CaptainMemory(Memory):
    elected: bool = False  # the village has held its election


@dataclass(frozen=True, slots=True)
class CaptainNamed(Event):
    seat: int
    how: str  # elected | successor

    def said(self) -> Said | None:
        return Said("captain.elected" if self.how == "elected" else "captain.named", self.seat)

    def apply(self, state: State) -> State:
        phase = "day" if state.phase in ("day", "verdict") else "dawn"
        return state.but(captain=self.seat, memories=state.remember(CaptainMemory(elected=True)),
                         log=state.logged(LogEntry(state.night, phase, self.how, "captain", self.seat)))


class ElectionStep(TargetStep):
    """The village elects a captain (`how`: elected); the dying captain names one (successor)."""

    id = "captain_election"
    verb = "elect"
    may_pass = False
    how = "elected"

    def skipped(self, state: State, pending: Pending) -> bool:
        return not state.alive

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert choice.target is not None
        return [CaptainNamed(choice.target, self.how)]


class SuccessorStep(ElectionStep):
    """The dead captain names a successor, called when the step comes: after the news of the deaths, their
    cards, grief and shots (RULES.md, "Order of reactions")."""

    id = "captain_successor"
    verb = "name"
    how = "successor"
    announce = "captain.successor"
    moot = True  # a dawn or a verdict that has decided the game: the table hears who won, not a new captain


class TiebreakStep(TargetStep):
    id = "captain_tiebreak"
    verb = "condemn"
    may_pass = False

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        for seat in state.tied:
            yield seat_choice(self.id, seat)

    def rule(self, state: State, pending: Pending, target: int) -> Refused | None:
        if target not in state.tied:
            return Refused("captain.not_tied", "The captain chooses one of the tied players.", player=target)
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:

        assert choice.target is not None
        return execute(state, choice.target)


class Captain(Role):
    id = "captain"
    picture = "captain-hat-profile"
    scenes = (
        Spoken("captain.election", rare=True),
        Spoken("captain.elected", "player", rare=True),
        Spoken("captain.successor", "player", rare=True),
        Spoken("captain.named", "player", rare=True),
        Spoken("captain.tiebreak", "player", rare=True),
    )
    card = False
    steps: tuple[Step, ...] = (ElectionStep(), SuccessorStep(), TiebreakStep())
    tie_rank = 2
    house = ("captain",)

    def in_play(self, state: State) -> bool:
        return state.house.captain

    def reaction(self, state: State) -> list[Event]:
        if (state.house.captain and state.phase == "dawn" and state.night == 1
                and not state.memory(CaptainMemory).elected):
            return [Told("captain.election"), Asked("captain_election", None)]
        return []

    def after_death(self, state: State, seat: int, cause: str) -> list[Event]:
        if state.captain == seat:
            return [Asked("captain_successor", seat, SUCCESSOR_RANK)]
        return []

    def ballot_weight(self, state: State, seat: int, weight: int) -> int:
        return weight * 2 if seat == state.captain else weight

    def settle_tie(self, state: State, tied: tuple[int, ...]) -> list[Event] | None:
        if state.captain is None or state.captain not in state.alive:
            return None

        return [Tied(tied), Told("captain.tiebreak", state.captain), Asked("captain_tiebreak", state.captain)]


ROLE = Captain()
