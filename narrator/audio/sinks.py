"""Where sound goes: the sound card (miniaudio by default), simpleaudio, aplay/pw-play, or a file.

Every sink plays in the background: `play` returns at once, and `stop` cuts the sound off.
"""

from __future__ import annotations

import array
import collections
import contextlib
import shutil
import subprocess
import threading
import time
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from narrator.audio.clip import RATE, Clip, Samples, to_int16
from narrator.audio.mixer import Mixer
from narrator.audio.noise import quiet_stderr
from narrator.audio.outputs import DEFAULT, VOLUME, device_id, gained, playback_devices
from narrator.audio.streams import MixFeed, Overlapped, small_pipe


class Sink(Protocol):
    name: str

    def play(self, clip: Clip, at: float) -> None:
        """Start playing `clip` (at clock time `at`, for sinks that keep a timeline)."""
        ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class SinkError(Exception):
    """No sound this way (no card, no program)."""


class MiniaudioSink:
    """One playback device kept open; clips queue up and play back to back."""

    name = "miniaudio"

    def __init__(self, backends: list[Any] | None = None, buffer_ms: int = 20, device: str = DEFAULT,
                 volume: int = VOLUME, mixer: Mixer | None = None) -> None:
        import miniaudio

        self.volume = volume
        self.mixer = mixer  # with one, the card plays the mixer's stream: the bed goes on between lines
        if mixer is not None:
            mixer.on_voice_start = lambda: self.onsets.append(time.perf_counter())
        chosen = device_id(device, lambda: playback_devices(backends)) if device != DEFAULT else None
        self.queue: collections.deque[tuple[Samples, float]] = collections.deque()
        self.lock = threading.Lock()
        self.onsets: list[float] = []  # perf_counter times at which each clip's first sample was handed over
        self.handoffs: list[float] = []  # perf_counter times at which each clip reached the sink
        self.cut = False
        self.played_seconds = 0.0
        try:
            with quiet_stderr():
                self.device = miniaudio.PlaybackDevice(output_format=miniaudio.SampleFormat.FLOAT32, nchannels=1,
                                                       sample_rate=RATE, buffersize_msec=buffer_ms,
                                                       backends=backends, device_id=chosen)
                self.generator = self._feed()
                next(self.generator)
                self.device.start(self.generator)
        except miniaudio.MiniaudioError as exc:
            raise SinkError("miniaudio: " + ", ".join(map(str, exc.args))) from None  # ('failed to init device', -401)

    def _feed(self) -> Any:
        current: Samples = np.zeros(0, dtype=np.float32)
        position = 0
        frames = yield b""
        while self.mixer is not None:
            out = gained(self.mixer.render(frames), self.volume)
            self.played_seconds += frames / RATE
            frames = yield array.array("f", out.tobytes())
        while True:
            out = np.zeros(frames, dtype=np.float32)
            filled = 0
            while filled < frames:
                if self.cut:
                    current, position, self.cut = np.zeros(0, dtype=np.float32), 0, False
                if position >= len(current):
                    with self.lock:
                        if not self.queue:
                            break
                        current, _ = self.queue.popleft()
                    position = 0
                    self.onsets.append(time.perf_counter())
                take = min(frames - filled, len(current) - position)
                out[filled:filled + take] = current[position:position + take]
                filled += take
                position += take
            if filled:
                self.played_seconds += filled / RATE
            frames = yield array.array("f", out.tobytes())

    def play(self, clip: Clip, at: float) -> None:
        self.handoffs.append(time.perf_counter())
        if self.mixer is not None:
            self.mixer.voice(clip.samples)
            return
        samples = gained(clip.samples, self.volume)
        with self.lock:
            self.queue.append((samples, at))

    def stop(self) -> None:
        """Silence now: what is queued is dropped and the clip playing is cut off (the bed goes on)."""
        if self.mixer is not None:
            self.mixer.cut()
        with self.lock:
            self.queue.clear()
            self.cut = True

    def close(self) -> None:
        self.device.close()


class SimpleaudioSink:
    """simpleaudio: a buffer per line, or with a mixer the mix as overlapping buffers (narrator/audio/streams.py)."""

    name = "simpleaudio"

    def __init__(self, volume: int = VOLUME, mixer: Mixer | None = None,
                 wait: Callable[[float], None] = time.sleep) -> None:
        self.volume = volume
        try:
            import simpleaudio  # type: ignore[import-not-found]
        except ImportError:
            raise SinkError("simpleaudio is not installed (pip install simpleaudio)") from None
        self.module = simpleaudio
        self.playing: Any = None
        self.mixer = mixer  # with one, the mix plays for the whole game: the bed goes on between lines
        self.blocks: Overlapped | None = None
        self.feed: MixFeed | None = None
        if mixer is not None:
            self.blocks = Overlapped(self._buffer, wait)
            self.feed = MixFeed(mixer, volume, self.blocks.write)

    def _buffer(self, pcm: bytes) -> Any:
        try:
            self.playing = self.module.play_buffer(pcm, 1, 2, RATE)
        except Exception as exc:  # simpleaudio raises its own SimpleaudioError
            raise SinkError(f"simpleaudio cannot play ({exc})") from None
        return self.playing

    def play(self, clip: Clip, at: float) -> None:
        if self.mixer is not None:
            self.mixer.voice(clip.samples)
            return
        self._buffer(to_int16(gained(clip.samples, self.volume)))

    def stop(self) -> None:
        if self.mixer is not None:
            self.mixer.cut()  # the bed goes on
        elif self.playing is not None:
            self.playing.stop()

    def close(self) -> None:
        if self.feed is not None and self.blocks is not None:
            self.feed.close()
            self.blocks.flush()
        elif self.playing is not None:
            self.playing.stop()


