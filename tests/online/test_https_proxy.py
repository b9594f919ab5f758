"""Behind a real nginx that holds the certificate (HTTPS, as the README's hosted server), the online server
configured as `wolfcall serve --online --proxy` is (narrator/cli/serve.py `server_config`) takes nginx's
`X-Forwarded-Proto` for the scheme the players use: a page of https://<nginx> signs up (its cookie Secure),
opens a room and gets the room's wss socket, while a page of the same host and port over plain http is another
origin and refused. The same server not told it is behind a proxy reads no X-Forwarded-* header, sees plain
HTTP, and refuses the https page as another origin: the trust is what lets the players in.

Every wait is for an answer; the bounds only guard against a hang."""

from __future__ import annotations

import json
import ssl
from pathlib import Path

import httpx
from websockets.sync.client import connect

from .test_rooms_browser import serve

GUARD_S = 60  # only against a hang
FORM = {"name": "Ana", "password": "correct horse battery"}


def first_answer(url: str, code: str, cookie: str, origin: str) -> str:
    """The room socket's first answer through nginx (wss): `you` when let in, else the refusal's rule."""
    unchecked = ssl.create_default_context()
    unchecked.check_hostname = False
    unchecked.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate
    with connect(f"{url.replace('https', 'wss')}/r/{code}/ws", ssl=unchecked, open_timeout=GUARD_S,
                 additional_headers={"origin": origin, "cookie": cookie}) as ws:
        while True:
            message = json.loads(ws.recv(timeout=GUARD_S))
            if message.get("t") in ("you", "refused"):
                return str(message.get("rule", "you"))


def test_behind_nginx_with_https_the_players_https_origin_is_the_sites_own(tmp_path: Path) -> None:
    with serve(tmp_path, tls=True) as server, httpx.Client(base_url=server.url, verify=False, timeout=GUARD_S,
                                                           headers={"origin": server.url}) as client:
        assert server.url.startswith("https://127.0.0.1:")
        signed = client.post("/api/signup", json=FORM)
        assert signed.status_code == 200, signed.text
        assert "secure" in signed.headers["set-cookie"].lower().split("; "), signed.headers["set-cookie"]
        opened = client.post("/api/rooms", json={})
        assert opened.status_code == 200, opened.text
        code = opened.json()["code"]
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        assert first_answer(server.url, code, cookie, server.url) == "you"
        plain = server.url.replace("https", "http")  # the same host and port, another scheme: another origin
        assert first_answer(server.url, code, cookie, plain) == "request.origin"
        refused = client.post("/api/rooms", json={}, headers={"origin": plain})
        assert refused.status_code == 403 and refused.json()["rule"] == "request.origin"
        assert len(server.rooms.all()) == 1


def test_without_the_proxys_trust_the_https_page_is_another_origin(tmp_path: Path) -> None:
    with serve(tmp_path, tls=True, trusted=False) as server, httpx.Client(
            base_url=server.url, verify=False, timeout=GUARD_S, headers={"origin": server.url}) as client:
        refused = client.post("/api/signup", json=FORM)
        assert refused.status_code == 403 and refused.json()["rule"] == "request.origin", refused.text
