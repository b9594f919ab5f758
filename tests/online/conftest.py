"""Shared by the online tests: a clock the test moves by hand, accounts on a real SQLite file, and the store
opened on SQLite and on PostgreSQL (tests/conftest.py's server)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from narrator.online.accounts import Accounts
from narrator.online.pgstore import open_store
from narrator.online.store import SqliteStore, SqlStore

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


@pytest.fixture(params=["sqlite", "postgresql"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """Opens the test's store, once on SQLite and once on PostgreSQL; each call a connection of its own."""
    if request.param == "sqlite":
        return lambda: SqliteStore(tmp_path / "data" / "accounts.sqlite3")
    address: str = request.getfixturevalue("pg_address")
    return lambda: open_store(address, tmp_path)
