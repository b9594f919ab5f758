"""One mixer before the sink: the voice, the bed under it and the cues, in one stream of samples.

The bed never stops between lines: it loops (crossfaded at its loop point) and a change of bed (night, day,
vote) crossfades too. The voice ducks it: the bed's gain ramps down DUCK_DB before each line (the mixer
knows the lines queued ahead) and back up after it, never faster than RAMP, so no click is heard. Each
layer has its volume (0 to 100, the square of the fraction as the master volume). The mixer runs on a
timeline of frames: a file renders it up to each line's place on the game's clock; the sound card pulls it
block by block, the lines queued back to back as they come.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from narrator.audio.ambience import OFF, Sounds
from narrator.audio.clip import RATE, Samples
from narrator.audio.outputs import gain

DUCK_DB = 12.0  # how far the bed drops under the voice
RAMP = 0.2  # seconds: the duck's ramp down (ending as the line begins) and back up
BED_FADE = 2.0  # seconds: one bed into the next
END_FADE = 3.0  # seconds: the bed out at the game's end
LOOP_FADE = 1.0  # seconds: a bed's end into its own start


LAYERS = ("voice", "bed", "cues")  # the mix's layers, as the setup screen names them
CONFIG_KEYS = {"voice": "voice_volume", "bed": "bed_volume", "cues": "cue_volume"}  # and as config.yaml does


@dataclass(frozen=True)
class Levels:
    """The volume of each layer, 0 to 100 (config.yaml `voice_volume`, `bed_volume`, `cue_volume`)."""

    voice: int = 100
    bed: int = 60
    cues: int = 80

    @classmethod
    def of(cls, layers: Mapping[str, int]) -> Levels:
        """From config.yaml's `voice_volume`, `bed_volume` and `cue_volume` (narrator/config.py)."""
        return cls(layers.get("voice_volume", 100), layers.get("bed_volume", 60), layers.get("cue_volume", 80))

    def to_json(self) -> dict[str, int]:
        """As the setup screen keeps them: {"voice": 100, "bed": 60, "cues": 80}."""
        return {"voice": self.voice, "bed": self.bed, "cues": self.cues}


