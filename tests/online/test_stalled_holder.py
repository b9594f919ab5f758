"""A holder that stalls past its lease writes nothing once it wakes up: two real `wolfcall serve --online --store
postgresql://...` processes, each with a data folder of its own (they share the database alone), and six players
as bots on their own sockets (bench/online.py's, without a browser).

The room is opened and played on A to the middle of night 1 (the wolves asked). A is stopped with SIGSTOP and the
test waits on the store's lease row until A's lease has run out; A's pages meanwhile answer the wolves' question
(A reads nothing: it is stopped). The pages open the room on B, which takes it over from the store (its token now the
latest) and shows them their screens. Then A gets SIGCONT and finds its pages' answers waiting and its lease gone.
Which it comes to first is the threads' race; so that its answer's write is tried for certain, the test locks the
rooms table in SHARE mode meanwhile: that holds back every UPDATE of it (A's renewal; a row lock would not, as
PostgreSQL locks only the rows an UPDATE's WHERE matches, and A's token matches none), and not a fenced write (its
FOR SHARE takes a ROW SHARE lock, which SHARE allows). A's journal line is the next one, which B has not written yet:
only the token refuses it (B playing first would make it collide with B's line, refused without any token). A says
so; once the test lets the table go, A's renewal fails and A lets the room go (its pages are told to reconnect, and
it says so). The record and the journal are as B left them, and B plays the game on to its end, from its own
answer to the wolves' question. (tests/online/test_holding.py has both orders, in one process.)

Every wait is for an event (a row of the store, a process's line, a frame); the bounds only guard against a hang.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from bench.online import Bot, Game, _connect, _read, room_act
from bench.restart import _to_the_night
from narrator.online.holding import holder_name
from narrator.online.pgstore import open_store
from narrator.online.roomregistry import Lease

from ..browser import free_port
from .test_restart_browser import Process, start, stopped
from .test_rooms_browser import TEST_GUARD_S

LEASE = "3"  # seconds: A's lease runs out this long after A stopped
RETRY_S = 0.2  # as a page retries a room another process holds (static/app.js)
LET_GO = "wolfcall: 1 rooms are held by another process now"
REFUSED = "wolfcall: room {code}: not written, another process holds it now"


async def until(condition: Callable[[], bool], what: Callable[[], object] = lambda: "") -> None:
    """Until `condition` holds, looked at every frame the bots read or row they see (only bounded against a hang)."""
    deadline = time.monotonic() + TEST_GUARD_S
    while not condition():
        assert time.monotonic() < deadline, what()
        await asyncio.sleep(0.01)


def lease(address: str, code: str) -> Lease:
    with closing(open_store(address, Path("/nonexistent"))) as store:
        return next(row for row in store.leases() if row.code == code)


def kept(address: str, code: str) -> tuple[list[str], str | None]:
    """What the store keeps of the room: its journal's lines (the one its record names) and its record."""
    with closing(open_store(address, Path("/nonexistent"))) as store:
        record = store.record(code)
        journal = json.loads(record or "{}").get("journal") or ""
        return store.lines(code, journal), record


async def seated_on(port: int, game: Game) -> tuple[Game, list[asyncio.Task[None]]]:
    """The same players open the room on the process at `port`, again every RETRY_S while it answers that another
    process holds it (HTTP 503), until each reads its screen there."""
    from websockets.exceptions import InvalidStatus

    there = Game(game.number, game.ruleset, game.code)
    there.bots = [Bot(there, b.name, b.address, b.cookie) for b in game.bots]
    readers = []
    for bot in there.bots:
        while True:
            try:
                await _connect(f"ws://127.0.0.1:{port}", bot)
                break
            except InvalidStatus as exc:
                assert exc.response.status_code == 503, exc
                await asyncio.sleep(RETRY_S)
        readers.append(asyncio.create_task(_read(bot)))
    await until(lambda: all(b.screen for b in there.bots), lambda: [b.describe() for b in there.bots])
    return there, readers


async def answer(game: Game, rng: random.Random) -> None:
    """Every page answers the screen it shows now, once."""
    for bot in game.bots:
        if bot.shown != bot.answered:
            bot.answered = bot.shown
            for message in room_act(bot, bot.screen, rng):
                await bot.ws.send(json.dumps(message))


async def wolves_pick(game: Game) -> None:
    """Both wolves' pages pick the same victim (the first one their screen offers)."""
    for bot in game.bots:
        s = bot.screen
        if s.get("step") == "werewolves" and not s.get("decoy") and not s.get("done"):
            value = min(c["value"] for c in s["choices"] if c.get("value") and not c.get("off"))
            await bot.ws.send(json.dumps({"t": "tap", "q": s["q"], "value": value}))


async def scenario(address: str, a: Process, b: Process, a_port: int, b_port: int) -> None:
    import psycopg

    game, readers = await _to_the_night(a_port)
    code = game.code
    assert lease(address, code).holder == holder_name(a_port)
    a.proc.send_signal(signal.SIGSTOP)
    try:
        await until(lambda: lease(address, code).expires < time.time(), lambda: lease(address, code))
        await wolves_pick(game)  # on A's sockets: A reads it when it wakes up
        there, on_b = await seated_on(b_port, game)  # B takes the room over from the store
        assert lease(address, code).holder == holder_name(b_port)
        left = kept(address, code)  # B's pages wait on the wolves' question: B writes nothing meanwhile
        table = psycopg.connect(address)
        table.execute("LOCK TABLE rooms IN SHARE MODE")  # held until the commit below
    finally:
        a.proc.send_signal(signal.SIGCONT)
    loop = asyncio.get_running_loop()
    with table:
        said = await loop.run_in_executor(None, a.wait_line, REFUSED.format(code=code))  # A tried, and was refused
    said = await loop.run_in_executor(None, a.wait_line, LET_GO)
    assert said.startswith(LET_GO)
    await asyncio.wait_for(asyncio.gather(*readers), TEST_GUARD_S)  # A closed its pages' sockets
    assert all(bot.kinds["restarting"] == 1 for bot in game.bots), [b.kinds for b in game.bots]
    assert kept(address, code) == left, "a write of the stalled holder landed"
    assert lease(address, code).holder == holder_name(b_port)
    rng = random.Random(2)
    while not there.over.is_set():  # B plays on to the end
        await answer(there, rng)
        await asyncio.sleep(0.01)
    played = kept(address, code)[0]
    assert played[: len(left[0])] == left[0] and len(played) > len(left[0])
    await asyncio.gather(*(bot.ws.close() for bot in there.bots))
    await asyncio.gather(*on_b)


def test_a_stalled_holder_wakes_up_to_write_nothing_and_let_the_room_go(tmp_path: Path, pg_address: str) -> None:
    ports = [free_port(), free_port()]
    running: list[Process] = []
    with stopped(running):
        for n, port in enumerate(ports, 1):
            (tmp_path / f"machine{n}").mkdir()
            running.append(start(tmp_path / f"machine{n}", port, "--store", pg_address, "--lease", LEASE))
        asyncio.run(asyncio.wait_for(scenario(pg_address, *running, *ports), TEST_GUARD_S))
