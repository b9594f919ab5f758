"""The narrator in the browser: each line's clip, the bed and cue it brings, and the page's ducking in Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.audio.ambience import synthesize
from narrator.audio.clip import RATE, Clip, from_wav, to_wav
from narrator.audio.speaker import AudioSpeaker
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Line
from narrator.ui.web.app import create_app
from narrator.ui.web.tablevoice import BrowserSink

from .test_hub import hub

STATIC = Path(__file__).resolve().parents[3] / "narrator" / "ui" / "web" / "static"


class Silent:
    """An engine that says each line as a second of quiet noise."""

    from narrator.audio.engines import VoiceSettings

    settings = VoiceSettings("espeak", "test", "en")
    live = True

    def identity(self) -> str:
        return "quiet"

    def synthesize(self, text: str) -> Clip:
        return Clip((np.random.default_rng(1).standard_normal(RATE) * 0.1).astype(np.float32))


def test_the_page_is_told_the_bed_and_cue_each_line_brings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.testclient import TestClient

    monkeypatch.setenv("WOLFCALL_DATA", str(tmp_path / "data"))
    h, inbox = hub(tmp_path)
    speaker = AudioSpeaker("en", [BrowserSink(h)], CaptionSpeaker(None), engine=Silent())  # type: ignore[arg-type]
    for scene in ("night.start", "night.seer.wake", "dawn.start"):
        speaker.say(Line(scene, 0, "en", "Words.", ()), 0.0)
    heard = [m for m in next(iter(inbox.values())) if m["t"] == "audio"]
    # every line names the bed that plays, so a page that connects (or is reloaded) mid-night starts it at once
    assert [(m.get("bed"), m.get("cue")) for m in heard] == [("night", "nightfall"), ("night", None), ("day", "dawn")]
    for m in heard:
        assert m["levels"] == {"voice": 1.0, "bed": pytest.approx(0.36), "cues": pytest.approx(0.64)}
    client = TestClient(create_app(h))
    served = client.get("/ambience/cue.dawn")
    assert served.status_code == 200
    made = synthesize("cue.dawn").samples
    assert np.abs(from_wav(served.content).samples - made).max() < 1e-3  # the project's own cue, as 16-bit WAV
    assert client.get("/ambience/../config.yaml").status_code == 404
    assert client.get("/ambience/bed.nowhere").status_code == 404


PAGE = """<!doctype html><button id="go">go</button><script src="/static/ambience.js"></script>
<script>document.getElementById("go").onclick = () => {
  wolfcallAmbience.watch();
  const line = new Audio("/audio/1");
  wolfcallAmbience.line(line, {bed: "night", cue: "nightfall", levels: {voice: 1, bed: 0.36, cues: 0.64}});
  line.addEventListener("ended", () => { window.ended = true; });
  line.play();
};</script>"""


def test_the_page_ducks_the_bed_under_the_voice_with_ramps(page: Any) -> None:
    voice = to_wav(Clip((np.random.default_rng(2).standard_normal(2 * RATE) * 0.1).astype(np.float32)))
    sounds = {"bed.night": to_wav(Clip(np.full(RATE, 0.1, dtype=np.float32))),
              "cue.nightfall": to_wav(Clip(np.zeros(RATE // 4, dtype=np.float32)))}

    def serve(route: Any) -> None:
        path = route.request.url.split("wolfcall.test", 1)[1]
        if path == "/":
            route.fulfill(body=PAGE, content_type="text/html")
        elif path.startswith("/static/"):
            route.fulfill(path=str(STATIC / path.removeprefix("/static/")))
        elif path == "/audio/1":
            route.fulfill(body=voice, content_type="audio/wav")
        else:
            route.fulfill(body=sounds[path.removeprefix("/ambience/")], content_type="audio/wav")

    page.route("http://wolfcall.test/**", serve)
    page.goto("http://wolfcall.test/")
    page.click("#go")
    ducked = "wolfcallAmbience.gain() !== null && wolfcallAmbience.gain() <= wolfcallAmbience.floor + 1e-4"
    page.wait_for_function(ducked)
    page.wait_for_function("window.ended === true && wolfcallAmbience.gain() >= 1 - 1e-4")
    trace = page.evaluate("wolfcallAmbience.trace")
    times, gains = np.array([t for t, _ in trace]), np.array([g for _, g in trace])
    assert gains.min() == pytest.approx(10 ** (-12 / 20), abs=1e-3)  # 12 dB down under the voice
    moved = np.flatnonzero(np.abs(np.diff(gains)) > 1e-6)
    assert len(moved) >= 4, "the gain jumped instead of ramping"
    # Chromium updates the clock and the gain it reports one render quantum (3 ms) apart at times, so two
    # neighbouring samples can show a step with no time between them: the slope is read over 10 ms or more
    # (a jump from the floor to full shows about five times the limit there, the 200 ms ramp a quarter of it)
    later = np.searchsorted(times, times + 0.010)
    spans = np.flatnonzero(later < len(times))
    slopes = np.abs(gains[later[spans]] - gains[spans]) / (times[later[spans]] - times[spans])
    assert slopes.max() <= (1 - 10 ** (-12 / 20)) / 0.05, "the page's duck moved faster than a 50 ms ramp"


QUIET_PAGE = """<!doctype html><button id="go">go</button><script src="/static/ambience.js"></script>
<script>document.getElementById("go").onclick = () => {
  for (let k = 0; k < LINES; k++) {
    wolfcallAmbience.line(new Audio("/audio/1"), {bed: "night", levels: {voice: 1, bed: BED, cues: 0}});
  }
};</script>"""


def bed_level(page: Any, bed: float, lines: int = 1) -> float:
    """What the page's WebAudio sends the speaker once the night bed has faded in at level `bed` (no line plays,
    so nothing ducks it), `lines` lines each naming the night's bed told at once: the bed is a constant 0.1, so
    the speaker gets 0.1 times the bed's gain."""
    sounds = {"bed.night": to_wav(Clip(np.full(4 * RATE, 0.1, dtype=np.float32))),
              "/audio/1": to_wav(Clip(np.zeros(RATE // 10, dtype=np.float32)))}  # a line, not played

    def serve(route: Any) -> None:
        path = route.request.url.split("wolfcall.test", 1)[1]
        if path == "/":
            html = QUIET_PAGE.replace("BED", str(bed)).replace("LINES", str(lines))
            route.fulfill(body=html, content_type="text/html")
        elif path.startswith("/static/"):
            route.fulfill(path=str(STATIC / path.removeprefix("/static/")))
        else:
            route.fulfill(body=sounds[path.removeprefix("/ambience/")], content_type="audio/wav")

    page.route("http://wolfcall.test/**", serve)
    page.goto("http://wolfcall.test/")
    page.click("#go")
    # the fade-in is a ramp: the level stops moving at its end (two reads a block apart, the same)
    settled = page.wait_for_function("""(() => { const a = wolfcallAmbience.level();
        if (a === null || a === 0) return null;
        window.levels = [...(window.levels || []).slice(-20), a];
        const l = window.levels; return l.length > 10 && Math.abs(l[l.length - 1] - l[l.length - 11]) < 1e-4 ? a : null;
      })()""", polling=50)
    return float(settled.json_value())


@pytest.mark.parametrize("bed", [0.36, 0.09])
def test_the_page_plays_the_bed_at_the_level_it_is_told(page: Any, bed: float) -> None:
    """The bed level the setup chose (sent with each line that changes the bed) is what the page's WebAudio sends
    the speaker: measured on its output, not read from a setting."""
    assert bed_level(page, bed) == pytest.approx(0.1 * bed, rel=0.02)


def test_lines_that_name_the_bed_playing_start_it_once(page: Any) -> None:
    """Every line names the bed that plays; lines that come while its sound is still loading start one bed, not
    one each (which would play it twice as loud)."""
    assert bed_level(page, 0.36, lines=3) == pytest.approx(0.1 * 0.36, rel=0.02)
