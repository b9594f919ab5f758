"""The mixer: the bed never stops, the voice ducks it smoothly, and the table's speaker plays the mix."""

from __future__ import annotations

import contextlib
import wave
from pathlib import Path

import miniaudio
import numpy as np
import pytest

from engine import Game
from narrator.audio.ambience import Sounds
from narrator.audio.clip import RATE, Clip
from narrator.audio.engines import VoiceSettings
from narrator.audio.loudness import integrated
from narrator.audio.mixer import BED_FADE, DUCK_DB, Levels, Mixer, looped
from narrator.audio.sinks import FileSink, MiniaudioSink
from narrator.audio.speaker import AudioSpeaker
from narrator.game.clock import VirtualClock
from narrator.game.inputs import VOTE, Answer, Exhausted, ScriptedInput
from narrator.game.narrator import Narrator
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker

from ..narration import NAMES, ROLES, SCRIPT, answers, opening


def constant_sounds(level: float = 0.1) -> Sounds:
    """A bed that is one level throughout, so what the mixer does to it is all that is heard."""
    return Sounds(lambda name: Clip(np.full(20 * RATE, level, dtype=np.float32)) if name.startswith("bed.")
                  else Clip(np.zeros(RATE // 2, dtype=np.float32)))


def speech(seconds: float, seed: int = 0) -> Clip:
    rng = np.random.default_rng(seed)
    return Clip((rng.standard_normal(int(seconds * RATE)) * 0.1).astype(np.float32))


def test_a_loop_has_no_seam() -> None:
    rng = np.random.default_rng(3)
    clip = rng.standard_normal(2 * RATE).astype(np.float32) * 0.1
    loop = looped(clip, RATE // 2)
    twice = np.concatenate([loop, loop])
    jumps = np.abs(np.diff(twice))
    assert jumps[len(loop) - 1] <= np.max(np.abs(np.diff(clip))), "a jump at the loop point"


def noise_sounds() -> Sounds:
    return Sounds(lambda name: speech(3, seed=9) if name.startswith("bed.") else Clip(np.zeros(10, dtype=np.float32)))


def bed_under_a_line(sounds: Sounds) -> np.ndarray:
    """14 s of the bed layer alone (the voice's volume 0), a 4 s line said at 6 s."""
    mixer = Mixer(sounds, Levels(voice=0, bed=100, cues=0))
    mixer.moment("night", None)
    mixer.voice(np.zeros(0, dtype=np.float32), 0)  # the night begins, nothing said
    mixer.voice(speech(4).samples, 6 * RATE)
    return np.concatenate([mixer.render(RATE // 10) for _ in range(140)]).astype(np.float64)


def test_the_voice_ducks_the_bed_by_a_measured_drop() -> None:
    out = bed_under_a_line(noise_sounds())
    alone = integrated(out[3 * RATE:int(5.5 * RATE)], RATE)
    under = integrated(out[int(6.2 * RATE):int(9.8 * RATE)], RATE)
    assert alone - under == pytest.approx(DUCK_DB, abs=0.5)
    assert integrated(out[11 * RATE:], RATE) == pytest.approx(alone, abs=0.5), "the bed came back up"


def test_the_duck_ramps_no_faster_than_50_ms_and_is_down_as_the_line_begins() -> None:
    out = bed_under_a_line(constant_sounds())[int(BED_FADE * RATE):]  # a bed of one level: its gain is seen
    steps = np.abs(np.diff(out)) / 0.1  # the gain's change per sample
    ramp = 0.05 * RATE  # no faster than a 50 ms ramp from full to ducked
    assert steps.max() <= (1 - 10 ** (-DUCK_DB / 20)) / ramp + 1e-6
    ducking = np.flatnonzero(np.diff(out) < -1e-9) + BED_FADE * RATE
    assert ducking.max() < 6 * RATE, "the bed was still going down as the line began"
    assert out[int(6 * RATE - BED_FADE * RATE)] == pytest.approx(0.1 * 10 ** (-DUCK_DB / 20), rel=1e-3)


def test_the_bed_goes_on_between_lines_and_changes_with_a_crossfade() -> None:
    mixer = Mixer(constant_sounds(), Levels(voice=0, bed=100, cues=0))
    mixer.moment("night", None)
    mixer.voice(speech(1).samples, 0)
    mixer.moment("day", "dawn")
    mixer.voice(speech(1).samples, 8 * RATE)
    out = np.concatenate([mixer.render(RATE // 10) for _ in range(120)])
    per_100ms = np.sqrt(np.mean(out[: 12 * RATE].reshape(-1, RATE // 10) ** 2, axis=1))
    assert per_100ms[25:].min() > 0.02, "the bed stopped"
    change = out[8 * RATE - RATE // 5: 8 * RATE + 2 * RATE]
    assert np.abs(np.diff(change)).max() < 0.01, "a bed change clicked"


def test_the_table_speaker_plays_the_mix() -> None:
    mixer = Mixer(constant_sounds(0.2), Levels(voice=100, bed=100, cues=0))
    sink = MiniaudioSink(backends=[miniaudio.Backend.NULL], mixer=mixer, volume=100)
    try:
        sink.device.stop()  # the fake card's thread no longer pulls: the test pulls the stream itself
        mixer.moment("night", None)
        voice = speech(1, seed=5)
        sink.play(voice, 0.0)
        pulled = [np.frombuffer(sink.generator.send(RATE // 10), dtype=np.float32) for _ in range(40)]
    finally:
        sink.close()
    out = np.concatenate(pulled)
    heard = out[: RATE] - out[: RATE].mean()
    assert np.corrcoef(heard, voice.samples)[0, 1] > 0.95, "the voice is not in the stream"
    assert np.all(out[3 * RATE:] > 0.15), "the bed does not go on after the line"
    assert len(sink.onsets) == 1


class ToneEngine:
    """A voice that needs nothing installed: each text a burst of noise as long as the text."""

    settings = VoiceSettings("espeak", "test", "en")
    live = True

    def identity(self) -> str:
        return "tone"

    def synthesize(self, text: str) -> Clip:
        rng = np.random.default_rng(len(text))
        return Clip((rng.standard_normal(int(0.06 * len(text) * RATE)) * 0.2).astype(np.float32))


def second_night(script: list[Answer], out: Path, cache: Path) -> tuple[np.ndarray, Narrator]:
    """A narrated game on the virtual clock written through the mixer (the bed layer alone: voice 0), and
    the bed's RMS per 100 ms from the second night's start (after the crossfade from the vote's bed) to dawn."""
    game = Game.new(NAMES, roles=ROLES, seed=1)
    lines = Lines(SCRIPT, "en", Picker(1), NAMES)
    sink = FileSink(out, Mixer(Sounds(folder=cache), Levels(voice=0, bed=100, cues=100)))
    captions = CaptionSpeaker(None)
    speaker = AudioSpeaker("en", [sink], captions, engine=ToneEngine(), seat_words=lines.seat_words)  # type: ignore[arg-type]
    narrator = Narrator(game, lines, speaker, VirtualClock(), ScriptedInput(opening() + script), seed=1)
    with contextlib.suppress(Exhausted):
        narrator.run()
    speaker.close()
    night = [c for c in captions.captions if c.scene == "night.start"][1]
    dawn = next(c for c in captions.captions if c.scene == "dawn.start" and c.t > night.t)
    with wave.open(str(out)) as w:
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768
    heard = samples[int((night.t + BED_FADE) * RATE):int(dawn.t * RATE)]
    blocks = heard[: len(heard) // (RATE // 10) * (RATE // 10)].reshape(-1, RATE // 10)
    return np.sqrt(np.mean(blocks**2, axis=1)), narrator


def test_the_night_bed_sounds_the_same_whether_the_seer_lives_or_not(tmp_path: Path) -> None:
    night1 = [("werewolves:6", 2.0), ("witch:pass", 2.0), ("seer:1", 3.0)]  # on time: no extra drawn
    alive, lives = second_night(answers(*night1, (VOTE, 30.0), ("day_vote:none", 3.0), ("werewolves:7", 2.0),
                                        ("witch:pass", 2.0), ("seer:2", 3.0), (VOTE, 1.0)),
                                tmp_path / "alive.wav", tmp_path / "cache")
    dead, died = second_night(answers(*night1, (VOTE, 30.0), ("day_vote:3", 3.0), ("werewolves:7", 2.0),
                                      ("witch:pass", 2.0), (VOTE, 1.0)),
                              tmp_path / "dead.wav", tmp_path / "cache")
    assert [s.actor_alive for s in lives.steps if s.step == "seer"] == [True, True]
    assert [s.actor_alive for s in died.steps if s.step == "seer"] == [True, False]
    assert len(alive) == len(dead) > 150  # the same night's length, 100 ms blocks
    assert alive.min() > 1e-3, "the bed stopped during the night"
    level_db = 20 * np.log10(np.maximum(alive, 1e-9)) - 20 * np.log10(np.maximum(dead, 1e-9))
    assert np.abs(level_db).max() < 0.5, "the bed's envelope tells a dead seer from a living one"
