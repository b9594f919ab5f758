"""Issue 39: sign-ups and open rooms are limited per client address (and rooms per account), counted in the store,
so every process that shares it shares the count: before, one address made 170 accounts in 10 s and filled all 500
rooms of a server with 167 of them. Across two real `wolfcall serve --online --proxy` processes sharing nothing but
PostgreSQL (the address is the proxy's X-Forwarded-For, trusted from 127.0.0.1 as behind nginx), and in one process
on the default SQLite store. Every refusal is the rule the page words in its language, with no stack trace."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import TestClient

from narrator.config import Config
from narrator.online.accounts import SIGNUPS_MAX, Accounts
from narrator.online.holding import Holding
from narrator.online.rooms import ROOMS_EACH, ROOMS_PER_ADDRESS, Rooms
from narrator.online.site import create_online_app
from narrator.online.store import SqliteStore

from ..browser import free_port
from .test_restart_browser import Process, start, stopped
from .test_rooms_browser import TEST_GUARD_S
from .test_site import BASE, SCRIPT

PASSWORD = "correct horse"
HOME = "203.0.113.7"
# (process, path, body, address, session token) -> (status, answer, the session token it set)
Post = Callable[[int, str, dict[str, Any], str, str], tuple[int, dict[str, Any], str]]


def limited(post: Post, other_address: str | None) -> None:
    """Sign-ups from HOME, then rooms, each request sent to the processes in turn."""
    tokens = []
    for n in range(SIGNUPS_MAX):
        status, answer, token = post(n % 2, "/api/signup", {"name": f"Player {n}", "password": PASSWORD}, HOME, "")
        assert status == 200, answer
        tokens.append(token)
    for process in (0, 1):  # an address the client writes into X-Forwarded-For itself counts for nothing
        status, answer, _ = post(process, "/api/signup", {"name": "One more", "password": PASSWORD},
                                 f"198.51.100.9, {HOME}", "")
        assert (status, answer["rule"]) == (429, "signup.many"), answer
        assert "Traceback" not in answer["text"]
    for n in range(ROOMS_PER_ADDRESS):  # the first accounts' rooms, up to the address's limit
        status, answer, _ = post(n % 2, "/api/rooms", {"ruleset": "classic"}, HOME, tokens[n // ROOMS_EACH])
        assert status == 200 and "code" in answer, answer
    for process in (0, 1):
        status, answer, _ = post(process, "/api/rooms", {"ruleset": "classic"}, HOME, tokens[0])
        assert answer["rule"] == "room.many", answer  # the account's, counted over both processes
        status, answer, _ = post(process, "/api/rooms", {"ruleset": "classic"}, HOME, tokens[-1])
        assert (status, answer["rule"]) == (429, "room.crowded"), answer  # a fresh account from the same address
    if other_address is not None:  # another home: its own counts
        status, answer, token = post(1, "/api/signup", {"name": "Neighbour", "password": PASSWORD}, other_address, "")
        assert status == 200, answer
        status, answer, _ = post(0, "/api/rooms", {"ruleset": "classic"}, other_address, token)
        assert status == 200 and "code" in answer, answer


def session_of(response: httpx.Response, sent: str) -> str:
    for header in response.headers.get_list("set-cookie"):
        if header.startswith("wolfcall_session="):
            return header.split(";")[0].split("=", 1)[1]
    return sent


def test_the_limits_hold_across_two_processes_sharing_postgresql(tmp_path: Path, pg_address: str) -> None:
    ports = [free_port(), free_port()]
    running: list[Process] = []

    def post(process: int, path: str, body: dict[str, Any], address: str, token: str) -> tuple[
            int, dict[str, Any], str]:
        headers = {"X-Forwarded-For": address, **({"Cookie": f"wolfcall_session={token}"} if token else {})}
        answer = httpx.post(f"http://127.0.0.1:{ports[process]}{path}", json=body, headers=headers,
                            timeout=TEST_GUARD_S)
        return answer.status_code, answer.json(), session_of(answer, token)

    with stopped(running):
        for n, port in enumerate(ports, 1):
            (tmp_path / f"machine{n}").mkdir()
            running.append(start(tmp_path / f"machine{n}", port, "--store", pg_address))
        limited(post, "198.51.100.1")


def test_the_limits_hold_in_one_process_on_sqlite(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "accounts.sqlite")
    rooms = Rooms(Config(), SCRIPT, tmp_path, fast=True, store=store, holding=Holding(store, "test:1"))
    client = TestClient(create_online_app(Accounts(store), rooms, secure=False), base_url=BASE)

    def post(process: int, path: str, body: dict[str, Any], address: str, token: str) -> tuple[
            int, dict[str, Any], str]:
        client.cookies.clear()
        if token:
            client.cookies.set("wolfcall_session", token)
        answer = client.post(path, json=body)  # from the test client's one address
        return answer.status_code, answer.json(), session_of(answer, token)

    try:
        limited(post, None)
    finally:
        rooms.close()
        store.close()
