"""`wolfcall serve --online`: the front page (accounts, open or join a room), each room's page, its clips and
its WebSocket. Every request for a room is checked against the session cookie: only the room's members
get its page's socket and clips; a socket or a request that changes something from another page than the
site's own (another site, or another port of this host) is refused (narrator/ui/web/origin.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from narrator.balance.live import serving
from narrator.online.accounts import AccountError, Accounts, User
from narrator.online.auth import COOKIE, client_address, read_body, refusal, routes, sent_json
from narrator.online.room import Room
from narrator.online.rooms import Rooms
from narrator.online.signouts import Signouts
from narrator.resources import STATIC
from narrator.ui.web.app import ambience
from narrator.ui.web.arrivals import CLOSE, frames, loads
from narrator.ui.web.guard import Bucket
from narrator.ui.web.origin import REFUSED, OwnPagesOnly, from_own_page
from narrator.ui.web.refusals import Refusal, refused
from narrator.ui.web.shape import wire_text
from narrator.ui.web.strings import strings

MAX_MESSAGE = 20_000  # a page's message: an SDP offer for the voice chat is the longest (a few KB)
RATE, BURST = 60.0, 200.0  # messages a second per page (the voice chat's ICE candidates come in bursts)
HANDLERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="wolfcall-rooms")
NO_STORE = {"Cache-Control": "no-store"}
RESTARTING = 1012  # WebSocket's "service restart": the page tries again (a `gone` page does not)
ELSEWHERE = 503  # a room another process holds: a proxy tries the next one (nginx: proxy_next_upstream http_503)


async def read_json(request: Request) -> dict[str, Any]:
    """A small JSON object sent as application/json (an empty body is `{}`); a Refusal (request.*) otherwise.
    The JSON type is required as a second guard after the origin's: another page cannot send it here without
    a CORS preflight, which this server never allows."""
    if not sent_json(request):
        raise Refusal("request.form", "send JSON")
    try:
        body = await read_body(request)
    except AccountError as exc:
        raise Refusal(exc.rule, exc.text) from None
    form = loads(body or b"{}")  # None when it is no JSON, or nested deeper than it is read
    if not isinstance(form, dict):
        raise Refusal("request.form", "send JSON")
    return form


@lru_cache(maxsize=1)
def room_html() -> str:
    """The game's page (index.html) with a room's voice bar and its script (static/room.js)."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    script = '<script src="/static/app.js"></script>'
    return page.replace(script, '<div id="voice-bar" hidden></div>\n' + script +
                        '\n<script type="module" src="/static/room.js"></script>')


async def shut(ws: WebSocket, rule: str, text: str) -> None:
    """A socket that gets no room: the reason, then `gone` (the page does not reconnect), then closed."""
    await ws.send_text(json.dumps({"t": "refused", "rule": rule, "text": text}))
    await ws.send_text(json.dumps({"t": "gone"}))
    await ws.close(code=4403)


def member_of(rooms: Rooms, code: str, user: User | None) -> Room | None:
    """The room of a code, if this account sits in it; None for a code of no room and a room not theirs."""
    room = rooms.find(code)
    return room if user is not None and room is not None and room.seat_of(user.id) is not None else None


def signed_out(out: Outbox, room: Room) -> None:
    """The page's account has signed out (or changed its password) on some device: told in the room's language,
    then `gone` (the page does not reconnect) and closed."""
    out.send(refused(Refusal("session.ended"), strings(room.hub.lang)))
    out.send({"t": "gone"})


