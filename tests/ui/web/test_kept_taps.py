"""A tap made before the page's socket can carry it (app.js `send`): kept, said as kept ("Conectando…", in the
table's language), and sent once the new socket has said who the page is, in order and once each. Through the real
page in Chromium, its socket held by Playwright (page.route_web_socket): the first one passes, the second one
(the page reconnects after the first is closed) has the server's frames held back until the test lets them go."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, free_port, server

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
NAMES = "document.querySelectorAll('#screen .grid input').length"  # the setup's name fields, one a seat


class Held:
    """The page's sockets through Playwright: the first one passes as it is; a later one is open to the page but
    the server's frames wait (the nonce the page's hello answers among them) until `release`."""

    def __init__(self) -> None:
        self.pages: list[Any] = []  # the page's side of each socket, in the order the page opened them
        self.servers: list[Any] = []
        self.held: list[str | bytes] = []
        self.released = False

    def route(self, ws: Any) -> None:
        to_server = ws.connect_to_server()
        self.pages.append(ws)
        self.servers.append(to_server)
        if len(self.pages) == 1:
            return  # both ways forwarded as they come
        to_server.on_message(self.from_server)

    def from_server(self, message: str | bytes) -> None:
        if self.released:
            self.pages[-1].send(message)
        else:
            self.held.append(message)

    def cut(self) -> None:
        """The connection is lost: both ends of the first socket closed."""
        self.servers[0].close()
        self.pages[0].close()

    def release(self) -> None:
        self.released = True
        for message in self.held:
            self.pages[-1].send(message)
        self.held.clear()


def test_a_tap_before_the_socket_has_said_hello_is_kept_and_sent_once_after(page: Any, tmp_path: Path) -> None:
    """send() dropped a tap while the socket was not open, and sent one before the socket's hello, when the server
    still took the page for a watcher (a setup change refused): the tap was lost either way."""
    port = free_port()
    held = Held()
    page.route_web_socket("**/ws", held.route)
    with server(tmp_path, port, "--lang", "es"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function(f"{NAMES} > 0 && document.querySelector('h1').textContent === 'Nueva partida'")
        held.cut()
        page.wait_for_function("document.getElementById('offline') !== null && "
                               "!document.getElementById('offline').hidden")
        # the page reconnects by itself: its new socket opens (the overlay goes), the server's frames are held
        page.wait_for_function("document.getElementById('offline').hidden")
        before = page.evaluate("window.__wolfcall.sent.length")
        page.select_option("#players", "7")  # the old setup is still drawn: the table taps it
        page.select_option("#players", "6")
        assert page.evaluate(f"window.__wolfcall.sent.slice({before})") == [], "sent before the page said hello"
        connecting = page.locator("#connecting")
        assert connecting.is_visible()
        assert connecting.inner_text() == "Conectando… lo que has tocado se enviará enseguida."
        held.release()
        page.wait_for_function(f"{NAMES} === 6")
        page.wait_for_selector("#connecting", state="hidden")
        sent = page.evaluate(f"window.__wolfcall.sent.slice({before})")
        assert [m["t"] for m in sent] == ["hello", "players", "players"], sent
        assert [m.get("players") for m in sent[1:]] == [7, 6], sent
        assert "proof" in sent[0], "the page proved the token it was given on its first socket"
        assert page.evaluate("window.__wolfcall.received.filter((m) => m.t === 'refused')") == []
