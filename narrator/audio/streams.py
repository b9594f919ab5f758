"""The mix for the outputs that are not a sound card miniaudio pulls from: a player program fed on its stdin
(aplay, pw-play) and simpleaudio, which plays whole buffers. A thread renders the mixer block by block for the
whole game, so the bed goes on between lines as it does on the card, and hands each block over: to the pipe,
whose back-pressure paces it (kept small, so a line is heard soon after it is queued), or to simpleaudio as
blocks that overlap by a crossfade, each started on the clock as the one before it ends."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import IO, Any

import numpy as np

from narrator.audio.clip import RATE, Samples, to_int16
from narrator.audio.mixer import Mixer
from narrator.audio.outputs import gained

BLOCK = RATE // 20  # frames of the mix rendered at a time: 50 ms
PIPE_BYTES = 8192  # the pipe to a player program: about 0.19 s of the mix waits in it
HELD = RATE // 2  # frames of each simpleaudio buffer (0.5 s) ...
OVERLAP = RATE // 50  # ... and of its crossfade into the next (20 ms)


class MixFeed:
    """Renders `mixer` (at `volume`) and hands it to `write` block by block until closed; then the last line
    and cue queued are heard out. `write` blocks while the player has enough."""

    def __init__(self, mixer: Mixer, volume: int, write: Callable[[Samples], object], block: int = BLOCK) -> None:
        self.mixer, self.volume, self.write, self.block = mixer, volume, write, block
        self.closing = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="mix-feed")
        self.thread.start()

    def _run(self) -> None:
        with contextlib.suppress(BrokenPipeError, OSError):  # the player has gone: the game goes on silent
            while not self.closing.is_set():
                self.write(gained(self.mixer.render(self.block), self.volume))
            end = self.mixer.busy_until()
            while self.mixer.pos < end:
                self.write(gained(self.mixer.render(min(self.block, end - self.mixer.pos)), self.volume))

    def close(self) -> bool:
        """Stop after what is queued; False if the player did not take it all within its length and a margin."""
        self.closing.set()
        self.thread.join((self.mixer.busy_until() - self.mixer.pos) / RATE + 5.0)
        return not self.thread.is_alive()


def small_pipe(pipe: IO[bytes]) -> None:
    """Shrink the pipe's buffer (Linux), so that little of the mix waits in it ahead of a new line."""
    import fcntl

    size = getattr(fcntl, "F_SETPIPE_SZ", None)
    if size is not None:
        with contextlib.suppress(OSError):
            fcntl.fcntl(pipe.fileno(), size, PIPE_BYTES)


class Overlapped:
    """The mix as simpleaudio buffers of HELD frames, each overlapping the next by OVERLAP frames (faded out
    there as the next fades in: the two add up to the mix) and started HELD frames after the one before, on the
    clock: a buffer starting a little late or early is heard as no gap and no click."""

    def __init__(self, play: Callable[[bytes], Any], wait: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.play, self.wait, self.clock = play, wait, clock
        self.held = np.zeros(0, dtype=np.float32)
        self.started: float | None = None
        self.count = 0
        self.last: Any = None
        self.fade = np.arange(OVERLAP, dtype=np.float32) / OVERLAP

    def write(self, samples: Samples) -> None:
        self.held = np.concatenate([self.held, samples])
        while len(self.held) >= HELD + OVERLAP:
            self._send(self.held[: HELD + OVERLAP].copy(), fade_out=True)
            self.held = self.held[HELD:]

    def flush(self) -> None:
        """What is left, to its end; and wait for it to be heard."""
        if len(self.held):
            self._send(self.held, fade_out=False)
            self.held = np.zeros(0, dtype=np.float32)
        if self.last is not None:
            self.last.wait_done()

    def _send(self, block: Samples, fade_out: bool) -> None:
        if self.count:
            block[:OVERLAP] *= self.fade[: len(block)]
        if fade_out:
            block[-OVERLAP:] *= 1 - self.fade
        now = self.clock()
        if self.started is None:
            self.started = now
        due = self.started + self.count * HELD / RATE
        if due > now:
            self.wait(due - now)
        self.last = self.play(to_int16(block))
        self.count += 1
