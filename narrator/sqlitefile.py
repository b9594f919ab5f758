"""An SQLite file as the project's stores keep one: WAL mode, foreign keys, a writer waits up to 5 s for another."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def open_sqlite(path: Path) -> sqlite3.Connection:
    """The file at `path` (its folder made), opened for the server's threads, in autocommit (transactions explicit)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=5000")
    return db


@contextmanager
def transaction(db: sqlite3.Connection, lock: threading.Lock, begin: str = "BEGIN") -> Iterator[Callable[..., Any]]:
    """One transaction on `db` behind the threads' `lock`, committed at the end, rolled back on an error; yields
    what runs a statement in it (`db.execute`)."""
    with lock:
        db.execute(begin)
        try:
            yield db.execute
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
