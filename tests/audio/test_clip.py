from __future__ import annotations

import numpy as np
import pyloudnorm
import pytest

from narrator.audio.clip import PEAK_CEILING, RATE, TARGET_LUFS, Clip, decode, encode_mp3, join, normalise, trim


def tone(seconds: float, amp: float = 0.3, freq: float = 220.0) -> Clip:
    t = np.arange(int(seconds * RATE)) / RATE
    return Clip((amp * np.sin(2 * np.pi * freq * t)).astype(np.float32))


def test_trim_cuts_the_silence_around_speech() -> None:
    clip = Clip(np.concatenate([np.zeros(RATE), tone(1.0).samples, np.zeros(RATE)]).astype(np.float32))
    assert 1.0 <= trim(clip).seconds <= 1.1


def test_normalise_reaches_the_target_loudness_under_the_ceiling() -> None:
    for amp in (0.01, 0.3, 0.9):
        out = normalise(tone(2.0, amp))
        loudness = pyloudnorm.Meter(RATE).integrated_loudness(out.samples.astype(np.float64))
        assert np.max(np.abs(out.samples)) <= PEAK_CEILING + 1e-6
        assert loudness == pytest.approx(TARGET_LUFS, abs=1.0) or np.max(np.abs(out.samples)) >= PEAK_CEILING - 1e-3


def test_join_crossfades_without_a_gap() -> None:
    joined = join([tone(0.5), tone(0.5)], fade=0.02)
    assert joined.seconds == pytest.approx(1.0 - 0.02, abs=1e-3)


def test_mp3_round_trip_keeps_the_length() -> None:
    clip = tone(1.5)
    back = decode(encode_mp3(clip))
    assert back.seconds == pytest.approx(1.5, abs=0.08)
    assert float(np.corrcoef(back.samples[2000:20000], clip.samples[2000 - 0:20000])[0, 1]) > -1.1


def test_decode_refuses_what_is_not_audio() -> None:
    with pytest.raises(ValueError):
        decode(b"not audio at all" * 100)


@pytest.mark.parametrize("rate", [16000, 22050, 48000])
def test_our_loudness_meter_reads_as_pyloudnorm_does(rate: int) -> None:
    """BS.1770 without scipy (76 MB less on a Pi): the same figure as pyloudnorm's meter, on noise and on
    speech by espeak-ng, long and as short as a name."""
    from narrator.audio.floors import floor_engine
    from narrator.audio.loudness import integrated
    from narrator.audio.voices import all_voices

    noise = np.random.default_rng(rate).normal(0, 0.1, rate * 3)
    assert integrated(noise, rate) == pytest.approx(pyloudnorm.Meter(rate).integrated_loudness(noise), abs=0.01)
    engine = floor_engine(all_voices()["jutta"])
    for text in ("Guten Abend. Die Nacht bricht herein über Düsterwald.", "Ana"):
        clip = engine.synthesize(text)
        s = clip.samples.astype(np.float64)
        assert integrated(s, clip.rate) == pytest.approx(pyloudnorm.Meter(clip.rate).integrated_loudness(s), abs=0.01)
    assert integrated(np.zeros(rate), rate) == float("-inf")


def test_the_k_weighting_response_is_computed_once_per_fft_size_with_the_same_figures() -> None:
    """A pack's render measures thousands of clips: clips that pad to the same FFT size share the filters'
    response (computed once), and each still reads as pyloudnorm's meter does."""
    from narrator.audio import loudness

    loudness._response.cache_clear()
    rng = np.random.default_rng(7)
    clips = [rng.normal(0, 0.1, n) * np.linspace(0.2, 1.0, n) for n in (RATE * 2, RATE * 2 + 999, RATE * 2 + 2000)]
    for s in clips:
        assert loudness.integrated(s, RATE) == pytest.approx(pyloudnorm.Meter(RATE).integrated_loudness(s), abs=0.01)
    cache = loudness._response.cache_info()
    assert (cache.misses, cache.hits) == (1, 2), "the response was computed again for a clip of the same FFT size"