def looped(samples: Samples, fade: int) -> Samples:
    """The clip as a loop: its last `fade` samples crossfaded (equal power) into its first, so that played
    over and over it has no seam."""
    fade = min(fade, len(samples) // 2)
    if fade == 0:
        return samples
    x = np.linspace(0.0, 1.0, fade, endpoint=False)
    out = samples[: len(samples) - fade].copy()
    out[:fade] = samples[-fade:] * np.cos(x * np.pi / 2) + samples[:fade] * np.sin(x * np.pi / 2)
    return out.astype(np.float32)


@dataclass
class _Bed:
    name: str
    loop: Samples
    start: int  # frame its fade in begins
    fade_in: int
    out_at: int | None = None  # frame its fade out begins
    fade_out: int = 1

    def render(self, a: int, b: int) -> Samples:
        t = np.arange(a, b)
        x = np.clip((t - self.start) / self.fade_in, 0.0, 1.0)
        level = np.sin(x * np.pi / 2)
        if self.out_at is not None:
            level = level * np.cos(np.clip((t - self.out_at) / self.fade_out, 0.0, 1.0) * np.pi / 2)
        return (self.loop[(t - self.start) % len(self.loop)] * level).astype(np.float32)

    def gone(self, frame: int) -> bool:
        return self.out_at is not None and frame >= self.out_at + self.fade_out


@dataclass
class Mixer:
    sounds: Sounds
    levels: Levels = field(default_factory=Levels)
    on_voice_start: Callable[[], None] | None = None  # told as a line's first sample is rendered

    def __post_init__(self) -> None:
        self.pos = 0  # frames rendered so far
        self.voices: list[tuple[int, Samples]] = []  # (first frame, samples), in order
        self.cues: list[tuple[int, Samples]] = []
        self.beds: list[_Bed] = []
        self.voice_end = 0
        self.duck = 1.0  # the bed's ducking gain as the last frame rendered left it
        self.floor = 10 ** (-DUCK_DB / 20)
        self.ramp = int(RAMP * RATE)
        self.pending: tuple[str | None, str | None] = (None, None)
        self.lock = threading.Lock()

    # -- what the game hands over -----------------------------------------------------------------
    def moment(self, bed: str | None, cue: str | None) -> None:
        """The next line starts this bed (OFF: fades it out) and plays this cue with it."""
        self.pending = (bed, cue)

    def voice(self, samples: Samples, frame: int | None = None) -> int:
        """Queue a line at `frame` (None: as soon as the lines before it are heard); the frame it starts at."""
        with self.lock:
            start = max(self.pos if frame is None else frame, self.voice_end, self.pos)
            bed, cue = self.pending
            self.pending = (None, None)
            if bed is not None and self.levels.bed > 0:
                self._bed(bed, start)
            if cue is not None and self.levels.cues > 0:
                self.cues.append((start, self.sounds.get(f"cue.{cue}")))
            if len(samples):
                self.voices.append((start, samples))
                self.voice_end = start + len(samples)
            return start

    def _bed(self, name: str, at: int) -> None:
        live = [b for b in self.beds if b.out_at is None]
        if name != OFF and live and live[-1].name == name:
            return  # the same bed goes on
        for b in live:
            b.out_at, b.fade_out = at, int((END_FADE if name == OFF else BED_FADE) * RATE)
        if name != OFF:
            loop = looped(self.sounds.get(f"bed.{name}"), int(LOOP_FADE * RATE))
            self.beds.append(_Bed(name, loop, at, int(BED_FADE * RATE)))

    def cut(self) -> None:
        """The voice stops now (what is queued is dropped); the bed goes on."""
        with self.lock:
            self.voices = []
            self.voice_end = self.pos

    def busy_until(self) -> int:
        """The frame at which the last line and cue queued are over."""
        return max([self.pos, self.voice_end, *(s + len(c) for s, c in self.cues)])

    # -- the stream ---------------------------------------------------------------------------------
    def render(self, n: int) -> Samples:
        with self.lock:
            a, b = self.pos, self.pos + n
            out = np.zeros(n, dtype=np.float32)
            bed = np.zeros(n, dtype=np.float32)
            for layer in self.beds:
                bed += layer.render(a, b)
            self.beds = [layer for layer in self.beds if not layer.gone(b)]
            out += bed * self._ducking(a, b) * gain(self.levels.bed)
            out += self._layer(self.voices, a, b, self.levels.voice, starts=True)
            out += self._layer(self.cues, a, b, self.levels.cues)
            self.voices = [(s, v) for s, v in self.voices if s + len(v) > b]
            self.cues = [(s, c) for s, c in self.cues if s + len(c) > b]
            self.pos = b
            return out

    def _layer(self, clips: list[tuple[int, Samples]], a: int, b: int, volume: int, starts: bool = False) -> Samples:
        out = np.zeros(b - a, dtype=np.float32)
        for start, samples in clips:
            lo, hi = max(a, start), min(b, start + len(samples))
            if lo < hi:
                out[lo - a:hi - a] += samples[lo - start:hi - start]
                if starts and lo == start and self.on_voice_start is not None:
                    self.on_voice_start()
        return out * gain(volume)

    def _ducking(self, a: int, b: int) -> np.ndarray:
        """The bed's gain over frames a..b: the floor wherever a line is heard or begins within RAMP,
        reached and left at a slope of at most (1 - floor) / RAMP per frame."""
        target = np.ones(b - a)
        for start, samples in self.voices:
            lo, hi = max(a, start - self.ramp), min(b, start + len(samples))
            if lo < hi:
                target[lo - a:hi - a] = self.floor
        out = np.empty(b - a)
        step = (1 - self.floor) / self.ramp
        edges = [0, *(np.flatnonzero(np.diff(target)) + 1).tolist(), b - a]
        g = self.duck
        for lo, hi in itertools.pairwise(edges):
            if lo == hi:
                continue
            goal = target[lo]
            k = np.arange(1, hi - lo + 1)
            seg = np.maximum(g - step * k, goal) if goal < g else np.minimum(g + step * k, goal)
            out[lo:hi] = seg
            g = float(seg[-1])
        self.duck = g
        return out
