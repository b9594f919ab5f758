"""The setup screen's odds without holding anybody up. A deal the committed table has is answered at once; any
other is estimated in a worker process (one for the whole server, so rooms take turns), and whoever asked is told
when it is ready, to send its screen again. Meanwhile the screen shows that the estimate is under way, and the
server goes on answering every other page and request (the hub's lock is not held while the games are played).
The worker stops with the server (`serving`, its app's lifespan), and with a killed server (narrator/workers.py)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future
from typing import Any

from engine import HouseRules, Refused, Setup, ruleset
from narrator.workers import worker_pool

from . import odds

PENDING: dict[str, Any] = {"pending": True}  # what the screen shows while a deal is being estimated
KEEP = 256  # deals remembered

Deal = tuple[str, int, tuple[tuple[str, int], ...], str, HouseRules]
Ready = Callable[[], None]


class ScreenOdds:
    """The estimates of the deals the setup screens ask for, each made once and remembered (the last KEEP)."""

    def __init__(self, workers: Executor | None = None) -> None:
        self._lock = threading.Lock()
        self._known: OrderedDict[Deal, dict[str, Any] | None] = OrderedDict()
        self._waiting: dict[Deal, list[Ready]] = {}
        self._workers = workers
        self._servers = 0  # the servers of this process that are running (`hold`, `release`)

    def get(self, rules_id: str, players: int, counts: Mapping[str, int], mode: str, house: HouseRules,
            ready: Ready | None = None) -> dict[str, Any] | None:
        """The odds for the screen (None for a deal the rules refuse). A deal the table lacks: with `ready`, PENDING
        now and `ready()` once it is known (from the worker's thread); without, estimated here and now."""
        deal: Deal = (rules_id, players, tuple(sorted((r, n) for r, n in counts.items() if n)), mode, house)
        with self._lock:
            if deal in self._known:
                self._known.move_to_end(deal)
                return self._known[deal]
            if deal in self._waiting:
                if ready is not None and ready not in self._waiting[deal]:
                    self._waiting[deal].append(ready)
                return PENDING
        setup = Setup(ruleset(rules_id), players, dict(deal[2]), mode)
        try:
            setup.validate()
        except Refused:
            return self._keep(deal, None)
        if ready is None or odds.key(setup, house) in odds.table():
            return self._keep(deal, odds.estimate(setup, house, budget=odds.SCREEN_BUDGET).to_json())
        with self._lock:
            if deal in self._waiting:  # another page asked for it meanwhile
                self._waiting[deal].append(ready)
                return PENDING
            self._waiting[deal] = [ready]
        if not self._send(deal):  # no worker could be started: no odds for this deal, and the setup goes on
            _unestimated(deal, "no worker process could be started")
            with self._lock:
                self._waiting.pop(deal, None)
            return self._keep(deal, None)
        return PENDING

    def hold(self) -> None:
        """A server of this process starts: its pages may start the worker."""
        with self._lock:
            self._servers += 1

    def release(self) -> None:
        """A server stops: the last one stops the worker; a deal still waiting is forgotten, to be estimated when it
        is asked for again."""
        with self._lock:
            self._servers -= 1
            last = self._servers <= 0
        if last:
            self.close()

    def close(self) -> None:
        """The worker stopped, after the estimate under way (SCREEN_BUDGET); a later live estimate starts another."""
        with self._lock:
            pool, self._workers = self._workers, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _send(self, deal: Deal, tries: int = 2) -> bool:
        """The deal sent to the worker, tried `tries` times at most: a worker that died (an estimate that broke its
        process, a kill) is replaced by a new one. False when none took it."""
        while tries > 0:
            tries -= 1
            pool = self._pool()
            try:
                future = pool.submit(estimated, deal)
            except (BrokenExecutor, OSError):  # OSError: the process could not be started
                self._drop(pool)
                continue
            future.add_done_callback(functools.partial(self._done, deal, pool=pool, tries=tries))
            return True
        return False

    def _drop(self, pool: Executor) -> None:
        """A pool whose worker died takes no more deals: the next deal starts a new one."""
        with self._lock:
            if self._workers is pool:
                self._workers = None
        pool.shutdown(wait=False)

    def _pool(self) -> Executor:
        """One worker process for the whole server (started at the first live estimate): its games share no state
        and no interpreter lock with the table's game."""
        with self._lock:
            if self._workers is None:
                import multiprocessing

                self._workers = worker_pool(1, multiprocessing.get_context("spawn"))
            return self._workers

    def _keep(self, deal: Deal, found: dict[str, Any] | None) -> dict[str, Any] | None:
        with self._lock:
            self._known[deal] = found
            while len(self._known) > KEEP:
                self._known.popitem(last=False)
        return found

    def _done(self, deal: Deal, done: Future[dict[str, Any] | None], pool: Executor, tries: int = 0) -> None:
        found = None
        try:
            found = done.result()
        except CancelledError:  # its server stopped the worker: nobody waits for it now
            with self._lock:
                self._waiting.pop(deal, None)
            return
        except BrokenExecutor:  # the worker died under the estimate: a new one tries it
            self._drop(pool)
            if self._send(deal, tries):
                return
            _unestimated(deal, "its worker process stopped")
        except Exception as fault:  # a fault of the estimate shows no odds; the setup goes on
            _unestimated(deal, f"{type(fault).__name__}: {fault}")
        self._keep(deal, found)
        with self._lock:
            waiting = self._waiting.pop(deal, [])
        for ready in waiting:
            ready()


def _unestimated(deal: Deal, why: str) -> None:
    """One line for whoever runs the server (never a stack trace): the setup screen shows no odds for this deal."""
    rules_id, players, counts, mode, _house = deal
    cards = ", ".join(f"{n} {role}" for role, n in counts)
    logging.getLogger(__name__).warning("wolfcall: the odds of %s (%s, %d players, %s) could not be estimated (%s); "
                                        "the setup screen shows none", cards, rules_id, players, mode, why)


def estimated(deal: Deal) -> dict[str, Any] | None:
    """The screen's odds of a valid deal, played out here (in the worker)."""
    rules_id, players, counts, mode, house = deal
    setup = Setup(ruleset(rules_id), players, dict(counts), mode)
    return odds.estimate(setup, house, budget=odds.SCREEN_BUDGET).to_json()


SCREEN = ScreenOdds()


def for_screen(rules_id: str, players: int, counts: Mapping[str, int], mode: str, house: HouseRules,
               ready: Ready | None = None) -> dict[str, Any] | None:
    """The odds the setup screen shows for its draft: see `ScreenOdds.get`."""
    return SCREEN.get(rules_id, players, counts, mode, house, ready)


@contextlib.asynccontextmanager
async def serving(app: object = None) -> AsyncIterator[None]:
    """A server's lifetime (its ASGI app's lifespan): the worker its setup screens started stops with it, the last
    server of this process to stop, before the process ends (abruptly after a signal: uvicorn raises it again)."""
    screen = SCREEN
    screen.hold()
    try:
        yield
    finally:
        await asyncio.to_thread(screen.release)
