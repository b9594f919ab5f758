"""A real Chromium (Debian's) driven by Playwright against `wolfcall play` on a virtual clock."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts" / "screens"
UI = Path(__file__).resolve().parent.parent / "narrator" / "web" / "ui"
WOLFCALL = str(Path(sys.executable).parent / "wolfcall")


def role_words() -> set[str]:
    """Every role's name in every language, as the page and the scripts write it."""
    words = set()
    for lang in ("en", "de", "es"):
        strings = yaml.safe_load((UI / f"{lang}.yaml").read_text())
        words |= {v for k, v in strings.items() if k.startswith("role.")}
    return words | {"werewolf", "villager", "seer", "witch", "hunter", "guard", "lobo", "Werwolf"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(data: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "WOLFCALL_DATA": str(data)}
    proc = subprocess.Popen([WOLFCALL, "play", "--fast", "--audio", "none", "--port", str(port), "--data", str(data)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 20
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    try:
        yield proc
    finally:
        proc.kill()
        proc.wait()


def gen(page: Any) -> int:
    return int(page.get_attribute("#screen", "data-gen") or 0)


def screen(page: Any) -> str:
    return str(page.get_attribute("#screen", "data-screen") or "")


def wait_change(page: Any, before: int, timeout: float = 10_000) -> None:
    try:
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} || "
                               "!document.getElementById('secret').hidden", timeout=timeout)
    except Exception:
        toast = page.inner_text("#toast") if page.is_visible("#toast") else ""
        raise AssertionError(f"no change after acting on '{screen(page)}': {page.inner_text('#screen')!r} "
                             f"toast={toast!r}") from None


def wait_actionable(page: Any, timeout: float = 15_000) -> str:
    """Wait until the page asks for something (not just 'listen'); returns the screen's name."""
    page.wait_for_function("(() => { const s = document.getElementById('screen').dataset.screen;"
                           " return (s && s !== 'listen') || !document.getElementById('secret').hidden; })()",
                           timeout=timeout)
    return "secret" if page.is_visible("#secret") else screen(page)


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
