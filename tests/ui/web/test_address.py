"""The device on the table says where to join, again when its address changes: driven by injected looks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.address import Announcer, Watcher, Where, changed, join_card
from narrator.ui.web.hub import Hub

SCRIPT = load(SHIPPED)


def test_changed_says_a_new_address_and_never_an_unchanged_or_offline_one() -> None:
    pi = Where("wolfcall", "192.168.1.23", 8765)
    assert changed(None, pi)  # the network has come up
    assert not changed(pi, Where("wolfcall", "192.168.1.23", 8765))
    assert changed(pi, Where("wolfcall", "192.168.1.42", 8765))
    assert changed(pi, Where("wolfcall2", "192.168.1.23", 8765))
    assert not changed(pi, Where("wolfcall", "127.0.0.1", 8765))  # off the network: nothing to say
    assert not changed(None, Where("wolfcall", "127.0.1.1", 8765)) and not changed(pi, None)


def test_the_watcher_speaks_when_the_address_changes_and_not_when_it_stays(tmp_path: Path) -> None:
    h = Hub(Config(), SCRIPT, tmp_path, fast=True)
    h.lan_url = "http://127.0.0.1:8765/"  # served on the network, started before the Wi-Fi was up
    page: list[dict[str, Any]] = []
    h.connect(page.append)
    looks = iter(["127.0.0.1", "192.168.1.23", "192.168.1.23", "192.168.1.23", "10.0.0.7", "10.0.0.7"])
    waits: list[float] = []

    def tick(seconds: float) -> bool:  # the watcher's pause between two looks: no clock, just a count
        waits.append(seconds)
        return len(waits) == 6  # stop after the sixth look

    said = Announcer(h, 8765, find=lambda: next(looks), name=lambda: "wolfcall", seed=3)
    Watcher(said, interval=30.0, wait=tick).run()
    assert waits == [30.0] * 6
    spoken = [line.text for line in said.said]
    assert len(spoken) == 2, spoken
    assert "one nine two dot one six eight dot one dot two three" in spoken[0]
    assert "one zero dot zero dot zero dot seven" in spoken[1]
    captions = [m["text"] for m in page if m["t"] == "caption"]
    assert captions == spoken  # each said once, as a caption on the page
    assert h.lan_url == "http://10.0.0.7:8765/"  # the page's address and QR code follow
    card = join_card(h)
    assert card["address"] == "10.0.0.7:8765" and card["code"] is None


def test_the_full_screen_qr_page_shows_the_room_code_with_own_devices(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from narrator.ui.web.app import create_app

    h = Hub(Config(), SCRIPT, tmp_path, fast=True)
    h.lan_url = "http://192.168.1.23:8765/"
    h.draft.mode = "own_devices"
    client = TestClient(create_app(h, "<svg></svg>"), client=("127.0.0.1", 50000))  # the kiosk, on this machine
    page = client.get("/join")
    assert page.status_code == 200 and b"/static/join.js" in page.content
    card = client.get("/join.json").json()
    assert card["address"] == "192.168.1.23:8765" and card["code"] == h.code and card["local"].endswith(".local:8765")
    assert client.get("/static/join.js").status_code == 200
