"""The ASGI app: the page, its static files, spoken clips for browser sound, and one WebSocket."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from narrator.ui.web.address import join_card, moved
from narrator.ui.web.guard import MAX_MESSAGE
from narrator.ui.web.ports import HubLike
from narrator.ui.web.shape import wire_text

STATIC = Path(__file__).resolve().parent / "static"
HANDLER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wolfcall-hub")


def create_app(hub: HubLike, qr_svg: str | None = None) -> Starlette:
    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def qr(request: Request) -> Response:
        if qr_svg is None or hub.lan_url is None:
            return Response(status_code=404)
        own = hub.draft.mode == "own_devices"
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
        return JSONResponse(join_card(hub), headers={"Cache-Control": "no-store"})

    async def audio(request: Request) -> Response:
        data = hub.clips.get(int(request.path_params["n"])) if hasattr(hub, "clips") else None
        if data is None:
            return Response(status_code=404)
        return Response(data, media_type="audio/wav", headers={"Cache-Control": "no-store"})

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def send(message: dict[str, Any]) -> None:
            loop.call_soon_threadsafe(outbox.put_nowait, message)

        client = hub.connect(send)

        async def writer() -> None:
            try:
                while True:
                    message = await outbox.get()
                    await ws.send_text(wire_text(message))  # a padded frame at its size (shape.py)
            except (WebSocketDisconnect, RuntimeError, OSError):
                pass  # the page has gone; what it sent before going is still read below

        task = asyncio.create_task(writer())
        try:
            while True:
                text = await ws.receive_text()
                if len(text) > MAX_MESSAGE:  # refused before it is read
                    await loop.run_in_executor(HANDLER, hub.too_big, client)
                    continue
                try:
                    message = json.loads(text)
                except ValueError:
                    message = None
                # one thread takes every page's messages in turn (the hub handles one at a time anyway), so
                # many phones at once never wait for a free worker of the loop's shared pool
                await loop.run_in_executor(HANDLER, hub.handle, client, message)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # closed (a phone asleep, a reload): its seat waits for it under its token
        finally:
            task.cancel()
            hub.disconnect(client)

    return Starlette(routes=[
        Route("/", index),
        Route("/qr.svg", qr),
        Route("/join", join),
        Route("/join.json", join_json),
        Route("/audio/{n:int}", audio),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
