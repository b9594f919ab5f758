"""The narrator of an online room speaks in every browser: each clip (from the voice pack, names included,
or synthesized) is served once by number and every page of the room is told to play it at once."""

from __future__ import annotations

from typing import Any

from narrator.audio.clip import Clip, to_wav
from narrator.audio.table import build_speaker
from narrator.game.session import Table
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.ui.web.hub import Hub, PageCaptions

KEEP = 20  # clips kept for a page that fetches late


class RoomSink:
    """A sink that hands each clip to every page of the room (the narrator paces them by the step clock)."""

    name = "browser"

    def __init__(self, hub: Hub, code: str) -> None:
        self.hub, self.code = hub, code
        self.count = 0

    def play(self, clip: Clip, at: float) -> None:
        with self.hub.lock:
            self.count += 1
            self.hub.clips[self.count] = to_wav(clip)
            for old in [n for n in self.hub.clips if n <= self.count - KEEP]:
                del self.hub.clips[old]
            self.hub.broadcast({"t": "audio", "url": f"/r/{self.code}/audio/{self.count}"})

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


def room_voice(hub: Hub, table: Table) -> Any:
    """The room's narrator: the voice the host chose, captions on every page, clips in every browser."""
    code = getattr(getattr(hub, "room", None), "code", "")
    lines = Lines(hub.script, table.lang, Picker(0), table.players)
    return build_speaker(table.lang, hub.draft.voice, "none", None, PageCaptions(hub), lines,
                         extra=[RoomSink(hub, code)])
