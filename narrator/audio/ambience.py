"""The table's ambience: beds (night, day, vote) and short cues, made by the project from noise and tones.

Every sound is synthesized here with numpy, seeded, so it is the same bytes on every run; each is rendered
once and cached in the data folder (`ambience/<name>-<digest>.wav`). A bed's noise is shaped in the
frequency domain over the bed's whole length and its tones and slow swells are whole cycles of that length,
so the bed is one period of a loop; the mixer crossfades at its loop point all the same (a bed from a voice
pack is MP3, whose encoder pads the start). Which bed and cue go with a line is said by its scene id
(`moment`): the bed is the same for every night step, whoever lives.
"""

from __future__ import annotations

import hashlib
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

from narrator.audio.clip import PEAK_CEILING, RATE, Clip, Samples, from_wav, to_wav
from narrator.audio.loudness import integrated

VERSION = 1  # bump when a sound below changes: the cache's digest follows it
BED_LUFS = -30.0  # a bed at full volume: 12 LU under the voice (-18 LUFS)
CUE_LUFS = -22.0
BEDS = ("night", "day", "vote")
CUES = ("nightfall", "dawn", "vote", "warning", "end")
OFF = "off"  # the bed fades out (the game is over)
SOUNDS = tuple(f"bed.{b}" for b in BEDS) + tuple(f"cue.{c}" for c in CUES)


def moment(scene: str) -> tuple[str | None, str | None]:
    """The bed that plays from this line on (None: the one playing goes on) and the cue heard with it."""
    if scene in ("night.start", "round.start"):
        return "night", "nightfall"
    if scene in ("dawn.start", "round.dawn"):
        return "day", "dawn"
    if scene == "day.debate":
        return "day", None
    if scene == "day.vote.start":
        return "vote", "vote"
    if scene == "day.timer.warning":
        return None, "warning"
    if scene.startswith("end.") and scene != "end.reveal":
        return OFF, "end"
    return None, None


# -- the building blocks ---------------------------------------------------------------------------


def _times(seconds: float) -> np.ndarray:
    return np.arange(int(seconds * RATE)) / RATE


def _periodic(f: float, length: float) -> float:
    """`f` moved to the nearest frequency that fits a whole number of cycles into `length` seconds."""
    return max(1.0, round(f * length)) / length


def _band_noise(rng: np.random.Generator, n: int, low: float, high: float, tilt: float = 1.0) -> np.ndarray:
    """Noise between `low` and `high` Hz with a 1/f^tilt slope, periodic over its n samples."""
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    shape = np.zeros_like(freqs)
    band = freqs > 0
    shape[band] = freqs[band] ** (-tilt / 2)
    shape *= 1 / (1 + (low / np.maximum(freqs, 1e-9)) ** 4) / (1 + (freqs / high) ** 4)
    spectrum = shape * np.exp(2j * np.pi * rng.random(len(freqs)))
    out = np.fft.irfft(spectrum, n)
    return out / max(float(np.max(np.abs(out))), 1e-12)


def _swell(t: np.ndarray, length: float, cycles: int, depth: float, phase: float) -> np.ndarray:
    """A slow loudness swell of `cycles` whole cycles over the loop: wind gusts, no beat."""
    return 1 + depth * np.sin(2 * np.pi * cycles * t / length + phase)


def _tone(t: np.ndarray, f: float, partials: tuple[float, ...] = (1.0,), decay: float = 0.0) -> np.ndarray:
    out = np.zeros_like(t)
    for i, ratio in enumerate(partials):
        out += np.sin(2 * np.pi * f * ratio * t) / (i + 1) * np.exp(-decay * (1 + i * 0.6) * t)
    return out


def _envelope(t: np.ndarray, attack: float, release: float) -> np.ndarray:
    end = t[-1] if len(t) else 0.0
    return np.clip(t / attack, 0, 1) * np.clip((end - t) / release, 0, 1)


def _chirps(rng: np.random.Generator, n: int, f: float, every: float, level: float) -> np.ndarray:
    """A cricket far off: trills of a few pulses at irregular moments, wrapped round the loop."""
    out = np.zeros(n)
    pulse = _times(0.018)
    shape = np.sin(np.pi * pulse / pulse[-1]) ** 2 * np.sin(2 * np.pi * f * pulse)
    at = 0.0
    while at < n / RATE:
        at += every * rng.uniform(0.6, 1.6)
        for k in range(int(rng.integers(2, 5))):
            start = int((at + k * 0.045) * RATE) % n
            idx = (start + np.arange(len(shape))) % n
            out[idx] += shape * level * rng.uniform(0.5, 1.0)
    return out


# -- the sounds ------------------------------------------------------------------------------------


def night_bed(rng: np.random.Generator) -> np.ndarray:
    length = 30.0
    t = _times(length)
    n = len(t)
    wind = _band_noise(rng, n, 90, 900) * _swell(t, length, 2, 0.35, rng.uniform(0, 6.3))
    whistle = _band_noise(rng, n, 350, 700, 0.0) * 0.25 * _swell(t, length, 3, 0.6, rng.uniform(0, 6.3))
    crickets = _chirps(rng, n, 4300, 0.9, 0.05) + _chirps(rng, n, 4800, 1.3, 0.03)
    return np.asarray(wind + whistle + crickets)


