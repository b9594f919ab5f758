"""The little girl: peeks while the wolves choose. One device: she peeks for real and the wolves'
step gives her the time. Own devices: she holds a button for 0-10 seconds; the longer she holds,
the likelier she learns one wolf, and the likelier that wolf learns her. Drawn from the game's seed
(engine/chance.py) when she answers, and written into the event: replaying the log draws nothing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..chance import draws
from ..choice import Choice
from ..errors import Refused
from ..events import Event
from ..modes import Mode
from ..state import LogEntry, Memory, Pending, State, asking
from ._base import SECONDS, NightCall, Role, Step, at_players

MAX_SECONDS = 10


def own_devices(state: State, night: int) -> bool:
    return state.mode == Mode.OWN_DEVICES


@dataclass(frozen=True, slots=True)
class LittleGirlMemory(Memory):
    peeks: tuple[tuple[int, int | None, int | None], ...] = ()  # (night, the wolf she saw, the wolf that saw her)


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    """She held for `seconds`, and what chance made of it (the wolf she saw, the wolf that saw her)."""

    seat: int
    seconds: int
    seen: int | None  # the wolf she learned
    caught_by: int | None  # the wolf that learned her

    def apply(self, state: State) -> State:
        memo = state.remember(LittleGirlMemory((*state.memory(LittleGirlMemory).peeks,
                                                (state.night, self.seen, self.caught_by))))
        log = state.log
        if self.seen is not None:
            log = state.logged(LogEntry(state.night, "night", "peek", "little_girl", self.seen, self.seat))
        return state.but(memories=memo, log=log)


@cache
def held(seconds: int) -> Choice:
    """Her answer: the seconds she held (made once)."""
    return Choice("little_girl", seconds=seconds)


class PeekStep(Step):
    id = "little_girl"
    shape = SECONDS

    def actor(self, state: State) -> Pending | None:
        living = state.living(self.id)
        return asking(self.id, living[0]) if living else None

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        for s in range(MAX_SECONDS + 1):
            yield held(s)

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        return list(self.candidates(state, pending))  # 0 to 10 seconds

    def malformed(self, state: State, choice: Choice) -> str | None:
        if choice.seconds is None:
            return "the little girl's choice is the seconds she held, 0 to 10"
        return None

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.seconds is None or not 0 <= choice.seconds <= MAX_SECONDS:
            return Refused("little_girl.seconds", "The little girl holds for 0 to 10 seconds.")
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None and choice.seconds is not None
        wolves = sorted((state.wolves & state.alive) - {pending.seat})
        if not wolves or choice.seconds == 0:
            return [Peeked(pending.seat, choice.seconds, None, None)]
        rng = draws(state, self.id)
        wolf = rng.choice(wolves)
        share = choice.seconds / MAX_SECONDS
        seen = wolf if rng.random() < 0.8 * share else None
        caught = wolf if rng.random() < 0.5 * share else None
        return [Peeked(pending.seat, choice.seconds, seen, caught)]


class LittleGirl(Role):
    id = "little_girl"
    picture = "lock-spy"
    recommended = at_players(extended=(32,))
    steps = (PeekStep(),)
    night = (NightCall("little_girl", 65, own_devices),)

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        peeks = state.memory(LittleGirlMemory).peeks
        out: dict[str, Any] = {}
        if state.role_of(seat) == self.id:
            out["seen_wolves"] = sorted({w for _, w, _ in peeks if w is not None})
        if any(c == seat for _, _, c in peeks):
            girls = state.seats_of(self.id)
            if girls:
                out["caught_little_girl"] = girls[0]
        return out


ROLE = LittleGirl()
