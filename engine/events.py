"""Events: the facts a game is made of. Each one knows how it changes the state, and checks nothing."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from .state import Death, HouseRules, Pending, State, Tonight

KINDS: dict[str, type[Event]] = {}


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; subclasses register themselves by class name for the journal."""

    kind: ClassVar[str] = "Event"

    def __init_subclass__(cls, **kw: Any) -> None:
        cls.kind = cls.__name__
        KINDS[cls.__name__] = cls

    def apply(self, state: State) -> State:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, HouseRules):
                value = value.to_json()
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out


def event_from_json(data: dict[str, Any]) -> Event:
    """Rebuild an event from its journal form; raises KeyError/TypeError on a bad record."""
    cls = KINDS[data["type"]]
    kwargs = {k: v for k, v in data.items() if k != "type"}
    for f in dataclasses.fields(cls):
        if f.name in kwargs:
            if f.name == "house":
                kwargs[f.name] = HouseRules(**kwargs[f.name])
            elif isinstance(kwargs[f.name], list):
                kwargs[f.name] = tuple(kwargs[f.name])
    return cls(**kwargs)


def evolve(state: State, event: Event) -> State:
    """Apply one event."""
    return event.apply(state)


def fold(events: list[Event] | tuple[Event, ...], state: State | None = None) -> State:
    """The state a list of events leads to."""
    s = state if state is not None else State()
    for e in events:
        s = e.apply(s)
    return s


# -- the events of the game's flow; roles define the events of their own steps ----------


@dataclass(frozen=True, slots=True)
class GameCreated(Event):
    ruleset: str
    players: tuple[str, ...]
    house: HouseRules
    seed: int
    mode: str

    def apply(self, state: State) -> State:
        return State(ruleset=self.ruleset, players=self.players, house=self.house,
                     seed=self.seed, mode=self.mode)


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """The deal: which card each seat holds. Carries the assignment, so replay draws nothing."""

    roles: tuple[str, ...]
    game: int

    def apply(self, state: State) -> State:
        return state.but(roles=self.roles, game=self.game, alive=frozenset(range(1, len(self.roles) + 1)),
                         night=0, phase="dealt", queue=(), tonight=Tonight(), memo={}, deaths=(),
                         latest_deaths=(), expelled=None, log=(), winner=None, reason=None)


@dataclass(frozen=True, slots=True)
class NightBegan(Event):
    night: int
    steps: tuple[tuple[str, int | None], ...]  # the living actors to ask, in night order

    def apply(self, state: State) -> State:
        return state.but(night=self.night, phase="night", tonight=Tonight(), latest_deaths=(),
                         expelled=None, queue=tuple(Pending(s, seat) for s, seat in self.steps))


@dataclass(frozen=True, slots=True)
class StepDone(Event):
    """The step at the head of the queue has its answer."""

    step: str

    def apply(self, state: State) -> State:
        return state.but(queue=state.queue[1:])


@dataclass(frozen=True, slots=True)
class Asked(Event):
    """A step joins the queue out of the night order (the hunter's shot)."""

    step: str
    seat: int | None

    def apply(self, state: State) -> State:
        return state.but(queue=(*state.queue, Pending(self.step, self.seat)))


@dataclass(frozen=True, slots=True)
class Died(Event):
    seat: int
    cause: str  # wolves | poison | vote | shot

    def apply(self, state: State) -> State:
        return state.but(alive=state.alive - {self.seat},
                         deaths=(*state.deaths, Death(self.seat, self.cause, state.night)),
                         latest_deaths=tuple(sorted((*state.latest_deaths, self.seat))))


@dataclass(frozen=True, slots=True)
class DawnBroke(Event):
    night: int

    def apply(self, state: State) -> State:
        return state.but(phase="dawn")


@dataclass(frozen=True, slots=True)
class DayBegan(Event):
    night: int

    def apply(self, state: State) -> State:
        return state.but(phase="day", queue=(Pending("day_vote"),))


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winner: str
    reason: str

    def apply(self, state: State) -> State:
        return state.but(phase="over", queue=(), winner=self.winner, reason=self.reason)
