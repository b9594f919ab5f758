"""The sound outputs miniaudio sees, the volume, and a test line through the chosen one.

A device is kept by its name (`config.yaml` `audio_device:`), the one thing about it that stays the same
from one boot to the next; "default" is whatever the system plays through. A named device that is gone
plays through the default, with one warning line. The volume (0 to 100) scales the samples before they
reach the device: the square of the fraction, so the slider follows the ear (50 is about half as loud).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from narrator.audio.clip import Samples
from narrator.audio.noise import quiet_stderr

DEFAULT = "default"  # the system's own default output
VOLUME = 100  # the volume when config.yaml names none: the clips as rendered (-18 LUFS)
# what miniaudio calls the devices that play into nothing: ALSA's null PCM, the NULL backend's device
NULL_DEVICES = ("Discard all samples", "NULL Playback Device")

Lister = Callable[[], list[dict[str, Any]]]  # the devices as miniaudio lists them: name, id


def playback_devices(backends: list[Any] | None = None) -> list[dict[str, Any]]:
    """The playback devices miniaudio finds (each a mapping with its `name` and its `id`); none when it
    cannot even look (no audio system at all). The one place that asks miniaudio."""
    import miniaudio

    try:
        with quiet_stderr():
            return list(miniaudio.Devices(backends=backends).get_playbacks())
    except miniaudio.MiniaudioError:
        return []


@dataclass(frozen=True)
class Output:
    """A device the page lists: `id` is what config.yaml keeps, `name` what the table reads."""

    id: str
    name: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name}


def _named(devices: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Each real device with its id: its name, made unique with " (2)", " (3)" when two share one."""
    out: list[tuple[str, dict[str, Any]]] = []
    seen: dict[str, int] = {}
    for device in devices:
        name = " ".join(str(device.get("name", "")).split())[:120]
        if not name or name.startswith(NULL_DEVICES):
            continue
        seen[name] = seen.get(name, 0) + 1
        out.append((name if seen[name] == 1 else f"{name} ({seen[name]})", device))
    return out


def outputs(devices: Lister = playback_devices) -> list[Output]:
    """The outputs to choose from, in miniaudio's order; empty on a machine with no sound card (a device
    that plays into nothing is not listed)."""
    return [Output(ident, ident) for ident, _ in _named(devices())]


_warned: set[str] = set()


def _warn_to_stderr(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        print(f"wolfcall: {message}", file=sys.stderr)


def device_id(name: str, devices: Lister = playback_devices,
              warn: Callable[[str], None] = _warn_to_stderr) -> Any:
    """miniaudio's id of the device called `name`; None (the default device) for "default", and for a
    device that is not here any more, said once."""
    if name == DEFAULT:
        return None
    for ident, device in _named(devices()):
        if ident == name:
            return device.get("id")
    warn(f"the sound device '{name[:80]}' is not here; playing through the default device")
    return None


def gain(volume: int) -> float:
    """The factor a volume (0 to 100) multiplies the samples by."""
    return (min(max(volume, 0), 100) / 100) ** 2


def gained(samples: Samples, volume: int) -> Samples:
    """`samples` at `volume`; at 100 the very same samples."""
    if volume >= 100:
        return samples
    return (samples * np.float32(gain(volume))).astype(np.float32)


class SoundCheck:
    """The test button: one short line said by the table's narrator, through the chosen output and volume.

    The sink is opened when the button is pressed (so a device that cannot play is said at once) and
    closed when the line has played; pressing again cuts the line playing short."""

    def __init__(self, open_sink: Callable[[], Any], close_after: Callable[[float, Callable[[], None]], Any]
                 | None = None) -> None:
        self.open_sink = open_sink
        self.close_after = close_after or _timer
        self.sink: Any = None
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.sources: list[str] = []  # where each test line came from: live, fallback, captions

    def play(self, say: Callable[[], Any]) -> None:
        """Open the sink now (SinkError when it cannot play), then synthesize with `say` (returning a Clip
        and its source) and play it in the background: a voice can take seconds to load."""
        self._close()
        sink = self.open_sink()
        with self.lock:
            self.sink = sink
        self.thread = threading.Thread(target=self._say, args=(sink, say), daemon=True, name="sound-test")
        self.thread.start()

    def _say(self, sink: Any, say: Callable[[], Any]) -> None:
        try:
            clip, source = say()
        except Exception:  # a voice that fails here fails aloud in the game too; the test just stays silent
            clip, source = None, "captions"
        self.sources.append(source)
        with self.lock:
            if self.sink is not sink:
                return  # pressed again meanwhile
            if clip is None or not len(clip.samples):
                self._close_locked()
                return
            sink.play(clip, 0.0)
        self.close_after(clip.seconds + 0.5, lambda: self._close(sink))

    def _close(self, only: Any = None) -> None:
        with self.lock:
            if only is None or self.sink is only:
                self._close_locked()

    def _close_locked(self) -> None:
        if self.sink is not None:
            sink, self.sink = self.sink, None
            sink.stop()
            sink.close()


def _timer(seconds: float, then: Callable[[], None]) -> threading.Timer:
    timer = threading.Timer(seconds, then)
    timer.daemon = True
    timer.start()
    return timer


__all__ = ["DEFAULT", "VOLUME", "Output", "SoundCheck", "device_id", "gain", "gained", "outputs", "playback_devices"]
