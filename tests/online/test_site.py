"""The online server over HTTP and its sockets (Starlette's test client, real accounts, real espeak-ng):
only a room's members get its socket and its narrator's clips; another site's page gets no socket."""

from __future__ import annotations

import asyncio
import io
import threading
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from narrator.config import Config
from narrator.online.accounts import Accounts
from narrator.online.rooms import Rooms
from narrator.online.site import Outbox, Wakeup, create_online_app
from narrator.online.speech import room_voice
from narrator.online.store import SqliteStore
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
BASE = "http://table.example"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Accounts, Rooms, Any]]:
    accounts = Accounts(SqliteStore(tmp_path / "accounts.sqlite"))
    rooms = Rooms(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=room_voice)
    yield accounts, rooms, create_online_app(accounts, rooms, secure=False)
    rooms.close()


def signed_up(app: Any, name: str) -> TestClient:
    client = TestClient(app, base_url=BASE)
    reply = client.post("/api/signup", json={"name": name, "password": "correct horse"})
    assert reply.status_code == 200, reply.text
    return client


def socket(client: TestClient, path: str, origin: str | None = None) -> Any:
    """The room's socket as the browser opens it: with the session cookie (and the page's origin)."""
    headers = {"cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items()), "host": "table.example"}
    if origin is not None:
        headers["origin"] = origin
    return client.websocket_connect(path, headers=headers)


def test_open_join_and_the_rooms_refusals(site: tuple[Accounts, Rooms, Any]) -> None:
    _accounts, _rooms, app = site
    anon = TestClient(app, base_url=BASE)
    assert anon.post("/api/rooms", json={"ruleset": "classic"}).json()["rule"] == "signin.required"
    ana = signed_up(app, "Ana")
    code = ana.post("/api/rooms", json={"ruleset": "extended", "lang": "de"}).json()["code"]
    ben = signed_up(app, "Ben")
    wrong = ben.post("/api/join", json={"code": "ZZZZZZZZ"})
    assert wrong.status_code == 404 and wrong.json()["rule"] == "room.unknown"
    assert ben.post("/api/join", json={"code": code.lower()}).json() == {"code": code}
    page = ben.get(f"/r/{code}", follow_redirects=False)
    assert page.status_code == 200 and 'src="/static/room.js"' in page.text and 'id="voice-bar"' in page.text
    carla = signed_up(app, "Carla")
    assert carla.get(f"/r/{code}", follow_redirects=False).headers["location"] == f"/#code={code}"
    big = ben.post("/api/join", content=b"{" + b" " * 5000 + b"}", headers={"content-type": "application/json"})
    assert big.json()["rule"] == "request.large"
    assert ben.post("/api/rooms", json={"ruleset": "poker"}).json()["rule"] == "message.form"


def test_only_members_get_the_socket_and_another_sites_page_none(site: tuple[Accounts, Rooms, Any]) -> None:
    _accounts, _rooms, app = site
    ana = signed_up(app, "Ana")
    code = ana.post("/api/rooms", json={"ruleset": "classic"}).json()["code"]
    with socket(ana, f"/r/{code}/ws", BASE) as ws:
        first = [ws.receive_json() for _ in range(4)]
        assert {"t": "you", "as": "host", "seat": 1, "room": code} in first, first
    outsider = signed_up(app, "Mallory")
    with socket(outsider, f"/r/{code}/ws") as ws:
        assert ws.receive_json()["rule"] == "room.not_member"
        assert ws.receive_json() == {"t": "gone"}
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with socket(ana, f"/r/{code}/ws", "http://evil.example") as ws:
        assert ws.receive_json()["rule"] == "request.origin"  # another site's page, with Ana's cookie: no seat
        assert ws.receive_json() == {"t": "gone"}
    anon = TestClient(app, base_url=BASE)
    with anon.websocket_connect(f"/r/{code}/ws") as ws:
        assert ws.receive_json()["rule"] == "signin.required"


def test_the_narrator_speaks_in_every_members_page(site: tuple[Accounts, Rooms, Any]) -> None:
    """Six players' sockets; the deal's first lines reach every page as clips that decode (espeak-ng), and
    a clip is served to members only."""
    _accounts, _rooms, app = site
    names = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"]
    clients = [signed_up(app, n) for n in names]
    code = clients[0].post("/api/rooms", json={"ruleset": "classic", "lang": "es"}).json()["code"]
    for c in clients[1:]:
        assert c.post("/api/join", json={"code": code}).status_code == 200
    sockets = [socket(c, f"/r/{code}/ws").__enter__() for c in clients]
    try:
        sockets[0].send_json({"t": "deal"})
        heard: list[list[str]] = []
        for ws in sockets:
            urls: list[str] = []
            while len(urls) < 2:
                m = ws.receive_json()
                if m["t"] == "audio":
                    urls.append(m["url"])
            heard.append(urls)
        assert all(h == heard[0] for h in heard), heard
        clip = clients[3].get(heard[0][0])
        assert clip.status_code == 200
        with wave.open(io.BytesIO(clip.content)) as w:
            assert w.getnframes() > w.getframerate() // 4  # a spoken line, decoded: over a quarter second
        stranger = signed_up(app, "Mallory")
        assert stranger.get(heard[0][0]).status_code == 404
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_a_flood_from_one_page_is_told_once_then_nothing_then_closed(tmp_path: Path) -> None:
    """The socket counts each page's messages as they arrive (on a clock that stands still here): past the
    allowance, one refusal for the rate, nothing more, and the socket is closed if it keeps on."""
    from narrator.online.site import BURST
    from narrator.ui.web.arrivals import FLOODED, STRIKES

    accounts = Accounts(SqliteStore(tmp_path / "accounts.sqlite"))
    rooms = Rooms(Config(), SCRIPT, tmp_path, fast=True)
    app = create_online_app(accounts, rooms, clock=lambda: 0.0)
    ana = signed_up(app, "Ana")
    code = ana.post("/api/rooms", json={"ruleset": "classic"}).json()["code"]
    sent = int(BURST) + int(STRIKES) + 1
    frames: list[dict[str, Any]] = []
    with socket(ana, f"/r/{code}/ws") as ws:
        for _ in range(sent):
            ws.send_json({"t": "hand", "up": True})  # refused anyway before a game: its rule says why
        with pytest.raises(WebSocketDisconnect) as closed:
            while sum(m["t"] == "refused" for m in frames) < sent:  # on the old code: every one answered
                frames.append(ws.receive_json())
    rules = [m["rule"] for m in frames if m["t"] == "refused"]
    assert rules.count("message.rate") == 1 and rules[-1] == "message.rate", rules[-10:]
    assert frames[-1]["rule"] == "message.rate", "nothing after the one refusal"
    assert closed.value.code == FLOODED
    rooms.close()


def test_a_server_with_a_code_prefix_draws_its_codes_with_it_and_joins_by_path(tmp_path: Path) -> None:
    """Several servers behind a router: each draws codes with its own first letter, and joining names the
    code in the path, so the router sends every request of a room to the server that holds it."""
    accounts = Accounts(SqliteStore(tmp_path / "accounts.sqlite"))
    rooms = Rooms(Config(), SCRIPT, tmp_path, fast=True, prefix="K")
    app = create_online_app(accounts, rooms)
    ana, ben = signed_up(app, "Ana"), signed_up(app, "Ben")
    code = ana.post("/api/rooms", json={"ruleset": "classic"}).json()["code"]
    codes = {code} | {rooms.open(100 + i, f"P{i}", {"ruleset": "classic"}).code for i in range(19)}
    assert len(codes) == 20 and all(c.startswith("K") and len(c) == 8 for c in codes)
    assert ben.post(f"/r/{code.lower()}/join", json={}).json() == {"code": code}
    assert ben.post("/r/KAAAAAAA/join", json={}).json()["rule"] == "room.unknown"
    with pytest.raises(ValueError):
        Rooms(Config(), SCRIPT, tmp_path, prefix="O")  # not a letter of the codes' alphabet
    rooms.close()


def test_a_live_code_and_a_guessed_one_get_the_same_answer_and_every_guess_counts(
        site: tuple[Accounts, Rooms, Any]) -> None:
    from narrator.online.rooms import JOIN_TRIES

    _accounts, _rooms, app = site
    ana = signed_up(app, "Ana")
    code = ana.post("/api/rooms", json={"ruleset": "classic"}).json()["code"]
    guessed = "ZZZZZZZZ" if code != "ZZZZZZZZ" else "YYYYYYYY"
    mallory = signed_up(app, "Mallory")
    live, wrong = (mallory.get(f"/r/{c}", follow_redirects=False) for c in (code, guessed))
    assert (live.status_code, live.content) == (wrong.status_code, wrong.content)
    assert wrong.headers["location"] == live.headers["location"].replace(code, guessed)
    answers = []
    for c in (code, guessed):
        with socket(mallory, f"/r/{c}/ws") as ws:
            answers.append([ws.receive_json(), ws.receive_json()])
    assert answers[0] == answers[1] and answers[0][0]["rule"] == "room.not_member", answers
    for _ in range(JOIN_TRIES - 4):  # two pages and two sockets counted already
        mallory.get(f"/r/{guessed}", follow_redirects=False)
    slow = mallory.post("/api/join", json={"code": code})  # the right code, after a minute of guesses
    assert slow.status_code == 429 and slow.json()["rule"] == "room.slow"


def test_a_binary_frame_to_a_rooms_socket_is_refused_and_deep_json_is_a_bad_request(
        site: tuple[Accounts, Rooms, Any], caplog: pytest.LogCaptureFixture) -> None:
    _accounts, _rooms, app = site
    ana = signed_up(app, "Ana")
    code = ana.post("/api/rooms", json={"ruleset": "classic"}).json()["code"]
    with socket(ana, f"/r/{code}/ws") as ws:
        ws.send_bytes(b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09")
        while (m := ws.receive_json())["t"] != "refused":
            pass
        assert m["rule"] == "message.form"
        ws.send_json({"t": "hand", "up": True})  # the socket goes on: this one is answered too
        while (m := ws.receive_json())["t"] != "refused":
            pass
    deep = b'{"name": ' + b"[" * 1900 + b"]" * 1900 + b"}"
    anon = TestClient(app, base_url=BASE)
    for path in ("/api/signup", "/api/signin"):
        reply = anon.post(path, content=deep, headers={"content-type": "application/json"})
        assert reply.status_code == 400 and reply.json()["rule"] == "request.form", reply.text
    nested = ana.post("/api/rooms", content=b"[" * 1900 + b"]" * 1900, headers={"content-type": "application/json"})
    assert nested.status_code == 400 and nested.json()["rule"] == "request.form"
    assert "Traceback" not in caplog.text


def test_the_front_page_history_is_the_accounts_own(site: tuple[Accounts, Rooms, Any]) -> None:
    from dataclasses import replace

    from ..game.history_games import GAMES

    _, rooms, app = site
    ana, ben = signed_up(app, "Ana"), signed_up(app, "Ben")  # accounts 1 and 2
    both = replace(GAMES[0], seats=tuple(replace(s, account={1: 1, 2: 2}.get(s.seat)) for s in GAMES[0].seats))
    bens = replace(GAMES[1], seats=tuple(replace(s, account=2 if s.seat == 2 else None) for s in GAMES[1].seats))
    rooms.history.add_game(both)
    rooms.history.add_game(bens)
    mine = ana.get("/api/history").json()
    assert mine["count"] == 1 and [p["name"] for p in mine["players"]] == ["Ana"]
    assert mine["players"][0]["wins"] == 1  # g1: Ana the wolf won
    theirs = ben.get("/api/history").json()
    assert theirs["count"] == 2 and [p["name"] for p in theirs["players"]] == ["Ben"]
    assert theirs["players"][0]["games"] == 2 and theirs["players"][0]["wins"] == 1
    assert TestClient(app, base_url=BASE).get("/api/history").status_code == 401


def test_a_burst_for_many_pages_wakes_the_loop_once() -> None:
    """A room moving on sends to each of its pages from its thread: the loop is woken once for all of them (each
    wake-up a system call), and every page gets its messages in order."""
    loop = asyncio.new_event_loop()
    wakes: list[object] = []
    threadsafe = loop.call_soon_threadsafe

    def counted(callback: Any, *args: Any) -> Any:
        wakes.append(callback)
        return threadsafe(callback, *args)
    loop.call_soon_threadsafe = counted  # type: ignore[method-assign,assignment]
    try:
        wakeup = Wakeup(loop)
        pages = [Outbox(wakeup) for _ in range(10)]

        def room_thread() -> None:
            for n in range(3):
                for page in pages:
                    page.send({"t": "screen", "n": n})
        sender = threading.Thread(target=room_thread)
        sender.start()
        sender.join()

        async def read_all() -> list[list[int]]:
            return [[(await page.queue.get())["n"] for _ in range(3)] for page in pages]
        assert loop.run_until_complete(read_all()) == [[0, 1, 2]] * 10
        assert len(wakes) == 1
    finally:
        loop.close()
