"""The host's page under a flood: `wolfcall play` in its own process, 200 connections in another sending as fast
as they can (and opening a new socket whenever one is closed), from 200 addresses and from one, while the host
changes the setup and waits for the screen that shows it (web.flood.host_tap_to_screen_ms_p95)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from ._measure import p95
from ._server import free_port as _port
from ._server import listening as _listening
from ._server import stop

GUARD_S = 20.0  # only against a hang: every wait is for a message
FLOODERS = 200
TAPS = 100  # the host's taps measured in each flood
TAP_GAP_S = 0.05  # between one screen and the next tap: a host far quicker than a thumb, within its allowance


async def _flooder(url: str, address: str, counts: dict[str, int], stop: asyncio.Event) -> None:
    """One connection sending as fast as it can, and a new one as soon as it is closed."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    message = json.dumps({"t": "players", "players": 5})  # not a watcher's to send: refused if ever taken
    while not stop.is_set():
        counts["tried"] += 1
        try:
            async with connect(url, proxy=None, local_addr=(address, 0), max_queue=None) as ws:
                counts["sockets"] += 1
                reader = asyncio.create_task(_read(ws, counts))
                try:
                    while not stop.is_set():
                        for _ in range(8):  # a send that fits the socket's buffer never yields: the others'
                            await ws.send(message)  # turn, and the close frame's, comes every few
                        counts["sent"] += 8
                        await asyncio.sleep(0)
                finally:
                    reader.cancel()
        except (ConnectionClosed, InvalidHandshake, OSError):
            counts["closed"] += 1


async def _read(ws: Any, counts: dict[str, int]) -> None:
    from websockets.exceptions import ConnectionClosed

    try:
        async for text in ws:
            if '"message.rate"' in text:
                counts["told"] += 1
    except ConnectionClosed:
        pass


def flood(url: str, addresses: list[str]) -> None:
    """The flooders' process: FLOODERS connections from `addresses` (in turn); "ready" on stdout once each has
    tried to open, until stdin ends; then what they counted, as JSON on stdout."""
    async def main() -> None:
        counts = {"tried": 0, "sockets": 0, "sent": 0, "told": 0, "closed": 0}
        halt = asyncio.Event()
        tasks = [asyncio.create_task(_flooder(url, addresses[i % len(addresses)], counts, halt))
                 for i in range(FLOODERS)]
        while counts["tried"] < FLOODERS:  # every connection tried once: the flood is on
            await asyncio.sleep(0.05)
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the bench closes it
        halt.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        print(json.dumps(counts), flush=True)

    asyncio.run(main())


async def _host_taps(url: str, taps: int, started: Any) -> list[float]:
    """The host's page: a setup change, then the screen that shows it, `taps` times (ms each)."""
    from websockets.asyncio.client import connect

    async with connect(url, proxy=None, max_size=2**22) as ws:
        await ws.send(json.dumps({"t": "hello", "token": None}))
        await _until(ws, lambda m: m["t"] == "you" and m["as"] == "host")
        await asyncio.get_running_loop().run_in_executor(None, started)  # the host's socket answers pings meanwhile
        took: list[float] = []
        for i in range(taps):
            players = 7 + i % 2
            await asyncio.sleep(TAP_GAP_S)
            t0 = time.perf_counter()
            await ws.send(json.dumps({"t": "players", "players": players}))
            await _until(ws, lambda m, n=players: m["t"] == "screen" and m.get("draft", {}).get("players") == n)
            took.append((time.perf_counter() - t0) * 1000)
        return took


async def _until(ws: Any, what: Any) -> dict[str, Any]:
    async with asyncio.timeout(GUARD_S):
        while True:
            m: dict[str, Any] = json.loads(await ws.recv())
            if what(m):
                return m


def host_under_flood(data: Path, addresses: list[str], taps: int = TAPS) -> tuple[list[float], dict[str, int]]:
    """The host's tap-to-screen (ms) while FLOODERS connections from `addresses` flood the server, and what the
    flooders counted (sockets opened, messages sent, refusals for the rate read, sockets closed on them)."""
    data.mkdir(parents=True, exist_ok=True)
    port = _port()
    wolfcall = str(Path(sys.executable).parent / "wolfcall")
    log = data / "server.log"
    with log.open("ab") as err:
        proc = subprocess.Popen([wolfcall, "play", "--fast", "--audio", "none", "--port", str(port), "--data",
                                 str(data)], env={**os.environ, "WOLFCALL_DATA": str(data)},
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    url = f"ws://127.0.0.1:{port}/ws"
    flooders: subprocess.Popen[str] | None = None
    try:
        _listening(proc, port, log)

        def started() -> None:  # the host holds the table before the flood comes
            nonlocal flooders
            flooders = subprocess.Popen([sys.executable, "-m", "bench.flood", "flood", url, *addresses],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert flooders.stdout is not None
            if flooders.stdout.readline().strip() != "ready":
                raise RuntimeError("the flooders never all connected")

        took = asyncio.run(_host_taps(url, taps, started))
        assert flooders is not None
        out, _ = flooders.communicate(timeout=GUARD_S)  # stdin closed: the flood stops
        return took, json.loads(out)
    finally:
        for child in (flooders, proc):
            if child is not None:
                stop(child, GUARD_S)


def figures(tmp: Path) -> dict[str, float]:
    """The host's p95 under a flood from FLOODERS addresses and from one; the figure is the worse of the two."""
    many, _ = host_under_flood(tmp / "flood-many", [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(FLOODERS)])
    one, _ = host_under_flood(tmp / "flood-one", ["127.0.0.2"])
    return {"many_addresses": p95(many), "one_address": p95(one)}


if __name__ == "__main__" and sys.argv[1:2] == ["flood"]:
    flood(sys.argv[2], sys.argv[3:])
elif __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for name, addresses in (("many", [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(FLOODERS)]),
                                ("one", ["127.0.0.2"])):
            took, counts = host_under_flood(Path(tmp) / name, addresses)
            print(name, "p50", round(sorted(took)[len(took) // 2], 1), "p95", round(p95(took), 1), counts)