def day_bed(rng: np.random.Generator) -> np.ndarray:
    length = 24.0
    t = _times(length)
    room = _band_noise(rng, len(t), 60, 500, 1.5) * _swell(t, length, 1, 0.2, rng.uniform(0, 6.3))
    pad = sum(_tone(t, _periodic(f, length)) * w for f, w in ((110.0, 0.10), (164.8, 0.07), (220.0, 0.05)))
    return np.asarray(room + pad * _swell(t, length, 2, 0.3, 0.0))


def vote_bed(rng: np.random.Generator) -> np.ndarray:
    length = 16.0
    t = _times(length)
    rumble = _band_noise(rng, len(t), 40, 220, 1.0) * 0.8
    drone = sum(_tone(t, _periodic(f, length)) * w for f, w in ((73.4, 0.16), (110.0, 0.09), (146.8, 0.05)))
    return np.asarray(rumble + drone * _swell(t, length, 1, 0.25, 0.0))


def _bells(notes: tuple[tuple[float, float], ...], seconds: float, decay: float) -> np.ndarray:
    t = _times(seconds)
    out = np.zeros_like(t)
    for at, f in notes:
        start = int(at * RATE)
        local = t[: len(t) - start]
        out[start:] += _tone(local, f, (1.0, 2.0, 3.01), decay) * np.clip(local / 0.01, 0, 1)
    return np.asarray(out * _envelope(t, 0.005, 0.3))


def nightfall(rng: np.random.Generator) -> np.ndarray:
    t = _times(2.8)
    glide = 2 * np.pi * np.cumsum(np.geomspace(660, 330, len(t))) / RATE
    air = _band_noise(rng, len(t), 200, 1200) * 0.3
    return np.asarray((np.sin(glide) + 0.3 * np.sin(2 * glide) + air) * _envelope(t, 0.35, 1.2))


def dawn(rng: np.random.Generator) -> np.ndarray:
    return _bells(((0.0, 523.25), (0.35, 659.25), (0.7, 783.99)), 2.8, 1.6)


def vote_cue(rng: np.random.Generator) -> np.ndarray:
    t = _times(2.4)
    return np.asarray(_tone(t, 146.8, (1.0, 1.48, 2.03, 2.76), 1.4) * _envelope(t, 0.012, 0.4))


def warning(rng: np.random.Generator) -> np.ndarray:
    out = np.zeros(int(1.2 * RATE))
    beep = _times(0.14)
    shape = np.sin(2 * np.pi * 988 * beep) * _envelope(beep, 0.02, 0.04)
    for k in range(3):
        start = int(k * 0.3 * RATE)
        out[start:start + len(shape)] += shape
    return out


def end(rng: np.random.Generator) -> np.ndarray:
    return _bells(((0.0, 261.63), (0.05, 329.63), (0.1, 392.0), (0.15, 523.25)), 4.0, 0.9)


MAKERS: dict[str, tuple[Callable[[np.random.Generator], np.ndarray], float]] = {
    "bed.night": (night_bed, BED_LUFS), "bed.day": (day_bed, BED_LUFS), "bed.vote": (vote_bed, BED_LUFS),
    "cue.nightfall": (nightfall, CUE_LUFS), "cue.dawn": (dawn, CUE_LUFS), "cue.vote": (vote_cue, CUE_LUFS),
    "cue.warning": (warning, CUE_LUFS), "cue.end": (end, CUE_LUFS)}


def synthesize(name: str) -> Clip:
    """One sound (`bed.night`, `cue.dawn`...) at its loudness, peaks under -1 dBFS; the same every time."""
    make, lufs = MAKERS[name]
    seed = int.from_bytes(hashlib.sha256(f"{name}:{VERSION}".encode()).digest()[:8], "little")
    samples = make(np.random.default_rng(seed)).astype(np.float64)
    samples *= 10 ** ((lufs - integrated(samples, RATE)) / 20)
    peak = float(np.max(np.abs(samples)))
    if peak > PEAK_CEILING:
        samples *= PEAK_CEILING / peak
    return Clip(samples.astype(np.float32))


def cache_dir() -> Path:
    from narrator.paths import data_dir

    return data_dir() / "ambience"


def cached(name: str, folder: Path | None = None) -> Clip:
    """`name`'s sound from the cache, rendered into it the first time (a damaged file is rendered again)."""
    folder = folder or cache_dir()
    digest = hashlib.sha256(f"{name}:{VERSION}:{RATE}".encode()).hexdigest()[:12]
    path = folder / f"{name}-{digest}.wav"
    try:
        return from_wav(path.read_bytes())
    except (OSError, EOFError, ValueError, wave.Error):
        pass
    clip = synthesize(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".part")
        tmp.write_bytes(to_wav(clip))
        tmp.replace(path)
    except OSError:
        pass  # a read-only data folder: the sound is made again next time, the game goes on
    return clip


class Sounds:
    """Where a game's ambience comes from: its voice pack's beds and cues when it has them, else the cache."""

    def __init__(self, load: Callable[[str], Clip | None] | None = None, folder: Path | None = None) -> None:
        self.load, self.folder = load, folder
        self.kept: dict[str, Samples] = {}

    def get(self, name: str) -> Samples:
        if name not in self.kept:
            clip = self.load(name) if self.load is not None else None
            self.kept[name] = (clip if clip is not None else cached(name, self.folder)).samples
        return self.kept[name]
