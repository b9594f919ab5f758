"""The page's offer of a natural voice for the language chosen: the banner, its buttons, the download's progress,
a cancel, a refusal kept, and the render that follows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from narrator.audio import voices
from narrator.audio.offer import answered
from narrator.config import Config
from narrator.speech.script import load
from narrator.ui.web.hub import Hub
from narrator.ui.web.tablevoice import PageCaptions
from narrator.ui.web.voicedownload import VoiceDownload

from ...huggingface import Server, offline, own_data
from ...sounds import PACKSCRIPT


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return own_data(tmp_path, monkeypatch)


def page_hub(data: Path, rendered: list[Any]) -> tuple[Hub, list[dict[str, Any]]]:
    hub = Hub(Config(), load(PACKSCRIPT), data, speaker_factory=lambda h, t: PageCaptions(h.stage))
    assert hub.voice_download is not None  # a hub that speaks offers voices; a --fast one does not
    hub.voice_download = VoiceDownload(hub, run=lambda work, *args: work(*args),
                                       start_render=lambda *a: rendered.append(a))
    inbox: list[dict[str, Any]] = []
    hub.connect(inbox.append, host=True)
    return hub, inbox


def banners(inbox: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
    return [m["banner"] for m in inbox if m["t"] == "voice_download"]


def test_the_page_offers_downloads_and_renders(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", Server())
    rendered: list[Any] = []
    hub, inbox = page_hub(data, rendered)
    assert banners(inbox) and all(b is None for b in banners(inbox))  # English: Joe is here, nothing to offer
    hub.handle(1, {"t": "lang", "lang": "de"})
    offer = banners(inbox)[-1]
    assert offer is not None and "Leopold, 3\u00a0MB" in offer["text"] and offer["progress"] is None
    assert [(b["action"], b["label"]) for b in offer["buttons"]] == [("download", "Herunterladen"),
                                                                     ("refuse", "Nein, danke")]
    del inbox[:]
    hub.handle(1, {"t": "voice_download", "action": "download"})
    shown = [b for b in banners(inbox) if b is not None]
    progress = [b["progress"] for b in shown if b["progress"] is not None]
    assert progress[0] == 0 and progress[-1] == 1 and progress == sorted(progress) and 10 < len(progress) <= 102
    assert shown[1]["buttons"][0]["action"] == "cancel" and "3 von 3\u00a0MB" in shown[-2]["text"]
    assert shown[-1]["text"].startswith("Leopold ist bereit") and shown[-1]["buttons"][0]["action"] == "dismiss"
    assert (data / "piper" / "de_DE-thorsten-medium.onnx").exists()
    assert [a[0].name for a in rendered] == ["leopold"] and answered(data, "de") == "yes"
    hub.handle(1, {"t": "voice_download", "action": "dismiss"})
    assert banners(inbox)[-1] is None


def test_the_page_cancels(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hub: Hub | None = None

    def cancel_at(reads: int) -> None:
        if reads == 10 and hub is not None:  # the cancel button, pressed while the model comes in
            hub.handle(1, {"t": "voice_download", "action": "cancel"})

    monkeypatch.setattr(voices.urllib.request, "urlopen", Server(on_read=cancel_at))
    rendered: list[Any] = []
    hub, inbox = page_hub(data, rendered)
    hub.handle(1, {"t": "lang", "lang": "es"})
    hub.handle(1, {"t": "voice_download", "action": "download"})
    last = banners(inbox)[-1]
    assert last is not None and last["text"].startswith("Descarga cancelada")
    assert not list((data / "piper").iterdir()) and not rendered and answered(data, "es") == "no"


def test_the_page_offline_shows_one_line_and_a_refusal_is_kept(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", offline)
    hub, inbox = page_hub(data, [])
    hub.handle(1, {"t": "lang", "lang": "es"})
    line = banners(inbox)[-1]
    assert line is not None and line["text"] == ("Sin internet: ahora no se puede descargar la voz en español; "
                                                 "en su lugar habla espeak-ng.")
    assert [b["action"] for b in line["buttons"]] == ["dismiss"]
    hub.handle(1, {"t": "voice_download", "action": "dismiss"})
    assert banners(inbox)[-1] is None

    monkeypatch.setattr(voices.urllib.request, "urlopen", Server())
    hub, inbox = page_hub(data, [])
    hub.handle(1, {"t": "lang", "lang": "de"})
    assert banners(inbox)[-1] is not None
    hub.handle(1, {"t": "voice_download", "action": "refuse"})
    assert banners(inbox)[-1] is None and answered(data, "de") == "no"
    hub, inbox = page_hub(data, [])  # the next game, the next day
    hub.handle(1, {"t": "lang", "lang": "de"})
    assert all(b is None for b in banners(inbox))


def test_a_fast_hub_offers_nothing(tmp_path: Path) -> None:
    assert Hub(Config(), load(PACKSCRIPT), tmp_path, fast=True).voice_download is None


def test_the_page_offers_the_narrator_that_will_speak(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = Server()
    monkeypatch.setattr(voices.urllib.request, "urlopen", server)
    hub, inbox = page_hub(data, [])
    hub.handle(1, {"t": "lang", "lang": "de"})
    first = banners(inbox)[-1]
    assert first is not None and "Leopold" in first["text"]
    hub.handle(1, {"t": "voice", "voice": "jutta"})
    chosen = banners(inbox)[-1]
    assert chosen is not None and "Jutta" in chosen["text"]
    asked = len(server.requests)
    hub.handle(1, {"t": "players", "players": 8})  # another tap on the setup screen: nothing asked again
    assert len(server.requests) == asked
    hub.handle(1, {"t": "voice_download", "action": "download"})
    assert (data / "piper" / "de_DE-kerstin-low.onnx").exists()
