"""Requests that change something come only from the site's own pages (no cross-site request forgery).

A browser sends the session cookie with every request to this host, also when another page makes it: one
from another site (a form posted from anywhere), and one from another port of the same host, which counts as
the same *site*, so `SameSite` cookies do not keep it out. What a browser cannot fake is the `Origin` header
it puts on every POST and on every WebSocket upgrade: this server's own page has this server's origin, exactly
(scheme, host and port). So every request that is not GET or HEAD, and every room socket, must name the
server's own origin, or, from a browser that sent no `Origin`, have `Sec-Fetch-Site: same-origin`. A request
with neither is no browser's (a script holding its own cookie) and is let through. A GET never changes
anything (it only reads, or counts a try at a room code).

The server's own origin is `--public-url` when it is given (behind a proxy that rewrites the `Host` header,
or to pin one name), else the scheme and `Host` header of the request itself (behind a proxy: the proxy
passes `Host` and `X-Forwarded-Proto`, which `--proxy` trusts from 127.0.0.1; `X-Forwarded-Host` is never
trusted). A refusal is `{"rule": "request.origin", "text"}` with 403.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

SAFE = frozenset({"GET", "HEAD"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
REFUSED = {"rule": "request.origin", "text": "This request did not come from this site's own page."}


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` of a URL or an Origin header, lower case, without a default port; None for
    anything else (`null`, no host, a port that is no number)."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        return None
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" + (f":{port}" if port is not None and port != DEFAULT_PORTS[scheme] else "")


def public_origin(url: str) -> str:
    """The origin of `--public-url`; ValueError naming what is wrong with it."""
    found = origin_of(url)
    if found is None:
        raise ValueError("--public-url: give the address players open, e.g. https://wolf.example.org")
    if urlsplit(url.strip()).path not in ("", "/"):
        raise ValueError("--public-url: the server is served at a host's root; give no path")
    return found


def header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    for key, value in headers:
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def own_origin(scope: Scope, public: str | None) -> str | None:
    """What this server's own pages name as their origin for this request."""
    if public is not None:
        return public
    scheme = {"ws": "http", "wss": "https"}.get(scope["scheme"], scope["scheme"])
    host = header(scope["headers"], b"host")
    return origin_of(f"{scheme}://{host}") if host else None


def from_own_page(scope: Scope, public: str | None) -> bool:
    """Does this request come from this server's own page (or from no browser at all)?"""
    origin = header(scope["headers"], b"origin")
    if origin is None:
        fetch_site = header(scope["headers"], b"sec-fetch-site")
        return fetch_site is None or fetch_site.strip().lower() == "same-origin"
    own = own_origin(scope, public)
    return own is not None and origin_of(origin) == own


class OwnPagesOnly:
    """ASGI middleware: a request that is not GET or HEAD and not from the site's own page gets 403
    `request.origin`, before any route sees it. Sockets are checked where they are admitted (site.py), so
    that their refusal is said in the socket's own words."""

    def __init__(self, app: ASGIApp, public: str | None = None) -> None:
        self.app, self.public = app, public

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE or from_own_page(scope, self.public):
            await self.app(scope, receive, send)
            return
        body = json.dumps(REFUSED).encode()
        await send({"type": "http.response.start", "status": 403, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": body})

