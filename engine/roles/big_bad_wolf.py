"""The big bad wolf: after the pack, wakes alone and attacks a second victim, as long as no wolf has
died. Guard, heal and elder apply to each attack separately."""

from __future__ import annotations

from dataclasses import dataclass

from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..state import LogEntry, Mark, Pending, State
from ._base import NightCall, Role, SeatStep, at_players
from .werewolf import pack_victim


@dataclass(frozen=True, slots=True)
class Mauled(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        return state.but(tonight=(*state.tonight, Mark("attack", self.target, self.seat, "big_bad_wolf")),
                         log=state.logged(LogEntry(state.night, "night", "attack", "big_bad_wolf", self.target,
                                                   self.seat)))


class SecondAttackStep(SeatStep):
    id = role = "big_bad_wolf"
    verb = "attack"
    after = ("werewolves",)  # never the pack's victim

    def spent(self, state: State, pending: Pending) -> Refused | None:
        if any(d.wolf for d in state.deaths):
            return Refused("big_bad_wolf.spent", "A wolf has died: the big bad wolf hunts no more on his own.")
        return None

    def rule(self, state: State, pending: Pending, target: int) -> Refused | None:
        if target == pack_victim(state):
            return Refused("big_bad_wolf.same", "The pack already chose this player; attack someone else.",
                           player=target)
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is None or pending.seat is None:
            return []
        return [Mauled(pending.seat, choice.target)]


class BigBadWolf(Role):
    id = "big_bad_wolf"
    picture = "wolf-head"
    recommended = at_players(extended=(17,))
    side = "wolves"
    steps = (SecondAttackStep(),)
    night = (NightCall("big_bad_wolf", 80, facts="spent"),)  # his lines know when the table saw a wolf die


ROLE = BigBadWolf()