class CommandSink:
    """aplay (ALSA) or pw-play (PipeWire) as a child process, fed raw 16-bit PCM on stdin: a process per line, or
    with a mixer one for the whole game, fed the mix (narrator/audio/streams.py)."""

    def __init__(self, program: str, volume: int = VOLUME, mixer: Mixer | None = None) -> None:
        self.volume = volume
        path = shutil.which(program)
        if path is None:
            raise SinkError(f"{program} is not installed")
        self.name = program
        rate = str(RATE)
        self.argv = ([path, "-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", rate, "-"] if program == "aplay" else
                     [path, "--rate", rate, "--channels", "1", "--format", "s16", "-"])  # pw-play: "-" is raw PCM
        self.process: subprocess.Popen[bytes] | None = None
        self.mixer = mixer
        self.feed: MixFeed | None = None
        if mixer is not None:
            process = self._start()
            assert process.stdin is not None
            small_pipe(process.stdin)
            stdin = process.stdin
            self.feed = MixFeed(mixer, volume, lambda samples: stdin.write(to_int16(samples)))

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL)
        except OSError as exc:
            raise SinkError(f"{self.name} cannot start ({exc.strerror or exc})") from None
        return self.process

    def play(self, clip: Clip, at: float) -> None:
        if self.mixer is not None:
            self.mixer.voice(clip.samples)
            return
        self.stop()
        process = self._start()
        data = to_int16(gained(clip.samples, self.volume))

        def feed() -> None:
            with contextlib.suppress(BrokenPipeError, OSError):
                assert process.stdin is not None
                process.stdin.write(data)
                process.stdin.close()

        threading.Thread(target=feed, daemon=True).start()

    def stop(self) -> None:
        if self.mixer is not None:
            self.mixer.cut()  # the bed goes on
        elif self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def close(self) -> None:
        if self.feed is None:
            self.stop()
            return
        process = self.process
        assert process is not None and process.stdin is not None
        heard = self.feed.close()  # the last line heard out
        with contextlib.suppress(BrokenPipeError, OSError):
            process.stdin.close()
        if not heard:
            process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(5)
        if process.poll() is None:
            process.kill()


class FileSink:
    """Writes what the table would have heard to a WAV file, each clip at its place on the game's clock.

    It streams: silence (or the mixer's bed and cues) up to each line, then the line, so a long game needs no
    memory for it.
    """

    name = "file"

    def __init__(self, path: Path, mixer: Mixer | None = None) -> None:
        self.path = path
        self.mixer = mixer
        self.wav = wave.open(str(path), "wb")  # noqa: SIM115 - open for the whole game, closed by close()
        self.wav.setnchannels(1)
        self.wav.setsampwidth(2)
        self.wav.setframerate(RATE)
        self.frames = 0

    def play(self, clip: Clip, at: float) -> None:
        if self.mixer is not None:
            self._mix_to(self.mixer.voice(clip.samples, round(at * RATE)))  # queued first: the bed ducks ahead
            return
        self.pad_to(at)
        self._write(clip.samples)

    def _mix_to(self, end: int) -> None:
        assert self.mixer is not None
        while self.frames < end:
            self._write(self.mixer.render(min(end - self.frames, RATE)))

    def _write(self, samples: Samples) -> None:
        self.wav.writeframes(to_int16(samples))
        self.frames += len(samples)

    def pad_to(self, seconds: float) -> None:
        """Silence up to `seconds`, a second at a time."""
        end = round(seconds * RATE)
        if self.mixer is not None:
            self._mix_to(end)
        while self.frames < end:
            self._write(np.zeros(min(end - self.frames, RATE), dtype=np.float32))

    def stop(self) -> None:
        pass

    def close(self) -> None:
        if self.mixer is not None:
            self._mix_to(self.mixer.busy_until())  # the last line and cue heard out
        self.wav.close()


def open_sink(kind: str, device: str = DEFAULT, volume: int = VOLUME, backends: list[Any] | None = None,
              mixer: Mixer | None = None) -> Sink:
    """The configured sink, through `device` (miniaudio's only) at `volume`; SinkError when it cannot
    play here. `mixer`: the ambience mixed under the voice, on every output."""
    if kind in ("auto", "miniaudio"):
        try:
            return MiniaudioSink(backends, device=device, volume=volume, mixer=mixer)
        except ImportError:
            raise SinkError("miniaudio is not installed") from None
    if kind == "simpleaudio":
        return SimpleaudioSink(volume, mixer)
    if kind in ("aplay", "pw-play"):
        return CommandSink(kind, volume, mixer)
    raise SinkError(f"audio '{kind}' plays nothing")
