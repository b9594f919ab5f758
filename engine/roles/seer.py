"""The seer: looks at one other living player each night; the answer is shown, never spoken."""

from __future__ import annotations

from dataclasses import dataclass

from ..choice import Choice
from ..events import Event
from ..sides import is_wolf
from ..state import LogEntry, Pending, State
from ._base import Role, SeatStep, rules_of


@dataclass(frozen=True, slots=True)
class Checked(Event):
    seat: int
    target: int
    result: str  # classic: village | werewolf; extended: the role id

    def apply(self, state: State) -> State:
        checks = (*state.memo.get("seer.checks", ()), (state.night, self.target, self.result))
        return state.but(memo=state.remember("seer.checks", checks),
                         log=state.logged(LogEntry(state.night, "night", "check", "seer", self.target,
                                                   self.seat, self.result)))


def answer(state: State, target: int) -> str:
    if rules_of(state).seer_learns == "role":
        return state.role_of(target)
    return "werewolf" if is_wolf(state, target) else "village"


class SeerStep(SeatStep):
    id = role = "seer"
    verb = "look at"
    may_target_self = False

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is None or pending.seat is None:
            return []
        return [Checked(pending.seat, choice.target, answer(state, choice.target))]


class Seer(Role):
    id = "seer"
    steps = (SeerStep(),)


ROLE = Seer()
