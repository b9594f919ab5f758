"""`wolfcall play` with the page: serve it, print the address (and a QR code with --lan), run games."""

from __future__ import annotations

import asyncio
import errno
import io
import socket
import sys
from collections.abc import Awaitable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TextIO

from narrator.config import Config
from narrator.game.session import Table
from narrator.speech.script import Script
from narrator.ui.web.address import lan_address, watch
from narrator.ui.web.app import HANDLER, create_app
from narrator.ui.web.hub import Hub
from narrator.ui.web.strings import strings
from narrator.ui.web.tablevoice import table_voice


def speaker_for(audio: str, data: Path) -> Any:
    def make(hub: Hub, table: Table) -> Any:
        return table_voice(hub, table.lang, table.players, audio, data / "last-game.wav")

    return make


def serve(cfg: Config, script: Script, data: Path, *, port: int, lan: bool, fast: bool, audio: str,
          speed: float = 1.0, resume: bool = False, lang: str | None = None, names: list[str] | None = None,
          genders: list[str] | None = None, voice: str | None = None) -> int:
    import segno
    import uvicorn

    host = "0.0.0.0" if lan else "127.0.0.1"
    try:
        sock = listening(host, port)
    except OSError as exc:
        print(f"wolfcall: {taken(strings(lang or cfg.language), host, port, exc)}", file=sys.stderr)
        return 1
    address = f"http://{lan_address() if lan else '127.0.0.1'}:{port}/"
    qr = segno.make(address)
    hub = Hub(cfg, script, data, fast=fast, audio=audio, speaker_factory=None if fast else speaker_for(audio, data),
              speed=speed, lang=lang, names=names, genders=genders, voice=voice)
    svg = io.BytesIO()
    qr.save(svg, kind="svg", scale=6, dark="#fff", light="#000")  # a whole SVG file (an <img> needs its xmlns)
    app = create_app(hub, svg.getvalue().decode() if lan else None)
    hub.lan_url = address if lan else None
    if resume:
        hub.loop.continue_waiting()  # `wolfcall play --resume`: the page opens on the game
    if lan:  # the device on the table says where to join once the network is up, and again when it changes
        watch(hub)
    sock.listen(2048)  # from this line on a page that connects waits in the queue until the server takes it
    print(f"wolfcall: {strings(lang or cfg.language)['cli.open'].format(address=address)}", file=sys.stderr)
    if lan:
        qr.terminal(out=sys.stderr, compact=True)
    config = socket_config(app)
    with sock, asyncio.Runner(loop_factory=config.get_loop_factory()) as runner:  # as uvicorn's own run
        runner.run(at_the_console(uvicorn.Server(config).serve(sockets=[sock]), hub, sys.stdin))
    return 0


async def at_the_console(serving: Awaitable[None], hub: Hub, stdin: TextIO) -> None:
    """The server, while Enter typed at `wolfcall play`'s terminal lets every device try the takeover code again
    (takeover.py: the table's recovery when its host's page is lost too)."""
    loop = asyncio.get_running_loop()
    typing = stdin.isatty()
    if typing:
        loop.add_reader(stdin.fileno(), lambda: typed(hub, stdin))
    try:
        await serving
    finally:
        if typing:
            loop.remove_reader(stdin.fileno())


def typed(hub: Hub, stdin: TextIO) -> Future[None]:
    """A line typed at the console: a takeover that is barred anywhere is cleared, in turn with the pages'
    messages."""
    stdin.readline()

    def clear() -> None:
        with hub.lock:
            if hub.takeover.locked:
                hub.takeover.clear(hub)

    return HANDLER.submit(clear)


def socket_config(app: Any, **options: Any) -> Any:
    """uvicorn's config for a server of pages (this one, `wolfcall serve --online`). No permessage-deflate: a
    padded frame's spaces would be compressed away, and its size on the wire would be its content's again, a
    wolf's frames told from a villager's by anyone on the Wi-Fi (narrator/ui/web/shape.py)."""
    import uvicorn

    return uvicorn.Config(app, log_level="warning", ws_max_size=65536, ws_per_message_deflate=False, **options)


def listening(host: str, port: int) -> socket.socket:
    """The page's socket, bound before its address is printed (OSError when the port is taken), as uvicorn binds."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def taken(words: dict[str, str], host: str, port: int, exc: OSError, command: str = "wolfcall play") -> str:
    """Why the page cannot listen on `port`, in the table's words, with the next free port to start `command` on."""
    free = next((p for p in range(port + 1, min(port + 100, 65536)) if _free(host, p)), 0)
    key = "cli.port_in_use" if exc.errno == errno.EADDRINUSE else "cli.port_refused"
    return words[key].format(port=port, free=free or "PORT", reason=exc.strerror or exc, command=command)


def _free(host: str, port: int) -> bool:
    try:
        listening(host, port).close()
    except OSError:
        return False
    return True
