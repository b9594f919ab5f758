"""Shared by the online tests: a clock the test moves by hand, and accounts on a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from narrator.online.accounts import Accounts
from narrator.online.store import SqliteStore


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
