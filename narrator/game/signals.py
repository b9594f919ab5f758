"""What the narrator tells the table as it speaks: the night step it calls and sends back to sleep, and
the game as it stands when its events are said. The page's hub listens (its screens, an online room's
voice chat follow the game the moment it changes); the terminal and the demo do not need to."""

from __future__ import annotations

from typing import Protocol

from engine import State


class Listener(Protocol):
    """Told by the narrator, on its thread, right after the line in question has been said."""

    def on_call(self, step: str) -> None:
        """A night step's wake line: the step is called (whether its role lives or not)."""
        ...

    def on_sleep(self, step: str) -> None:
        """A night step's sleep line: the step is over."""
        ...

    def on_state(self, state: State) -> None:
        """The game as it stands now, before the table hears its news (a verdict, a dawn, nightfall)."""
        ...


class Deaf:
    """Nobody listens: the terminal, the demo, a replay."""

    def on_call(self, step: str) -> None:
        pass

    def on_sleep(self, step: str) -> None:
        pass

    def on_state(self, state: State) -> None:
        pass
