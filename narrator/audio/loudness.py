"""Integrated loudness (ITU-R BS.1770, K-weighted, gated) of a mono clip, with numpy alone.

pyloudnorm measures the same, but it imports scipy, about 76 MB of resident memory: more than a whole
narrated game from a voice pack. The table's live lines (the players' names spoken over a pack) are
measured here instead; the same K-weighting filters (pyloudnorm's, after the RBJ cookbook) are applied
in the frequency domain, and the gating follows BS.1770-4 exactly as pyloudnorm does.
"""

from __future__ import annotations

import functools

import numpy as np

BLOCK = 0.400  # seconds per gating block
OVERLAP = 0.75
ABSOLUTE_GATE = -70.0  # LUFS
RELATIVE_GATE = 10.0  # LU below the absolutely gated loudness
TAIL = 0.5  # seconds of silence after the clip, so the filters' ringing is not folded back onto its start


def _biquad(kind: str, gain_db: float, q: float, fc: float, rate: int) -> tuple[np.ndarray, np.ndarray]:
    """The K-weighting stages' coefficients (b, a), as pyloudnorm designs them."""
    a_lin = 10 ** (gain_db / 40.0)
    w0 = 2.0 * np.pi * fc / rate
    alpha = np.sin(w0) / (2.0 * q)
    cos, root = np.cos(w0), np.sqrt(a_lin)
    if kind == "high_shelf":
        b = [a_lin * ((a_lin + 1) + (a_lin - 1) * cos + 2 * root * alpha),
             -2 * a_lin * ((a_lin - 1) + (a_lin + 1) * cos),
             a_lin * ((a_lin + 1) + (a_lin - 1) * cos - 2 * root * alpha)]
        a = [(a_lin + 1) - (a_lin - 1) * cos + 2 * root * alpha,
             2 * ((a_lin - 1) - (a_lin + 1) * cos),
             (a_lin + 1) - (a_lin - 1) * cos - 2 * root * alpha]
    else:  # high pass
        b = [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2]
        a = [1 + alpha, -2 * cos, 1 - alpha]
    return np.array(b) / a[0], np.array(a) / a[0]


def k_weighted(samples: np.ndarray, rate: int) -> np.ndarray:
    """The clip through the K-weighting filters (a high shelf at 1500 Hz, +4 dB; a high pass at 38 Hz)."""
    n = len(samples) + int(TAIL * rate)
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(samples, size) * _response(size, rate), size)[: len(samples)]


@functools.lru_cache(maxsize=8)
def _response(size: int, rate: int) -> np.ndarray:
    """The filters' frequency response at each bin of a real FFT of `size`: the same for every clip whose
    length rounds up to that power of two, so a pack's render computes it a few times, not once a clip."""
    z = np.exp(-1j * np.linspace(0.0, np.pi, size // 2 + 1))  # e^{-jw} at each bin of the real FFT
    response: np.ndarray = np.ones_like(z)
    for kind, gain_db, q, fc in (("high_shelf", 4.0, 1 / np.sqrt(2), 1500.0), ("high_pass", 0.0, 0.5, 38.0)):
        b, a = _biquad(kind, gain_db, q, fc, rate)
        response *= (b[0] + b[1] * z + b[2] * z**2) / (a[0] + a[1] * z + a[2] * z**2)
    response.flags.writeable = False  # shared between calls
    return response


def integrated(samples: np.ndarray, rate: int) -> float:
    """Integrated loudness in LUFS; -inf when nothing is above the absolute gate (or under one block)."""
    x = k_weighted(samples.astype(np.float64), rate)
    step = 1.0 - OVERLAP
    count = int(np.round((len(x) / rate - BLOCK) / (BLOCK * step))) + 1
    if count < 1:
        return float("-inf")
    squares = np.concatenate([[0.0], np.cumsum(x * x)])
    lower = (BLOCK * step * np.arange(count) * rate).astype(int)
    upper = (BLOCK * (step * np.arange(count) + 1) * rate).astype(int)
    z = (squares[np.minimum(upper, len(x))] - squares[lower]) / (BLOCK * rate)
    with np.errstate(divide="ignore"):
        blocks = -0.691 + 10.0 * np.log10(z)
    above = blocks >= ABSOLUTE_GATE
    if not np.any(above):
        return float("-inf")
    relative = -0.691 + 10.0 * np.log10(np.mean(z[above])) - RELATIVE_GATE
    kept = (blocks > relative) & (blocks > ABSOLUTE_GATE)
    if not np.any(kept):
        return float("-inf")
    return float(-0.691 + 10.0 * np.log10(np.mean(z[kept])))
