"""Where accounts and sign-in sessions are kept: one small interface, `Store`, and `SqliteStore`, a file in the
data folder.

A hosted deployment could keep them in PostgreSQL instead by writing a class with the same methods over two
tables (the same SQL works there with `%s` in place of `?`, `BIGSERIAL`/`TEXT`/`DOUBLE PRECISION` columns and a
connection pool in place of the lock):

    users(id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL)
    sessions(token_hash TEXT PRIMARY KEY, user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             expires DOUBLE PRECISION NOT NULL)    -- plus an index on expires

and these promises: `add_user` raises `Taken` when the key exists (the UNIQUE constraint decides, so two sign-ups
racing for one name cannot both win); `session_user` answers only a session whose `expires` is after `now`;
times are seconds since the epoch, from the caller's clock (the store never reads a clock itself). The store only
keeps what it is given: names are normalised into keys, passwords hashed and tokens hashed by `accounts.py`.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


class Taken(Exception):
    """An account with that name (its normalised key) already exists."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the name {key!r} is taken")
        self.key = key


@dataclass(frozen=True)
class StoredUser:
    id: int
    name: str  # as the player wrote it
    key: str  # normalised: how names are compared
    password_hash: str


class Store(Protocol):
    def add_user(self, name: str, key: str, password_hash: str) -> int:
        """The new account's id; `Taken` when `key` exists."""
        ...

    def user_by_name(self, key: str) -> StoredUser | None: ...

    def user_by_id(self, user_id: int) -> StoredUser | None: ...

    def add_session(self, token_hash: str, user_id: int, expires: float) -> None: ...

    def session_user(self, token_hash: str, now: float) -> StoredUser | None:
        """The session's account while `now` is before its expiry, else None."""
        ...

    def drop_session(self, token_hash: str) -> None: ...

    def drop_expired(self, now: float) -> int:
        """Forget the sessions that have expired; how many."""
        ...

    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions(expires);
"""

USER_COLUMNS = "users.id, users.name, users.key, users.password_hash"


class SqliteStore:
    """The store in one SQLite file (WAL mode), shared by the server's threads behind one lock."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.executescript(SCHEMA)

    def _one(self, sql: str, args: tuple[object, ...]) -> StoredUser | None:
        with self._lock:
            row = self._db.execute(sql, args).fetchone()
        return None if row is None else StoredUser(int(row[0]), str(row[1]), str(row[2]), str(row[3]))

    def add_user(self, name: str, key: str, password_hash: str) -> int:
        try:
            with self._lock:
                cursor = self._db.execute("INSERT INTO users (name, key, password_hash) VALUES (?, ?, ?)",
                                          (name, key, password_hash))
        except sqlite3.IntegrityError as e:
            raise Taken(key) from e
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def user_by_name(self, key: str) -> StoredUser | None:
        return self._one(f"SELECT {USER_COLUMNS} FROM users WHERE key = ?", (key,))

    def user_by_id(self, user_id: int) -> StoredUser | None:
        return self._one(f"SELECT {USER_COLUMNS} FROM users WHERE id = ?", (user_id,))

    def add_session(self, token_hash: str, user_id: int, expires: float) -> None:
        with self._lock:
            self._db.execute("INSERT INTO sessions (token_hash, user_id, expires) VALUES (?, ?, ?)",
                             (token_hash, user_id, expires))

    def session_user(self, token_hash: str, now: float) -> StoredUser | None:
        return self._one(f"SELECT {USER_COLUMNS} FROM sessions JOIN users ON users.id = sessions.user_id "
                         "WHERE sessions.token_hash = ? AND sessions.expires > ?", (token_hash, now))

    def drop_session(self, token_hash: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    def drop_expired(self, now: float) -> int:
        with self._lock:
            return self._db.execute("DELETE FROM sessions WHERE expires <= ?", (now,)).rowcount

    def close(self) -> None:
        with self._lock:
            self._db.close()
