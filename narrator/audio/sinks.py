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
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from narrator.audio.clip import RATE, Clip, Samples, to_int16, to_wav
from narrator.audio.mixer import Mixer
from narrator.audio.noise import quiet_stderr
from narrator.audio.outputs import DEFAULT, VOLUME, device_id, gained, playback_devices


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
    name = "simpleaudio"

    def __init__(self, volume: int = VOLUME) -> None:
        self.volume = volume
        try:
            import simpleaudio  # type: ignore[import-not-found]
        except ImportError:
            raise SinkError("simpleaudio is not installed (pip install simpleaudio)") from None
        self.module = simpleaudio
        self.playing: Any = None

    def play(self, clip: Clip, at: float) -> None:
        pcm = (np.clip(gained(clip.samples, self.volume), -1, 1) * 32767).astype("<i2").tobytes()
        try:
            self.playing = self.module.play_buffer(pcm, 1, 2, RATE)
        except Exception as exc:  # simpleaudio raises its own SimpleaudioError
            raise SinkError(f"simpleaudio cannot play ({exc})") from None

    def stop(self) -> None:
        if self.playing is not None:
            self.playing.stop()

    def close(self) -> None:
        self.stop()


class CommandSink:
    """aplay (ALSA) or pw-play (PipeWire) as a child process, fed WAV on stdin."""

    def __init__(self, program: str, volume: int = VOLUME) -> None:
        self.volume = volume
        path = shutil.which(program)
        if path is None:
            raise SinkError(f"{program} is not installed")
        self.name = program
        self.argv = [path, "-q", "-"] if program == "aplay" else [path, "-"]
        self.process: subprocess.Popen[bytes] | None = None

    def play(self, clip: Clip, at: float) -> None:
        self.stop()
        process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        self.process = process
        data = to_wav(Clip(gained(clip.samples, self.volume), clip.rate))

        def feed() -> None:
            with contextlib.suppress(BrokenPipeError, OSError):
                assert process.stdin is not None
                process.stdin.write(data)
                process.stdin.close()

        threading.Thread(target=feed, daemon=True).start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def close(self) -> None:
        self.stop()


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
    play here. `mixer`: the ambience mixed under the voice (miniaudio's only: the others play line by line)."""
    if kind in ("auto", "miniaudio"):
        try:
            return MiniaudioSink(backends, device=device, volume=volume, mixer=mixer)
        except ImportError:
            raise SinkError("miniaudio is not installed") from None
    if kind == "simpleaudio":
        return SimpleaudioSink(volume)
    if kind in ("aplay", "pw-play"):
        return CommandSink(kind, volume)
    raise SinkError(f"audio '{kind}' plays nothing")
