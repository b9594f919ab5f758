"""A room survives the death of its process, in real Chromium through a real nginx (Debian's package,
narrator/online/nginxlocal.py: the README's failover config) in front of two `wolfcall serve --online --proxy
--store postgresql://... --lease 3` processes that share one PostgreSQL database and one data folder.

Six players sign up and play through nginx; in the middle of the first night (the wolves asked, hearing each
other) the process that holds the room (the store's registry says which) is killed with SIGKILL. The other one
takes the room over from its record and journal once the lease has expired (its "took over" line), every page
reconnects by itself through nginx to the same seat and screen, the wolves' voice chat opens again, and the game
is played to its end. Every frame of every page's sockets is recorded: no page is sent another's card or secret,
before, during or after the move; the journal keeps every answer given before the kill.

Every wait is for an event (a process's exit or line, a frame, a page's state); the bounds only guard against a
hang. Without nginx or PostgreSQL the test is skipped (in CI, which installs both, it fails instead).
"""

from __future__ import annotations

import asyncio
import shutil
import signal
from contextlib import closing
from pathlib import Path

import pytest

from narrator.online.holding import holder_name
from narrator.online.pgstore import open_store

from ..browser import CHROMIUM, free_port
from .proxied import proxied
from .test_restart_browser import Process, all_back, browse, start, stopped, the_end, to_the_night
from .test_rooms_browser import GUARD_S, TEST_GUARD_S

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
# seconds: the room moves a lease (and at most a third more, the next round) after the kill; renewed every second,
# a live holder's lease lapses only if it stalls for three (CI runs two tests at once on two cores)
LEASE = "3"
TOOK_OVER = "wolfcall: took over "


def holder(address: str, data: Path, code: str) -> str:
    """Who holds room `code` in the store's registry (read while both processes live: no expiry to compare)."""
    with closing(open_store(address, data)) as store:
        return {lease.code: lease.holder for lease in store.leases()}[code]


async def scenario(url: str, data: Path, address: str, running: list[Process], ports: list[int],
                   tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    loop = asyncio.get_running_loop()
    async with async_playwright() as p:
        browser = await browse(p, tmp_path)
        try:
            night = await to_the_night(p, browser, url, data)
            names = [holder_name(port) for port in ports]
            held = names.index(holder(address, data, night.code))
            dead, alive = running[held], running[1 - held]
            dead.proc.send_signal(signal.SIGKILL)
            assert await loop.run_in_executor(None, dead.proc.wait, GUARD_S) == -signal.SIGKILL, dead.log
            line = await loop.run_in_executor(None, alive.wait_line, TOOK_OVER)
            assert line.startswith(TOOK_OVER + "1 rooms"), line
            assert holder(address, data, night.code) == names[1 - held]
            await all_back(night, told=False)  # killed: nobody told the pages anything
            await the_end(night)
        finally:
            await browser.close()


def test_a_room_moves_to_the_other_process_when_its_holder_is_killed(tmp_path: Path, pg_address: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    ports = [free_port(), free_port()]
    running: list[Process] = []
    with proxied(tmp_path / "nginx", ports) as url, stopped(running):
        for port in ports:
            running.append(start(data, port, "--store", pg_address, "--lease", LEASE))
        asyncio.run(asyncio.wait_for(scenario(url, data, pg_address, running, ports, tmp_path), TEST_GUARD_S))
