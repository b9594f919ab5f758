"""What the online server keeps beyond one process: accounts, sign-in sessions, the counted tries (wrong
passwords, room codes) and the room registry. One small interface, `Store`, over the same plain SQL in two
databases: `SqliteStore`, a file in the data folder (the default, embedded), and `PostgresStore`
(`pgstore.py`, `wolfcall serve --online --store postgresql://...`), which several processes and machines share.

Promises both keep (tests/online/test_store.py runs one test module against both):
- `add_user` raises `Taken` when the key exists: the UNIQUE constraint decides, so two sign-ups racing for one
  name cannot both win, even in two processes.
- Times are seconds since the epoch from the caller's clock: the store never reads a clock itself. Processes on
  several machines must keep their clocks in step (NTP); a room's lease should be far longer than their drift.
- `session_user` answers only a session whose `expires` is after `now`.
- `take_try` counts and records one try in one transaction (locked per key), so processes sharing a store share
  one count: N processes do not get N times the allowance.
- The room registry is a lease per room: `claim(code, holder, now, ttl)` takes a room that is free, expired or
  already this holder's, for `ttl` seconds, and answers its fencing token: a number that grows with every claim
  (`claim_new` takes a code nobody has used, token 1); `renew` extends it while that claim is still the latest;
  `release` gives it up (the room's record and journals stay, for another process to take it over); `holder_of`
  names the live holder; `leases` lists every row, expired ones too (the rooms a dead process left, for another
  to claim). The database decides who wins a race (one row, one atomic upsert).
- The limits on open rooms (`claim_new` with an `Opener`) count the registry's rows by account and by address and
  claim the new one in one transaction, which every counted opening waits its turn for (an advisory lock; SQLite's
  one writer): two processes opening rooms for one address at once do not both get the last one.
- A session ended (`drop_session`, `drop_sessions`) ends at once in every process: it is looked up in the store on each
  request and on each message of a room's socket (narrator/online/signouts.py), never remembered.
- A room's record and journals live in the store too (`save_record`, `add_line`...: narrator/online/roomstore.py),
  so that processes share nothing else. Every write for a room carries its holder's token, and the statement
  that writes also checks it against the room's row, which it locks (`FOR SHARE`; SQLite has one writer at a
  time): a holder whose lease another process has claimed since writes nothing, and is told so (False).
- The schema is the numbered list `MIGRATIONS`, applied at start in one transaction (a schema_version table
  says how far a database has come), so a store opened by a newer wolfcall is brought up to date and one
  written by a newer wolfcall than this is refused with a clear error.

The store only keeps what it is given: names are normalised into keys, passwords hashed and tokens hashed by
`accounts.py`.
"""

from __future__ import annotations

import sqlite3
import threading
from abc import abstractmethod
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from narrator.game.historystore import HISTORY_FILE, HistoryStore, SqliteHistory
from narrator.online.roomregistry import RoomRegistry, Run, SqlRooms
from narrator.sqlitefile import GroupCommit, Readers, open_sqlite, transaction

STORE_FILE = "accounts.sqlite"  # the store without --store, in the data folder


