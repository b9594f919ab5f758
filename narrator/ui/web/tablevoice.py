"""The table's voice as the page hears it: captions on every page, and the sound in the browser or on the
speaker, as the setup chose."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from narrator.audio.ambience import SOUNDS, cached
from narrator.audio.clip import RATE, Clip, to_wav
from narrator.audio.mixer import LOOP_FADE, Levels, looped
from narrator.audio.outputs import gain
from narrator.audio.table import build_speaker
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Line, Lines
from narrator.speech.picker import Picker
from narrator.ui.web.ports import HubLike, Showing
from narrator.ui.web.strings import strings


class PageCaptions(CaptionSpeaker):
    """Captions that also appear on every connected page (only while their game is the one in play)."""

    def __init__(self, stage: Showing) -> None:
        super().__init__(None)
        self.stage = stage
        self.live = stage.live  # the game this speaker speaks for

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        out = super().say(line, at, seconds)
        self.stage.spoken(self.live, line)
        return out


class PageMix:
    """The bed and cue a line brings, told to the page with the line's audio (static/ambience.js mixes)."""

    def __init__(self, levels: Levels) -> None:
        self.levels = levels
        self.pending: tuple[str | None, str | None] = (None, None)
        self.bed: str | None = None  # the bed playing since the last line that changed it

    def moment(self, bed: str | None, cue: str | None) -> None:
        self.pending = (bed, cue)

    def said(self) -> dict[str, object]:
        """The message's ambience: the bed that plays from this line on, every time (a page that has just
        connected or been reloaded starts it at the next line, not at the next change of bed), the layers'
        gains, and the cue of a line that brings one."""
        (bed, cue), self.pending = self.pending, (None, None)
        self.bed = bed or self.bed
        if self.bed is None and cue is None:
            return {}
        gains = {"voice": gain(self.levels.voice), "bed": gain(self.levels.bed), "cues": gain(self.levels.cues)}
        return {**({"bed": self.bed} if self.bed else {}), **({"cue": cue} if cue else {}), "levels": gains}


def ambience_wav(name: str) -> bytes | None:
    """A bed or cue as the page plays it (a bed as one seamless loop); None for a name that is none."""
    if name not in SOUNDS:
        return None
    samples = cached(name).samples
    if name.startswith("bed."):
        samples = looped(samples, int(LOOP_FADE * RATE))
    return to_wav(Clip(samples))


class BrowserSink:
    """Sound in the browser instead of the server's speaker: each clip is served once, by number."""

    name = "browser"

    def __init__(self, hub: HubLike) -> None:
        self.hub = hub
        self.count = 0
        self.mixer = PageMix(Levels(**hub.draft.levels))  # the page mixes: it is told each line's bed and cue

    def play(self, clip: Clip, at: float) -> None:
        self.count += 1
        self.hub.clips[self.count] = to_wav(clip)
        for old in [n for n in self.hub.clips if n < self.count - 20]:
            del self.hub.clips[old]
        self.tell({"t": "audio", "url": f"{self.prefix}/audio/{self.count}", **self.mixer.said()})

    prefix = ""  # where the clips are served: /audio/<n> on the table's page

    def tell(self, message: dict[str, object]) -> None:
        """The table's sound is the host's (the device on the table)."""
        self.hub.pages.to_host(message)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


def table_voice(hub: HubLike, lang: str, names: Sequence[str] = (), audio: str | None = None,
                no_card_out: Path | None = None, out: Path | None = None) -> Any:
    """The table's voice as the setup chose it: the draft's narrator, in the browser or on the speaker (with
    config.yaml's output and volume, and the setup's level of each layer); captions on every page either way.
    `out`: also written to this WAV file (audio "file": only there)."""
    captions = PageCaptions(hub.stage)
    lines = Lines(hub.script, lang, Picker(0), names)
    if hub.draft.sound == "browser":
        return build_speaker(lang, hub.draft.voice, "none", None, captions, lines, extra=[BrowserSink(hub)])
    return build_speaker(lang, hub.draft.voice, audio or hub.audio, out, captions, lines, no_card_out=no_card_out,
                         device=hub.cfg.audio_device, volume=hub.cfg.volume, words=strings(lang),
                         levels=Levels(**hub.draft.levels))
