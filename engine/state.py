"""What the game is at one moment: the fold of its events. Values only; no rules here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .choice import Choice

NARRATOR = 0  # the seat number of the device in the middle: sees only what the table sees


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The choices a group makes before the game (RULES.md, with their defaults)."""

    win: str = "number"  # number | side
    witch_self_heal_first_night: bool = True
    step_seconds: int = 6  # 0, 4, 6 or 10
    day_timer_minutes: int | None = None  # None (off), 3, 5 or 8
    witch_one_potion_per_night: bool = True  # classic: always; extended: a house rule

    def to_json(self) -> dict[str, Any]:
        return {
            "win": self.win,
            "witch_self_heal_first_night": self.witch_self_heal_first_night,
            "step_seconds": self.step_seconds,
            "day_timer_minutes": self.day_timer_minutes,
            "witch_one_potion_per_night": self.witch_one_potion_per_night,
        }


@dataclass(frozen=True, slots=True)
class Pending:
    """A step the engine is waiting for, and the seat that acts (None: the pack or the table)."""

    step: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Tonight:
    """What happened in the current night, until dawn resolves it."""

    protected: frozenset[int] = frozenset()
    attacked: int | None = None
    healed: frozenset[int] = frozenset()
    poisoned: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Death:
    seat: int
    cause: str  # wolves | poison | vote | shot
    night: int


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the night log shown at the end: who did what to whom."""

    night: int
    phase: str  # night | dawn | day
    kind: str  # protect | attack | heal | poison | check | expel | shot
    role: str
    target: int
    by: int | None = None
    result: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"night": self.night, "phase": self.phase, "kind": self.kind,
                               "role": self.role, "target": self.target}
        if self.by is not None:
            out["by"] = self.by
        if self.result is not None:
            out["result"] = self.result
        return out


@dataclass(frozen=True)
class State:
    ruleset: str = "classic"
    players: tuple[str, ...] = ()  # names in seat order; "" where none was given
    house: HouseRules = HouseRules()
    seed: int = 0
    mode: str = "one_device"
    game: int = 0  # 1 for the first deal, +1 per rematch
    roles: tuple[str, ...] = ()  # role ids in seat order (seat k is roles[k-1])
    alive: frozenset[int] = frozenset()
    night: int = 0
    phase: str = "setup"  # setup | night | dawn | day | over
    queue: tuple[Pending, ...] = ()
    tonight: Tonight = Tonight()
    memo: dict[str, Any] = field(default_factory=dict)  # per-role memory; copied on write
    deaths: tuple[Death, ...] = ()
    latest_deaths: tuple[int, ...] = ()  # the deaths of the last dawn or verdict, seat order
    expelled: int | None = None  # the last verdict: a seat, or None for "nobody leaves"
    log: tuple[LogEntry, ...] = ()
    winner: str | None = None
    reason: str | None = None

    def but(self, **changes: Any) -> State:
        """A copy with some fields changed. Fields hold immutable values, so a shallow copy is safe;
        this is the hot path of every fold, hence no dataclasses.replace."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    # -- questions every part asks -------------------------------------------------
    @property
    def seats(self) -> range:
        return range(1, len(self.roles) + 1)

    def role_of(self, seat: int) -> str:
        return self.roles[seat - 1]

    def seats_of(self, role: str) -> list[int]:
        return [s for s in self.seats if self.roles[s - 1] == role]

    def living(self, role: str) -> list[int]:
        return [s for s in self.seats_of(role) if s in self.alive]

    def name(self, seat: int) -> str:
        return self.players[seat - 1] if seat - 1 < len(self.players) else ""

    @property
    def current(self) -> Pending | None:
        return self.queue[0] if self.queue else None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def remember(self, key: str, value: Any) -> dict[str, Any]:
        memo = dict(self.memo)
        memo[key] = value
        return memo

    def logged(self, entry: LogEntry) -> tuple[LogEntry, ...]:
        return (*self.log, entry)


__all__ = ["NARRATOR", "Choice", "Death", "HouseRules", "LogEntry", "Pending", "State", "Tonight"]
