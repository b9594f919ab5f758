"""Requests that change something come only from the site's own pages: the origin a request names, the server's
own, and the middleware that refuses a POST from anywhere else before any route sees it."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from narrator.ui.web.origin import REFUSED, OwnPagesOnly, from_own_page, origin_of, own_origin, public_origin


def test_an_origin_is_its_scheme_host_and_port_without_a_default_port() -> None:
    assert origin_of("https://Wolf.Example.org:443/r/ABC?x=1") == "https://wolf.example.org"
    assert origin_of("http://127.0.0.1:8443") == "http://127.0.0.1:8443"
    assert origin_of("http://[::1]:80") == "http://[::1]"
    assert [origin_of(x) for x in ("null", "file:///x", "http://", "http://h:port")] == [None] * 4
    assert public_origin("https://wolf.example.org/") == "https://wolf.example.org"
    for bad in ("wolf.example.org", "https://wolf.example.org/game"):
        with pytest.raises(ValueError, match="--public-url"):
            public_origin(bad)


def app(public: str | None = None) -> TestClient:
    async def changed(request: Request) -> PlainTextResponse:
        return PlainTextResponse("changed")

    routes = [Route("/x", changed, methods=["GET", "HEAD", "POST", "DELETE"])]
    return TestClient(OwnPagesOnly(Starlette(routes=routes), public), base_url="http://table.example:8443")


@pytest.mark.parametrize(("headers", "let"), [
    ({"Origin": "http://table.example:8443"}, True),
    ({"Origin": "http://TABLE.example:8443/"}, True),
    ({"Origin": "http://table.example:8444"}, False),  # another port of the same host: the same site, not the page
    ({"Origin": "https://table.example:8443"}, False),
    ({"Origin": "null"}, False),
    ({"Sec-Fetch-Site": "same-origin"}, True),  # a browser that sent no Origin says where the request came from
    ({"Sec-Fetch-Site": "same-site"}, False),
    ({}, True),  # no browser's: a script holding its own cookie
])
def test_a_post_passes_only_from_the_servers_own_page(headers: dict[str, str], let: bool) -> None:
    with app() as client:
        answer = client.post("/x", headers=headers)
    assert (answer.status_code, answer.text) == (200, "changed") if let else \
        (answer.status_code, answer.json()) == (403, REFUSED)


def test_a_get_is_never_refused_and_the_public_url_is_the_only_origin() -> None:
    with app() as client:
        assert client.get("/x", headers={"Origin": "http://evil.example"}).status_code == 200
        assert client.head("/x", headers={"Origin": "http://evil.example"}).status_code == 200
        assert client.delete("/x", headers={"Origin": "http://evil.example"}).status_code == 403  # any other method
    with app("https://wolf.example.org") as client:
        assert client.post("/x", headers={"Origin": "https://wolf.example.org"}).status_code == 200
        assert client.post("/x", headers={"Origin": "http://table.example:8443"}).status_code == 403


def test_a_socket_names_the_pages_origin_of_its_own_scheme() -> None:
    scope = {"type": "websocket", "scheme": "wss", "headers": [(b"host", b"Wolf.example.org"),
                                                               (b"origin", b"https://wolf.example.org")]}
    assert own_origin(scope, None) == "https://wolf.example.org" and from_own_page(scope, None)
    assert not from_own_page({**scope, "scheme": "ws"}, None)
    assert own_origin({**scope, "headers": []}, None) is None