class Wakeup:
    """The loop woken once for the messages the room threads have for any of its pages: a tap that moves a room on
    sends to every page of it (and other rooms' threads send at the same moment); each wake-up is a write to the
    loop's self-pipe, a system call, which py-spy showed as the server's largest cost at 50 paced rooms."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.lock = threading.Lock()
        self.due: list[Outbox] = []
        self.woken = False

    def ask(self, outbox: Outbox) -> None:
        with self.lock:
            self.due.append(outbox)
            if self.woken:
                return
            self.woken = True
        with contextlib.suppress(RuntimeError):  # the loop has closed: nothing reaches any page
            self.loop.call_soon_threadsafe(self.run)

    def run(self) -> None:
        with self.lock:
            due, self.due, self.woken = self.due, [], False
        for outbox in due:
            outbox.flush()


class Outbox:
    """A page's messages from the room's threads to its socket: one wake-up of the loop (`Wakeup`, shared by the
    loop's pages) for a burst of messages, not one each."""

    def __init__(self, wakeup: Wakeup) -> None:
        self.wakeup = wakeup
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.pending: deque[dict[str, Any]] = deque()
        self.woken = False  # a flush is already on its way to the loop

    def flush(self) -> None:
        self.woken = False  # first: a message appended from now on wakes the loop again
        while self.pending:
            self.queue.put_nowait(self.pending.popleft())

    def send(self, message: dict[str, Any]) -> None:
        self.pending.append(message)
        if not self.woken:
            self.woken = True
            self.wakeup.ask(self)

    async def write(self, ws: WebSocket) -> None:
        """Send each message in order, padded frames at their size (shape.py); `gone` closes the socket."""
        try:
            while True:
                message = await self.queue.get()
                if message is CLOSE:  # flooded (arrivals.py): what was queued before has gone out
                    await ws.close(code=CLOSE["close"])
                    return
                await ws.send_text(wire_text(message))
                if message.get("t") == "gone":
                    await ws.close(code=4403)
                    return
                if message.get("t") == "restarting":  # the page reconnects by itself, to the server started next
                    await ws.close(code=RESTARTING)
                    return
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass


class Site:
    """The online server's pages and sockets: accounts sign in, open and join rooms, and play in them.
    `ice(user) -> list of RTCIceServer dicts` for the voice chat (STUN, and TURN credentials); `clock`: what
    each socket's allowance of messages is counted on."""

    def __init__(self, accounts: Accounts, rooms: Rooms, ice: Any, clock: Callable[[], float],
                 public: str | None = None) -> None:
        self.accounts, self.rooms, self.ice, self.clock, self.public = accounts, rooms, ice, clock, public
        self.signouts = Signouts(accounts)
        self.wakeup: Wakeup | None = None  # the loop's, made with its first socket

    def user_of_request(self, request: Request) -> User | None:
        return self.accounts.user_of(request.cookies.get(COOKIE))

    async def front(self, request: Request) -> Response:
        return FileResponse(STATIC / "online.html", headers=NO_STORE)

    async def words(self, request: Request) -> Response:
        lang = request.query_params.get("lang", "en")
        return JSONResponse(strings(lang if lang in ("en", "de", "es") else "en"), headers=NO_STORE)

    async def history(self, request: Request) -> Response:
        """The signed-in account's own finished games and its numbers, for its front page (nobody else's)."""
        user = self.user_of_request(request)
        if user is None:
            return refusal("signin.required", "sign in first")
        data = self.rooms.history.overview(10, account=user.id)
        return JSONResponse(data, headers=NO_STORE)

    async def open_room(self, request: Request) -> Response:
        user = self.user_of_request(request)
        if user is None:
            return refusal("signin.required", "sign in first")
        try:
            form = await read_json(request)
            room = await asyncio.get_running_loop().run_in_executor(
                HANDLERS, lambda: self.rooms.open(user.id, user.name, form, client_address(request)))
        except Refusal as exc:
            return refusal(exc.rule, str(exc))
        return JSONResponse({"code": room.code}, headers=NO_STORE)

    async def join_room(self, request: Request) -> Response:
        """`POST /r/<code>/join` (the code in the path, for a router that sends each code to its server), or
        `POST /api/join` with `{code}`."""
        user = self.user_of_request(request)
        if user is None:
            return refusal("signin.required", "sign in first")
        address = client_address(request)
        try:
            form = await read_json(request)
            code = request.path_params.get("code", form.get("code"))
            room = await asyncio.get_running_loop().run_in_executor(
                HANDLERS, lambda: self.rooms.join(code, user.id, user.name, address))
        except Refusal as exc:
            status = {"room.slow": 429, "room.unknown": 404, "server.restarting": 503,
                      "room.elsewhere": ELSEWHERE}.get(exc.rule, 400)
            return JSONResponse({"rule": exc.rule, "text": str(exc)}, status_code=status, headers=NO_STORE)
        return JSONResponse({"code": room.code}, headers=NO_STORE)

    def members_room(self, request: Request) -> Room | None:
        """The room of the path's code, if the request's account sits in it."""
        return member_of(self.rooms, request.path_params["code"], self.user_of_request(request))

    async def elsewhere(self, code: str, user: User | None) -> bool:
        """The room of `code` is held by another process (or soon taken over by one) and `user` sits in it."""
        return user is not None and await asyncio.get_running_loop().run_in_executor(
            HANDLERS, self.rooms.elsewhere, code, user.id)

    async def room_page(self, request: Request) -> Response:
        """A member's room page; anyone else goes to the front page with the code to join, a live code or a
        guessed one alike, and the try counts against the join limit (a code is not found by opening pages)."""
        if self.members_room(request) is None:
            user = self.user_of_request(request)
            if await self.elsewhere(request.path_params["code"], user):
                return Response("this room is on another server of this site", ELSEWHERE, headers=NO_STORE)
            self.rooms.guess(user.id if user else None, client_address(request))
            return RedirectResponse(f"/#code={quote(request.path_params['code'][:16], safe='')}", status_code=303)
        return HTMLResponse(room_html(), headers=NO_STORE)

    async def audio(self, request: Request) -> Response:
        room = self.members_room(request)
        data = room.hub.clips.get(int(request.path_params["n"])) if room is not None else None
        if room is None and await self.elsewhere(request.path_params["code"], self.user_of_request(request)):
            return Response(status_code=ELSEWHERE, headers=NO_STORE)
        if data is None:
            return Response(status_code=404)
        return Response(data, media_type="audio/wav", headers=NO_STORE)

    async def admit(self, ws: WebSocket) -> tuple[User, Room] | None:
        """The account and room of a socket; None once it has been told why it gets none (a server that is
        restarting only closes it: the page comes back to the next one)."""
        if not from_own_page(ws.scope, self.public):
            await shut(ws, "request.origin", str(REFUSED["text"]))
            return None
        if self.rooms.closing:
            await ws.send_text(json.dumps({"t": "restarting"}))
            await ws.close(code=RESTARTING)
            return None
        user = self.accounts.user_of(ws.cookies.get(COOKIE))
        if user is None:
            await shut(ws, "signin.required", "sign in first")
            return None
        room = member_of(self.rooms, ws.path_params["code"], user)
        if room is None:  # a live code and a guessed one get the same answer, and the try counts
            self.rooms.guess(user.id, client_address(ws))
            await shut(ws, "room.not_member", "join this room with its code first")
            return None
        return user, room

    async def moved(self, ws: WebSocket) -> bool:
        """A member's socket for a room another process holds: refused before it opens with HTTP 503, so that a
        proxy tries the next process (without a proxy the page tries again by itself); True when refused."""
        user = self.accounts.user_of(ws.cookies.get(COOKIE))
        code = ws.path_params["code"]
        if self.rooms.closing or member_of(self.rooms, code, user) is not None or not await self.elsewhere(code, user):
            return False
        if "websocket.http.response" in ws.scope.get("extensions", {}):
            await ws.send_denial_response(Response("this room is on another server of this site", ELSEWHERE))
        else:
            await ws.accept()
            await ws.send_text(json.dumps({"t": "restarting"}))
            await ws.close(code=RESTARTING)
        return True

    async def socket(self, ws: WebSocket) -> None:
        if from_own_page(ws.scope, self.public) and await self.moved(ws):
            return
        await ws.accept()
        admitted = await self.admit(ws)
        if admitted is None:
            return
        user, room = admitted
        loop = asyncio.get_running_loop()
        if self.wakeup is None or self.wakeup.loop is not loop:
            self.wakeup = Wakeup(loop)
        out = Outbox(self.wakeup)
        try:
            number = await loop.run_in_executor(HANDLERS, room.connect, user.id, out.send)
        except Refusal as exc:
            await shut(ws, exc.rule, str(exc))
            return
        if self.ice is not None:
            out.send({"t": "ice", "servers": self.ice(user.name)})
        task = asyncio.create_task(out.write(ws))
        bucket = Bucket(self.clock, RATE, BURST)
        watched = self.signouts.watch(ws.cookies.get(COOKIE, ""), lambda: signed_out(out, room))

        def act(message: Any) -> None:  # only while the session lives (in the store: every process's)
            if self.signouts.acts(watched, user.id):
                room.handle(number, message)

        async def refuse(rule: str) -> None:
            out.send(refused(Refusal(rule), strings(room.hub.lang)))

        async def flooded() -> None:
            out.send(CLOSE)
            await task

        try:
            async for message in frames(ws, MAX_MESSAGE, bucket.take, refuse, flooded, self.clock):
                await loop.run_in_executor(HANDLERS, act, message)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.signouts.forget(watched)
            task.cancel()
            await loop.run_in_executor(HANDLERS, room.disconnect, number)


def create_online_app(accounts: Accounts, rooms: Rooms, *, secure: bool = False, ice: Any = None,
                      clock: Callable[[], float] = time.monotonic, public: str | None = None) -> Starlette:
    """The online server (see Site). `public`: the origin players open (`--public-url`, origin.py); None: the
    request's own scheme and Host."""
    site = Site(accounts, rooms, ice, clock, public)
    # the rooms' setup odds worker (narrator/balance/live.py) stops with the server
    return Starlette(lifespan=serving, middleware=[Middleware(OwnPagesOnly, public=public)], routes=[
        Route("/", site.front),
        Route("/api/strings", site.words),
        *routes(accounts, secure, site.signouts.now),
        Route("/api/rooms", site.open_room, methods=["POST"]),
        Route("/api/history", site.history),
        Route("/api/join", site.join_room, methods=["POST"]),
        Route("/r/{code}", site.room_page),
        Route("/r/{code}/join", site.join_room, methods=["POST"]),
        Route("/r/{code}/audio/{n:int}", site.audio),
        Route("/ambience/{name}", ambience),
        WebSocketRoute("/r/{code}/ws", site.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
