"""The setup screen's odds without holding anybody up. A deal the committed table has is answered at once; any
other is estimated in a worker process (one for the whole server, so rooms take turns), and whoever asked is told
when it is ready, to send its screen again. Meanwhile the screen shows that the estimate is under way, and the
server goes on answering every other page and request (the hub's lock is not held while the games are played)."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from typing import Any

from engine import HouseRules, Refused, Setup, ruleset

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
        try:
            pool, future = self._submit(deal)
        except BrokenExecutor:  # no worker could be started: no odds for this deal, and the setup goes on
            logging.getLogger(__name__).exception("the odds of %s could not be estimated", deal)
            with self._lock:
                self._waiting.pop(deal, None)
            return self._keep(deal, None)
        future.add_done_callback(lambda done: self._done(deal, done, pool))
        return PENDING

    def _submit(self, deal: Deal) -> tuple[Executor, Future[dict[str, Any] | None]]:
        """The deal sent to the worker; a worker that died (an estimate that broke its process) is replaced once."""
        pool = self._pool()
        try:
            return pool, pool.submit(estimated, deal)
        except BrokenExecutor:
            self._drop(pool)
            pool = self._pool()
            return pool, pool.submit(estimated, deal)

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

                self._workers = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            return self._workers

    def _keep(self, deal: Deal, found: dict[str, Any] | None) -> dict[str, Any] | None:
        with self._lock:
            self._known[deal] = found
            while len(self._known) > KEEP:
                self._known.popitem(last=False)
        return found

    def _done(self, deal: Deal, done: Future[dict[str, Any] | None], pool: Executor | None = None) -> None:
        try:
            found = done.result()
        except Exception as fault:  # a fault of the estimate (or of its process) shows no odds; the setup goes on
            logging.getLogger(__name__).exception("the odds of %s could not be estimated", deal)
            found = None
            if isinstance(fault, BrokenExecutor) and pool is not None:
                self._drop(pool)
        self._keep(deal, found)
        with self._lock:
            waiting = self._waiting.pop(deal, [])
        for ready in waiting:
            ready()


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
