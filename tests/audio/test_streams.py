"""The outputs that are player programs (aplay, pw-play) or simpleaudio play the same mix as the sound card: the
bytes they are handed are the mixer's stream (the bed between and after the lines, the cue, the ducked voice),
not the voice alone. The seam is the player: a program on PATH that keeps what it reads, a simpleaudio module that
keeps each buffer."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.audio.ambience import Sounds
from narrator.audio.clip import RATE, Clip, Samples
from narrator.audio.mixer import Levels, Mixer
from narrator.audio.outputs import gained
from narrator.audio.sinks import SimpleaudioSink, Sink, open_sink
from narrator.audio.streams import HELD

VOLUME = 80
LEVELS = Levels(voice=100, bed=70, cues=90)


def sounds() -> Sounds:
    rng = np.random.default_rng(4)
    return Sounds(lambda name: Clip((rng.standard_normal(3 * RATE) * (0.05 if name.startswith("bed.") else 0.08))
                                    .astype(np.float32)))


def lines() -> list[tuple[str, str | None, Samples]]:
    rng = np.random.default_rng(8)
    return [("night", "nightfall", (rng.standard_normal(RATE) * 0.1).astype(np.float32)),
            ("night", None, (rng.standard_normal(RATE // 2) * 0.1).astype(np.float32)),
            ("day", "dawn", (rng.standard_normal(RATE) * 0.1).astype(np.float32))]


class Placed(Mixer):
    """The real mixer, keeping where each line was placed, so the test can render the same mix itself."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.placed: list[int] = []

    def voice(self, samples: Samples, frame: int | None = None) -> int:
        start = super().voice(samples, frame)
        self.placed.append(start)
        return start


def play_game(kind: str) -> Placed:
    mixer = Placed(sounds(), LEVELS)
    sink: Sink = (SimpleaudioSink(VOLUME, mixer, wait=lambda seconds: None) if kind == "simpleaudio"  # not paced
                  else open_sink(kind, volume=VOLUME, mixer=mixer))
    for bed, cue, samples in lines():
        mixer.moment(bed, cue)  # as the speaker does before each line
        sink.play(Clip(samples), 0.0)
    sink.close()
    return mixer


def expected(mixer: Placed, frames: int) -> Samples:
    """What the table should hear: a mixer of the same sounds given the same lines at the same frames, each known
    no sooner than the frame it starts at (a line queued as the stream runs ducks the bed from there)."""
    again = Mixer(sounds(), LEVELS)
    out = []
    for (bed, cue, samples), start in zip(lines(), mixer.placed, strict=True):
        out.append(again.render(start - again.pos))
        again.moment(bed, cue)
        again.voice(samples, start)
    out.append(again.render(frames - again.pos))
    return np.clip(gained(np.concatenate(out), VOLUME), -1, 1)  # as 16-bit PCM holds it


def check_mix(heard: Samples, mixer: Placed) -> None:
    last = mixer.placed[-1] + RATE
    assert len(heard) >= last, "the last line was not heard out"
    np.testing.assert_allclose(heard, expected(mixer, len(heard)), atol=3 / 32767)
    voice = np.zeros(len(heard), dtype=np.float32)
    for (_, _, samples), start in zip(lines(), mixer.placed, strict=True):
        voice[start:start + len(samples)] += samples
    rest = heard - gained(voice, VOLUME)  # what is heard besides the voice: the bed and cues
    assert np.sqrt(np.mean(rest[mixer.placed[0]:last] ** 2)) > 0.002, "the voice alone"


def test_a_player_program_is_fed_the_mix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for program in ("aplay", "pw-play"):
        fake = bin_dir / program
        fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{tmp_path}/{program}.argv"\n'
                        f'cat > "{tmp_path}/{program}.raw"\n')
        fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{__import__('os').environ['PATH']}")
    for program, format_words in (("aplay", ["-t", "raw", "-f", "S16_LE", "-c", "1", "-r", str(RATE)]),
                                  ("pw-play", ["--rate", str(RATE), "--channels", "1", "--format", "s16"])):
        mixer = play_game(program)
        argv = (tmp_path / f"{program}.argv").read_text().split()
        assert all(w in argv for w in format_words) and argv[-1] == "-", argv  # raw 16-bit mono PCM on stdin
        heard = np.frombuffer((tmp_path / f"{program}.raw").read_bytes(), dtype="<i2").astype(np.float32) / 32767
        check_mix(heard, mixer)


def test_simpleaudio_is_handed_the_mix(monkeypatch: pytest.MonkeyPatch) -> None:
    buffers: list[bytes] = []

    class Playing:
        def wait_done(self) -> None: ...

        def stop(self) -> None: ...

    def play_buffer(pcm: bytes, channels: int, width: int, rate: int) -> Any:
        assert (channels, width, rate) == (1, 2, RATE)
        buffers.append(bytes(pcm))
        return Playing()

    monkeypatch.setitem(sys.modules, "simpleaudio", types.SimpleNamespace(play_buffer=play_buffer))
    mixer = play_game("simpleaudio")
    assert len(buffers) > 3
    total = HELD * (len(buffers) - 1) + len(buffers[-1]) // 2
    heard = np.zeros(total, dtype=np.float32)
    for n, pcm in enumerate(buffers):  # each buffer starts HELD frames after the one before, overlapping it
        block = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32767
        heard[n * HELD: n * HELD + len(block)] += block
    check_mix(heard, mixer)
