"""Voice chat in real Chromium: six players, each its own browser with its own fake microphone (a tone), talk
over WebRTC through a tiny test-only server that relays the signalling with `Voice` and decides the pairs with
`hearing`. What each page hears is read from WebRTC's own counters (getStats: inbound-rtp bytesReceived).

Every wait is for a condition in a page (the bounds only guard against a hang). That a count does NOT grow is
shown around a positive control: the count is read, then another count known to grow is waited for, twice,
and the first count must be the same at both later readings.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import wave
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.online.voice import Voice, VoiceRefused, channels, hearing

from ..browser import ARGS, CHROMIUM, GUARD_MS, in_process

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
VOICE_JS = Path(__file__).resolve().parents[2] / "narrator" / "ui" / "web" / "static" / "voice.js"
TEST_GUARD_S = 240  # only against a hang: the whole test takes a few seconds
GROW = 1500  # bytes: a third of a second of Opus at its default rate
WOLVES = {0, 1}
VILLAGERS = {2, 3}
DEAD = {4, 5}
SEATS = WOLVES | VILLAGERS | DEAD

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>voice</title><link rel="icon" href="data:,"></head>
<body>
<script type="module">
import { VoiceChat, pushToTalkButton } from "/voice.js";
const seat = +new URLSearchParams(location.search).get("seat");
const chat = new VoiceChat((m) => { if (ws.readyState === 1) ws.send(JSON.stringify(m)); }, []);
window.chat = chat;
window.bytes = {};  // {peer: bytes received}, refreshed from getStats
window.opened = [];  // every peer the server ever told this page to open
window.refused = [];
await chat.start();
const ws = new WebSocket(`ws://${location.host}/ws?seat=${seat}`);
ws.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.t === "rtc") { if (m.kind === "open") window.opened.push(m.peer); chat.onMessage(m); }
  else if (m.t === "refused") window.refused.push(m);
};
ws.onopen = () => { window.online = true; };
document.body.append(pushToTalkButton(chat, "Talk"));
const refresh = async () => { window.bytes = await chat.inboundBytes(); setTimeout(refresh, 50); };
refresh();
</script>
</body></html>
"""


# -- the test-only server ---------------------------------------------------------------------------------
class Room:
    """The server's side: one Voice, each seat's page's outgoing queue (in order), what was relayed."""

    def __init__(self) -> None:
        self.voice = Voice(self.send)
        self.queues: dict[int, asyncio.Queue[dict[str, Any]]] = {}
        self.relayed: list[tuple[int, int]] = []
        self.refused: list[tuple[int, str]] = []

    def send(self, seat: int, message: dict[str, Any]) -> None:
        queue = self.queues.get(seat)
        if queue is not None:  # a seat without a page: it is sent its pairs when it joins
            queue.put_nowait(message)

    def app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.requests import Request
        from starlette.responses import FileResponse, HTMLResponse, JSONResponse
        from starlette.routing import Route, WebSocketRoute
        from starlette.websockets import WebSocket, WebSocketDisconnect

        async def page(request: Request) -> HTMLResponse:
            return HTMLResponse(PAGE)

        async def script(request: Request) -> FileResponse:
            return FileResponse(VOICE_JS, media_type="text/javascript")

        async def table(request: Request) -> JSONResponse:
            t = await request.json()
            lovers = frozenset(t["lovers"]) if t.get("lovers") else None
            args = (set(t["alive"]), set(t["wolves"]), lovers, t["phase"], bool(t.get("lovers_open")),
                    set(t["seated"]))
            self.voice.update(hearing(*args), channels(*args))
            return JSONResponse({"pairs": sorted(sorted(p) for p in self.voice.pairs)})

        async def ws(socket: WebSocket) -> None:
            seat = int(socket.query_params["seat"])
            await socket.accept()
            queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
            self.queues[seat] = queue

            async def drain() -> None:
                while True:
                    await socket.send_json(await queue.get())

            writer = asyncio.create_task(drain())
            self.voice.joined(seat)
            try:
                while True:
                    message = await socket.receive_json()
                    try:
                        self.voice.relay(seat, message)
                        self.relayed.append((seat, message["to"]))
                    except VoiceRefused as refused:
                        self.refused.append((seat, refused.rule))
                        queue.put_nowait({"t": "refused", "rule": refused.rule})
            except WebSocketDisconnect:
                pass
            finally:
                writer.cancel()
                if self.queues.get(seat) is queue:
                    del self.queues[seat]

        return Starlette(routes=[Route("/", page), Route("/voice.js", script), Route("/table", table, methods=["POST"]),
                                 WebSocketRoute("/ws", ws)])


def serve(room: Room) -> Any:
    """The room's app on a free port (tests/browser.py in_process)."""
    return in_process(room.app())


