"""Ambience figures: the mixer's CPU share, the bed's drop under speech, the step clock with the bed on and off, and
how well the bed's level in a night step tells a dead role's step from a living one's (as clock.leak_accuracy does
for its length; 0.5 is chance)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator

import numpy as np

from narrator.audio.ambience import Sounds
from narrator.audio.clip import RATE, Clip
from narrator.audio.loudness import integrated
from narrator.audio.mixer import Levels, Mixer
from narrator.game.clock import RealClock

from ._measure import metric, p95
from .narration import separable

BLOCK = RATE // 50  # 20 ms: what the sound card pulls at a time


def speech(seconds: float) -> np.ndarray:
    return (np.random.default_rng(7).standard_normal(int(seconds * RATE)) * 0.1).astype(np.float32)


def mixed(levels: Levels, seconds: int = 60, lines: bool = True) -> tuple[np.ndarray, float]:
    """A minute of night: the bed, a 3 s line every 10 s (or none); the samples and the mixer's CPU seconds."""
    mixer = Mixer(Sounds(), levels)
    mixer.moment("night", "nightfall")
    mixer.voice(speech(3) if lines else np.zeros(0, dtype=np.float32), 0)
    for k in range(1, seconds // 10):
        if lines:
            mixer.voice(speech(3), k * 10 * RATE)
    mixer.render(BLOCK)  # the bed is loaded, not timed
    cpu = time.process_time()
    out = [mixer.render(BLOCK) for _ in range(seconds * RATE // BLOCK - 1)]
    return np.concatenate(out), time.process_time() - cpu


def clock_overshoot_ms(bed: bool) -> float:
    """p95 of how late the real clock's sleep_until returns, 150 waits of 20 ms, with the card (the NULL
    backend) pulling the mixer's stream in its own thread or not."""
    import miniaudio

    from narrator.audio.sinks import MiniaudioSink

    sink = MiniaudioSink(backends=[miniaudio.Backend.NULL], mixer=Mixer(Sounds(), Levels())) if bed else None
    try:
        if sink is not None and sink.mixer is not None:
            sink.mixer.moment("night", None)
            sink.play(Clip(speech(1)), 0.0)
        clock = RealClock()
        late = []
        for k in range(1, 151):
            clock.sleep_until(k * 0.02)
            late.append((clock.now() - k * 0.02) * 1000)
        return p95(late)
    finally:
        if sink is not None:
            sink.close()


def bed_levels(games: int = 100) -> list[tuple[float, bool]]:
    """Each night step's level of the bed (dB, the bed layer alone: voice and cues at 0) as the table's speaker
    mixes it, with whether the step's role lives: `games` narrated games (7 to 12 players, random answers on the
    virtual clock, a voice of noise bursts as long as each line), as the rhythm leak's games are played."""
    import tempfile
    import wave
    from pathlib import Path

    from engine import HouseRules
    from narrator.audio.sinks import FileSink
    from narrator.audio.speaker import AudioSpeaker
    from narrator.game.clock import VirtualClock
    from narrator.game.inputs import RandomInput
    from narrator.game.session import Session, Table
    from narrator.speech.captions import CaptionSpeaker
    from narrator.speech.script import SHIPPED, load

    from .narration import NAMES

    script, out = load(SHIPPED), []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(games):
            table = Table.deal(NAMES[:7 + seed % 6], HouseRules(), seed, "en", kind="demo")
            path = Path(tmp) / "game.wav"
            sink = FileSink(path, Mixer(Sounds(folder=Path(tmp)), Levels(voice=0, bed=100, cues=0)))
            speaker = AudioSpeaker("en", [sink], CaptionSpeaker(None), engine=NoiseVoice())  # type: ignore[arg-type]
            steps = Session(table, script, speaker, VirtualClock(), RandomInput(seed)).run().steps
            speaker.close()
            with wave.open(str(path)) as w:
                heard = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768
            for s in steps:
                part = heard[int(s.t * RATE):int(s.end * RATE)]
                out.append((10 * float(np.log10(max(float(np.mean(part ** 2)), 1e-12))), s.actor_alive))
    return out


class NoiseVoice:
    """A voice that needs nothing installed: each line a burst of noise, 60 ms a character."""

    from narrator.audio.engines import VoiceSettings

    settings = VoiceSettings("espeak", "bench", "en")
    live = True

    def identity(self) -> str:
        return "noise"

    def synthesize(self, text: str) -> Clip:
        return Clip(speech(0.06 * len(text)) * 2)


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    cpu = statistics.median(mixed(Levels())[1] / 60 for _ in range(5))
    yield metric("ambience.mixer_cpu_s_per_audio_s", cpu, "s/s", "lower")
    bed = Levels(voice=0, bed=100, cues=0)  # the bed layer alone is heard, with and without the lines over it
    ducked, _ = mixed(bed)
    alone_bed, _ = mixed(bed, lines=False)
    under_lines = np.concatenate([ducked[int((k + 0.2) * RATE):int((k + 2.8) * RATE)] for k in range(10, 60, 10)])
    same_times = np.concatenate([alone_bed[int((k + 0.2) * RATE):int((k + 2.8) * RATE)] for k in range(10, 60, 10)])
    alone = integrated(same_times.astype(np.float64), RATE)
    under = integrated(under_lines.astype(np.float64), RATE)
    yield metric("ambience.duck_drop_lu", alone - under, "LU", "higher")
    yield metric("ambience.bed_lufs", alone, "LUFS", "lower")
    yield metric("clock.overshoot_ms_p95.bed_off", statistics.median(clock_overshoot_ms(False) for _ in range(3)),
                 "ms", "lower")
    yield metric("clock.overshoot_ms_p95.bed_on", statistics.median(clock_overshoot_ms(True) for _ in range(3)),
                 "ms", "lower")
    if only("ambience.bed_leak_accuracy"):  # about three minutes: 100 games mixed
        yield metric("ambience.bed_leak_accuracy", separable(bed_levels()), "accuracy", "lower")
