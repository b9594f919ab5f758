"""Only the site's own page changes anything (narrator/ui/web/origin.py), on the real online app over Starlette's
test client: the exact origin (scheme, host, port), Sec-Fetch-Site when a browser sent no Origin, a script
with no browser headers let through, `--public-url` pinning the origin behind a proxy, the room socket alike."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from narrator.config import Config
from narrator.online.accounts import Accounts
from narrator.online.rooms import Rooms
from narrator.online.site import create_online_app
from narrator.online.store import SqliteStore
from narrator.ui.web.origin import public_origin

from .roomtable import SCRIPT

BASE = "http://table.example:8443"
WOLFCALL = str(Path(sys.executable).parent / "wolfcall")


@pytest.fixture
def made(tmp_path: Path) -> Iterator[Any]:
    """`made(public=None)`: accounts, rooms and the app, closed after the test."""
    opened: list[Rooms] = []

    def make(public: str | None = None) -> tuple[Accounts, Rooms, Any]:
        accounts = Accounts(SqliteStore(tmp_path / f"accounts{len(opened)}.sqlite"))
        rooms = Rooms(Config(), SCRIPT, tmp_path, fast=True)
        opened.append(rooms)
        return accounts, rooms, create_online_app(accounts, rooms, public=public)
    yield make
    for rooms in opened:
        rooms.close()



def test_a_post_from_another_origin_is_refused_before_it_changes_anything(made: Any) -> None:
    accounts, rooms, app = made()
    client = TestClient(app, base_url=BASE)
    own = {"origin": BASE}
    assert client.post("/api/signup", json={"name": "Ana", "password": "correct horse"}, headers=own).status_code == 200
    token = client.cookies["wolfcall_session"]
    foreign = ["http://table.example:8000", "https://table.example:8443", "http://evil.example:8443", "null"]
    for origin in foreign:
        for path, body in (("/api/rooms", {"ruleset": "classic"}), ("/api/join", {"code": "AAAAAAAA"}),
                           ("/api/signout", {}), ("/api/signup", {"name": "Eve", "password": "correct horse"})):
            reply = client.post(path, json=body, headers={"origin": origin})
            assert reply.status_code == 403 and reply.json()["rule"] == "request.origin", (origin, path, reply.text)
            assert "set-cookie" not in reply.headers
    for fetch_site in ("same-site", "cross-site"):  # a browser that sent no Origin says where the page was
        reply = client.post("/api/rooms", json={"ruleset": "classic"}, headers={"sec-fetch-site": fetch_site})
        assert reply.status_code == 403, reply.text
    assert rooms.all() == [] and accounts.user_of(token) is not None
    assert client.post("/api/rooms", json={}, headers={**own, "sec-fetch-site": "same-origin"}).status_code == 200
    assert client.post("/api/rooms", json={}).status_code == 200  # a script with its own cookie: no browser
    assert len(rooms.all()) == 2


def test_a_post_must_be_json_so_that_no_plain_form_gets_through(made: Any) -> None:
    _accounts, rooms, app = made()
    client = TestClient(app, base_url=BASE)
    client.post("/api/signup", json={"name": "Ana", "password": "correct horse"})
    for path in ("/api/rooms", "/api/join", "/api/signout"):
        reply = client.post(path, content=b'{"ruleset": "classic"}', headers={"content-type": "text/plain"})
        assert reply.status_code == 400 and reply.json()["rule"] == "request.form", (path, reply.text)
    assert rooms.all() == [] and client.get("/api/me").status_code == 200


def socket_rule(client: TestClient, code: str, headers: dict[str, str]) -> str:
    """The first answer the room's socket gives: `you` when let in, else the refusal's rule."""
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    with client.websocket_connect(f"/r/{code}/ws", headers={"cookie": cookie, **headers}) as ws:
        while True:
            message = ws.receive_json()
            if message.get("t") in ("you", "refused"):
                return str(message.get("rule", "you"))


def test_the_room_socket_takes_only_the_sites_own_origin_scheme_included(made: Any) -> None:
    _accounts, _rooms, app = made()
    client = TestClient(app, base_url=BASE)
    client.post("/api/signup", json={"name": "Ana", "password": "correct horse"})
    code = client.post("/api/rooms", json={}).json()["code"]
    host = {"host": "table.example:8443"}
    assert socket_rule(client, code, {**host, "origin": BASE}) == "you"
    for origin in ("https://table.example:8443", "http://table.example:8000", "null"):
        assert socket_rule(client, code, {**host, "origin": origin}) == "request.origin", origin


def test_the_public_url_is_the_only_origin_whatever_host_the_proxy_sends(made: Any) -> None:
    _accounts, rooms, app = made(public=public_origin("https://wolf.example.org"))
    client = TestClient(app, base_url="http://127.0.0.1:8443")  # the proxy's own request, Host 127.0.0.1:8443
    public = {"origin": "https://wolf.example.org"}
    signed = client.post("/api/signup", json={"name": "Ana", "password": "correct horse"}, headers=public)
    assert signed.status_code == 200
    code = client.post("/api/rooms", json={}, headers=public).json()["code"]
    local = {"origin": "http://127.0.0.1:8443"}  # the request's own scheme and Host: not what players open
    assert client.post("/api/rooms", json={}, headers=local).status_code == 403
    assert socket_rule(client, code, public) == "you"
    assert socket_rule(client, code, local) == "request.origin"
    assert len(rooms.all()) == 1


def test_a_public_url_with_a_path_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run([WOLFCALL, "serve", "--online", "--insecure", "--public-url", "https://wolf.example.org/x",
                           "--data", str(tmp_path)], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip() == "wolfcall serve: --public-url: the server is served at a host's root; give no path"
