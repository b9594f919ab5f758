"""What the game is at one moment: the fold of its events. Values only; no rules here."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, ClassVar, TypeVar

from .choice import Choice
from .house import HouseRules
from .modes import Mode

NARRATOR = 0  # the seat number of the device in the middle: sees only what the table sees


@dataclass(frozen=True, slots=True)
class Pending:
    """A step the engine is waiting for, and the seat that acts (None: the pack or the table)."""

    step: str
    seat: int | None = None
    rank: int = 0


@dataclass(frozen=True, slots=True)
class Mark:
    """One night effect, kept until dawn resolves it: `kind` is what a role did to `target`.

    Kinds: attack (source: the pack or a lone wolf), protect, heal, poison, infect. Roles write marks;
    the dawn reads them and asks the roles how each ends.
    """

    kind: str
    target: int
    by: int | None = None
    source: str = ""


class Memory:
    """What a role remembers from step to step (the seer's looks, the witch's potions): each role module
    declares its own frozen dataclass of this, every field with a default (the role has done nothing yet)."""

    __slots__ = ()
    KINDS: ClassVar[dict[str, type[Memory]]] = {}  # by class name, for the journal form of `Remembered`

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        Memory.KINDS[cls.__name__] = cls


M = TypeVar("M", bound=Memory)
T = TypeVar("T")
BLANK: dict[type[Memory], Memory] = {}  # each role's memory before it has done anything: one value, made once
DERIVED = "_derived"  # where a state keeps what was worked out from it (see `per_state`); never copied by `but`


@dataclass(frozen=True, slots=True)
class Death:
    seat: int
    cause: str  # wolves | poison | vote | shot | grief | sword
    night: int
    card: str = ""  # the card the seat held when it died
    wolf: bool = False  # whether the seat counted as a wolf when it died


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the night log shown at the end: who did what to whom."""

    night: int
    phase: str  # night | dawn | day
    kind: str  # protect | attack | heal | poison | check | expel | shot | ...
    role: str
    target: int
    by: int | None = None
    result: str | None = None
    also: int | None = None  # a second seat the entry names: the dog lies between `target` and `also`

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"night": self.night, "phase": self.phase, "kind": self.kind,
                               "role": self.role, "target": self.target}
        if self.by is not None:
            out["by"] = self.by
        if self.result is not None:
            out["result"] = self.result
        if self.also is not None:
            out["also"] = self.also
        return out


