"""`online.restart_s`: a `wolfcall serve --online --fast` process with one room of six bots in the middle of the
first night gets SIGTERM; the time from the signal until every bot is back on its screen, on a new process on the
same port and data folder (the wait for the old one's exit and the new one's start included). Each bot reconnects
as the page does after `restarting` (every 200 ms); the median of RUNS runs.

`online.failover_s`: the same room through nginx in front of two such processes that share one PostgreSQL store and
nothing else, each with a data folder of its own as on two machines (narrator/online/nginxlocal.py, pglocal.py; the
default lease); the process that holds the room
gets SIGKILL; the time from the signal until every bot is back on its screen on the other process, which takes the
room over once its lease has expired. Not measured (said on stderr) without nginx or PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from narrator.system import nginx_path, postgres_bin

from ._measure import metric
from ._server import free_port as _port
from .online import LISTEN_S, Bot, Game, _address, _connect, _post, _read, _server, room_act

RUNS = 3
PLAYERS = 6
RETRY_S = 0.2  # as static/app.js after `restarting`


def _where(s: dict[str, Any]) -> tuple[Any, ...]:
    return s.get("screen"), s.get("step"), s.get("q"), s.get("night")


async def _until(condition: Callable[[], bool], what: Callable[[], object] = lambda: "") -> None:
    deadline = time.monotonic() + LISTEN_S
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"bench online.restart_s: the room never got there {what()}")
        await asyncio.sleep(0.01)


async def _to_the_night(port: int) -> tuple[Game, list[asyncio.Task[None]]]:
    """A room of PLAYERS bots, dealt and played until every page shows the first night's wolves' step."""
    base = f"http://127.0.0.1:{port}"
    game = Game(0, "classic")
    game.bots = [Bot(game, f"p{seat}", _address(0, seat)) for seat in range(1, PLAYERS + 1)]
    for bot in game.bots:
        await _post(base, bot, "/api/signup", {"name": bot.name, "password": "bench-password"})
    game.code = (await _post(base, game.bots[0], "/api/rooms", {"ruleset": "classic"}))["code"]
    for bot in game.bots[1:]:
        await _post(base, bot, "/api/join", {"code": game.code})
    readers = await _open(port, game)
    await _until(lambda: len(game.bots[0].screen.get("room", {}).get("players", [])) == PLAYERS)
    await game.bots[0].send({"t": "deal"}, answer=False)
    rng = random.Random(0)
    while not all(b.screen.get("step") == "werewolves" and b.screen.get("q", -1) >= 0 for b in game.bots):
        for bot in game.bots:
            if bot.shown != bot.answered and bot.screen.get("screen") != "night":
                bot.answered = bot.shown
                for message in room_act(bot, bot.screen, rng):
                    await bot.send(message)
        await asyncio.sleep(0.01)
    return game, readers


async def _open(port: int, game: Game) -> list[asyncio.Task[None]]:
    await asyncio.gather(*(_connect(f"ws://127.0.0.1:{port}", b) for b in game.bots))
    return [asyncio.create_task(_read(b)) for b in game.bots]


async def _back(port: int, bot: Bot, where: tuple[Any, ...]) -> None:
    """Reconnect as the page does (again RETRY_S after a refused or closed socket: a process that does not hold
    the room yet, through nginx a 503), until the bot's screen is the one it had."""
    from websockets.exceptions import InvalidStatus

    deadline = time.monotonic() + LISTEN_S
    while True:
        bot.screen = {}
        try:
            await _connect(f"ws://127.0.0.1:{port}", bot)
        except (OSError, InvalidStatus) as exc:
            if time.monotonic() > deadline:
                raise RuntimeError(f"bench {bot.name}: never reconnected ({exc})") from None
            await asyncio.sleep(RETRY_S)
            continue
        reader = asyncio.create_task(_read(bot))
        await _until(lambda reader=reader: _where(bot.screen) == where or reader.done(),  # type: ignore[misc]
                     lambda: (bot.name, where, _where(bot.screen), bot.refused))
        if _where(bot.screen) == where:
            await bot.ws.close()
            await reader
            return
        await asyncio.sleep(RETRY_S)


async def _once(data: Path) -> float:
    port = _port()
    with _server(data, port=port) as (_, proc):
        game, readers = await _to_the_night(port)
        where = {b.name: _where(b.screen) for b in game.bots}
        started = time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        await asyncio.gather(*readers)  # every page's socket closed by the server, after `restarting`
        await asyncio.get_running_loop().run_in_executor(None, proc.wait, LISTEN_S)
    with _server(data, port=port):  # started, and answering: the bots' retries meanwhile would find nobody
        await asyncio.gather(*(_back(port, b, where[b.name]) for b in game.bots))
        return time.perf_counter() - started


async def _failover_once(top: Path, address: str) -> float:
    """Two processes on one store, each with its own data folder, behind nginx (the README's failover config,
    default lease); the room's holder killed with SIGKILL in the middle of night 1; the time until every bot, which
    reconnects through nginx, is back on its screen."""
    from narrator.online.holding import holder_name
    from narrator.online.nginxlocal import proxy

    ports, front = [_port(), _port()], _port()
    with contextlib.ExitStack() as stack:
        procs = []
        for n, port in enumerate(ports, 1):
            data = top / f"machine{n}"
            data.mkdir()
            procs.append(stack.enter_context(_server(data, port=port, options=("--proxy", "--store", address)))[1])
        stack.enter_context(proxy(top / "nginx", front, ports))
        game, readers = await _to_the_night(front)
        where = {b.name: _where(b.screen) for b in game.bots}
        holder = procs[[holder_name(port) for port in ports].index(_holder(address, top, game.code))]
        started = time.perf_counter()
        holder.kill()
        await asyncio.gather(*readers)  # every page's socket dropped (nginx closes them as its upstream dies)
        await asyncio.gather(*(_back(front, b, where[b.name]) for b in game.bots))
        return time.perf_counter() - started


def _holder(address: str, top: Path, code: str) -> str:
    from narrator.online.pgstore import open_store

    with contextlib.closing(open_store(address, top)) as store:
        return {lease.code: lease.holder for lease in store.leases()}[code]


def _failovers() -> list[float]:
    from narrator.online.pglocal import cluster, database

    times = []
    with cluster() as server:
        for _ in range(RUNS):
            with database(server) as address, tempfile.TemporaryDirectory() as tmp:
                times.append(asyncio.run(_failover_once(Path(tmp), address)))
    return times


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    if only("online.restart_s"):
        times = []
        for _ in range(RUNS):
            with tempfile.TemporaryDirectory() as tmp:
                (Path(tmp) / "data").mkdir()
                times.append(asyncio.run(_once(Path(tmp) / "data")))
        yield metric("online.restart_s", statistics.median(times), "s", "lower")
    if only("online.failover_s"):
        lacking = [name for name, here in (("nginx", nginx_path()), ("PostgreSQL", postgres_bin())) if here is None]
        if lacking:  # said, not measured (make test installs both: narrator/system.py)
            sys.stderr.write(f"bench online.failover_s: not measured: {' and '.join(lacking)} not installed\n")
            return
        yield metric("online.failover_s", statistics.median(_failovers()), "s", "lower")
