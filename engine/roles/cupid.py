"""Cupid: on night 1 links two players. If one lover dies, the other dies of grief at once; the two
win together when they are the last alive."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..choice import Choice, seats_choice
from ..deaths import kill
from ..errors import Refused
from ..events import Event, Said
from ..state import LogEntry, Memory, Pending, State
from ._base import NightCall, Role, SeatsStep, Spoken, at_players, first_night


@dataclass(frozen=True, slots=True)
class CupidMemory(Memory):
    lovers: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Linked(Event):
    seat: int
    lovers: tuple[int, int]

    def apply(self, state: State) -> State:
        a, b = self.lovers
        log = (*state.log, LogEntry(state.night, "night", "link", "cupid", a, self.seat),
               LogEntry(state.night, "night", "link", "cupid", b, self.seat))
        return state.but(memories=state.remember(CupidMemory(self.lovers)), log=log)


def lovers(state: State) -> tuple[int, int] | None:
    """The two lovers, once cupid has linked them."""
    return state.memory(CupidMemory).lovers


class LinkStep(SeatsStep):
    id = role = "cupid"

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        living = sorted(state.alive)
        for i, a in enumerate(living):
            for b in living[i + 1:]:
                yield seats_choice(self.id, (a, b))

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        return list(self.candidates(state, pending))  # two different living players

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if len(choice.seats) != 2 or choice.seats[0] == choice.seats[1]:
            return Refused("cupid.two", "Cupid links two different players.")
        for seat in choice.seats:
            if seat not in state.alive:
                return Refused("target.dead", "Cupid links two living players.", player=seat)
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None
        a, b = sorted(choice.seats)
        return [Linked(pending.seat, (a, b))]


class Cupid(Role):
    id = "cupid"
    picture = "cupidon-arrow"
    scenes = (Spoken("end.lovers", "players", rare=True, facts="couple"),
              Spoken("end.story.lovers", "players", rare=True, facts="own cause"))
    recommended = at_players(extended=(8,))
    steps = (LinkStep(),)
    night = (NightCall("cupid", 30, first_night), NightCall("lovers", 35, first_night, asked=False))
    win_rank = 40

    def after_death(self, state: State, seat: int, cause: str) -> list[Event]:
        pair = lovers(state)
        if pair is None or seat not in pair:
            return []
        other = pair[0] if pair[1] == seat else pair[1]
        return kill(state, other, "grief") if other in state.alive else []

    def wins(self, state: State) -> tuple[str, str] | None:
        pair = lovers(state)
        if pair is not None and state.alive == frozenset(pair):
            return ("lovers", "lovers")
        return None

    def winners(self, state: State) -> tuple[int, ...]:
        pair = lovers(state)
        return tuple(sorted(pair)) if pair is not None else ()

    def story(self, state: State) -> list[Said]:
        pair = lovers(state)
        if pair is None or state.winner == "lovers":
            return []  # the lovers' win named them already
        archer = {entry.by for entry in state.log if entry.kind == "link"}  # who linked them, not a later holder
        chose_self = "yes" if archer & set(pair) else "no"
        # a lover who died of grief showed the pair to the table: the story is then no secret the cards kept
        grief = "grief" if any(d.cause == "grief" for d in state.deaths) else "other"
        return [Said("end.story.lovers", players=tuple(sorted(pair)), facts=(("own", chose_self), ("cause", grief)))]

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        pair = lovers(state)
        if pair is None or seat not in pair:
            return {}
        return {"lover": pair[0] if pair[1] == seat else pair[1]}


ROLE = Cupid()
