"""The white werewolf: hunts with the pack, and every second night may kill a werewolf; nothing
saves that victim. Wins alone as the sole survivor; as the last wolf, the pack does not win."""

from __future__ import annotations

from dataclasses import dataclass

from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..state import LogEntry, Mark, Pending, State
from ._base import NightCall, Role, SeatStep, Spoken, at_players, even_nights


@dataclass(frozen=True, slots=True)
class Devoured(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        return state.but(tonight=(*state.tonight, Mark("kill", self.target, self.seat, "white_werewolf")),
                         log=state.logged(LogEntry(state.night, "night", "kill", "white_werewolf", self.target,
                                                   self.seat)))


class LoneHuntStep(SeatStep):
    id = role = "white_werewolf"
    verb = "kill"
    after = ("wolf_father",)  # an infected victim is a wolf he may kill
    may_target_self = False

    def spent(self, state: State, pending: Pending) -> Refused | None:
        if not (state.wolves & state.alive) - {pending.seat}:
            return Refused("white_werewolf.alone", "No other wolf is left for the white werewolf.")
        return None

    def rule(self, state: State, pending: Pending, target: int) -> Refused | None:
        if not state.is_wolf(target):
            return Refused("white_werewolf.not_wolf", "The white werewolf only kills a werewolf.", player=target)
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is None or pending.seat is None:
            return []
        return [Devoured(pending.seat, choice.target)]


class WhiteWerewolf(Role):
    id = "white_werewolf"
    picture = "wolf-howl"
    scenes = (Spoken("end.white_werewolf", "player", rare=True),)
    recommended = at_players(extended=(27,))
    side = "wolves"
    steps = (LoneHuntStep(),)
    night = (NightCall("white_werewolf", 85, even_nights),)
    win_rank = 50

    def wins(self, state: State) -> tuple[str, str] | None:
        if len(state.alive) == 1 and state.role_of(next(iter(state.alive))) == self.id:
            return ("white_werewolf", "white_werewolf")
        return None

    def winners(self, state: State) -> tuple[int, ...]:
        return tuple(state.alive)  # the one left, named in the winner's line


ROLE = WhiteWerewolf()
