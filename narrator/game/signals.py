"""What the narrator tells the table as it speaks: what the table does (eyes closed at night...), the night
step it calls and sends back to sleep, and the game as it stands when its events are said. The page's hub
listens (its screens, an online room's voice chat follow the game the moment it changes); the terminal and
the demo do not need to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine import State
from narrator.game.inputs import Question

# a line the narrator may say soon, for a live voice to get ready: its scene, its values, and the facts it adds
Upcoming = tuple[str, Mapping[str, object]] | tuple[str, Mapping[str, object], Mapping[str, str | None]]


class Listener(Protocol):
    """Told by the narrator, on its thread, right after the line in question has been said (its phase: as
    it begins)."""

    def on_phase(self, phase: str) -> None:
        """What the table does while the line about to be said is heard: "deal" (the device goes round, or
        every phone shows its card), "night" (eyes closed), "day" (eyes open: the dawn, the debate, the
        verdict, round the table's turns called); not told for a line beside the game (a welcome, an undo)."""
        ...

    def on_call(self, step: str) -> None:
        """A night step's wake line: the step is called (whether its role lives or not)."""
        ...

    def on_sleep(self, step: str) -> None:
        """A night step's sleep line: the step is over."""
        ...

    def on_state(self, state: State) -> None:
        """The game as it stands now, before the table hears its news (a verdict, a dawn, nightfall)."""
        ...

    def on_decoy(self, question: Question | None) -> None:
        """A dead or idle step's decoy question opens (game/decoy.py: asked of nobody, shown as a live step's
        question is), or closes (None) when an answer would have closed it."""
        ...

    def on_close(self, question: Question) -> None:
        """Own devices: the step's question, live or a decoy, closes on its beat (game/beats.py), once every phone
        has answered it."""
        ...

    def on_reveal(self, seat: int | None) -> None:
        """At the end, the line that reveals `seat`'s card begins; None: the reveals are over (said out, or cut short
        by a rematch), every card may be shown."""
        ...


class Deaf:
    """Nobody listens: the terminal, the demo, a replay."""

    def on_phase(self, phase: str) -> None:
        pass

    def on_call(self, step: str) -> None:
        pass

    def on_sleep(self, step: str) -> None:
        pass

    def on_state(self, state: State) -> None:
        pass

    def on_decoy(self, question: Question | None) -> None:
        pass

    def on_close(self, question: Question) -> None:
        pass

    def on_reveal(self, seat: int | None) -> None:
        pass
