"""An SQLite file as the project's stores keep one: WAL mode, foreign keys, a writer waits up to 5 s for another."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def open_sqlite(path: Path) -> sqlite3.Connection:
    """The file at `path` (its folder made), opened for the server's threads, in autocommit (transactions explicit)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=5000")
    return db
