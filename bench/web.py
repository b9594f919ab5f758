"""Page figures: from a tap on the WebSocket to the next spoken line (pack voice), and the page's weight."""

from __future__ import annotations

import json
import socket
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import miniaudio

from engine import HouseRules
from narrator.audio.packs import open_pack, render
from narrator.audio.sinks import MiniaudioSink
from narrator.audio.speaker import AudioSpeaker
from narrator.audio.voices import find_voice
from narrator.config import Config
from narrator.game.session import Table
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub, PageCaptions

from ._measure import metric, p95


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(hub: Hub, port: int) -> Any:
    import uvicorn

    from narrator.ui.web.app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(hub), host="127.0.0.1", port=port, log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server


def tap_to_voice(root: Path, data: Path, taps: int = 120) -> list[float]:
    script = load(SHIPPED)
    voice = find_voice("ruth")
    render(voice, script, root=root, progress=False)
    pack = open_pack(root / "ruth")
    sink = MiniaudioSink(backends=[miniaudio.Backend.NULL], buffer_ms=10)

    def speaker(hub: Hub, table: Table) -> AudioSpeaker:
        lines = Lines(script, table.lang, Picker(0), table.players)
        return AudioSpeaker(table.lang, [sink], PageCaptions(hub), pack=pack, engine=None,
                            warn=lambda m: None, seat_words=lines.seat_words)

    cfg = Config(players=12, house=HouseRules(step_seconds=0))
    hub = Hub(cfg, script, data, speaker_factory=speaker, speed=40.0)
    port = _port()
    server = _serve(hub, port)
    from websockets.sync.client import connect

    latencies: list[float] = []
    kinds: list[str] = []
    try:
        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(json.dumps({"t": "names", "names": [f"P{i}" for i in range(1, 13)]}))
            ws.send(json.dumps({"t": "deal"}))
            while len(latencies) < taps:
                message = json.loads(ws.recv(timeout=30))
                if message.get("t") != "screen":
                    continue
                tap = _reply(message)
                if tap is None:
                    continue
                if tap.get("t") == "show":
                    ws.send(json.dumps(tap))
                    tap = {"t": "cover"}
                if tap.get("t") == "rematch":  # a new game, not a tap within one: not measured
                    ws.send(json.dumps(tap))
                    continue
                heard = len(sink.handoffs)
                start = time.perf_counter()
                ws.send(json.dumps(tap))
                while len(sink.handoffs) == heard and time.perf_counter() - start < 10:
                    time.sleep(0.0005)
                if len(sink.handoffs) > heard:
                    latencies.append((sink.handoffs[heard] - start) * 1000)
                    kinds.append(str(tap.get("t")) + ":" + str(message.get("screen")))
    finally:
        hub._stop_game()
        server.should_exit = True
        sink.close()
    if __name__ == "__main__":
        worst = sorted(zip(latencies, kinds, strict=True), reverse=True)[:8]
        print(worst)
    return latencies


def _reply(m: dict[str, Any]) -> dict[str, Any] | None:
    screen = m.get("screen")
    if screen == "deal":
        return {"t": "show"}
    if screen == "narrator":
        return {"t": "start"}
    if screen == "day":
        return {"t": "vote"}
    if screen in ("night", "vote", "hunter"):
        choices = m["choices"]
        acting = [c for c in choices if c["kind"] == "target"] or choices
        return {"t": "tap", "value": acting[0]["value"]}
    if screen == "end":
        return {"t": "rematch"}
    return None


def page_kb(data: Path) -> float:
    """Bytes a first visit loads: the page, its script and style, and the first WebSocket messages."""
    cfg = Config()
    hub = Hub(cfg, load(SHIPPED), data, fast=True)
    port = _port()
    server = _serve(hub, port)
    total = 0
    try:
        for path in ("/", "/static/app.js", "/static/style.css"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as response:
                total += len(response.read())
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            for _ in range(2):
                total += len(ws.recv(timeout=10))
    finally:
        server.should_exit = True
    return total / 1024


def run() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as tmp:
        latencies = tap_to_voice(Path(tmp) / "packs", Path(tmp) / "data")
        yield metric("web.tap_to_voice_ms_p95", p95(latencies), "ms", "lower")
        yield metric("web.page_kb", page_kb(Path(tmp) / "data2"), "KB", "lower")


if __name__ == "__main__":
    for line in run():
        print(line)