def tone(path: Path, hz: float) -> Path:
    """Two seconds of a sine tone, 48 kHz mono 16-bit (Chromium loops a fake capture file)."""
    rate = 48_000
    t = np.arange(2 * rate) / rate
    samples = (0.4 * 32767 * np.sin(2 * np.pi * hz * t)).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return path


# -- reading the pages ------------------------------------------------------------------------------------
async def byte_count(page: Any, peer: int) -> int | None:
    """Bytes `page` received from `peer` (None: no connection to it)."""
    value = await page.evaluate(f"window.chat.peers.has({peer}) ? (window.bytes[{peer}] ?? 0) : null")
    return None if value is None else int(value)


async def peers(page: Any) -> list[int]:
    return list(await page.evaluate("[...window.chat.peers.keys()].sort((a, b) => a - b)"))


async def wait_connected(page: Any, want: set[int]) -> None:
    """Until the page has exactly these peers, each connected."""
    await page.wait_for_function(
        f"""(() => {{
          const want = {json.dumps(sorted(want))};
          const have = [...window.chat.peers.keys()].sort((a, b) => a - b);
          return JSON.stringify(have) === JSON.stringify(want)
            && [...window.chat.peers.values()].every((p) => p.pc.connectionState === "connected");
        }})()""", timeout=GUARD_MS)


async def wait_grown(page: Any, peer: int, by: int = GROW) -> int:
    """Until the bytes `page` received from `peer` grew by `by` from now; returns the new count."""
    start = await byte_count(page, peer)
    assert start is not None, f"no connection to seat {peer}"
    await page.wait_for_function(f"window.chat.peers.has({peer}) && (window.bytes[{peer}] ?? 0) >= {start + by}",
                                 timeout=GUARD_MS)
    return int(await page.evaluate(f"window.bytes[{peer}]"))


async def wait_stats_after(page: Any, peer: int, count: int) -> None:
    """Until the page's stats were read again after its count from `peer` reached `count` (a fresh reading)."""
    await page.wait_for_function(f"(window.bytes[{peer}] ?? 0) > {count}", timeout=GUARD_MS)


async def hold(page: Any) -> None:
    await page.locator("button.ptt").hover()
    await page.mouse.down()
    await page.wait_for_function("window.chat.talking === true", timeout=GUARD_MS)


async def release(page: Any) -> None:
    await page.mouse.up()
    await silent(page)


async def silent(page: Any) -> None:
    """Until the page is not talking and none of its senders has a track (so it sends no audio at all)."""
    await page.wait_for_function("!window.chat.talking && [...window.chat.peers.values()]"
                                 ".every((p) => !p.sender || p.sender.track === null)", timeout=GUARD_MS)


async def stays(listener: Any, peer: int, control: Any, control_peer: int, grown: Any = None,
                count: Any = None) -> None:
    """The bytes `listener` received from `peer` do not grow while `control`'s from `control_peer` grow twice
    (`grown` and `count`: how another harness waits for growth and reads a count; this file's by default)."""
    grown, count = grown or wait_grown, count or byte_count
    await grown(control, control_peer)
    before = await count(listener, peer)
    await grown(control, control_peer)
    await grown(control, control_peer)
    assert await count(listener, peer) == before, f"seat {peer} was heard while it did not talk"


# -- the test ---------------------------------------------------------------------------------------------
def body(phase: str, alive: set[int], lovers: set[int] | None = None, lovers_open: bool = False) -> bytes:
    return json.dumps({"phase": phase, "alive": sorted(alive), "wolves": sorted(WOLVES), "seated": sorted(SEATS),
                       "lovers": sorted(lovers) if lovers else None, "lovers_open": lovers_open}).encode()


async def post(port: int, data: bytes) -> list[list[int]]:
    import urllib.request

    def call() -> list[list[int]]:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/table", data=data, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return list(json.loads(answer.read())["pairs"])

    return await asyncio.to_thread(call)


def log(seat: int) -> Any:
    """Show a page's warnings (voice.js warns when a step of a connection fails) in the test's output."""
    def show(message: Any) -> None:
        if message.type in ("warning", "error"):
            print(f"seat {seat}: {message.text}")
    return show


def failed(seat: int, errors: list[str]) -> Any:
    def keep(error: Any) -> None:
        errors.append(f"seat {seat}: {error}")
    return keep


