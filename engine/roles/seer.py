"""The seer: looks at one other living player each night; the answer is shown, never spoken.
Classic: village or werewolf. Extended: the card itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..choice import Choice
from ..events import Event
from ..state import LogEntry, Memory, Pending, State
from ._base import NightCall, Role, SeatStep, at_players


@dataclass(frozen=True, slots=True)
class SeerMemory(Memory):
    checks: tuple[tuple[int, int, str], ...] = ()  # (night, the seat she looked at, what she was shown)


@dataclass(frozen=True, slots=True)
class Checked(Event):
    seat: int
    target: int
    result: str  # classic: village | werewolf; extended: the role id

    def apply(self, state: State) -> State:
        checks = (*state.memory(SeerMemory).checks, (state.night, self.target, self.result))
        return state.but(memories=state.remember(SeerMemory(checks)),
                         log=state.logged(LogEntry(state.night, "night", "check", "seer", self.target,
                                                   self.seat, self.result)))


LEARNS = {"classic": "side", "extended": "role"}  # per ruleset: village or werewolf, or the card itself


def answer(state: State, target: int) -> str:
    """What the seer is shown of `target`."""
    if LEARNS[state.ruleset] == "role":
        return state.role_of(target)
    return "werewolf" if state.is_wolf(target) else "village"


class SeerStep(SeatStep):
    id = role = "seer"
    verb = "look at"
    after = ("thief",)  # the card she is shown may be the one the thief just took
    may_target_self = False

    def answer(self, state: State, pending: Pending, choice: Choice) -> str | None:
        return answer(state, choice.target) if choice.target is not None else None

    def learnable(self, state: State) -> tuple[str, ...]:
        if LEARNS[state.ruleset] == "role":
            return tuple(sorted({*state.dealt, *state.extra}))
        return ("village", "werewolf")

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.target is None or pending.seat is None:
            return []
        return [Checked(pending.seat, choice.target, answer(state, choice.target))]


class Seer(Role):
    id = "seer"
    picture = "crystal-ball"
    recommended = at_players(classic=(6,), extended=(3,))
    steps = (SeerStep(),)
    night = (NightCall("seer", 90),)
    rulesets = ("classic", "extended")
    deal_rank = 1

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        if state.role_of(seat) != self.id:
            return {}
        return {"checks": [{"night": n, "target": t, "result": r} for n, t, r in state.memory(SeerMemory).checks]}


ROLE = Seer()
