"""The table's socket counts each message as it arrives (narrator/ui/web/arrivals.py): a flood from many
sockets is dropped there, before the hub's queue; room codes are limited for the whole server; a binary
frame is refused like any other unreadable message. Counted, never timed: the clock stands still."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from narrator.config import Config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.app import create_app
from narrator.ui.web.arrivals import (
    ALL_TRIES,
    BARRED_S,
    FLOODED,
    FORGIVEN,
    HELD,
    HOLD_S,
    JOIN_TRIES,
    OPENS_BURST,
    STRIKES,
    WATCHERS_BURST,
    Door,
    Flood,
)
from narrator.ui.web.guard import BURST
from narrator.ui.web.hub import Hub

SCRIPT = load(SHIPPED)


def until(ws: Any, kind: str) -> dict[str, Any]:
    """The socket's next message of this kind (the others that come first are read past)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["t"] == kind:
            return message


def counted_hub(tmp_path: Path) -> tuple[Hub, list[object]]:
    """A hub that keeps every message it is handed, to count what got past the sockets."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    handed: list[object] = []
    handle = hub.handle

    def counting(client: int, message: object) -> None:
        handed.append(message)
        handle(client, message)

    hub.handle = counting  # type: ignore[method-assign]
    return hub, handed


def recorded(ws: Any, sent: int) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame a socket is sent, in order, until the server closes it, and the code it closed with (None: it
    answered every one of the `sent` messages and stays open)."""
    got: list[dict[str, Any]] = []
    while sum(m["t"] == "refused" for m in got) < sent:
        try:
            got.append(ws.receive_json())
        except WebSocketDisconnect as closed:
            return got, closed.code
    return got, None


