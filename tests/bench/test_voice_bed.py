"""The memory figure's check that the bed was on (bench/voice.py `bed_on`): read between the first night and the
game's end, as the game's timeline says, since the welcome, the deal and the cards revealed have no bed."""

from __future__ import annotations

import json
import wave
from pathlib import Path

import numpy as np

from bench.voice import bed_on, bed_span

RATE = 8000


def game(tmp: Path, silences: list[tuple[float, float]]) -> tuple[Path, Path]:
    """A 60 s narrated game: welcome at 0, first night at 10, dawn at 30, the end at 50, then the reveals;
    a quiet bed everywhere (-40 dBFS) but in `silences` (digital silence, as the mix writes it with the bed off)."""
    t = np.arange(60 * RATE) / RATE
    samples = 0.01 * np.sin(2 * np.pi * 220 * t)
    for start, end in silences:
        samples[int(start * RATE):int(end * RATE)] = 0.0
    wav = tmp / "game.wav"
    with wave.open(str(wav), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((samples * 32767).astype("<i2").tobytes())
    said = [(0.0, 4.0, "game.welcome"), (4.0, 9.0, "deal.cards"), (10.0, 13.0, "night.start"),
            (13.0, 16.0, "night.werewolves.wake"), (30.0, 33.0, "dawn.start"), (33.0, 36.0, "day.debate"),
            (40.0, 43.0, "day.vote.start"), (50.0, 53.0, "end.village"), (53.0, 56.0, "end.reveal"),
            (56.0, 60.0, "end.reveal")]
    timeline = tmp / "game.timeline.jsonl"
    rows = [{"t": a, "end": b, "scene": scene, "text": "..."} for a, b, scene in said]
    rows.insert(4, {"step": "werewolves", "t": 13.0, "end": 20.0, "actor_alive": True})  # a night step's row
    timeline.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return wav, timeline


def test_the_bed_is_looked_for_from_the_first_night_to_the_games_end(tmp_path: Path) -> None:
    _, timeline = game(tmp_path, [])
    assert bed_span(timeline) == (10.0, 50.0)


def test_silence_before_the_first_night_and_between_the_reveals_is_no_missing_bed(tmp_path: Path) -> None:
    wav, timeline = game(tmp_path, [(4.5, 9.5), (53.1, 55.9), (57.0, 59.0)])
    assert bed_on(wav, timeline)


def test_a_silent_second_in_a_night_or_a_day_is_a_missing_bed(tmp_path: Path) -> None:
    for gap in [(17.0, 18.5), (44.2, 46.3)]:
        wav, timeline = game(tmp_path, [gap])
        assert not bed_on(wav, timeline), gap
