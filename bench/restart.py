"""`online.restart_s`: a `wolfcall serve --online --fast` process with one room of six bots in the middle of the
first night gets SIGTERM; the time from the signal until every bot is back on its screen, on a new process on the
same port and data folder (the wait for the old one's exit and the new one's start included). Each bot reconnects
as the page does after `restarting` (every 200 ms); the median of RUNS runs.
"""

from __future__ import annotations

import asyncio
import random
import signal
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ._measure import metric
from .online import LISTEN_S, Bot, Game, _address, _connect, _port, _post, _read, _server, room_act

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
    """Reconnect as the page does, until the bot's screen is the one it had."""
    bot.screen = {}
    while True:
        try:
            await _connect(f"ws://127.0.0.1:{port}", bot)
            break
        except OSError:
            await asyncio.sleep(RETRY_S)
    reader = asyncio.create_task(_read(bot))
    await _until(lambda: _where(bot.screen) == where, lambda: (bot.name, where, _where(bot.screen), bot.refused))
    await bot.ws.close()
    await reader


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


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    if not only("online.restart_s"):
        return
    times = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "data").mkdir()
            times.append(asyncio.run(_once(Path(tmp) / "data")))
    yield metric("online.restart_s", statistics.median(times), "s", "lower")
