"""The table's server over HTTP: the room code of own devices is shown at the table, never served to anyone
on the Wi-Fi who asks (narrator/ui/web/app.py)."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from narrator.config import Config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.app import create_app
from narrator.ui.web.arrivals import JOIN_TRIES
from narrator.ui.web.hub import Hub

SCRIPT = load(SHIPPED)
PLAIN = "<svg>the address alone</svg>"


def own_devices(tmp_path: Path) -> Hub:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    hub.lan_url = "http://192.168.1.23:8765/"
    hub.draft.mode = "own_devices"
    return hub


def test_the_room_code_is_not_served_to_a_phone_on_the_wifi(tmp_path: Path) -> None:
    hub = own_devices(tmp_path)
    phone = TestClient(create_app(hub, PLAIN, clock=lambda: 0.0), client=("192.168.1.50", 40000))
    card = phone.get("/join.json").json()
    assert card["code"] is None and card["address"] == "192.168.1.23:8765"
    assert phone.get("/qr.svg").text == PLAIN  # the address to scan, without the code
    assert hub.code not in phone.get("/qr.svg").text


def test_the_kiosk_and_the_page_that_names_the_code_get_it(tmp_path: Path) -> None:
    hub = own_devices(tmp_path)
    app = create_app(hub, PLAIN, clock=lambda: 0.0)
    kiosk = TestClient(app, client=("127.0.0.1", 40000))
    assert kiosk.get("/join.json").json()["code"] == hub.code
    assert kiosk.get("/qr.svg").text != PLAIN
    host = TestClient(app, client=("192.168.1.60", 40000))  # the host's phone: its page has the code
    assert host.get(f"/join.json?code={hub.code.lower()}").json()["code"] == hub.code
    assert host.get(f"/qr.svg?code={hub.code}").text != PLAIN
    guesser = TestClient(app, client=("192.168.1.66", 40000))
    for _ in range(JOIN_TRIES):
        assert guesser.get("/join.json?code=AAAAAA").json()["code"] is None
    # past the limit the right code gets the answer a wrong one gets: the card tells nothing to a guesser
    assert guesser.get(f"/join.json?code={hub.code}").json()["code"] is None
    assert guesser.get(f"/qr.svg?code={hub.code}").text == PLAIN
