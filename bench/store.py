"""The online store: how long a sign-in takes on SQLite and on PostgreSQL (a throwaway server on a unix socket,
narrator/online/pglocal.py), the way the server does it: `Accounts.sign_in` then `open_session`.

Two figures per store: `online.store.signin_ms_p95.<store>`, the whole sign-in with the shipped scrypt (its
work is the same on both stores and most of the time), and `online.store.signin_store_ms_p95.<store>`, the
store's share alone: the same calls over accounts whose hashes were made with the cheapest scrypt, so
that what is left is the store's queries (the failure count, the account, the session, the clean-ups).
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from narrator.online import accounts as accounts_module
from narrator.online.accounts import Accounts
from narrator.online.store import SqliteStore, SqlStore

from ._measure import metric, p95

CHEAP, CHEAP_SIGNINS = 200, 400  # accounts with a cheap hash, and sign-ins over them
FULL, FULL_SIGNINS = 4, 40  # the shipped scrypt: 40 sign-ins are seconds of work
PASSWORD = "bench-password"


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
        names = [accounts.sign_up(f"p{n or 0}x{i}", PASSWORD).name for i in range(users)]
    finally:
        accounts_module.SCRYPT_N = shipped
    times = []
    for i in range(signins):
        t0 = time.perf_counter()
        accounts.open_session(accounts.sign_in(names[i % users], PASSWORD))
        times.append((time.perf_counter() - t0) * 1000)
    return times


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
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
