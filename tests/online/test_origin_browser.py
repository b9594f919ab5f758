"""Other pages in the signed-in player's own browser (real Chromium) cannot act in their name (origin.py).

The online app runs as `wolfcall serve --online --proxy` builds it, behind a real nginx (test_rooms_browser.serve,
tests/online/proxied.py): the site's origin is nginx's, the `Host` nginx passes on, not the server's own port, and
the cookie is Secure. A second tiny server on another port of the same host (127.0.0.1: the same *site*, so the
session cookie goes along) and the same one named `localhost` (another site) serve pages that try, with the player's
cookie, to open a room, join someone else's room, sign the player out (by fetch and by a plain form, the way any
page can), and open the player's own room's socket. Every try is refused, and the store shows nothing changed: the
same rooms, no new seat, the session alive. A link from another site to the room opens the front page, still signed
in, with the room's code filled in (the cookie is SameSite=Strict). The site's own page still signs up, opens a
room, and gets the room's socket; and a binary frame or JSON nested 1,900 deep sent from it get the plain refusal
while the socket and server go on.

Every wait is for an event (a page's own flag, a response, a frame); the bounds only guard against a hang.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from narrator.online.accounts import Accounts
from narrator.online.auth import COOKIE
from narrator.online.store import SqliteStore

from ..browser import ARGS, CHROMIUM, GUARD_MS
from .test_rooms_browser import serve

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
PASSWORD = "correct horse battery"

# A page of another origin: everything a page may do to another server without being let in by CORS.
ATTACK = """<!doctype html><meta charset="utf-8"><title>not wolfcall</title><iframe name="sink"></iframe>
<script>
const T = %(target)s, THEIRS = %(theirs)s, MINE = %(mine)s;
const json = JSON.stringify({ruleset: "classic", lang: "en", code: THEIRS});
async function fetched(path) {  // a simple request: no preflight, the cookie goes along when the site allows it
  try { await fetch(T + path, {method: "POST", mode: "no-cors", credentials: "include",
                               headers: {"content-type": "text/plain"}, body: json}); } catch (e) {}
}
function posted(path) {  // a plain form whose body is JSON all the same: {"ruleset":...,"x":"="}
  return new Promise((done) => {
    const form = document.createElement("form");
    Object.assign(form, {method: "POST", action: T + path, enctype: "text/plain", target: "sink"});
    const field = document.createElement("input");
    field.name = json.slice(0, -1) + ',"x":"'; field.value = '"}';
    form.appendChild(field); document.body.appendChild(form);
    document.querySelector("iframe").addEventListener("load", done, {once: true});
    form.submit();
  });
}
function socket() {  // the player's own room's socket, opened from this page
  return new Promise((done) => {
    const ws = new WebSocket(T.replace("http", "ws") + "/r/" + MINE + "/ws");
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.t === "refused") done(m.rule); else if (m.t === "you") done("let in");
    };
    ws.onclose = () => done("closed");
  });
}
(async () => {
  for (const path of ["/api/rooms", "/api/join", "/r/" + THEIRS + "/join", "/api/signout"]) await fetched(path);
  for (const path of ["/api/rooms", "/api/join", "/r/" + THEIRS + "/join", "/api/signout"]) await posted(path);
  window.__done = {socket: await socket()};
})();
</script>"""
# A page of another site that signs the player out the old way: a form posted as the whole page.
SIGNOUT = """<!doctype html><meta charset="utf-8"><title>not wolfcall</title>
<form method="POST" action="%(target)s/api/signout" enctype="text/plain"><input name="a" value="b"></form>
<script>document.forms[0].submit();</script>"""
# A page of another site with a link to the player's room (a chat message, say).
LINK = """<!doctype html><meta charset="utf-8"><title>not wolfcall</title>
<a id="room" href="%(target)s/r/%(mine)s">play</a>"""


@contextmanager
def foreign(pages: dict[str, str]) -> Iterator[int]:
    """Another web server on this host (another port): it serves `pages` by path, and nothing else."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path.split("?")[0], "").encode()
            self.send_response(200 if body else 404)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()


async def sign_up(page: Any, url: str, name: str) -> None:
    """On the site's own front page."""
    await page.goto(url + "/")
    await page.click("#to-signup")
    await page.fill("#name", name)
    await page.fill("#password", PASSWORD)
    await page.click("#signup")
    await page.wait_for_selector("#me", state="visible")


