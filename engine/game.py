"""A game in progress: the log of events, the choices that made it, and undo by replay."""

from __future__ import annotations

from collections.abc import Sequence

from .choice import Choice
from .errors import Refused
from .events import Event, fold
from .flow import decided, legal_choices, start
from .house import defaults
from .modes import Mode
from .setup import Setup
from .state import HouseRules, State


class Game:
    """Holds the log. State is always the fold of the log; undo replays it minus the last choice."""

    def __init__(self, events: Sequence[Event], marks: Sequence[int] = (), choices: Sequence[Choice] = ()) -> None:
        self.events: list[Event] = list(events)
        self.marks: list[int] = list(marks)  # where each choice's events begin in the log
        self.choices: list[Choice] = list(choices)
        self.state: State = fold(self.events)

    @classmethod
    def new(cls, players: Sequence[str], *, ruleset: str = "classic", house: HouseRules | None = None,
            seed: int = 0, mode: str = Mode.ONE_DEVICE, roles: Sequence[str] | None = None,
            setup: Setup | None = None, extra: Sequence[str] = ()) -> Game:
        return cls(start(ruleset, players, house or defaults(ruleset), seed, mode, roles, setup, extra))

    def choose(self, choice: Choice) -> list[Event]:
        """Record a choice; returns the events it led to (the narrator speaks from these)."""
        events, state = decided(self.state, choice)
        return self.push(choice, events, state)

    def push(self, choice: Choice, events: Sequence[Event], after: State) -> list[Event]:
        """Record a choice the rules have already decided on this game's state: `events`, which lead to `after`
        (`decided`'s answer, taken as it is: the caller checked it against this very state)."""
        self.marks.append(len(self.events))
        self.choices.append(choice)
        self.events.extend(events)
        self.state = after
        return list(events)

    def undo(self) -> Choice:
        """Take back the last recorded choice; returns it."""
        if not self.marks:
            raise Refused("undo.nothing", "There is nothing to undo yet.")
        del self.events[self.marks.pop():]
        self.state = fold(self.events)
        return self.choices.pop()

    def legal(self) -> list[Choice]:
        return legal_choices(self.state)