async def scenario(port: int, room: Room, tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    url = f"http://127.0.0.1:{port}/"
    alive = WOLVES | VILLAGERS
    async with async_playwright() as p:
        browsers = []
        errors: list[str] = []
        try:
            pages: dict[int, Any] = {}
            for seat in sorted(SEATS):  # one browser each: the fake microphone is a whole browser's
                wav = tone(tmp_path / f"seat{seat}.wav", 300 + 110 * seat)
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=[
                    *ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                    f"--use-file-for-fake-audio-capture={wav}", "--autoplay-policy=no-user-gesture-required",
                    "--mute-audio", "--allow-loopback-in-peer-connection",
                    "--disable-features=WebRtcHideLocalIpsWithMdns"])
                browsers.append(browser)
                page = await (await browser.new_context()).new_page()
                page.on("console", log(seat))
                page.on("pageerror", failed(seat, errors))
                await page.goto(f"{url}?seat={seat}")
                pages[seat] = page
            for page in pages.values():
                await page.wait_for_function("window.online === true", timeout=GUARD_MS)

            # -- day: the living together, the dead together ----------------------------------------------
            await post(port, body("day", alive))
            for seat in alive:
                await wait_connected(pages[seat], alive - {seat})
            for seat in DEAD:
                await wait_connected(pages[seat], DEAD - {seat})
            # Nobody talks yet: nothing at all arrives (a muted page sends no RTP, not even silence).
            for listener in SEATS:
                for speaker in SEATS - {listener}:
                    assert await byte_count(pages[listener], speaker) in (0, None)
            await hold(pages[2])  # a villager holds the button with the mouse
            await pages[4].locator("button.ptt").focus()
            await pages[4].keyboard.down("Space")  # a dead player holds the space bar
            await pages[4].wait_for_function("window.chat.talking === true", timeout=GUARD_MS)
            for listener in (0, 1, 3):
                await wait_grown(pages[listener], 2)
            await wait_grown(pages[5], 4)  # the dead hear the dead
            for living in alive:
                assert await byte_count(pages[living], 4) is None, "a dead player's voice reached the living"
            for dead in DEAD:
                assert await byte_count(pages[dead], 2) is None, "a living player's voice reached the dead"
            await stays(pages[0], 1, pages[0], 2)  # seat 1 does not hold its button: seat 0 gets nothing of it
            # Letting go stops the sound: seat 0's count from 2 stays while seat 5 keeps hearing seat 4.
            await release(pages[2])
            await stays(pages[0], 2, pages[5], 4)
            await pages[4].keyboard.up("Space")
            await silent(pages[4])

            # -- a page reloads: the server opens its pairs again, its peers restart -------------------------
            await pages[3].reload()
            await pages[3].wait_for_function("window.online === true", timeout=GUARD_MS)
            await wait_connected(pages[3], alive - {3})
            for seat in alive - {3}:
                await wait_connected(pages[seat], alive - {seat})
            await hold(pages[3])
            await wait_grown(pages[0], 3)
            await wait_grown(pages[2], 3)

            # -- night: only the wolves (and the dead); the villagers' connections are closed ---------------
            await hold(pages[2])
            await hold(pages[0])
            await pages[5].locator("button.ptt").hover()
            await pages[5].mouse.down()
            assert await post(port, body("night", alive)) == [[0, 1], [4, 5]]
            for seat in VILLAGERS:
                await wait_connected(pages[seat], set())
            await wait_connected(pages[0], {1})
            await wait_connected(pages[1], {0})
            await wait_grown(pages[1], 0)  # a wolf hears a wolf
            await wait_grown(pages[4], 5)  # the dead hear the dead
            for seat in VILLAGERS:  # villagers still hold their buttons, but nobody has them any more
                assert await peers(pages[seat]) == []
                assert await byte_count(pages[0], seat) is None and await byte_count(pages[1], seat) is None

            # -- the lovers' half minute: the two villagers, lovers, hear each other ------------------------
            assert await post(port, body("night", alive, {2, 3}, True)) == [[0, 1], [2, 3], [4, 5]]
            await wait_connected(pages[2], {3})
            await wait_connected(pages[3], {2})
            await wait_grown(pages[2], 3)
            await wait_grown(pages[3], 2)
            assert await post(port, body("night", alive, {2, 3}, False)) == [[0, 1], [4, 5]]
            await wait_connected(pages[2], set())
            await wait_connected(pages[3], set())
            await wait_grown(pages[1], 0)

            # -- what went over the wire -------------------------------------------------------------------
            for seat in alive:
                assert not set(await pages[seat].evaluate("window.opened")) & DEAD
            for seat in DEAD:
                assert set(await pages[seat].evaluate("window.opened")) <= DEAD
            assert not [(a, b) for a, b in room.relayed if (a in DEAD) != (b in DEAD)]
            # Only a candidate still in flight when its pair closed may be refused; no message is malformed.
            assert {rule for _, rule in room.refused} <= {"voice.not_allowed"}
            assert not errors
        finally:
            for browser in browsers:
                await browser.close()


def test_voice_in_real_chromium(tmp_path: Path) -> None:
    room = Room()
    with serve(room) as port:
        asyncio.run(asyncio.wait_for(scenario(port, room, tmp_path), TEST_GUARD_S))
