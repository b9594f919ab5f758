"""A real Chromium (Debian's) driven by Playwright against `wolfcall play` on a virtual clock."""

from __future__ import annotations

import itertools
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from narrator.system import CHROMIUM_PATHS, chromium_path

# Debian's (and Raspberry Pi OS's) /usr/bin/chromium, or Homebrew's cask; `wolfcall doctor` looks in the same places.
CHROMIUM = chromium_path() or CHROMIUM_PATHS[0]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts" / "screens"
UI = Path(__file__).resolve().parent.parent / "narrator" / "ui" / "web" / "ui"
WOLFCALL = str(Path(sys.executable).parent / "wolfcall")
# Bounded waits only guard against a hang: every wait is for an event (a message, a screen), never for
# a time, and these bounds are far beyond what any event needs on a loaded machine.
GUARD_MS = 60_000
SERVER_GUARD = 60

# Run in the page before its own script: every WebSocket message the page receives or sends is kept,
# in order, so a test can wait for the server's answer (and know the page has handled it).
RECORD_MESSAGES = """
window.__wolfcall = {received: [], sent: []};
window.WebSocket = class extends WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => window.__wolfcall.received.push(JSON.parse(e.data)));
  }
  send(data) {
    window.__wolfcall.sent.push(JSON.parse(data));
    super.send(data);
  }
};
"""


def role_words() -> set[str]:
    """Every role's name in every language, as the page and the scripts write it."""
    words = set()
    for lang in ("en", "de", "es"):
        strings = yaml.safe_load((UI / f"{lang}.yaml").read_text())
        words |= {v for k, v in strings.items() if k.startswith("role.")}
    return words | {"werewolf", "villager", "seer", "witch", "hunter", "guard", "lobo", "Werwolf"}


_PORTS = itertools.count(os.getpid())


def free_port() -> int:
    """A port nothing listens on now, from this pytest-xdist worker's own range below Linux's ephemeral ports
    (32768 and up): another worker's server is never handed it, nor is an outgoing connection."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    base = 12_000 + 4_000 * (int(worker) % 5 if worker.isdigit() else 0)
    for _ in range(4_000):
        port = base + next(_PORTS) % 4_000
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port between {base} and {base + 3_999}")


@contextmanager
def server(data: Path, port: int, *options: str, path: str | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """`wolfcall play` on `port` (with these `options`; `path`: another PATH), listening before this yields; a
    server that dies or hangs is an error."""
    env = {**os.environ, "WOLFCALL_DATA": str(data), **({"PATH": path} if path is not None else {})}
    log = data / f"server-{port}.log"
    with log.open("ab") as err:
        proc = subprocess.Popen([WOLFCALL, "play", "--fast", "--audio", "none", "--port", str(port), "--data",
                                 str(data), *options], env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        wait_listening(proc, port, log)
        yield proc
    finally:
        proc.kill()
        proc.wait()


@contextmanager
def in_process(app: Any, config: Callable[[Any], Any] | None = None) -> Iterator[int]:
    """An ASGI app served by uvicorn in this process on a free port of 127.0.0.1, with uvicorn's `config` of it (by
    default as `wolfcall play` serves it); the socket listens before this yields."""
    import threading

    import uvicorn

    from narrator.ui.web.server import socket_config

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    running = uvicorn.Server(config(app) if config else socket_config(app, lifespan="off"))
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield int(sock.getsockname()[1])
    finally:
        running.should_exit = True
        thread.join(timeout=30)
        sock.close()


def wait_listening(proc: subprocess.Popen[bytes], port: int, log: Path) -> None:
    """Wait until the server accepts a connection on `port`; raise if it exits first or hangs."""
    deadline = time.monotonic() + SERVER_GUARD  # only against a server that never listens
    while True:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        try:
            proc.wait(timeout=0.05)  # the pause between tries, cut short if the server exits
        except subprocess.TimeoutExpired:
            pass
        else:
            raise RuntimeError(f"wolfcall play exited with {proc.returncode} before listening on port {port}:\n"
                               f"{log.read_text(errors='replace')}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"wolfcall play never listened on port {port} (still running after "
                               f"{SERVER_GUARD} s):\n{log.read_text(errors='replace')}")


def german_setup(page: Any, port: int) -> None:
    """The page of the server on `port`, its setup screen switched to German."""
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("#deal")
    since = received(page)
    page.select_option("#lang", "de")
    page.wait_for_function("document.querySelector('h1').textContent === 'Neue Partie'")
    # the words come before the new setup screen: a probe's answer comes after both, so no late redraw of the
    # setup can wipe a screen a test draws next
    page.evaluate("send({t: 'probe'})")
    wait_message(page, since, "m.t === 'refused'")
    page.evaluate("document.getElementById('toast').hidden = true")  # the probe's refusal, out of the way


def gen(page: Any) -> int:
    return int(page.get_attribute("#screen", "data-gen") or 0)


def screen(page: Any) -> str:
    return str(page.get_attribute("#screen", "data-screen") or "")


def wait_change(page: Any, before: int, timeout: float = GUARD_MS) -> None:
    try:
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} || "
                               "!document.getElementById('secret').hidden", timeout=timeout)
    except Exception:
        toast = page.inner_text("#toast") if page.is_visible("#toast") else ""
        raise AssertionError(f"no change after acting on '{screen(page)}': {page.inner_text('#screen')!r} "
                             f"toast={toast!r}") from None


def wait_actionable(page: Any, timeout: float = GUARD_MS) -> str:
    """Wait until the page asks for something (not just 'listen'); returns the screen's name."""
    page.wait_for_function("(() => { const s = document.getElementById('screen').dataset.screen;"
                           " return (s && s !== 'listen') || !document.getElementById('secret').hidden; })()",
                           timeout=timeout)
    return "secret" if page.is_visible("#secret") else screen(page)


def shot(page: Any, name: str, full: bool = False) -> None:
    """A screenshot in artifacts/screens/; `full`: the whole scrolled page, not only the phone's screen."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def part_shot(page: Any, selector: str, path: Path) -> None:
    """A screenshot of one element. A screen is drawn anew on each message, so the element may be replaced
    while the picture is taken: then it is taken again, of the element that replaced it (a bounded retry,
    no wait for a time)."""
    from playwright.sync_api import Error

    path.parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(5):
        try:
            page.locator(selector).screenshot(path=str(path))
            return
        except Error as error:
            if "not attached" not in str(error) or attempt == 4:
                raise


def received(page: Any) -> int:
    """How many messages the page has received so far (see RECORD_MESSAGES)."""
    return int(page.evaluate("window.__wolfcall.received.length"))


def sent(page: Any, since: int = 0) -> list[dict[str, Any]]:
    """The messages the page has sent, from the `since`-th on."""
    return list(page.evaluate(f"window.__wolfcall.sent.slice({since})"))


def wait_message(page: Any, since: int, condition: str) -> dict[str, Any]:
    """The first message received after the `since`-th for which the JS expression `condition` (on `m`) holds.

    When this returns, the page has handled that message and every message before it.
    """
    find = f"window.__wolfcall.received.slice({since}).find((m) => {condition})"
    page.wait_for_function(f"{find} !== undefined", timeout=GUARD_MS)
    return dict(page.evaluate(find))
