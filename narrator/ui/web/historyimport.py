"""A history file imported from the host's page (the history screen's Import button): a POST of the file to
/history/import. It must come from this server's own page (its Origin, as the online site checks every POST:
narrator/ui/web/origin.py), as JSON (a type another site's form cannot send without asking first), and carry the
ticket the host's page was given with the history screen over its socket: only the host's page has one, each is
good for one import. The file is checked whole before anything is kept (narrator/game/historyfile.py): a bad
one is refused saying what is wrong and where (the JSON's line, or the game, seat and key), and changes nothing;
a good one is merged, every game already kept staying kept. The host's page is then sent the history again."""

from __future__ import annotations

import asyncio
import secrets
from concurrent.futures import Executor
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from narrator.game.historyfile import MAX_FILE, HistoryFileError, merge, parse
from narrator.game.historystore import HistoryStore
from narrator.ui.web.historyview import history_reply
from narrator.ui.web.origin import REFUSED, from_own_page

TICKET_HEADER = "x-wolfcall-ticket"
NO_STORE = {"Cache-Control": "no-store"}


class Tickets:
    """The import tickets given to host pages: one a connection, the newest replacing its older one."""

    def __init__(self) -> None:
        self._clients: dict[str, int] = {}

    def issue(self, client: int) -> str:
        for old in [t for t, c in self._clients.items() if c == client]:
            del self._clients[old]
        ticket = secrets.token_urlsafe(18)
        self._clients[ticket] = client
        return ticket

    def take(self, ticket: str) -> int | None:
        return self._clients.pop(ticket, None)


class Hosts(Protocol):
    """The pages connected to the hub (connections.py), as an import tells them."""

    def is_host(self, client: int) -> bool: ...

    def send_to(self, client: int, message: dict[str, Any]) -> None: ...


class Importing(Protocol):
    """What of the hub an import needs (narrator/ui/web/hub.py)."""

    lock: Any
    history: HistoryStore
    history_tickets: Tickets

    @property
    def pages(self) -> Hosts: ...


def history_screen(hub: Importing, client: int, message: dict[str, Any]) -> dict[str, Any]:
    """The history screen for the host's page `client`, with a fresh ticket for its next import."""
    reply = history_reply(hub.history, message)
    reply["ticket"] = hub.history_tickets.issue(client)
    return reply


def import_file(hub: Importing, ticket: str, raw: bytes) -> tuple[int, dict[str, Any]]:
    """The answer to an import: HTTP status and body."""
    with hub.lock:
        client = hub.history_tickets.take(ticket)
        if client is None or not hub.pages.is_host(client):
            return 403, {"rule": "history.ticket", "text": "open the history screen again, then import"}
        try:
            added, replaced = merge(hub.history, parse(raw, "the file"))
            answer: tuple[int, dict[str, Any]] = (200, {"added": added, "replaced": replaced})
        except HistoryFileError as exc:
            answer = 400, {"rule": "history.file", "file": exc.rule, "params": exc.params, "text": str(exc)}
        hub.pages.send_to(client, history_screen(hub, client, {}))
        return answer


async def import_request(request: Request, hub: Importing, handler: Executor) -> Response:
    """POST /history/import (see the module's words)."""
    if not from_own_page(request.scope, None):
        return JSONResponse(REFUSED, status_code=403, headers=NO_STORE)
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return JSONResponse({"rule": "request.json", "text": "send the file as application/json"},
                            status_code=415, headers=NO_STORE)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_FILE:
            return JSONResponse({"rule": "history.file", "file": "size", "params": {"max": MAX_FILE >> 20},
                                 "text": "the file is larger than a history file may be"},
                                status_code=413, headers=NO_STORE)
    ticket = request.headers.get(TICKET_HEADER, "")
    status, body = await asyncio.get_running_loop().run_in_executor(handler, import_file, hub, ticket, bytes(raw))
    return JSONResponse(body, status_code=status, headers=NO_STORE)
