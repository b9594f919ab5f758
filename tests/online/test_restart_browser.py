"""A room survives its server's restart, in real Chromium against a real `wolfcall serve --online --proxy --fast`
process behind a real nginx (tests/online/proxied.py: the pages only ever talk to nginx's port): six players in
a room, in the middle of the first night (the wolves asked, talking to each other); the server gets SIGTERM (or
SIGKILL), exits, and is started again on the same port and data folder, nginx staying up. Every page comes back
by itself through nginx to its seat and the screen it had, the wolves' voice chat opens again, and the game is
played to its end. Every frame of every page's sockets is recorded: no page is sent another's card or secret, before or
after; the journal keeps every answer given before the restart.

Every wait is for an event: the process's exit, its "online rooms on" line (its socket listens from then on), a
frame, a page's state; the bounds only guard against a hang.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout

from narrator.game.journal import Fence
from narrator.online.roomstore import RoomShelf
from narrator.online.store import SqliteStore, SqlStore

from ..browser import ARGS, CHROMIUM, free_port
from .proxied import proxied
from .test_rooms_browser import (
    GUARD_S,
    MEDIA,
    NAMES,
    TEST_GUARD_S,
    Plan,
    Player,
    answer,
    check_frames,
    drive,
    hold,
    open_and_join,
    open_player,
    release,
    see_card,
    sign_up,
    wait_connected,
    wait_grown,
    wolves_asked,
)
from .test_voice_browser import tone

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
READY = "wolfcall: online rooms on "


@dataclass
class Process:
    proc: subprocess.Popen[str]
    lines: queue.Queue[str]
    log: list[str]

    def wait_line(self, start: str) -> str:
        """The server's next stderr line that starts with `start` (the others are kept in `log`)."""
        while True:
            try:
                line = self.lines.get(timeout=TEST_GUARD_S)  # a start on a busy machine: only against a hang
            except queue.Empty:
                raise AssertionError(f"the server never said {start!r}: {self.log}") from None
            if line.startswith(start):
                return line
            assert line != "", f"the server exited before it said {start!r}: {self.log}"


