"""The ASGI app: the page, its static files, spoken clips for browser sound, and one WebSocket."""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from narrator.balance.live import serving
from narrator.resources import STATIC
from narrator.ui.web.address import join_card, moved
from narrator.ui.web.arrivals import CLOSE, FLOODED, HOLD_S, CountedAtTheSocket, Door, frames
from narrator.ui.web.guard import MAX_MESSAGE, Bucket, normal_code, same
from narrator.ui.web.historyimport import import_request
from narrator.ui.web.hub import Hub
from narrator.ui.web.refusals import Refusal, refused
from narrator.ui.web.shape import wire_text
from narrator.ui.web.strings import strings
from narrator.ui.web.tablevoice import ambience_wav


def loopback(address: str) -> bool:
    """A request from this machine itself (the kiosk on the table's Pi)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


HANDLER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wolfcall-hub")
# The watchers' messages, and pages connecting and going, wait in a line of their own: a flood of watchers (or of
# sockets opened and closed) is taken in turn with the host's and the seats' messages, never ahead of them all.
WATCHERS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wolfcall-watchers")


def shows_code(request: Request, hub: Hub, door: Door) -> bool:
    """May this request be given the room code? The kiosk on this machine may (join.html on the table's own
    screen, a loopback request); a page elsewhere only when it names the code itself (the host's page has it
    from its socket), and a wrong one counts as a try: the code is shown at the table, never served."""
    address = request.client.host if request.client else "-"
    if loopback(address):
        return True
    typed = request.query_params.get("code")
    return typed is not None and door.named(address, same(normal_code(typed), hub.code))


def line(hub: Hub, client: int) -> ThreadPoolExecutor:
    """Where a page's message waits for the hub: one thread takes the host's and the seats' messages in turn (the
    hub handles one at a time anyway), so many phones at once never wait for a free worker of the loop's shared
    pool; the watchers' wait in their own line."""
    conn = hub.conns.get(client)
    return WATCHERS if conn is None or conn.who == "spectator" else HANDLER


async def page_socket(ws: WebSocket, hub: Hub, door: Door, clock: Callable[[], float]) -> None:
    """One page's socket: what the hub sends it goes out in order; what it sends is counted as it arrives and
    handed to the hub, one message at a time. An address past its allowance of new sockets is refused before
    anything is made for it."""
    address = ws.client.host if ws.client else "-"
    if not door.opens(address):
        await door.hold()
        await ws.close(code=FLOODED)
        return
    await ws.accept()
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    loop = asyncio.get_running_loop()

    def send(message: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(outbox.put_nowait, message)

    own = Bucket(clock)
    counted = CountedAtTheSocket(clock)
    client = await loop.run_in_executor(WATCHERS, lambda: hub.connect(send, now=clock, bucket=counted,
                                                                          address=address))

    def take() -> bool:
        """The page's own allowance; a watcher's is also its address's (many sockets get no more)."""
        conn = hub.conns.get(client)
        return own.take() and (conn is None or conn.who != "spectator" or door.watcher(address))

    async def refuse(rule: str) -> None:
        await outbox.put(refused(Refusal(rule), strings(hub.lang)))

    async def writer() -> None:
        try:
            while True:
                message = await outbox.get()
                if message is CLOSE:
                    await ws.close(code=CLOSE["close"])
                    return
                await ws.send_text(wire_text(message))  # a padded frame at its size (shape.py)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the page has gone; what it sent before going is still read below

    async def shut() -> None:
        door.bar(address)
        await outbox.put(CLOSE)
        await task

    task = asyncio.create_task(writer())
    try:
        async for message in frames(ws, MAX_MESSAGE, take, refuse, shut, clock):
            if isinstance(message, dict) and message.get("t") == "join":
                right = same(normal_code(str(message.get("code", ""))), hub.code)
                if not door.joined(address, right):
                    await refuse("join.slow")  # counted here, for the whole server: many sockets get no more
                    continue
            await loop.run_in_executor(line(hub, client), hub.handle, client, message)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # closed (a phone asleep, a reload): its seat waits for it under its token
    finally:
        task.cancel()
        await loop.run_in_executor(WATCHERS, hub.disconnect, client)


async def ambience(request: Request) -> Response:
    """A bed or cue of the project's ambience, the same for every page and room (static/ambience.js)."""
    data = await asyncio.to_thread(ambience_wav, str(request.path_params["name"]))  # made once, then cached
    if data is None:
        return Response(status_code=404)
    return Response(data, media_type="audio/wav", headers={"Cache-Control": "max-age=86400"})


def create_app(hub: Hub, qr_svg: str | None = None, clock: Callable[[], float] = time.monotonic,
               hold_s: float = HOLD_S) -> Starlette:
    """The table's server; `clock`: what each page's allowance of messages and the room codes tried are
    counted on; `hold_s`: how long a refused socket waits for its refusal (arrivals.HOLD_S)."""
    door = Door(clock, hold_s=hold_s)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def qr(request: Request) -> Response:
        if qr_svg is None or hub.lan_url is None:
            return Response(status_code=404)
        own = hub.stage.way.joins and shows_code(request, hub, door)
        if own or moved(hub):  # the address with the room code, to join by scanning; or a new address
            import io

            import segno

            out = io.BytesIO()
            url = f"{hub.lan_url}#code={hub.code}" if own else hub.lan_url
            segno.make(url).save(out, kind="svg", scale=6, dark="#fff", light="#000")
            return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})
        return Response(qr_svg, media_type="image/svg+xml")

    async def join(request: Request) -> Response:
        """The QR code full screen, for a screen on the table (the kiosk) to show while phones join."""
        return FileResponse(STATIC / "join.html", headers={"Cache-Control": "no-store"})

    async def join_json(request: Request) -> Response:
        card = join_card(hub)
        if card["code"] is not None and not shows_code(request, hub, door):
            card["code"] = None
        return JSONResponse(card, headers={"Cache-Control": "no-store"})

    async def audio(request: Request) -> Response:
        data = hub.clips.get(int(request.path_params["n"]))
        if data is None:
            return Response(status_code=404)
        return Response(data, media_type="audio/wav", headers={"Cache-Control": "no-store"})

    async def socket(ws: WebSocket) -> None:
        await page_socket(ws, hub, door, clock)

    async def history_import(request: Request) -> Response:
        return await import_request(request, hub, HANDLER)  # taken in turn with the pages' messages

    return Starlette(lifespan=serving, routes=[  # the setup's odds worker stops with the server
        Route("/", index),
        Route("/qr.svg", qr),
        Route("/join", join),
        Route("/join.json", join_json),
        Route("/audio/{n:int}", audio),
        Route("/ambience/{name}", ambience),
        WebSocketRoute("/ws", socket),
        Route("/history/import", history_import, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
