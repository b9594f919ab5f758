"""Events: the facts a game is made of. Each one knows how it changes the state, and checks nothing."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from .house import HouseRules
from .state import Death, LogEntry, Memory, State, asking

KINDS: dict[str, type[Event]] = {}


@dataclass(frozen=True, slots=True)
class Said:
    """A scene to speak and its placeholders: `player` and `players` are seats, `role` a card."""

    scene: str
    player: int | None = None
    players: tuple[int, ...] = ()
    role: str | None = None
    facts: tuple[tuple[str, str], ...] = ()  # what the line's moment adds (narrator/speech/moment.py): public only


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; subclasses register themselves by class name for the journal."""

    kind: ClassVar[str] = "Event"

    def __init_subclass__(cls, **kw: Any) -> None:
        cls.kind = cls.__name__
        KINDS[cls.__name__] = cls

    def apply(self, state: State) -> State:
        raise NotImplementedError

    def said(self) -> Said | None:
        """The scene the table hears for this event (the narrator speaks it); None: nothing is said."""
        return None

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
    if cls is Remembered:
        return Remembered.from_json(kwargs)
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
    """The deal: which card each seat holds (and the thief's extra cards). Replay draws nothing."""

    roles: tuple[str, ...]
    game: int
    extra: tuple[str, ...] = ()
    wolves: tuple[int, ...] = ()  # the seats whose cards are wolves from the start

    def apply(self, state: State) -> State:
        return state.but(roles=self.roles, dealt=self.roles, extra=self.extra, wolves=frozenset(self.wolves),
                         game=self.game, alive=frozenset(range(1, len(self.roles) + 1)), night=0, phase="dealt",
                         plan=(), queue=(), tonight=(), memories={}, vote_round=1, tied=(), deaths=(), latest_deaths=(),
                         expelled=None, captain=None, verdicts=0, log=(), winner=None, reason=None)


@dataclass(frozen=True, slots=True)
class NightBegan(Event):
    night: int
    plan: tuple[str, ...]  # the steps that may be asked tonight, in night order

    def apply(self, state: State) -> State:
        return state.but(night=self.night, phase="night", tonight=(), latest_deaths=(), expelled=None,
                         plan=self.plan, queue=())


@dataclass(frozen=True, slots=True)
class Opened(Event):
    """The next night step with someone alive to answer it: the steps before it are passed over."""

    step: str
    seat: int | None

    def apply(self, state: State) -> State:
        plan = state.plan[state.plan.index(self.step) + 1:] if self.step in state.plan else state.plan
        return state.but(plan=plan, queue=(asking(self.step, self.seat), *state.queue))


@dataclass(frozen=True, slots=True)
class StepDone(Event):
    """The step at the head of the queue has its answer."""

    step: str

    def apply(self, state: State) -> State:
        return state.but(queue=state.queue[1:])


@dataclass(frozen=True, slots=True)
class Asked(Event):
    """A step joins the queue out of the night order (a shot, a successor, a tiebreak)."""

    step: str
    seat: int | None
    rank: int = 0  # reactions to a death are ordered by rank (shots 1, the successor 2); 0 joins the end

    def apply(self, state: State) -> State:
        queue = list(state.queue)
        at = len(queue)
        if self.rank:
            at = next((i for i, p in enumerate(queue) if p.rank > self.rank), len(queue))
        queue.insert(at, asking(self.step, self.seat, self.rank))
        return state.but(queue=tuple(queue))


@dataclass(frozen=True, slots=True)
class Died(Event):
    seat: int
    cause: str  # wolves | poison | vote | shot | grief | sword

    def apply(self, state: State) -> State:
        return state.but(alive=state.alive - {self.seat},
                         deaths=(*state.deaths, Death(self.seat, self.cause, state.night, state.role_of(self.seat),
                                                     self.seat in state.wolves)),
                         latest_deaths=tuple(sorted((*state.latest_deaths, self.seat))))


