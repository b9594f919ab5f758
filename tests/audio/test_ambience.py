"""The project's own beds and cues: made the same every time, cached, and chosen by the scene said."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.roles import ROLES
from narrator.audio.ambience import BED_LUFS, CUE_LUFS, OFF, SOUNDS, Sounds, cached, moment, synthesize
from narrator.audio.clip import RATE, Clip, to_wav
from narrator.audio.loudness import integrated


@pytest.mark.parametrize("name", ["cue.dawn", "cue.warning", "bed.vote"])
def test_a_sound_is_the_same_bytes_each_time_at_its_loudness(name: str) -> None:
    first, again = synthesize(name), synthesize(name)
    assert to_wav(first) == to_wav(again)
    wanted = BED_LUFS if name.startswith("bed.") else CUE_LUFS
    assert integrated(first.samples.astype(np.float64), RATE) == pytest.approx(wanted, abs=0.5)
    assert float(np.max(np.abs(first.samples))) < 0.9


def test_a_sound_is_rendered_once_into_the_cache(tmp_path: Path) -> None:
    made = cached("cue.warning", tmp_path)
    files = list(tmp_path.iterdir())
    assert [f.name.split("-")[0] for f in files] == ["cue.warning"]
    files[0].write_bytes(to_wav(Clip(np.full(100, 0.5, dtype=np.float32))))  # the cache is read, not made again
    assert cached("cue.warning", tmp_path).samples.shape == (100,)
    files[0].write_bytes(b"damaged")
    again = cached("cue.warning", tmp_path)
    assert again.samples.shape == made.samples.shape, "a damaged cache file is rendered again"


def test_a_pack_sound_comes_before_the_cache(tmp_path: Path) -> None:
    own = Clip(np.full(50, 0.25, dtype=np.float32))
    sounds = Sounds(lambda name: own if name == "bed.night" else None, tmp_path)
    assert sounds.get("bed.night").tolist() == [0.25] * 50
    assert len(sounds.get("cue.end")) > RATE  # the pack lacks it: made by the project


def test_every_night_step_keeps_the_bed_that_plays() -> None:
    for role in ROLES.values():
        for call in role.night:
            for part in ("wake", "sleep"):
                assert moment(f"night.{call.step}.{part}") == (None, None)
    assert moment("night.reminder") == (None, None)
    assert moment("night.start") == ("night", "nightfall")
    assert moment("dawn.start") == ("day", "dawn")
    assert moment("day.vote.start") == ("vote", "vote")
    assert moment("end.village") == (OFF, "end") and moment("end.reveal") == (None, None)
    assert {f"bed.{b}" for b, _ in map(moment, ["night.start", "dawn.start", "day.vote.start"])} <= set(SOUNDS)
