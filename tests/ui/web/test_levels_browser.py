"""The setup screen's sound levels (voice, bed, cues) in three languages, heard in what the next game renders:
the table speaker's mix (measured in the WAV it writes) and the page's own WebAudio (measured at its output)."""

from __future__ import annotations

import wave
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.audio.ambience import Sounds
from narrator.audio.clip import RATE
from narrator.audio.mixer import LOOP_FADE, looped
from narrator.audio.outputs import gain
from narrator.config import Config
from narrator.speech.lines import Line
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.app import create_app
from narrator.ui.web.hub import Hub
from narrator.ui.web.tablevoice import table_voice

from ...browser import ARTIFACTS, in_process, part_shot

SCRIPT = load(SHIPPED)
WORDS = {"en": ("Sound levels", "Background (night, day, vote)"),
         "de": ("Lautstärken", "Hintergrundklang (Nacht, Tag, Abstimmung)"),
         "es": ("Volumen de cada sonido", "Sonido de fondo (noche, día, votación)")}


def serve(hub: Hub) -> Any:
    """The hub's page on a free port (tests/browser.py in_process)."""
    return in_process(create_app(hub))


def set_level(page: Any, layer: str, volume: int) -> None:
    """Move a layer's slider, and wait for the server's setup screen that keeps it."""
    page.fill(f"#level-{layer}", str(volume))
    kept = f"m.screen === 'setup' && m.draft.levels.{layer} === {volume}"
    page.wait_for_function(f"window.__wolfcall.received.some((m) => {kept})")


def bed_gain(path: Path, since: float, until: float) -> float:
    """The night bed's level in the WAV between `since` and `until` seconds, as a factor of the bed at full
    volume (its first sample at frame 0): the RMS of what was written over the bed's own RMS there."""
    with wave.open(str(path)) as w:
        out = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32767
    frames = np.arange(int(since * RATE), int(until * RATE))
    bed = looped(Sounds().get("bed.night"), int(LOOP_FADE * RATE)).astype(np.float64)
    reference = bed[frames % len(bed)]
    return float(np.sqrt(np.mean(out[frames] ** 2) / np.mean(reference ** 2)))


@pytest.mark.parametrize(("lang", "bed"), [("en", 100), ("de", 50), ("es", 30)])
def test_the_bed_level_chosen_on_the_setup_screen_is_the_level_the_table_hears(
        page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, bed: int) -> None:
    monkeypatch.setenv("WOLFCALL_DATA", str(tmp_path / "data"))
    cfg = Config(path=tmp_path / "config.yaml")
    hub = Hub(cfg, SCRIPT, tmp_path / "data", fast=True)
    with serve(hub) as port:
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#levels")
        page.select_option("#lang", lang)
        heading, label = WORDS[lang]
        page.wait_for_function(f"document.querySelector('#levels > label').textContent === {heading!r}")
        assert page.inner_text("label[for=level-bed]") == label
        # the README picture (make screens): the levels a table starts at
        part_shot(page, "#levels", ARTIFACTS / f"setup-levels-{lang}.png")
        set_level(page, "voice", 0)  # the bed alone is heard: no voice over it, no cue
        set_level(page, "cues", 0)
        set_level(page, "bed", bed)
    assert f"bed_volume: {bed}" in cfg.path.read_text()  # kept for the next run, as the speaker's volume is
    wav = tmp_path / "table.wav"
    speaker = table_voice(hub, lang, ["Ana", "Ben"], "file", out=wav)  # the next game's speaker, as a deal makes it
    speaker.say(Line("night.start", 0, lang, "Words.", ()), 0.0)  # the night's bed from its first sample
    speaker.say(Line("night.seer.wake", 0, lang, "Words.", ()), 20.0)
    speaker.close()
    heard = bed_gain(wav, 8.0, 18.0)  # the bed faded in, no line near: not ducked
    assert heard == pytest.approx(gain(bed), rel=0.02), f"the bed at {bed} was heard at {heard:.3f}"
