"""onnxruntime that crashes Python at import: the probe says so from a child process and Piper steps aside."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest

from narrator.audio import engines
from narrator.audio.clip import RATE, Clip
from narrator.audio.engines import EngineError, PiperEngine, VoiceSettings
from narrator.audio.probe import onnxruntime_trouble
from narrator.audio.speaker import AudioSpeaker
from narrator.speech.captions import CaptionSpeaker

CRASH = "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n"


def fake_onnxruntime(folder: Path, body: str) -> Path:
    """A package named onnxruntime in `folder` whose import runs `body`."""
    (folder / "onnxruntime").mkdir()
    (folder / "onnxruntime" / "__init__.py").write_text(body, encoding="utf-8")
    return folder


def first(folder: Path) -> tuple[str, ...]:
    """This interpreter's import path with `folder` first."""
    return (str(folder), *sys.path)


def test_an_onnxruntime_that_segfaults_is_reported_without_killing_us(tmp_path: Path) -> None:
    trouble = onnxruntime_trouble(first(fake_onnxruntime(tmp_path, CRASH)))
    assert trouble is not None and "SIGSEGV" in trouble
    assert os.getpid() > 0  # still here: the crash happened in the child


def test_an_onnxruntime_that_imports_is_fine(tmp_path: Path) -> None:
    assert onnxruntime_trouble(first(fake_onnxruntime(tmp_path, "VERSION = 1\n"))) is None


def test_an_import_error_is_left_to_the_import_to_say(tmp_path: Path) -> None:
    assert onnxruntime_trouble(first(fake_onnxruntime(tmp_path, "raise ImportError('no libgomp')\n"))) is None


class Spy:
    """A second voice that counts what it is asked to say."""

    settings = VoiceSettings("espeak", "en", "en")
    live = True

    def __init__(self) -> None:
        self.said: list[str] = []

    def identity(self) -> str:
        return "spy"

    def synthesize(self, text: str) -> Clip:
        self.said.append(text)
        return Clip((0.3 * np.sin(np.arange(RATE // 2) / 8)).astype(np.float32))  # half a second of tone


def crashing_piper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[PiperEngine, Path]:
    """A Piper voice on a machine whose onnxruntime crashes Python at import."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(fake_onnxruntime(site, CRASH)))
    model = tmp_path / "xx_XX-fake-medium.onnx"
    model.write_bytes(b"not a model")
    return PiperEngine(VoiceSettings("piper", str(model), "en")), model


def test_piper_refuses_to_load_when_onnxruntime_crashes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    piper, model = crashing_piper(tmp_path, monkeypatch)
    with pytest.raises(EngineError, match="Piper cannot run here: onnxruntime crashed Python with SIGSEGV"):
        piper.synthesize("hello")
    assert model not in engines._PIPER_CACHE


def test_the_narrator_falls_back_with_one_line_when_onnxruntime_crashes(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    piper, _ = crashing_piper(tmp_path, monkeypatch)
    spy, warnings = Spy(), list[str]()
    speaker = AudioSpeaker("en", [], CaptionSpeaker(None), engine=piper, fallback=spy, warn=warnings.append)
    for text in ("The night falls.", "The village wakes."):
        _, source = speaker.live(text)
        assert source == "fallback"
    assert spy.said == ["The night falls.", "The village wakes."]
    assert len(warnings) == 1 and "onnxruntime crashed Python with SIGSEGV" in warnings[0], warnings
