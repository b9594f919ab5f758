"""The accounts over HTTP: sign up, sign in, sign out and "who am I", with the session in a cookie.

`POST /api/signup`, `POST /api/signin`: a JSON body `{name, password}` (Content-Type application/json, at most
4 KB, read before parsing); on success `{name}` and the `wolfcall_session` cookie (HttpOnly, SameSite=Strict, Path=/,
Secure behind HTTPS, 30 days). Sign-ups are limited per client address (accounts.py SIGNUPS_MAX). `POST /api/signout`
ends the session; `POST /api/password` `{password, new}` changes the password and ends every other session of the
account (its other devices'); the room sockets of an ended session close (narrator/online/signouts.py).
`GET /api/me`: `{name}`, or 401.
A refusal is `{"rule", "text"}` (English text; the page translates by rule) with 400, 401, 413 or 429.
Every POST comes from the site's own page (ui/web/origin.py checks its Origin first), and requiring a JSON content
type keeps other pages' plain forms out even so (no CORS here). Strict, not Lax: a page of another site gets no
session at all, not even by a link; another port of this host is the same site, and only the origin check
keeps it out.
Passwords are never logged, and no stack trace reaches a response.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from narrator.online.accounts import SESSION_SECONDS, AccountError, Accounts, User
from narrator.ui.web.arrivals import loads

COOKIE = "wolfcall_session"
BODY_MAX = 4096
STATUS = {"signin.wrong": 401, "signin.required": 401, "signin.slow": 429, "signup.many": 429, "room.crowded": 429,
          "request.large": 413, "server.restarting": 503}
NO_STORE = {"Cache-Control": "no-store"}

log = logging.getLogger(__name__)


def client_address(connection: HTTPConnection) -> str:
    """The client's address as the server trusts it, what its limits count by: the connection's peer, or with
    `--proxy` the proxy's X-Forwarded-For, which uvicorn reads from 127.0.0.1 alone (narrator/cli/serve.py
    `server_config`; nginx sets it to the address it was reached from, never passing on the client's own)."""
    return connection.client.host if connection.client else "-"


def user_of(request: Request, accounts: Accounts) -> User | None:
    """The account the request's session cookie belongs to, if it is a live session."""
    return accounts.user_of(request.cookies.get(COOKIE))


def refusal(rule: str, text: str) -> JSONResponse:
    return JSONResponse({"rule": rule, "text": text}, status_code=STATUS.get(rule, 400), headers=NO_STORE)


async def read_body(request: Request) -> bytes:
    """A request's body of at most BODY_MAX bytes, refused (`request.large`) by its declared length before
    it is read, and while it is read when it declared none."""
    large = AccountError("request.large", f"The request is larger than {BODY_MAX} bytes.")
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > BODY_MAX:
        raise large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_MAX:
            raise large
    return bytes(body)


def sent_json(request: Request) -> bool:
    """Is the request's body declared as JSON (`application/json`, as only the site's own page sends it)?"""
    return request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json"


async def read_fields(request: Request, *names: str) -> list[str]:
    """The string fields `names` of a small JSON body; `AccountError` (request.*) for anything else."""
    told = AccountError("request.form", f"Send JSON: {{{', '.join(names)}}}.")
    if not sent_json(request):
        raise told
    form = loads(await read_body(request))  # None for bad JSON, bad UTF-8, or JSON nested deeper than it is read
    fields = [form.get(name) if isinstance(form, dict) else None for name in names]
    if not all(isinstance(field, str) for field in fields):
        raise told
    return [str(field) for field in fields]


async def read_form(request: Request) -> tuple[str, str]:
    """`name` and `password` from a small JSON body; `AccountError` (request.*) for anything else."""
    name, password = await read_fields(request, "name", "password")
    return name, password


def routes(accounts: Accounts, secure: bool, ended: Callable[[], None] = lambda: None) -> list[Route]:
    """The account routes; `secure` marks the cookie Secure (the server is reached over HTTPS); `ended` is told
    once an account's sessions have ended (signed out, password changed): this process closes their sockets at
    once, the others at their next look at the store."""

    def signed_in(user: User, token: str) -> JSONResponse:
        response = JSONResponse({"name": user.name}, headers=NO_STORE)
        response.set_cookie(COOKIE, token, max_age=SESSION_SECONDS, path="/", secure=secure, httponly=True,
                            samesite="strict")
        return response

    def guarded(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except AccountError as e:
                return refusal(e.rule, e.text)
            except Exception:  # logged here (no request body in it); the browser only hears that it failed
                log.exception("%s %s failed", request.method, request.url.path)
                return JSONResponse({"rule": "server.error", "text": "Something went wrong; try again."},
                                    status_code=500, headers=NO_STORE)
        return endpoint

    async def signup(request: Request) -> Response:
        name, password = await read_form(request)
        user = await run_in_threadpool(accounts.sign_up, name, password, client_address(request))
        return signed_in(user, await run_in_threadpool(accounts.open_session, user))

    async def signin(request: Request) -> Response:
        name, password = await read_form(request)
        user = await run_in_threadpool(accounts.sign_in, name, password)
        return signed_in(user, await run_in_threadpool(accounts.open_session, user))

    async def signout(request: Request) -> Response:
        await read_fields(request)  # JSON, as only the site's own page sends it
        await run_in_threadpool(accounts.sign_out, request.cookies.get(COOKIE))
        ended()
        response = JSONResponse({}, headers=NO_STORE)
        response.delete_cookie(COOKIE, path="/", secure=secure, httponly=True, samesite="strict")
        return response

    async def password(request: Request) -> Response:
        old, new = await read_fields(request, "password", "new")
        user = await run_in_threadpool(accounts.change_password, request.cookies.get(COOKIE), old, new)
        ended()
        return JSONResponse({"name": user.name}, headers=NO_STORE)

    async def me(request: Request) -> Response:
        user = await run_in_threadpool(user_of, request, accounts)
        if user is None:
            return refusal("signin.required", "Sign in first.")
        return JSONResponse({"name": user.name}, headers=NO_STORE)

    return [
        Route("/api/signup", guarded(signup), methods=["POST"]),
        Route("/api/signin", guarded(signin), methods=["POST"]),
        Route("/api/signout", guarded(signout), methods=["POST"]),
        Route("/api/password", guarded(password), methods=["POST"]),
        Route("/api/me", guarded(me), methods=["GET"]),
    ]
