"""What the narrator of one game tells the page's hub as it speaks (narrator/game/signals.py): what the table
does, the night step it calls, and the game as its news is said. Told for the hub's game only: a replaced
game's lines change nothing."""

from __future__ import annotations

from typing import Protocol

from engine import State
from narrator.game.inputs import Question


class Called(Protocol):
    """What the hub does with the signals of its game `live` (any object that names the game)."""

    def entered(self, live: object, phase: str) -> None: ...

    def calling(self, live: object, step: str | None) -> None: ...

    def changed(self, live: object, state: State) -> None: ...

    def decoy(self, live: object, question: Question | None) -> None: ...

    def revealing(self, live: object, seat: int | None) -> None: ...


class TableSignals:
    """The narrator's listener for the game `live` of `hub`."""

    def __init__(self, hub: Called, live: object) -> None:
        self.hub, self.live = hub, live

    def on_phase(self, phase: str) -> None:
        self.hub.entered(self.live, phase)

    def on_call(self, step: str) -> None:
        self.hub.calling(self.live, step)

    def on_sleep(self, step: str) -> None:
        self.hub.calling(self.live, None)

    def on_state(self, state: State) -> None:
        self.hub.changed(self.live, state)

    def on_decoy(self, question: Question | None) -> None:
        self.hub.decoy(self.live, question)

    def on_reveal(self, seat: int | None) -> None:
        self.hub.revealing(self.live, seat)
