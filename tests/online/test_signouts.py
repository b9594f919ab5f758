"""Issue 39: a room's socket ends with its session. Signing out, or changing the password on another device, closes
the session's room pages (told why, in the room's language, then `gone`), and nothing a page sends after that acts:
in one process (Starlette's test client, a real SQLite store) and across two real `wolfcall serve` processes that
share nothing but PostgreSQL, the sign-out made on one and the page open on the other. Every wait is for a frame
or the socket's close; the bounds only guard against a hang."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from narrator.config import Config
from narrator.online.accounts import Accounts
from narrator.online.rooms import Rooms
from narrator.online.signouts import Signouts
from narrator.online.site import create_online_app
from narrator.online.store import SqliteStore
from narrator.ui.web.strings import strings

from ..browser import free_port
from .test_restart_browser import Process, start, stopped
from .test_rooms_browser import TEST_GUARD_S
from .test_site import BASE, SCRIPT, signed_up, socket

PASSWORD = "correct horse"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    accounts = Accounts(SqliteStore(tmp_path / "accounts.sqlite"))
    rooms = Rooms(Config(), SCRIPT, tmp_path, fast=True)
    yield create_online_app(accounts, rooms, secure=False)
    rooms.close()


def ended(lang: str) -> dict[str, Any]:
    return {"t": "refused", "rule": "session.ended", "text": strings(lang)["refusal.session.ended"]}


def acted(m: dict[str, Any]) -> bool:
    """Is this the answer to a page's `deal` (one player is too few): the message was handled."""
    return m.get("rule") == "room.too_few"


def until_closed(ws: Any) -> list[dict[str, Any]]:
    """Every frame the socket gets until it is closed (the test client raises at the close frame); none may be
    the answer to a message sent after the session ended."""
    got: list[dict[str, Any]] = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            got.append(ws.receive_json())
            assert not acted(got[-1]), got
    assert closed.value.code == 4403
    return got


def lobby(ws: Any) -> None:
    """The page's first frames, up to the one that says whose page it is."""
    while ws.receive_json()["t"] != "you":
        pass


def refusal(ws: Any) -> str:
    """The rule of the next refusal the page gets (the frames before it are the room's: a screen, the odds)."""
    while (m := ws.receive_json())["t"] != "refused":
        pass
    return str(m["rule"])


def test_signing_out_closes_the_sessions_pages_and_what_they_send_never_acts(app: Any) -> None:
    ana = signed_up(app, "Ana")
    code = ana.post("/api/rooms", json={"ruleset": "classic", "lang": "de"}).json()["code"]
    with socket(ana, f"/r/{code}/ws") as ws, socket(ana, f"/r/{code}/ws") as other_tab:
        lobby(ws)
        lobby(other_tab)
        ws.send_json({"t": "deal"})  # acts while signed in: one player is too few
        assert refusal(ws) == "room.too_few"
        cookie = dict(ana.cookies)
        assert ana.post("/api/signout", json={}).status_code == 200
        ws.send_json({"t": "deal"})  # sent after the sign-out: never handled (no room.too_few)
        for page in (ws, other_tab):
            got = until_closed(page)
            assert got[-2:] == [ended("de"), {"t": "gone"}], got
    stale = TestClient(app, base_url=BASE, cookies=cookie)
    assert stale.post("/api/rooms", json={"ruleset": "classic"}).json()["rule"] == "signin.required"
    with socket(stale, f"/r/{code}/ws") as ws:
        assert ws.receive_json()["rule"] == "signin.required"


def test_a_password_change_closes_the_other_sessions_pages(app: Any) -> None:
    laptop = signed_up(app, "Ana")
    phone = TestClient(app, base_url=BASE)
    assert phone.post("/api/signin", json={"name": "Ana", "password": PASSWORD}).status_code == 200
    code = laptop.post("/api/rooms", json={"ruleset": "classic"}).json()["code"]
    with socket(phone, f"/r/{code}/ws") as on_phone, socket(laptop, f"/r/{code}/ws") as on_laptop:
        lobby(on_phone)
        lobby(on_laptop)
        changed = laptop.post("/api/password", json={"password": PASSWORD, "new": "a new password"})
        assert changed.status_code == 200 and changed.json() == {"name": "Ana"}
        on_phone.send_json({"t": "deal"})
        got = until_closed(on_phone)
        assert got[-2:] == [ended("en"), {"t": "gone"}], got
        on_laptop.send_json({"t": "deal"})  # the session that changed it goes on
        assert refusal(on_laptop) == "room.too_few"
    assert phone.get("/api/me").status_code == 401 and laptop.get("/api/me").json() == {"name": "Ana"}
    wrong = laptop.post("/api/password", json={"password": PASSWORD, "new": "another one"})
    assert wrong.status_code == 401 and wrong.json()["rule"] == "signin.wrong"