@dataclass(frozen=True, slots=True)
class SideChanged(Event):
    """A seat now counts as a wolf, or no longer does (infection, wolf-dog, wild child, a taken card)."""

    seat: int
    wolf: bool

    def apply(self, state: State) -> State:
        wolves = state.wolves | {self.seat} if self.wolf else state.wolves - {self.seat}
        return state.but(wolves=wolves)


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """A seat plays another card from now on (the thief's swap, the servant's take)."""

    seat: int
    card: str

    def apply(self, state: State) -> State:
        roles = list(state.roles)
        roles[self.seat - 1] = self.card
        return state.but(roles=tuple(roles))


@dataclass(frozen=True, slots=True)
class Remembered(Event):
    """A role's memory changes to `memory` (its role module declares what it holds)."""

    memory: Memory

    def apply(self, state: State) -> State:
        return state.but(memories=state.remember(self.memory))

    def to_json(self) -> dict[str, Any]:
        fields = {f.name: getattr(self.memory, f.name) for f in dataclasses.fields(self.memory)}  # type: ignore[arg-type]
        return {"type": self.kind, "memory": type(self.memory).__name__, **fields}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Remembered:
        """The journal form read back; a role's memory holds flat values (numbers, words, seats)."""
        kind = Memory.KINDS[data.pop("memory")]
        return Remembered(kind(**data))


@dataclass(frozen=True, slots=True)
class DawnBroke(Event):
    night: int

    def apply(self, state: State) -> State:
        return state.but(phase="dawn", queue=())

    def said(self) -> Said | None:
        return Said("dawn.start")


@dataclass(frozen=True, slots=True)
class Told(Event):
    """The table is told something (the dawn's deaths, the raven's letter, an office); changes nothing."""

    scene: str
    player: int | None = None
    players: tuple[int, ...] = ()
    role: str | None = None

    def apply(self, state: State) -> State:
        return state

    def said(self) -> Said | None:
        return Said(self.scene, self.player, self.players, self.role)


@dataclass(frozen=True, slots=True)
class DayBegan(Event):
    night: int

    def apply(self, state: State) -> State:
        return state.but(phase="day", queue=(asking("day_vote"),), vote_round=1)


@dataclass(frozen=True, slots=True)
class VoteAgain(Event):
    """The judge's second vote: another verdict right away, with no debate."""

    def apply(self, state: State) -> State:
        return state.but(phase="day", queue=(*state.queue, asking("day_vote")), vote_round=2)


END_SCENES = {"wolves_dead": "end.village", "wolves_number": "end.wolves.number",
              "villagers_dead": "end.wolves.villagers", "specials_dead": "end.wolves.specials",
              "nobody_alive": "end.draw"}  # Contract 2's classic banners, the side win told apart


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winner: str
    reason: str
    alone: bool = False  # one player is left alive to win (the pied piper with nobody left to charm)
    players: tuple[int, ...] = ()  # the winners the line names (the lovers; a solo winner), in seat order

    def apply(self, state: State) -> State:
        return state.but(phase="over", queue=(), plan=(), winner=self.winner, reason=self.reason)

    def said(self) -> Said | None:
        scene = END_SCENES.get(self.reason, f"end.{self.reason}")
        facts = (("alone", "yes" if self.alone else "no"),)
        if len(self.players) == 1:  # a solo winner is the line's {player}: it names them and agrees with them
            return Said(scene, player=self.players[0], facts=facts)
        return Said(scene, players=self.players, facts=facts)


@dataclass(frozen=True, slots=True)
class Logged(Event):
    """A line of the night log that no other event writes (a dawn's news, an office)."""

    phase: str
    what: str
    role: str
    target: int
    by: int | None = None
    result: str | None = None

    def apply(self, state: State) -> State:
        return state.but(log=state.logged(LogEntry(state.night, self.phase, self.what, self.role, self.target,
                                                   self.by, self.result)))
