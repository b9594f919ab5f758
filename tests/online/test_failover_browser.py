"""A room moves to another process when its holder dies or is stopped for a deploy, with nothing shared between
the two but PostgreSQL: real Chromium through a real nginx (Debian's package, narrator/online/nginxlocal.py: the
README's failover config) in front of two `wolfcall serve --online --proxy --store postgresql://... --lease 3`
processes, each with a data folder of its own, as on two machines.

Six players sign up and play through nginx; in the middle of the first night (the wolves asked, hearing each
other) the process that holds the room (the store's registry says which) is killed with SIGKILL, or stopped with
SIGTERM. Killed, the other takes the room over from the store once the lease has expired (its "took over" line);
stopped, the holder tells every page, releases the room and exits (its stores closed first: its "stopped" line),
and the other takes the room when the first page asks. Every page reconnects by itself through nginx to the same
seat and screen, the wolves' voice chat opens again, and the game is played to its end. Every frame of every
page's sockets is recorded: no page is sent another's card or secret, before, during or after the move; the store's
journal keeps every answer given before it.

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
STOPPED = "wolfcall: stopped; "


def holder(address: str, code: str) -> str:
    """Who holds room `code` in the store's registry (read while both processes live: no expiry to compare)."""
    with closing(open_store(address, Path("/nonexistent"))) as store:
        return {lease.code: lease.holder for lease in store.leases()}[code]


async def scenario(url: str, address: str, running: list[Process], ports: list[int], how: signal.Signals,
                   tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    loop = asyncio.get_running_loop()
    async with async_playwright() as p:
        browser = await browse(p, tmp_path)
        try:
            night = await to_the_night(p, browser, url, lambda: open_store(address, tmp_path))
            names = [holder_name(port) for port in ports]
            held = names.index(holder(address, night.code))
            gone, alive = running[held], running[1 - held]
            gone.proc.send_signal(how)
            assert await loop.run_in_executor(None, gone.proc.wait, GUARD_S) == -how, gone.log
            if how == signal.SIGTERM:  # its rooms suspended, released, and its stores closed before it ended
                assert any(line.startswith(STOPPED + "1 rooms") for line in gone.log), gone.log
            line = await loop.run_in_executor(None, alive.wait_line, TOOK_OVER)
            assert line.startswith(TOOK_OVER + "1 rooms"), line
            assert holder(address, night.code) == names[1 - held]
            await all_back(night, told=how == signal.SIGTERM)  # killed: nobody told the pages anything
            await the_end(night)
        finally:
            await browser.close()


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["sigkill", "sigterm"])
def test_a_room_moves_to_the_other_process_with_only_postgresql_shared(tmp_path: Path, pg_address: str,
                                                                       how: signal.Signals) -> None:
    ports = [free_port(), free_port()]
    folders = [tmp_path / f"machine{n}" for n in (1, 2)]
    running: list[Process] = []
    with proxied(tmp_path / "nginx", ports) as url, stopped(running):
        for port, data in zip(ports, folders, strict=True):
            data.mkdir()
            running.append(start(data, port, "--store", pg_address, "--lease", LEASE))
        asyncio.run(asyncio.wait_for(scenario(url, pg_address, running, ports, how, tmp_path), TEST_GUARD_S))
    for data in folders:  # the data folders hold no room: the store has them all
        assert not list(data.glob("rooms/*/room.json")) and not list(data.glob("rooms/*/games/*"))
