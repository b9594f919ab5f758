"""Shared by the online tests: a clock the test moves by hand, accounts on a real SQLite file, and a real
PostgreSQL server (started once for the session, a new database for each test that asks for one)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from narrator.online.accounts import Accounts
from narrator.online.pglocal import bin_dir, cluster, database
from narrator.online.store import SqliteStore, SqlStore, open_store

Opener = Callable[[], SqlStore]  # another connection to the same store: another process's view of it


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def accounts(tmp_path: Path, clock: Clock) -> Iterator[Accounts]:
    store = SqliteStore(tmp_path / "accounts.sqlite3")
    yield Accounts(store, now=clock)
    store.close()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL server of the tests' own; without PostgreSQL a skip here, a failure in CI (CI=true)."""
    if bin_dir() is None or importlib.util.find_spec("psycopg") is None:
        message = ("PostgreSQL or psycopg is not installed (make test installs both: narrator/system.py, "
                   "pyproject's dev extra)")
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    with cluster() as server:
        yield server


@pytest.fixture
def pg_address(pg_server: str) -> Iterator[str]:
    """The address of a new, empty database, dropped after the test."""
    with database(pg_server) as address:
        yield address


@pytest.fixture(params=["sqlite", "postgresql"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """Opens the test's store, once on SQLite and once on PostgreSQL; each call a connection of its own."""
    if request.param == "sqlite":
        return lambda: SqliteStore(tmp_path / "data" / "accounts.sqlite3")
    address: str = request.getfixturevalue("pg_address")
    return lambda: open_store(address, tmp_path)
