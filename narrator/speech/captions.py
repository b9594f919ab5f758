"""Speakers: what says a line aloud. Every speaker also writes the line as a caption."""

from __future__ import annotations

import re
import sys
from dataclasses import asdict, dataclass
from typing import Any, Protocol, TextIO

from narrator.speech.lines import Line

WORDS_PER_SECOND = 2.6  # a calm narrator, about 155 words a minute
PAUSE = 0.6  # the breath after each line


@dataclass(frozen=True)
class Caption:
    t: float
    end: float
    scene: str
    variant: int
    lang: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def estimate_seconds(text: str) -> float:
    """How long a line takes to say, from its words, for when no audio gives the real length."""
    words = len(re.findall(r"\w+", text))
    return round(words / WORDS_PER_SECOND + PAUSE, 3)


class Speaker(Protocol):
    def say(self, line: Line, at: float) -> float:
        """Start saying `line` at clock time `at`; returns how many seconds it lasts."""
        ...


def lasting(speaker: Speaker, line: Line) -> float:
    """How long `speaker` takes to say `line`, without saying it: its audio's length where it has one (`length`),
    else the estimate from its words (what the captions and the silent replay count)."""
    length = getattr(speaker, "length", None)
    return float(length(line)) if callable(length) else estimate_seconds(line.text)


class CaptionSpeaker:
    """Prints each line (when given a stream) and records it; the length is estimated from its words."""

    def __init__(self, out: TextIO | None = sys.stdout) -> None:
        self.out = out
        self.captions: list[Caption] = []

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        seconds = seconds if seconds is not None else estimate_seconds(line.text)
        self.captions.append(Caption(round(at, 3), round(at + seconds, 3), line.scene, line.variant, line.lang,
                                     line.text))
        if self.out is not None:
            minutes, secs = divmod(int(at), 60)
            self.out.write(f"{minutes:3d}:{secs:02d}  {line.text}\n")
            self.out.flush()
        return seconds


class SilentSpeaker:
    """Says nothing: used while a journal is replayed to find where the game stood."""

    def say(self, line: Line, at: float) -> float:
        return estimate_seconds(line.text)
