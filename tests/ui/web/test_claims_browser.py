"""Seats after a restart, through the real page in Chromium (`wolfcall play` restarted on the same data
folder): Eva's page proves the token it kept (static/seal.js) and gets her seat and card back; an intruder who
types her name first is asked about on the host's screen and refused; Eva's hello, replayed, takes nothing."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import ARGS, CHROMIUM, free_port, server
from .ways.test_ways import GAME_GUARD_S, LAST_SCREEN, RAW_SEND, choose, open_ctx

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
OTHERS = ["Ana", "Ben", "Carla", "Dario", "Fede"]


async def seated(ws_url: str, code: str, name: str) -> None:
    """A player's phone without a browser: hello, join with the code, and gone once seated (its seat waits)."""
    from websockets.asyncio.client import connect

    async with connect(ws_url) as ws:
        await ws.send(json.dumps({"t": "hello"}))
        await ws.send(json.dumps({"t": "join", "code": code, "name": name}))
        async for text in ws:
            m = json.loads(text)
            assert m["t"] != "refused", m
            if m["t"] == "you" and m["as"] == "seat":
                return


async def restart(browser: Any, tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with server(tmp_path, port):
        host = await open_ctx(browser, "host", url)
        await host.page.wait_for_selector("#deal")
        await choose(host.page, "#mode", "own_devices", "document.getElementById('room-code') !== null")
        await choose(host.page, "#players", "6", "document.querySelectorAll('#seats li').length === 6")
        code = (await host.last_screen())["lobby"]["code"]
        eva = await open_ctx(browser, "Eva", url)
        await eva.page.fill("#join-code", code)
        await eva.page.fill("#join-name", "Eva")
        await eva.page.click("#join-button")
        seat = int((await eva.wait(0, "m.t === 'you' && m.as === 'seat'"))["seat"])
        for name in OTHERS:
            await seated(f"ws://127.0.0.1:{port}/ws", code, name)
        await host.page.wait_for_function("document.querySelectorAll('#seats li.joined').length === 6")
        await host.page.click("#deal")
        await eva.page.wait_for_function(f"({LAST_SCREEN} || {{}}).screen === 'card'")
        token = await eva.page.evaluate("localStorage.getItem('wolfcall.token')")
        await eva.page.close()  # Eva's phone is off while the server restarts
    with server(tmp_path, port):  # the Pi unplugged and plugged in again: the host's page reconnects by itself
        await host.page.wait_for_selector("#continue")
        await host.page.click("#continue")
        peers = await host.wait(0, f"m.t === 'peers' && m.code !== '{code}'")  # the new server's code
        intruder = await open_ctx(browser, "intruder", url)
        since = await intruder.count()
        await intruder.page.evaluate(RAW_SEND, json.dumps({"t": "join", "code": peers["code"], "name": "eva"}))
        assert (await intruder.wait(since, "m.t === 'notice'"))["rule"] == "join.asked"
        await host.page.click(f"#deny-{seat}")  # "Eva wants this seat back": she is not the one asking
        await intruder.wait(since, "m.t === 'refused' && m.rule === 'join.denied'")
        eva.page = await eva.context.new_page()  # the real Eva: her page proves the token it kept
        await eva.page.goto(url)
        you = await eva.wait(0, "m.t === 'you'")
        assert you == {"t": "you", "as": "seat", "seat": seat}, you
        await eva.page.wait_for_function(f"({LAST_SCREEN} || {{}}).screen === 'card'")
        hellos = [m for m in await eva.page.evaluate("window.__wolfcall.sent") if m["t"] == "hello"]
        assert len(hellos) == 1 and len(hellos[0]["proof"]) == 64 and "token" not in hellos[0], hellos
        since = await intruder.count()
        await intruder.page.evaluate(RAW_SEND, json.dumps(hellos[0]))  # what a sniffer on the Wi-Fi saw
        assert (await intruder.wait(since, "m.t === 'you'"))["as"] == "spectator"
        await intruder.harvest()
        assert not [m for m in intruder.frames if m["t"] in ("token", "private", "peers")], intruder.frames
        sent = json.dumps([await page.evaluate("window.__wolfcall.sent") for page in (eva.page, host.page)])
        assert token and token not in sent  # the token went over the air once, when it was given


def test_after_a_restart_eva_gets_her_seat_back_and_an_intruder_does_not(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    async def run() -> None:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                await asyncio.wait_for(restart(browser, tmp_path), GAME_GUARD_S)
            finally:
                await browser.close()

    asyncio.run(run())
