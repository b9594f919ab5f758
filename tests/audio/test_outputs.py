"""The outputs the page offers, the volume, and the fall-back to the default device (narrator/audio/outputs.py)."""

from __future__ import annotations

from typing import Any

import miniaudio
import numpy as np
import pytest

from narrator.audio import sinks
from narrator.audio.clip import Clip
from narrator.audio.outputs import DEFAULT, Output, device_id, gain, gained, outputs, playback_devices
from narrator.audio.sinks import MiniaudioSink


def listed(*names: str) -> list[dict[str, Any]]:
    return [{"name": name, "id": f"id-{i}"} for i, name in enumerate(names)]


def test_the_volume_scales_the_samples_exactly() -> None:
    samples = np.array([0.5, -1.0, 0.25, 0.0], dtype=np.float32)
    assert gain(50) == 0.25 and gain(0) == 0.0 and gain(100) == 1.0
    assert gained(samples, 100) is samples, "full volume leaves the clip as rendered"
    half = gained(samples, 50)
    assert half.dtype == np.float32 and half.tolist() == [0.125, -0.25, 0.0625, 0.0]
    assert gained(samples, 0).tolist() == [0.0] * 4


def test_the_sink_plays_each_clip_at_its_volume() -> None:
    sink = MiniaudioSink(backends=[miniaudio.Backend.NULL], volume=50)
    try:
        sink.device.stop()  # nothing is taken from the queue: what was handed over stays to be looked at
        sink.play(Clip(np.array([0.5, -1.0, 0.25], dtype=np.float32)), 0.0)
        assert [s.tolist() for s, _ in sink.queue] == [[0.125, -0.25, 0.0625]]
    finally:
        sink.close()


def test_outputs_are_named_once_and_null_devices_are_left_out() -> None:
    devices = listed("Discard all samples (playback) or generate zero samples (capture)", "USB  Speaker",
                     "HDMI", "USB Speaker", "NULL Playback Device")
    assert outputs(lambda: devices) == [Output("USB Speaker", "USB Speaker"), Output("HDMI", "HDMI"),
                                        Output("USB Speaker (2)", "USB Speaker (2)")]
    assert outputs(lambda: []) == [], "no sound card: nothing to choose but the default"
    assert outputs(lambda: listed("NULL Playback Device")) == []


def test_a_device_that_is_gone_plays_through_the_default_with_one_warning() -> None:
    said: list[str] = []
    devices = listed("HDMI", "USB Speaker")
    assert device_id("USB Speaker", lambda: devices, said.append) == "id-1"
    assert device_id(DEFAULT, lambda: devices, said.append) is None and not said
    assert device_id("Bluetooth box", lambda: devices, said.append) is None
    assert len(said) == 1 and "Bluetooth box" in said[0] and "default" in said[0]


def test_the_sink_opens_the_named_device_or_the_default(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    null = playback_devices([miniaudio.Backend.NULL])
    assert len(null) == 1
    asked: list[Any] = []

    def devices(backends: list[Any] | None = None) -> list[dict[str, Any]]:  # the one question to miniaudio
        asked.append(backends)
        return [{**null[0], "name": "USB Speaker"}]

    monkeypatch.setattr(sinks, "playback_devices", devices)
    MiniaudioSink(backends=[miniaudio.Backend.NULL], device="USB Speaker").close()
    assert capsys.readouterr().err == ""
    MiniaudioSink(backends=[miniaudio.Backend.NULL], device="A speaker unplugged at test time").close()
    MiniaudioSink(backends=[miniaudio.Backend.NULL], device="A speaker unplugged at test time").close()
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "unplugged at test time" in err[0] and "default device" in err[0]
    assert asked == [[miniaudio.Backend.NULL]] * 3
    MiniaudioSink(backends=[miniaudio.Backend.NULL], device=DEFAULT).close()
    assert len(asked) == 3, "the default device needs no list"