async def session(context: Any, url: str) -> str | None:
    return next((c["value"] for c in await context.cookies(url) if c["name"] == COOKIE), None)


def test_other_pages_cannot_act_with_the_players_cookie_and_the_sites_own_page_still_can(tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        store = SqliteStore(tmp_path / "accounts.sqlite")
        try:
            asyncio.run(asyncio.wait_for(attacked(server, Accounts(store), tmp_path), 300))
        finally:
            store.close()


async def attacked(server: Any, accounts: Accounts, tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    ana = accounts.sign_up("Ana", PASSWORD)
    theirs = server.rooms.open(ana.id, ana.name, {"ruleset": "classic"})  # a room the player is not in
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = await browser.new_context()
        context.set_default_timeout(GUARD_MS)
        page = await context.new_page()
        await sign_up(page, server.url, "Ben")
        token = await session(context, server.url)
        ben = accounts.user_of(token)
        assert ben is not None and ben.name == "Ben"
        mine = server.rooms.open(ben.id, ben.name, {"ruleset": "classic"})
        before = {room.code for room in server.rooms.all()}
        pages = {"/attack.html": ATTACK % {"target": json.dumps(server.url), "theirs": json.dumps(theirs.code),
                                           "mine": json.dumps(mine.code)},
                 "/signout.html": SIGNOUT % {"target": server.url},
                 "/link.html": LINK % {"target": server.url, "mine": mine.code}}
        with foreign(pages) as port:
            await page.goto(f"http://127.0.0.1:{port}/attack.html")  # another port: the same site
            await page.wait_for_function("window.__done !== undefined")
            done = await page.evaluate("window.__done")
            assert {room.code for room in server.rooms.all()} == before, "a room was opened from another page"
            assert theirs.seat_of(ben.id) is None, "another page joined the player to a room"
            assert await session(context, server.url) == token, "another page signed the player out"
            assert done == {"socket": "request.origin"}, done
            async with page.expect_response(f"{server.url}/api/signout") as signout:
                await page.goto(f"http://localhost:{port}/signout.html")  # another site
            refusal = await signout.value
            assert await session(context, server.url) == token, "another site signed the player out"
            assert refusal.status == 403 and (await refusal.json())["rule"] == "request.origin"
            await page.goto(f"http://localhost:{port}/link.html")  # the Strict cookie stays home: the front page,
            await page.click("#room")  # still signed in, with the room's code filled in
            await page.wait_for_url(f"{server.url}/#code={mine.code}")
            await page.wait_for_selector("#me", state="visible")
            assert await page.input_value("#code") == mine.code
        assert accounts.user_of(token) == ben
        await own_page_works(page, server, mine.code)
        await browser.close()


async def own_page_works(page: Any, server: Any, mine: str) -> None:
    """The site's own page: a room opened, its socket let in; a binary frame and deep JSON refused plainly,
    and the socket and the server go on."""
    await page.goto(server.url + "/")
    await page.wait_for_selector("#me", state="visible")
    await page.click("#open-room")
    await page.wait_for_url(f"{server.url}/r/*")
    await page.wait_for_function("window.wolfcall && window.wolfcall.me().room")
    opened = await page.evaluate("window.wolfcall.me().room")
    assert server.rooms.find(opened) is not None and opened != mine
    answers = await page.evaluate("""(code) => new Promise((done) => {
      const ws = new WebSocket(location.origin.replace("http", "ws") + "/r/" + code + "/ws"), got = [];
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.t === "you") ws.send(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
        if (m.t !== "refused") return;
        got.push(m.rule);
        if (got.length === 1) ws.send(JSON.stringify({t: "hand", up: true}));  // still read: answered too
        else { done({got, open: ws.readyState === WebSocket.OPEN}); ws.close(); }
      };
    })""", opened)
    assert answers["got"][0] == "message.form" and len(answers["got"]) == 2 and answers["open"], answers
    deep = await page.evaluate("""async () => {
      const body = '{"name": ' + "[".repeat(1900) + "]".repeat(1900) + ', "password": "x"}';
      const r = await fetch("/api/signup", {method: "POST", headers: {"content-type": "application/json"}, body});
      const me = await fetch("/api/me");
      return {status: r.status, rule: (await r.json()).rule, me: me.status};
    }""")
    assert deep == {"status": 400, "rule": "request.form", "me": 200}, deep
