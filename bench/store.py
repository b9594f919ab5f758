"""The online store: how long a sign-in takes on SQLite and on PostgreSQL (a throwaway server on a unix socket,
narrator/online/pglocal.py), the way the server does it: `Accounts.sign_in` then `open_session`; and how long a
room's journal line takes to land when ROOMS rooms write at once (a vote: every room's ballots together), with the
rooms' writes sharing commits (narrator/sqlitefile.py GroupCommit) and, side by side, one commit each as before.

Two figures per store: `online.store.signin_ms_p95.<store>`, the whole sign-in with the shipped scrypt (its
work is the same on both stores and most of the time), and `online.store.signin_store_ms_p95.<store>`, the
store's share alone: the same calls over accounts whose hashes were made with the cheapest scrypt, so
that what is left is the store's queries (the failure count, the account, the session, the clean-ups).
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from narrator.online import accounts as accounts_module
from narrator.online.accounts import Accounts
from narrator.online.roomregistry import Run, SqlRooms
from narrator.online.store import SqliteStore, SqlStore

from ._measure import metric, p95

CHEAP, CHEAP_SIGNINS = 200, 400  # accounts with a cheap hash, and sign-ins over them
FULL, FULL_SIGNINS = 4, 40  # the shipped scrypt: 40 sign-ins are seconds of work
PASSWORD = "bench-password"
ROOMS, LINES = 50, 20  # rooms writing at once, and journal lines each writes back to back


class OneCommitEach(SqliteStore):
    """The SQLite store as it was before GroupCommit: every fenced write a transaction (and a flush) of its own."""

    def _write(self, write: Callable[[Run], bool]) -> bool:
        return SqlRooms._write(self, write)


@contextmanager
def sqlite_store() -> Iterator[SqlStore]:
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "accounts.sqlite")
        yield store
        store.close()


@contextmanager
def postgres_store() -> Iterator[SqlStore]:
    from narrator.online.pglocal import cluster, database
    from narrator.online.pgstore import PostgresStore

    with cluster() as server, database(server) as address:
        store = PostgresStore(address)
        yield store
        store.close()


def signins_ms(store: SqlStore, users: int, signins: int, n: int | None) -> list[float]:
    """Each sign-in's time in milliseconds, round the `users` accounts (made with scrypt's n = `n`)."""
    accounts = Accounts(store)
    shipped = accounts_module.SCRYPT_N
    accounts_module.SCRYPT_N = n or shipped
    try:
        # each from an address of its own: one address makes at most SIGNUPS_MAX accounts an hour (issue 39)
        names = [accounts.sign_up(f"p{n or 0}x{i}", PASSWORD, address=f"10.0.{i // 256}.{i % 256}").name
                 for i in range(users)]
    finally:
        accounts_module.SCRYPT_N = shipped
    times = []
    for i in range(signins):
        t0 = time.perf_counter()
        accounts.open_session(accounts.sign_in(names[i % users], PASSWORD))
        times.append((time.perf_counter() - t0) * 1000)
    return times


def journal_lines_ms(store: SqliteStore) -> list[float]:
    """Each journal line's time in milliseconds, ROOMS threads (one a room) appending LINES lines each at once."""
    fences = {f"R{i:04d}": store.claim_new(f"R{i:04d}", "bench", time.time(), 60.0) for i in range(ROOMS)}
    start = threading.Barrier(ROOMS)
    times: list[float] = []

    def room(code: str, fence: int | None) -> None:
        assert fence is not None
        start.wait()
        for n in range(LINES):
            t0 = time.perf_counter()
            assert store.add_line(code, fence, "game", n, f'{{"n": {n}, "choice": "werewolves:3"}}')
            times.append((time.perf_counter() - t0) * 1000)

    threads = [threading.Thread(target=room, args=item) for item in fences.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    for name, kind in (("sqlite", SqliteStore), ("sqlite_one_commit_each", OneCommitEach)):
        figure = f"online.store.journal_line_ms_p95.{name}"
        if only(figure):
            with tempfile.TemporaryDirectory() as tmp:
                rooms = kind(Path(tmp) / "accounts.sqlite")
                try:
                    times = journal_lines_ms(rooms)
                finally:
                    rooms.close()
            yield metric(figure, p95(times), "ms", "lower")
    stores: list[tuple[str, Callable[[], AbstractContextManager[SqlStore]]]] = [
        ("sqlite", sqlite_store), ("postgresql", postgres_store)]
    for name, opened in stores:
        full, share = f"online.store.signin_ms_p95.{name}", f"online.store.signin_store_ms_p95.{name}"
        if not (only(full) or only(share)):
            continue
        try:
            with opened() as store:
                cheap = signins_ms(store, CHEAP, CHEAP_SIGNINS, 2)
                shipped = signins_ms(store, FULL, FULL_SIGNINS, None)
        except (FileNotFoundError, RuntimeError) as exc:  # no PostgreSQL here: said, not measured
            sys.stderr.write(f"bench store: {name} not measured: {exc}\n")
            continue
        yield metric(full, p95(shipped), "ms", "lower")
        yield metric(share, p95(cheap), "ms", "lower")
