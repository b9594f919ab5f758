"""What the narrator of one game tells the page's hub as it speaks (narrator/game/signals.py): the night step
it calls, and the game as its news is said. Told for the hub's game only: a replaced game's lines change nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import State

if TYPE_CHECKING:
    from narrator.ui.web.hub import Hub
    from narrator.ui.web.webinput import WebInput


class TableSignals:
    """The narrator's listener for the game `live` of `hub`."""

    def __init__(self, hub: Hub, live: WebInput) -> None:
        self.hub, self.live = hub, live

    def on_call(self, step: str) -> None:
        self.hub.calling(self.live, step)

    def on_sleep(self, step: str) -> None:
        self.hub.calling(self.live, None)

    def on_state(self, state: State) -> None:
        self.hub.changed(self.live, state)
