"""The wolf father: once per game infects the pack's victim instead of killing: the victim lives,
keeps card and powers, and secretly counts as a wolf from now on. Dawn: nobody died of it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..choice import Choice
from ..errors import Refused
from ..events import Event, Said
from ..state import LogEntry, Mark, Memory, Pending, State
from ._base import NightCall, OptionStep, Role, Spoken, at_players
from .werewolf import pack_victim


@dataclass(frozen=True, slots=True)
class WolfFatherMemory(Memory):
    used: bool = False  # he has infected (once per game)


@dataclass(frozen=True, slots=True)
class Infected(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        tonight = tuple(m for m in state.tonight if not (m.kind == "attack" and m.source == "pack"))
        return state.but(tonight=(*tonight, Mark("infect", self.target, self.seat)),
                         wolves=state.wolves | {self.target},
                         memories=state.remember(WolfFatherMemory(used=True)),
                         log=state.logged(LogEntry(state.night, "night", "infect", "wolf_father", self.target,
                                                   self.seat)))


def can_infect(state: State) -> bool:
    victim = pack_victim(state)
    return (not state.memory(WolfFatherMemory).used and victim is not None and victim in state.alive
            and not state.is_wolf(victim))


class InfectStep(OptionStep):
    id = role = "wolf_father"
    options = ("infect", "pass")
    after = ("werewolves",)  # he infects the pack's victim

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        yield Choice(self.id, option="pass")
        yield Choice(self.id, option="infect")

    def malformed(self, state: State, choice: Choice) -> str | None:
        if choice.is_pass:
            return None
        return super().malformed(state, choice)

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.option != "infect":
            return None
        if state.memory(WolfFatherMemory).used:
            return Refused("wolf_father.used", "The wolf father infects only once per game.")
        victim = pack_victim(state)
        if victim is None:
            return Refused("wolf_father.no_victim", "The pack chose nobody tonight, so there is nobody to infect.")
        if state.is_wolf(victim):
            return Refused("wolf_father.wolf", "The pack's victim is already a wolf.")
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        victim = pack_victim(state)
        if choice.option != "infect" or victim is None or pending.seat is None:
            return []
        return [Infected(pending.seat, victim)]


class WolfFather(Role):
    id = "wolf_father"
    picture = "neck-bite"
    recommended = at_players(extended=(12,))
    side = "wolves"
    steps = (InfectStep(),)
    night = (NightCall("wolf_father", 75),)
    scenes = (Spoken("end.story.infected", "player", rare=True),)

    def story(self, state: State) -> list[Said]:
        """The player he infected kept the card and played with the wolves: the card does not say so."""
        return [Said("end.story.infected", entry.target) for entry in state.log if entry.kind == "infect"]


ROLE = WolfFather()