def start(data: Path, port: int, *options: str) -> Process:
    """`wolfcall serve --online --proxy --fast` on `data` and `port` (and `options`), as a hosted server behind
    nginx runs (tests/online/proxied.py); returns once it listens."""
    wolfcall = str(Path(sys.executable).parent / "wolfcall")
    proc = subprocess.Popen([wolfcall, "serve", "--online", "--proxy", "--fast", "--host", "127.0.0.1", "--port",
                             str(port), "--data", str(data), *options], env={**os.environ, "WOLFCALL_DATA": str(data)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    log: list[str] = []

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            log.append(line)
            lines.put(line)
        lines.put("")  # the end: the process has closed its stderr

    threading.Thread(target=read, daemon=True).start()
    process = Process(proc, lines, log)
    process.wait_line(READY)
    return process


@contextmanager
def served(data: Path, port: int) -> Iterator[list[Process]]:
    """The processes the test starts, each killed (if still running) at the end."""
    running: list[Process] = [start(data, port)]
    with stopped(running):
        yield running


@contextmanager
def stopped(running: list[Process]) -> Iterator[None]:
    """Every process in `running` (as the block leaves it) killed if still running after the block, and none of
    them wrote a traceback."""
    try:
        yield
    finally:
        for p in running:
            if p.proc.poll() is None:
                p.proc.kill()
            p.proc.wait()
        text = "".join(line for p in running for line in p.log)
        assert "Traceback" not in text, text


def shown(s: dict[str, Any]) -> dict[str, Any]:
    """A screen as the page draws it, the clock's reading aside, and a decoy's tap too: a decoy is no answer, so
    it is not journaled, and a restart offers it again (the step looks the same as a real one's)."""
    return {k: v for k, v in s.items() if k not in ("now", "ends") and not (k == "done" and s.get("decoy"))}


async def restart(running: list[Process], data: Path, port: int, how: signal.Signals) -> None:
    old = running[-1]
    old.proc.send_signal(how)
    code = await asyncio.get_running_loop().run_in_executor(None, old.proc.wait, GUARD_S)
    assert code == -how, (code, old.log)  # uvicorn ends by raising the signal it caught again, as a supervisor expects
    new = await asyncio.get_running_loop().run_in_executor(None, start, data, port)
    running.append(new)
    assert any("1 rooms reopened" in line for line in new.log), new.log


def fit(plan: Plan, s: dict[str, Any], wolves: set[int], roles: dict[int, str]) -> None:
    """The wolves' victim and the village's choice among the screen's own choices: a villager (the host and a
    hunter last) for the wolves, a wolf (not the host) for the village; the host stays alive to call the votes."""
    targets = {c.get("target") for c in s.get("choices", []) if c.get("target")}
    villagers = sorted(targets - wolves, key=lambda t: (t == 1, roles.get(t) == "hunter", t))
    if villagers:
        plan.victim = villagers[0]
    if targets:
        plan.expelled = max(targets & wolves - {1}, default=0) or (villagers or sorted(targets))[-1]


async def to_the_end(players: list[Player], plan: Plan, changed: asyncio.Event, wolves: set[int],
                     roles: dict[int, str]) -> None:
    """Every page answers its newest screen (as `drive` does), every night open and every vote called, until
    every page shows the end."""
    plan.to_vote = True
    plan.nights_open.update(range(1, 40))
    while not all(x.last_screen()[1].get("screen") == "end" for x in players):
        changed.clear()
        for player in players:
            index, s = player.last_screen()
            if index < 0 or index in player.acted:
                continue
            fit(plan, s, wolves, roles)
            message = answer(player, s, plan)
            if message is not None:
                player.acted.add(index)
                await player.send(message)
        await asyncio.wait_for(changed.wait(), GUARD_S)


@dataclass
class Night:
    """Six pages in a room, in the middle of night 1 (the wolves asked, hearing each other), and what the test
    knows there: each page's screen and frame count, and the answers journaled so far."""

    players: list[Player]
    plan: Plan
    changed: asyncio.Event
    code: str
    roles: dict[int, str]
    wolves: set[int]
    before: dict[int, dict[str, Any]]
    counts: dict[int, int]
    journal: Callable[[], list[tuple[str, float]]]  # the answers the store keeps now
    kept: list[tuple[str, float]]

    def pair(self) -> tuple[Player, Player]:
        by_seat = {x.seat: x for x in self.players}
        w1, w2 = (by_seat[s] for s in sorted(self.wolves))
        return w1, w2


def journaled(opened: Callable[[], SqlStore], code: str) -> list[tuple[str, float]]:
    """The answers of room `code`'s game as its server's store keeps them (the room's record names its journal)."""
    with closing(opened()) as store:
        record = json.loads(store.record(code) or "{}")
        shelf = RoomShelf(store, Fence(code, 0), lambda: None)  # only read
        return [(str(a.value), a.delay) for a in shelf.reopen(record["journal"])[1].answers]


def sqlite_store(data: Path) -> Callable[[], SqlStore]:
    """The store of a server without --store: its data folder's file."""
    return lambda: SqliteStore(data / "accounts.sqlite")


async def browse(p: Any, tmp_path: Path) -> Any:
    """One Chromium for the six pages, each its own context, with a fake microphone playing a tone."""
    return await p.chromium.launch(executable_path=CHROMIUM, args=[
        *ARGS, *MEDIA, f"--use-file-for-fake-audio-capture={tone(tmp_path / 'tone.wav', 440)}"])


async def to_the_night(p: Any, browser: Any, url: str, opened: Callable[[], SqlStore]) -> Night:
    """Six players sign up at `url`, Ana opens a room, the others join, the cards are dealt and seen, and the game
    goes on until both wolves are asked on night 1 (the wolves' step waits: no night is open yet)."""
    changed = asyncio.Event()
    players: list[Player] = [await open_player(p, name, None, changed, browser=browser) for name in NAMES]
    await asyncio.gather(*(sign_up(x, url) for x in players))
    ana = players[0]
    code = await open_and_join(players)
    await ana.page.wait_for_function("document.querySelectorAll('#seats li').length === 6 && "
                                     "!document.getElementById('deal').disabled")
    await ana.page.click("#deal")
    await asyncio.gather(*(see_card(x) for x in players))
    roles = {x.seat: x.role for x in players}
    wolves = {s for s, r in roles.items() if r == "werewolf"}
    plan = Plan()
    by_seat = {x.seat: x for x in players}
    w1, w2 = (by_seat[s] for s in sorted(wolves))
    # asked for real (a question's number), not only called: a page shows the called step's screen while the wake
    # line plays, and a restart in that moment comes back with the question already open
    # and every other page's frame of that question read too (a decoy's screen is sent with the wolves', and read
    # a moment later)
    await drive(players, plan, changed, lambda: all(wolves_asked(w, 1) for w in (w1, w2))
                and all(x.last_screen()[1].get("q", -1) >= 0 for x in players), "night 1")
    await wait_connected(w1, {w2.seat})
    def journal() -> list[tuple[str, float]]:
        return journaled(opened, code)

    return Night(players, plan, changed, code, roles, wolves, {x.seat: shown(x.last_screen()[1]) for x in players},
                 {x.seat: len(x.frames) for x in players}, journal, journal())


async def all_back(night: Night, told: bool) -> None:
    """Every page back by itself at its seat and on the screen it had (`told`: it was sent `restarting`), and the
    wolves' voice chat open again: each hears the other."""
    for x in night.players:
        await x.page.wait_for_function(f"window.wolfcall.me().seat === {x.seat} && "
                                       "!document.getElementById('offline')?.checkVisibility?.()")
        try:
            await x.page.wait_for_function(
                "(s) => document.getElementById('screen').dataset.screen === s", arg=night.before[x.seat]["screen"])
        except PlaywrightTimeout:
            drawn = await x.page.evaluate("document.getElementById('screen').dataset.screen")
            raise AssertionError(f"{x.name}'s page draws {drawn!r}, not {night.before[x.seat]['screen']!r}; "
                                 f"its last frames {x.frames[night.counts[x.seat]:][-4:]}") from None
        while shown(x.last_screen()[1]) != night.before[x.seat] or x.last_screen()[0] < night.counts[x.seat]:
            night.changed.clear()
            try:
                await asyncio.wait_for(night.changed.wait(), GUARD_S)
            except TimeoutError:
                raise AssertionError(f"{x.name}'s screen is not back: {night.before[x.seat]} "
                                     f"!= {x.last_screen()[1]}") from None
        after = [m["t"] for m in x.frames[night.counts[x.seat]:]]
        if told:
            assert "restarting" in after, after  # told (its old socket's frames may be reported late)
        x.acted.clear()
    w1, w2 = night.pair()
    await wait_connected(w1, {w2.seat})
    await wait_connected(w2, {w1.seat})
    await hold(w1)
    await wait_grown(w2.page, w1.seat)
    await release(w1)


async def the_end(night: Night) -> None:
    """The game played to its end; no page was sent a frame it may not know, none had an error, and the journal
    still begins with every answer it had before the move."""
    await to_the_end(night.players, night.plan, night.changed, night.wolves, night.roles)
    for x in night.players:
        check_frames(x)
        assert not x.errors, (x.name, x.errors)
    assert night.journal()[: len(night.kept)] == night.kept


async def scenario(url: str, data: Path, port: int, running: list[Process], how: signal.Signals,
                   tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await browse(p, tmp_path)
        try:
            night = await to_the_night(p, browser, url, sqlite_store(data))
            await restart(running, data, port, how)
            await all_back(night, told=how == signal.SIGTERM)
            await the_end(night)
        finally:
            await browser.close()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_a_room_comes_back_after_its_server_restarts(tmp_path: Path, how: signal.Signals) -> None:
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    with proxied(tmp_path / "nginx", [port]) as url, served(data, port) as running:
        asyncio.run(asyncio.wait_for(scenario(url, data, port, running, how, tmp_path), TEST_GUARD_S))
