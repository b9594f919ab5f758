"""The hunter: when he dies (classic: by the wolves or the vote; extended: any death), he may shoot
one player at once."""

from __future__ import annotations

from dataclasses import dataclass

from ..choice import Choice
from ..deaths import kill
from ..events import Asked, Event, Said, Told
from ..state import LogEntry, Pending, State
from ._base import Role, Spoken, Step, TargetStep, at_players, card_taken

SHOT_RANK = 1  # after grief, before the captain's successor
# per ruleset, the death causes that give the hunter his shot; None: every death
SHOOTS_ON: dict[str, frozenset[str] | None] = {"classic": frozenset({"wolves", "vote"}), "extended": None}


@dataclass(frozen=True, slots=True)
class Shot(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        phase = "day" if state.phase in ("day", "verdict") else "dawn"
        return state.but(log=state.logged(LogEntry(state.night, phase, "shot", "hunter", self.target, self.seat)))

    def said(self) -> Said | None:
        return Said("hunter.shot", self.target)


class ShotStep(TargetStep):
    """Asked only when the hunter has just died of a cause that gives him his shot."""

    id = "hunter"
    verb = "shoot"
    announce = "hunter.wake"

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is None or pending.seat is None:
            return [Told("hunter.no_shot", pending.seat)]
        return [Shot(pending.seat, choice.target), *kill(state, choice.target, "shot")]


class Hunter(Role):
    id = "hunter"
    picture = "winchester-rifle"
    scenes = (
        Spoken("hunter.wake", "player", tells=True),  # its card, unless it was just said
        Spoken("hunter.shot", "player"),
        Spoken("hunter.no_shot", optional="player"),
    )
    recommended = at_players(classic=(7,), extended=(7,))
    steps: tuple[Step, ...] = (ShotStep(),)
    rulesets = ("classic", "extended")
    deal_rank = 3

    def after_death(self, state: State, seat: int, cause: str) -> list[Event]:
        if state.role_of(seat) != self.id or card_taken(state, seat):
            return []  # a card the servant took shoots when she dies
        causes = SHOOTS_ON[state.ruleset]
        if causes is None or cause in causes:
            return [Asked("hunter", seat, SHOT_RANK)]
        return []


ROLE = Hunter()
