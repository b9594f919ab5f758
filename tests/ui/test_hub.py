"""The hub behind the page, without a browser: who is sent what."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np

from narrator.audio.clip import Clip
from narrator.config import Config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from narrator.ui.web.server import BrowserSink
from narrator.ui.web.strings import missing_keys, strings

SCRIPT = load(SHIPPED)
GUARD_S = 120


def hub(tmp_path: Path) -> tuple[Hub, dict[int, list[dict[str, Any]]]]:
    h = Hub(Config(), SCRIPT, tmp_path, fast=True)
    inbox: dict[int, list[dict[str, Any]]] = {}
    for _ in range(2):
        messages: list[dict[str, Any]] = []
        client = h.connect(messages.append)
        inbox[client] = messages
    return h, inbox


def wait_for(h: Hub, screen: str) -> None:
    """Wait for the hub to show `screen`: a watching connection is told the moment it does."""
    shown = threading.Event()

    def watch(message: dict[str, Any]) -> None:
        if message.get("t") == "screen" and message.get("screen") == screen:
            shown.set()

    client = h.connect(watch)  # told the current screen at once, then every new one
    try:
        assert shown.wait(GUARD_S), f"never shown: {screen} (now {h.screen})"  # a guard against a hang only
    finally:
        h.disconnect(client)


def test_every_language_has_every_word() -> None:
    assert missing_keys() == {}
    assert strings("de")["deal.cover"] == "Verstanden, verdecken" and strings("es")["deal.show"] == "Soy {name}, ver"


def test_a_card_goes_only_to_the_screen_that_asked(tmp_path: Path) -> None:
    h, inbox = hub(tmp_path)
    first, second = list(inbox)
    h.handle(first, {"t": "players", "players": 6})
    h.handle(first, {"t": "deal"})
    wait_for(h, "deal")
    h.handle(first, {"t": "show"})
    private = [m for m in inbox[first] if m["t"] == "private"]
    assert len(private) == 1 and private[0]["kind"] == "card" and private[0]["role"]
    assert private[0]["help"] in strings("en").values()  # the card's help, read by its holder alone
    assert (private[0]["picture"] or "<svg").startswith("<svg")  # drawn inline: nothing fetched, nothing cached
    assert not [m for m in inbox[second] if m["t"] == "private"]
    assert all("role" not in m for m in inbox[second])
    h._stop_game()


def test_refusals_are_translated(tmp_path: Path) -> None:
    h, inbox = hub(tmp_path)
    first = next(iter(inbox))
    h.handle(first, {"t": "lang", "lang": "es"})
    h.handle(first, {"t": "players", "players": 6})
    h.handle(first, {"t": "adjust", "role": "werewolf", "delta": 1})
    refused = [m for m in inbox[first] if m["t"] == "refused"]
    assert refused and refused[-1]["text"] == strings("es")["refusal.setup.too_many_wolves"]


def test_browser_sound_serves_each_clip_once(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from narrator.ui.web.app import create_app

    h, inbox = hub(tmp_path)
    sink = BrowserSink(h)
    sink.play(Clip(np.zeros(2205, dtype=np.float32)), 0.0)
    first = next(iter(inbox))
    assert inbox[first][-1] == {"t": "audio", "url": "/audio/1"}
    client = TestClient(create_app(h))
    response = client.get("/audio/1")
    assert response.status_code == 200 and response.content[:4] == b"RIFF"
    assert client.get("/audio/99").status_code == 404
    page = client.get("/")
    assert page.status_code == 200 and b"/static/app.js" in page.content


def test_lan_shows_a_qr_code_of_the_address(tmp_path: Path) -> None:
    import segno
    from starlette.testclient import TestClient

    from narrator.ui.web.app import create_app
    from narrator.ui.web.server import lan_address

    address = f"http://{lan_address()}:8765/"
    h, _ = hub(tmp_path)
    h.lan_url = address
    svg = segno.make(address).svg_inline(scale=4)
    client = TestClient(create_app(h, svg))
    response = client.get("/qr.svg")
    assert response.status_code == 200 and response.text.startswith("<svg")
    assert h.current_screen()["lan"] == address
    assert TestClient(create_app(h)).get("/qr.svg").status_code == 404