@dataclass(frozen=True)
class State:
    ruleset: str = "classic"
    players: tuple[str, ...] = ()  # names in seat order; "" where none was given
    house: HouseRules = HouseRules()  # noqa: RUF009 (frozen, so one shared default is safe)
    seed: int = 0
    mode: str = Mode.ONE_DEVICE
    game: int = 0  # 1 for the first deal, +1 per rematch
    roles: tuple[str, ...] = ()  # the card each seat holds now (seat k is roles[k-1])
    dealt: tuple[str, ...] = ()  # the cards as dealt, seat order
    extra: tuple[str, ...] = ()  # the thief's two face-down cards
    wolves: frozenset[int] = frozenset()  # seats that count as wolves now (a seat's side belongs to the seat)
    alive: frozenset[int] = frozenset()
    night: int = 0
    phase: str = "setup"  # setup | dealt | night | dawn | day | verdict | over
    plan: tuple[str, ...] = ()  # the night steps still to come tonight, in order
    queue: tuple[Pending, ...] = ()
    tonight: tuple[Mark, ...] = ()
    memories: Mapping[type[Memory], Memory] = field(default_factory=dict)  # each role's memory; copied on write
    vote_round: int = 1  # the day's first vote, or the judge's second
    tied: tuple[int, ...] = ()  # the seats of a tied vote, while someone settles it
    deaths: tuple[Death, ...] = ()
    latest_deaths: tuple[int, ...] = ()  # the deaths of the last dawn or verdict, seat order
    expelled: int | None = None  # the last verdict: a seat, or None for "nobody leaves"
    captain: int | None = None
    verdicts: int = 0  # verdicts recorded this game
    log: tuple[LogEntry, ...] = ()
    winner: str | None = None
    reason: str | None = None

    def but(self, **changes: Any) -> State:
        """A copy with some fields changed. Fields hold immutable values, so a shallow copy is safe;
        this is the hot path of every fold, hence no dataclasses.replace."""
        new = object.__new__(State)
        values = self.__dict__.copy()
        values.update(changes)
        values.pop(DERIVED, None)  # worked out from the old state: the new one works it out afresh
        object.__setattr__(new, "__dict__", values)
        return new

    # -- questions every part asks -------------------------------------------------
    @property
    def seats(self) -> range:
        return range(1, len(self.roles) + 1)

    def role_of(self, seat: int) -> str:
        return self.roles[seat - 1]

    def seats_of(self, role: str) -> list[int]:
        return list(_seats_by_card(self.roles).get(role, ()))

    def living(self, role: str) -> list[int]:
        alive = self.alive
        return [s for s in _seats_by_card(self.roles).get(role, ()) if s in alive]

    def name(self, seat: int) -> str:
        return self.players[seat - 1] if seat - 1 < len(self.players) else ""

    def is_wolf(self, seat: int) -> bool:
        return seat in self.wolves

    @property
    def current(self) -> Pending | None:
        return self.queue[0] if self.queue else None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def extended(self) -> bool:
        return self.ruleset == "extended"

    def memory(self, kind: type[M]) -> M:
        """What the role whose memory is `kind` remembers now."""
        found = self.memories.get(kind)
        if found is None:
            found = BLANK.get(kind)
            if found is None:
                found = BLANK[kind] = kind()
        return found  # type: ignore[return-value]

    def remember(self, memory: Memory) -> dict[type[Memory], Memory]:
        """The memories with `memory` in place of its role's (for `but(memories=...)`)."""
        memories = dict(self.memories)
        memories[type(memory)] = memory
        return memories

    def logged(self, entry: LogEntry) -> tuple[LogEntry, ...]:
        return (*self.log, entry)

    def marks(self, kind: str) -> list[Mark]:
        return [m for m in self.tonight if m.kind == kind]

    def neighbours(self, seat: int) -> tuple[int, int]:
        """The nearest living seats on either side (counter-clockwise, clockwise); may be the seat itself."""
        ring = circle(self)
        below, above = bisect_left(ring, seat), bisect_right(ring, seat)
        left = ring[below - 1] if below else (ring[-1] if ring and ring[-1] != seat else seat)
        right = ring[above] if above < len(ring) else (ring[0] if ring and ring[0] != seat else seat)
        return left, right


@cache
def asking(step: str, seat: int | None = None, rank: int = 0) -> Pending:
    """The step `step` waiting for `seat` (made once per step, seat and rank: every state's queue holds these)."""
    return Pending(step, seat, rank)


@lru_cache(maxsize=64)
def _seats_by_card(roles: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """Each card's seats, in seat order. The cards at the seats rarely change in a game (the thief, the servant), so
    this is kept by the cards themselves rather than per state. Read only: callers copy."""
    out: dict[str, list[int]] = {}
    for seat, card in enumerate(roles, 1):
        out.setdefault(card, []).append(seat)
    return {card: tuple(seats) for card, seats in out.items()}


def per_state(fn: Callable[[State], T]) -> Callable[[State], T]:
    """`fn`, worked out once per state: a state never changes, so what is derived from it alone (the legal
    choices, the night's calls) is kept on it and read again by every part that asks (the page, each seat's
    view, the decider). Not copied to the states made from it (`State.but`), and not part of its value."""

    def once(state: State) -> T:
        kept: dict[Any, Any] | None = state.__dict__.get(DERIVED)
        if kept is None:
            kept = state.__dict__[DERIVED] = {}
        elif fn in kept:
            return kept[fn]  # type: ignore[no-any-return]
        found = kept[fn] = fn(state)
        return found

    once.__doc__, once.__name__, once.__qualname__ = fn.__doc__, fn.__name__, fn.__qualname__
    return once


@per_state
def circle(state: State) -> tuple[int, ...]:
    """The living seats round the table, in seat order (clockwise)."""
    return tuple(sorted(state.alive))


__all__ = ["NARRATOR", "Choice", "Death", "HouseRules", "LogEntry", "Mark", "Memory", "Pending", "State"]