class Taken(Exception):
    """An account with that name (its normalised key) already exists."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the name {key!r} is taken")
        self.key = key


class StoreError(Exception):
    """A store that cannot be used as it is (a schema from a newer wolfcall, an address that is none)."""


@dataclass(frozen=True)
class StoredUser:
    id: int
    name: str  # as the player wrote it
    key: str  # normalised: how names are compared
    password_hash: str


class Store(RoomRegistry, Protocol):
    """Accounts, sign-in sessions and counted tries, beside the room registry (roomregistry.py)."""

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

    def drop_sessions(self, user_id: int, keep: str | None = None) -> int:
        """End every session of the account but `keep` (a token hash); how many."""
        ...

    def live_sessions(self, token_hashes: Collection[str], now: float) -> set[str]:
        """Which of `token_hashes` are live sessions at `now` (the others were signed out, or have expired)."""
        ...

    def set_password(self, user_id: int, password_hash: str) -> None: ...

    def drop_expired(self, now: float) -> int:
        """Forget the sessions that have expired; how many."""
        ...

    def add_try(self, key: str, at: float) -> None:
        """One more try (a wrong password for a name...) under `key`, at time `at`."""
        ...

    def tries_since(self, key: str, since: float) -> int:
        """How many tries `key` made after `since`."""
        ...

    def take_try(self, key: str, at: float, since: float, limit: int) -> bool:
        """One more try if `key` made fewer than `limit` after `since` (then recorded); False past the limit."""
        ...

    def clear_tries(self, key: str) -> None: ...

    def drop_tries_before(self, before: float) -> int:
        """Forget every try made at or before `before`; how many."""
        ...

    def open_history(self) -> HistoryStore:
        """The group's history beside the store, where a room's finished game is written fenced: in the same
        database (SQLite: the data folder's history file, the store's attached to it)."""
        ...

    def close(self) -> None: ...


# The schema, one step per release that changed it; a step is never edited once shipped, only added to.
# `{id}` is each database's own auto-numbered key. Step 1 is the schema that came before schema_version
# existed (hence IF NOT EXISTS: a file written then is taken up as it is).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    ("CREATE TABLE IF NOT EXISTS users (id {id}, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE,"
     " password_hash TEXT NOT NULL)",
     "CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY,"
     " user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE, expires DOUBLE PRECISION NOT NULL)",
     "CREATE INDEX IF NOT EXISTS sessions_expires ON sessions(expires)"),
    ("CREATE TABLE tries (key TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
     "CREATE INDEX tries_key_at ON tries(key, at)",
     "CREATE INDEX tries_at ON tries(at)"),
    ("CREATE TABLE rooms (code TEXT PRIMARY KEY, holder TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
     "CREATE INDEX rooms_holder ON rooms(holder)"),
    ("ALTER TABLE rooms ADD COLUMN fence BIGINT NOT NULL DEFAULT 0",
     "ALTER TABLE rooms ADD COLUMN record TEXT",
     "CREATE TABLE journal_lines (room TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,"
     " journal TEXT NOT NULL, n INTEGER NOT NULL, line TEXT NOT NULL, PRIMARY KEY (room, journal, n))"),
    # who opened each room, for the limits on open rooms per account and per address (roomregistry.py Opener);
    # an account's sessions by account, for ending its other devices' sessions when its password changes
    ("ALTER TABLE rooms ADD COLUMN owner BIGINT",
     "ALTER TABLE rooms ADD COLUMN address TEXT",
     "CREATE INDEX rooms_owner ON rooms(owner)",
     "CREATE INDEX rooms_address ON rooms(address)",
     "CREATE INDEX sessions_user ON sessions(user_id)"),
)

USER_COLUMNS = "users.id, users.name, users.key, users.password_hash"
LOOKUP_CHUNK = 500  # token hashes asked for in one statement (SQLite takes at most 32,766 parameters)

class SqlStore(SqlRooms):
    """`Store`'s methods once, over any database whose `_tx` opens a transaction and runs `?`-statements (the room
    registry's in `SqlRooms`, roomregistry.py)."""

    unique_errors: tuple[type[Exception], ...] = ()
    id_column = ""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def open_history(self) -> HistoryStore: ...

    def migrate(self, run: Run) -> int:
        """Bring the schema up to `MIGRATIONS` inside the caller's (locked) transaction; the version reached."""
        run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)", ())
        row = run("SELECT version FROM schema_version", ()).fetchone()
        if row is None:
            run("INSERT INTO schema_version (version) VALUES (0)", ())
        done = 0 if row is None else int(row[0])
        if done > len(MIGRATIONS):
            raise StoreError(f"the store's schema is version {done}, newer than this wolfcall knows "
                             f"({len(MIGRATIONS)}): update wolfcall")
        for version, statements in enumerate(MIGRATIONS[done:], done + 1):
            for statement in statements:
                run(statement.replace("{id}", self.id_column), ())
            run("UPDATE schema_version SET version = ?", (version,))
        return max(done, len(MIGRATIONS))

    def schema_version(self) -> int:
        with self._read() as run:
            return int(run("SELECT version FROM schema_version", ()).fetchone()[0])

    def _one(self, sql: str, args: Sequence[object]) -> StoredUser | None:
        with self._read() as run:
            row = run(sql, args).fetchone()
        return None if row is None else StoredUser(int(row[0]), str(row[1]), str(row[2]), str(row[3]))

    def _change(self, sql: str, args: Sequence[object]) -> int:
        with self._tx() as run:
            return int(run(sql, args).rowcount)

    def add_user(self, name: str, key: str, password_hash: str) -> int:
        try:
            with self._tx() as run:
                row = run("INSERT INTO users (name, key, password_hash) VALUES (?, ?, ?) RETURNING id",
                          (name, key, password_hash)).fetchone()
        except self.unique_errors as e:
            raise Taken(key) from e
        return int(row[0])

    def user_by_name(self, key: str) -> StoredUser | None:
        return self._one(f"SELECT {USER_COLUMNS} FROM users WHERE key = ?", (key,))

    def user_by_id(self, user_id: int) -> StoredUser | None:
        return self._one(f"SELECT {USER_COLUMNS} FROM users WHERE id = ?", (user_id,))

    def add_session(self, token_hash: str, user_id: int, expires: float) -> None:
        self._change("INSERT INTO sessions (token_hash, user_id, expires) VALUES (?, ?, ?)",
                     (token_hash, user_id, expires))

    def session_user(self, token_hash: str, now: float) -> StoredUser | None:
        return self._one(f"SELECT {USER_COLUMNS} FROM sessions JOIN users ON users.id = sessions.user_id "
                         "WHERE sessions.token_hash = ? AND sessions.expires > ?", (token_hash, now))

    def drop_session(self, token_hash: str) -> None:
        self._change("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    def drop_sessions(self, user_id: int, keep: str | None = None) -> int:
        return self._change("DELETE FROM sessions WHERE user_id = ? AND token_hash != ?", (user_id, keep or ""))

    def live_sessions(self, token_hashes: Collection[str], now: float) -> set[str]:
        wanted, live = sorted(token_hashes), set[str]()
        with self._read() as run:
            for at in range(0, len(wanted), LOOKUP_CHUNK):
                chunk = wanted[at:at + LOOKUP_CHUNK]
                marks = ", ".join("?" * len(chunk))
                rows = run(f"SELECT token_hash FROM sessions WHERE token_hash IN ({marks}) AND expires > ?",
                           (*chunk, now))
                live.update(str(row[0]) for row in rows)
        return live

    def set_password(self, user_id: int, password_hash: str) -> None:
        self._change("UPDATE users SET password_hash = ? WHERE id = ?", (password_hash, user_id))

    def drop_expired(self, now: float) -> int:
        return self._change("DELETE FROM sessions WHERE expires <= ?", (now,))

    def add_try(self, key: str, at: float) -> None:
        self._change("INSERT INTO tries (key, at) VALUES (?, ?)", (key, at))

    def tries_since(self, key: str, since: float) -> int:
        with self._read() as run:
            return int(run("SELECT count(*) FROM tries WHERE key = ? AND at > ?", (key, since)).fetchone()[0])

    def take_try(self, key: str, at: float, since: float, limit: int) -> bool:
        with self._tx(lock=key) as run:
            run("DELETE FROM tries WHERE key = ? AND at <= ?", (key, since))  # this key's old tries: bounded
            if int(run("SELECT count(*) FROM tries WHERE key = ?", (key,)).fetchone()[0]) >= limit:
                return False
            run("INSERT INTO tries (key, at) VALUES (?, ?)", (key, at))
            return True

    def clear_tries(self, key: str) -> None:
        self._change("DELETE FROM tries WHERE key = ?", (key,))

    def drop_tries_before(self, before: float) -> int:
        return self._change("DELETE FROM tries WHERE at <= ?", (before,))



class SqliteStore(SqlStore):
    """The store in one SQLite file (WAL mode), shared by the server's threads behind one lock, and by the
    processes of one machine through the file (each waits up to 5 s for another's write)."""

    unique_errors = (sqlite3.IntegrityError,)
    errors = (sqlite3.Error,)
    id_column = "INTEGER PRIMARY KEY AUTOINCREMENT"

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = open_sqlite(self.path)
        with self._tx(lock="schema") as run:
            self.migrate(run)
        self._group = GroupCommit(self._db, self._lock)  # every room's journal lines: one flush to the disk
        self._readers = Readers(self.path)  # every thread's reads: behind no write, no flush

    def _write(self, write: Callable[[Run], bool]) -> bool:
        return self._group.write(write)

    @contextmanager
    def _tx(self, lock: str | None = None, write: bool = False) -> Iterator[Run]:
        """`lock`, `write`: BEGIN IMMEDIATE takes the file's write lock first, so the read and the write are one
        step for every process on the file (SQLite has one writer at a time: every key shares that lock)."""
        with transaction(self._db, self._lock, "BEGIN IMMEDIATE" if lock is not None or write else "BEGIN") as run:
            yield run

    def _read(self) -> AbstractContextManager[Run]:
        return self._readers.read()

    def open_history(self) -> HistoryStore:
        return SqliteHistory(self.path.with_name(HISTORY_FILE), registry=self.path)

    def close(self) -> None:
        self._group.close()
        self._readers.close()
        with self._lock:
            self._db.close()