def test_a_socket_whose_session_ended_elsewhere_acts_no_more_and_the_watch_ends_with_the_last(
        tmp_path: Path) -> None:
    """The look on each message, before any poll has run (another process ended the session a moment ago)."""
    store = SqliteStore(tmp_path / "accounts.sqlite")
    accounts = Accounts(store)
    user = accounts.sign_up("Ana", PASSWORD)
    token = accounts.open_session(user)
    signouts = Signouts(accounts, every=TEST_GUARD_S)  # no poll comes during the test: only the look on a message
    told: list[str] = []
    watched = signouts.watch(token, lambda: told.append("closed"))
    thread = signouts.thread
    assert signouts.acts(watched, user.id) and told == []
    assert not signouts.acts(watched, user.id + 1)  # another account's session: never
    assert told == ["closed"]
    again = signouts.watch(accounts.open_session(user), lambda: told.append("second"))
    accounts.sign_out(again.token)  # as another process does: nothing here is told
    assert not signouts.acts(again, user.id) and told == ["closed", "second"]
    assert not signouts.acts(again, user.id) and told == ["closed", "second"]  # told once
    signouts.forget(watched)
    signouts.forget(again)
    assert thread is not None
    thread.join(TEST_GUARD_S)
    assert not thread.is_alive() and signouts.thread is None
    store.close()


# -- two processes sharing PostgreSQL ------------------------------------------------------------------------------
class Browser:
    """One browser's session cookie, sent to whichever process it asks (the cookie is Secure, as behind nginx: a
    client over plain HTTP would keep it to itself)."""

    def __init__(self) -> None:
        self.token = ""

    def post(self, port: int, path: str, body: dict[str, Any]) -> httpx.Response:
        answer = httpx.post(f"http://127.0.0.1:{port}{path}", json=body, headers=self.headers(), timeout=TEST_GUARD_S)
        for header in answer.headers.get_list("set-cookie"):
            if header.startswith("wolfcall_session="):
                self.token = header.split(";")[0].split("=", 1)[1]
        return answer

    def me(self, port: int) -> int:
        return httpx.get(f"http://127.0.0.1:{port}/api/me", headers=self.headers(), timeout=TEST_GUARD_S).status_code

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"wolfcall_session={self.token}"} if self.token else {}

    async def page(self, port: int, code: str) -> Any:
        from websockets.asyncio.client import connect

        ws = await connect(f"ws://127.0.0.1:{port}/r/{code}/ws", proxy=None, additional_headers=self.headers())
        while json.loads(await ws.recv())["t"] != "you":
            pass
        return ws


async def frames_until_closed(ws: Any) -> list[dict[str, Any]]:
    from websockets.exceptions import ConnectionClosed

    got: list[dict[str, Any]] = []
    try:
        while True:
            got.append(json.loads(await ws.recv()))
            assert not acted(got[-1]), got
    except ConnectionClosed:
        pass
    assert ws.close_code == 4403
    return got


async def across(a: int, b: int) -> None:
    laptop, phone = Browser(), Browser()
    assert laptop.post(a, "/api/signup", {"name": "Ana", "password": PASSWORD}).status_code == 200
    code = laptop.post(a, "/api/rooms", {"ruleset": "classic", "lang": "es"}).json()["code"]
    ws = await laptop.page(a, code)
    assert laptop.post(b, "/api/signout", {}).status_code == 200  # its next request sent to the other process
    await ws.send(json.dumps({"t": "deal"}))  # A knows nothing of the sign-out but what the store says
    got = await asyncio.wait_for(frames_until_closed(ws), TEST_GUARD_S)
    assert got[-2:] == [ended("es"), {"t": "gone"}], got

    assert laptop.post(b, "/api/signin", {"name": "Ana", "password": PASSWORD}).status_code == 200
    assert phone.post(a, "/api/signin", {"name": "Ana", "password": PASSWORD}).status_code == 200
    idle = await phone.page(a, code)
    assert laptop.post(b, "/api/password", {"password": PASSWORD, "new": "a new password"}).status_code == 200
    got = await asyncio.wait_for(frames_until_closed(idle), TEST_GUARD_S)  # an idle page: A's look at the store
    assert got[-2:] == [ended("es"), {"t": "gone"}], got
    assert phone.me(a) == 401 and laptop.me(a) == 200


def test_a_sign_out_on_one_process_closes_the_page_on_another(tmp_path: Path, pg_address: str) -> None:
    ports = [free_port(), free_port()]
    running: list[Process] = []
    with stopped(running):
        for n, port in enumerate(ports, 1):
            (tmp_path / f"machine{n}").mkdir()
            running.append(start(tmp_path / f"machine{n}", port, "--store", pg_address))
        asyncio.run(asyncio.wait_for(across(*ports), TEST_GUARD_S))
