"""An SQLite file as the project's stores keep one: WAL mode, foreign keys, a writer waits up to 5 s for another;
the writes of many threads committed together (GroupCommit); and reads on connections of their own (Readers)."""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

T = TypeVar("T")


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


class GroupCommit:
    """Writes from many threads committed together: one thread runs every write that is waiting, each in a
    savepoint of its own, and commits them in one transaction — one flush to the disk for all of them — before
    any of their callers returns. A write is as durable as if it had committed alone (the caller gets its answer
    after the commit), but a hundred rooms' journal lines cost one fsync, not a hundred (about 6 ms each here,
    taken one after another behind the threads' lock). A write that fails is rolled back to its savepoint and
    raises in its own caller; the others commit."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock, name: str = "wolfcall-sqlite") -> None:
        self.db, self.lock = db, lock
        self.waiting: queue.SimpleQueue[tuple[Callable[[Callable[..., Any]], Any], Future[Any]] | None] = (
            queue.SimpleQueue())
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)  # daemon: a kill ends it with us
        self.thread.start()

    def write(self, write: Callable[[Callable[..., Any]], T]) -> T:
        """`write(execute)` run in the next shared transaction; its result once that has committed."""
        return cast(T, self.submit(write).result())

    def submit(self, write: Callable[[Callable[..., Any]], Any]) -> Future[Any]:
        """`write` queued for the next shared transaction: its result, or its error, once that has committed."""
        done: Future[Any] = Future()
        self.waiting.put((write, done))
        return done

    def close(self) -> None:
        """Commit what is waiting, then end the thread (before the connection is closed)."""
        self.waiting.put(None)
        self.thread.join()

    def _run(self) -> None:
        while True:
            first = self.waiting.get()
            if first is None:
                return
            batch = [first]
            while True:  # everything that queued up while the last commit was on the disk
                try:
                    item = self.waiting.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self.waiting.put(None)  # after this batch
                    break
                batch.append(item)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Callable[[Callable[..., Any]], Any], Future[Any]]]) -> None:
        outcomes: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with transaction(self.db, self.lock, "BEGIN IMMEDIATE") as run:
                for write, done in batch:
                    run("SAVEPOINT one")
                    try:
                        outcomes.append((done, write(run), None))
                        run("RELEASE one")
                    except Exception as exc:  # this write's own failure: the others still commit
                        run("ROLLBACK TO one")
                        run("RELEASE one")
                        outcomes.append((done, None, exc))
        except Exception as exc:  # the transaction itself failed (BEGIN or COMMIT): nothing in it landed
            for _, done in batch:
                done.set_exception(exc)
            return
        for done, result, failed in outcomes:
            if failed is None:
                done.set_result(result)
            else:
                done.set_exception(failed)


class Readers:
    """Reads of an SQLite file in WAL mode, each thread on a connection of its own: a read never waits for the
    writers' lock, nor for a commit's flush to the disk (WAL lets readers and one writer run at once), and sees
    every transaction committed before it began. The connections are opened as threads first read, and closed
    together by `close` — each once the read on it has ended (closing a connection another thread is using
    crashes the process), so a read after `close` is refused."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.mine = threading.local()
        self.lock = threading.Lock()
        self.opened: list[tuple[sqlite3.Connection, threading.Lock]] = []
        self.closed = False

    @contextmanager
    def read(self) -> Iterator[Callable[..., Any]]:
        """One read transaction (a snapshot for all its statements) on this thread's connection."""
        db, using = self._connection()
        with using:
            if self.closed:
                raise sqlite3.ProgrammingError("the store is closed")
            db.execute("BEGIN")
            try:
                yield db.execute
            finally:
                db.execute("COMMIT")

    def close(self) -> None:
        with self.lock:
            self.closed = True
            opened, self.opened = self.opened, []
        for db, using in opened:
            with using:  # its read, if one is on, ends first
                db.close()

    def _connection(self) -> tuple[sqlite3.Connection, threading.Lock]:
        mine: tuple[sqlite3.Connection, threading.Lock] | None = getattr(self.mine, "db", None)
        if mine is not None:
            return mine
        with self.lock:
            if self.closed:
                raise sqlite3.ProgrammingError("the store is closed")
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA query_only=ON")
            db.execute("PRAGMA busy_timeout=5000")
            mine = (db, threading.Lock())
            self.opened.append(mine)
        self.mine.db = mine
        return mine