def past_the_rate(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames from the first refusal for the rate on."""
    at = next(i for i, m in enumerate(frames) if m.get("rule") == "message.rate")
    return frames[at:]


def test_past_its_allowance_a_socket_is_told_once_then_nothing_then_closed(tmp_path: Path) -> None:
    hub, handed = counted_hub(tmp_path)
    client = TestClient(create_app(hub, clock=lambda: 0.0))
    with client.websocket_connect("/ws") as host:
        host.send_json({"t": "hello", "token": None})
        assert until(host, "you")["as"] == "host"
        with client.websocket_connect("/ws") as flooder:
            sent = int(BURST) + int(STRIKES) + 1
            for _ in range(sent):
                flooder.send_json({"t": "players", "players": 5})  # not a watcher's to send
            frames, code = recorded(flooder, sent)
        host.send_json({"t": "players", "players": 7})  # the host's tap is still taken and answered
        while until(host, "screen")["draft"]["players"] != 7:
            pass
    refusals = [m["rule"] for m in frames if m["t"] == "refused"]
    allowed = int(BURST) - 1  # the host's hello came from this address as a watcher's, from the same allowance
    assert refusals == ["message.not_yours"] * allowed + ["message.rate"], refusals
    assert past_the_rate(frames) == [frames[-1]], "after the one refusal, nothing at all"
    assert code == FLOODED
    assert len(handed) == 1 + allowed + 1  # the host's hello, the allowance, the host's tap
    assert hub.draft.players == 7


def test_a_flood_from_many_sockets_of_one_address_is_told_once_each_and_closed(tmp_path: Path) -> None:
    hub, handed = counted_hub(tmp_path)
    client = TestClient(create_app(hub, clock=lambda: 0.0))
    sockets, each = 20, int(BURST) + int(STRIKES) + 10
    with client.websocket_connect("/ws") as host:
        host.send_json({"t": "hello", "token": None})
        assert until(host, "you")["as"] == "host"
        flood = [client.websocket_connect("/ws").__enter__() for _ in range(sockets)]
        try:
            for ws in flood:
                for _ in range(each):
                    ws.send_json({"t": "players", "players": 5})
            heard = [recorded(ws, each) for ws in flood]
        finally:
            for ws in flood:
                ws.__exit__(None, None, None)
        host.send_json({"t": "players", "players": 7})
        while until(host, "screen")["draft"]["players"] != 7:
            pass
    for frames, code in heard:
        assert [m.get("rule") for m in past_the_rate(frames)] == ["message.rate"] and code == FLOODED
    # the watchers of one address share one allowance: the hub was handed at most its burst of them all
    assert len(handed) <= 1 + int(BURST) + 1 + 1, len(handed)
    assert hub.draft.players == 7


def test_a_page_a_little_over_its_allowance_is_told_again_later_and_never_closed() -> None:
    now = [0.0]
    flood = Flood(lambda: now[0])
    assert [flood.over() for _ in range(3)] == ["tell", "drop", "drop"]
    for _ in range(1000):  # one message a second past the allowance, for a long while: forgiven as it comes
        now[0] += 1 / FORGIVEN
        assert flood.over() == "drop"
    now[0] += STRIKES / FORGIVEN  # quiet long enough: every strike forgotten
    assert flood.over() == "tell"


def test_room_codes_are_counted_for_the_whole_server_not_per_socket(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    hub.draft.mode = "own_devices"
    client = TestClient(create_app(hub, clock=lambda: 0.0))
    for _ in range(JOIN_TRIES // 5):  # a guesser opens new sockets: five wrong codes on each
        with client.websocket_connect("/ws") as guesser:
            for _ in range(5):
                guesser.send_json({"t": "join", "code": "AAAAAA", "name": "Mallory"})
                assert until(guesser, "refused")["rule"] == "join.code"
    with client.websocket_connect("/ws") as guesser:
        guesser.send_json({"t": "join", "code": hub.code, "name": "Mallory"})  # the right one, too late
        assert until(guesser, "refused")["rule"] == "join.slow"
    assert not hub.tokens.seats


def test_a_right_code_is_not_a_guess_so_a_table_behind_one_router_all_join(tmp_path: Path) -> None:
    """Every phone of a table can come from one address (a router, the bench's bots); only wrong codes count."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    hub.draft.mode = "own_devices"
    hub.draft.players = JOIN_TRIES + 2
    client = TestClient(create_app(hub, clock=lambda: 0.0))
    phones = [client.websocket_connect("/ws") for _ in range(JOIN_TRIES + 2)]
    try:
        for i, ws in enumerate(phones):
            ws.__enter__()
            ws.send_json({"t": "join", "code": hub.code, "name": f"P{i}"})
            while (answer := ws.receive_json())["t"] not in ("you", "refused") or answer.get("as") == "spectator":
                pass
            assert answer == {"t": "you", "as": "seat", "seat": i + 1}, (i, answer)
    finally:
        for ws in phones:
            ws.__exit__(None, None, None)
    assert len(hub.tokens.seats) == JOIN_TRIES + 2


def test_every_address_together_tries_at_most_so_many_codes_a_minute() -> None:
    now = [0.0]
    door = Door(lambda: now[0])
    assert all(door.code(f"10.0.{i // 250}.{i % 250}") for i in range(ALL_TRIES))
    assert not door.code("10.9.9.9")  # a new address, but the server's minute is full
    now[0] += 61
    assert door.code("10.9.9.9")


@pytest.mark.parametrize("frame", [b"\x00" * 10, b'{"t": "hello"}'])
def test_a_binary_frame_is_refused_as_unreadable_and_the_socket_goes_on(tmp_path: Path, frame: bytes,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    client = TestClient(create_app(hub))
    with client.websocket_connect("/ws") as ws:
        ws.send_bytes(frame)
        assert until(ws, "refused")["rule"] == "message.form"
        ws.send_json({"t": "hello", "token": None})
        assert until(ws, "you")["as"] == "host"
    assert "Traceback" not in caplog.text


def test_the_watchers_allowances_stay_bounded_however_many_addresses_come() -> None:
    now = [0.0]
    door = Door(lambda: now[0])
    for i in range(10_001):
        door.watcher(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}")
    now[0] += 10  # quiet long enough: every allowance is full again, as good as a new one
    assert door.watcher("192.168.1.1")
    assert len(door.watchers) == 1


def test_every_watcher_together_has_one_allowance_however_many_addresses() -> None:
    """A flood from many addresses gets no more into the hub than the burst of all watchers together."""
    door = Door(lambda: 0.0)
    taken = sum(door.watcher(f"10.0.{i // 250}.{i % 250}") for i in range(2000))
    assert taken == WATCHERS_BURST


def test_an_address_opens_so_many_sockets_and_no_more(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    client = TestClient(create_app(hub, clock=lambda: 0.0, hold_s=0.0))
    for _ in range(int(OPENS_BURST)):
        with client.websocket_connect("/ws") as ws:
            assert until(ws, "nonce")
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws"):
        pass
    assert refused.value.code == FLOODED


def test_an_address_whose_socket_was_closed_for_flooding_opens_none_for_a_while(tmp_path: Path) -> None:
    """A flooder closed does not come straight back: its address is barred for BARRED_S, another address is not,
    and the bar ends with its time."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    now = [0.0]
    app = create_app(hub, clock=lambda: now[0], hold_s=0.0)
    client, other = TestClient(app), TestClient(app, client=("10.0.0.9", 50000))
    with client.websocket_connect("/ws") as flooder:
        sent = int(BURST) + int(STRIKES) + 1
        for _ in range(sent):
            flooder.send_json({"t": "players", "players": 5})
        _, code = recorded(flooder, sent)
    assert code == FLOODED
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws"):
        pass
    assert refused.value.code == FLOODED
    with other.websocket_connect("/ws") as ws:  # another address of the same server is not barred
        assert until(ws, "nonce")
    now[0] += BARRED_S + 1
    with client.websocket_connect("/ws") as ws:
        assert until(ws, "nonce")


def test_a_refused_socket_waits_for_its_refusal_but_only_so_many_at_once() -> None:
    """A refused socket is held HOLD_S before its refusal, so that a flooder's loop waits with it; past HELD held at
    once, the next is refused straight away (held sockets cost memory). The wait is the door's own sleep, here one
    that waits for the test to let it go."""
    asked: list[float] = []
    gate = asyncio.Event()

    async def sleep(seconds: float) -> None:
        asked.append(seconds)
        await gate.wait()

    async def flood() -> tuple[int, int, int]:
        door = Door(lambda: 0.0, sleep=sleep)
        held = [asyncio.create_task(door.hold()) for _ in range(HELD)]
        while len(asked) < HELD:  # every one of them is waiting now
            await asyncio.sleep(0)
        await door.hold()  # one more: not held, returns at once
        waiting = door.held
        gate.set()
        await asyncio.gather(*held)
        return waiting, door.held, len(asked)

    waiting, after, slept = asyncio.run(flood())
    assert (waiting, after, slept) == (HELD, 0, HELD)
    assert asked == [HOLD_S] * HELD
