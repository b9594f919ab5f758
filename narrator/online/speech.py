"""The narrator of an online room speaks in every browser: each clip (from the voice pack, names included,
or synthesized) is served once by number and every page of the room is told to play it at once."""

from __future__ import annotations

from typing import Any

from narrator.audio.table import build_speaker
from narrator.game.session import Table
from narrator.online.room import RoomHooks
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.ui.web.hub import Hub
from narrator.ui.web.tablevoice import BrowserSink, PageCaptions


class RoomSink(BrowserSink):
    """Every page of the room plays each clip, told at once (the narrator paces them by the step clock)."""

    def __init__(self, hub: Hub, code: str) -> None:
        super().__init__(hub)
        self.prefix = f"/r/{code}"

    def tell(self, message: dict[str, object]) -> None:
        with self.hub.lock:  # the room's pages may be coming and going
            self.hub.pages.broadcast(dict(message))


def room_voice(hub: Hub, table: Table) -> Any:
    """The room's narrator: the voice the host chose, captions on every page, clips in every browser."""
    hooks = hub.hooks
    code = hooks.room.code if isinstance(hooks, RoomHooks) else ""  # the room's clips are served under /r/CODE
    lines = Lines(hub.script, table.lang, Picker(0), table.players)
    return build_speaker(table.lang, hub.draft.voice, "none", None, PageCaptions(hub.stage), lines,
                         extra=[RoomSink(hub, code)])
