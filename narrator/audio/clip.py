"""Audio as numbers: mono float32 at one rate, trimmed, loudness-normalised, joined, encoded."""

from __future__ import annotations

import io
import wave
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

RATE = 22050  # every clip is resampled to this: the rate Piper's medium voices and espeak-ng use
TARGET_LUFS = -18.0  # spoken word, a little below broadcast loudness
PEAK_CEILING = 10 ** (-1.0 / 20)  # -1 dBFS
MP3_KBPS = 40

Samples = npt.NDArray[np.float32]


@dataclass
class Clip:
    samples: Samples
    rate: int = RATE

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate

    @classmethod
    def silence(cls, seconds: float) -> Clip:
        return cls(np.zeros(int(seconds * RATE), dtype=np.float32))


def resample(samples: Samples, rate: int, to: int = RATE) -> Samples:
    """Linear resampling: enough for speech between 16 and 48 kHz."""
    if rate == to or len(samples) == 0:
        return samples.astype(np.float32)
    n = round(len(samples) * to / rate)
    x = np.linspace(0, len(samples) - 1, n)
    return np.interp(x, np.arange(len(samples)), samples).astype(np.float32)


def from_wav(data: bytes) -> Clip:
    with wave.open(io.BytesIO(data)) as w:
        frames = w.readframes(w.getnframes())
        if w.getsampwidth() != 2:
            raise ValueError("only 16-bit WAV is read")
        samples = np.frombuffer(frames, dtype="<i2").astype(np.float32) / 32768.0
        if w.getnchannels() > 1:
            samples = samples.reshape(-1, w.getnchannels()).mean(axis=1).astype(np.float32)
        return Clip(resample(samples, w.getframerate()))


def to_wav(clip: Clip) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(clip.rate)
        w.writeframes(to_int16(clip.samples))
    return buf.getvalue()


def to_int16(samples: Samples) -> bytes:
    return (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()


def trim(clip: Clip, threshold_db: float = -45.0, keep: float = 0.04) -> Clip:
    """Cut the silence before and after the speech, keeping a short margin."""
    s = clip.samples
    if len(s) == 0:
        return clip
    level = 10 ** (threshold_db / 20) * max(float(np.max(np.abs(s))), 1e-9)
    loud = np.flatnonzero(np.abs(s) > level)
    if len(loud) == 0:
        return Clip(s[:0])
    margin = int(keep * clip.rate)
    return Clip(s[max(0, loud[0] - margin): loud[-1] + margin + 1], clip.rate)


def normalise(clip: Clip) -> Clip:
    """Bring the clip to TARGET_LUFS (ITU-R BS.1770, narrator/audio/loudness.py), never above the peak ceiling."""
    from narrator.audio.loudness import integrated

    s = clip.samples.astype(np.float64)
    if len(s) == 0 or not np.any(s):
        return clip
    loudness = float("-inf")
    if len(s) >= int(0.4 * clip.rate):  # the meter needs one 400 ms block
        loudness = integrated(s, clip.rate)
    if np.isfinite(loudness):
        gain = 10 ** ((TARGET_LUFS - loudness) / 20)
    else:  # too short to measure: match its RMS to what -18 LUFS speech has
        rms = float(np.sqrt(np.mean(s**2)))
        gain = 0.1 / max(rms, 1e-9)
    out = s * gain
    peak = float(np.max(np.abs(out)))
    if peak > PEAK_CEILING:
        out *= PEAK_CEILING / peak
    return Clip(out.astype(np.float32), clip.rate)


def join(clips: list[Clip], fade: float = 0.02) -> Clip:
    """One clip from several, each seam a short crossfade so no click or gap is heard."""
    clips = [c for c in clips if len(c.samples)]
    if not clips:
        return Clip(np.zeros(0, dtype=np.float32))
    out = clips[0].samples.copy()
    n = int(fade * RATE)
    for c in clips[1:]:
        s = c.samples
        k = min(n, len(out), len(s))
        if k:
            ramp = np.linspace(0.0, 1.0, k, dtype=np.float32)
            out[-k:] = out[-k:] * (1 - ramp) + s[:k] * ramp
            out = np.concatenate([out, s[k:]])
        else:
            out = np.concatenate([out, s])
    return Clip(out.astype(np.float32))


def encode_mp3(clip: Clip, kbps: int = MP3_KBPS) -> bytes:
    import lameenc

    enc = lameenc.Encoder()
    enc.set_bit_rate(kbps)
    enc.set_in_sample_rate(clip.rate)
    enc.set_channels(1)
    enc.set_quality(5)
    return bytes(enc.encode(to_int16(clip.samples)) + enc.flush())


def decode(data: bytes) -> Clip:
    """Decode MP3, WAV, FLAC or Vorbis bytes (miniaudio) to a clip; ValueError when it is not audio."""
    import miniaudio

    try:
        sound = miniaudio.decode(data, output_format=miniaudio.SampleFormat.FLOAT32, nchannels=1,
                                 sample_rate=RATE)
    except miniaudio.DecodeError as exc:
        raise ValueError(f"not decodable audio ({exc})") from None
    return Clip(np.frombuffer(sound.samples, dtype=np.float32).copy())
