"""narrator/sqlitefile.py: the writes of many threads share one commit, each as durable as if it had committed
alone, and one write's failure is its own."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from narrator.sqlitefile import GroupCommit, Readers, open_sqlite


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[tuple[GroupCommit, threading.Lock, list[str], Path]]:
    path = tmp_path / "store.db"
    db = open_sqlite(path)
    db.execute("CREATE TABLE lines (n INTEGER PRIMARY KEY, line TEXT)")
    said: list[str] = []
    db.set_trace_callback(said.append)  # every statement the connection runs, COMMIT included
    lock = threading.Lock()
    group = GroupCommit(db, lock)
    yield group, lock, said, path
    group.close()
    db.close()


def insert(n: int) -> Callable[[Callable[..., Any]], int]:
    def write(run: Callable[..., Any]) -> int:
        return int(run("INSERT INTO lines VALUES (?, ?)", (n, f"line {n}")).rowcount)

    return write


def rows(path: Path) -> list[int]:
    other = sqlite3.connect(path)  # another connection: sees only what has committed
    try:
        return [int(r[0]) for r in other.execute("SELECT n FROM lines ORDER BY n")]
    finally:
        other.close()


def test_writes_waiting_together_share_one_commit(opened: tuple[GroupCommit, threading.Lock, list[str], Path]) -> None:
    group, lock, said, path = opened
    with lock:  # the threads' lock held (as a reader would): twenty writes queue up behind it
        done = [group.submit(insert(n)) for n in range(20)]
    assert [d.result() for d in done] == [1] * 20
    assert rows(path) == list(range(20))
    assert 1 <= said.count("COMMIT") <= 2  # the first write may have gone alone; the rest went together


def test_a_failed_write_raises_in_its_caller_and_the_others_commit(
        opened: tuple[GroupCommit, threading.Lock, list[str], Path]) -> None:
    group, lock, _, path = opened
    assert group.write(insert(5)) == 1
    with lock:
        done = [group.submit(insert(n)) for n in (4, 5, 6)]  # 5 is taken already
    assert done[0].result() == 1 and done[2].result() == 1
    with pytest.raises(sqlite3.IntegrityError):
        done[1].result()
    assert rows(path) == [4, 5, 6]


def test_close_commits_what_waits_and_ends_the_thread(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    db = open_sqlite(path)
    db.execute("CREATE TABLE lines (n INTEGER PRIMARY KEY, line TEXT)")
    lock = threading.Lock()
    group = GroupCommit(db, lock)
    with lock:
        done = [group.submit(insert(n)) for n in range(3)]
        closing = threading.Thread(target=group.close)
        closing.start()
    closing.join()
    db.close()
    assert not group.thread.is_alive()
    assert [d.result() for d in done] == [1, 1, 1]
    assert rows(path) == [0, 1, 2]


def test_a_read_waits_for_no_write_and_sees_what_committed(
        opened: tuple[GroupCommit, threading.Lock, list[str], Path]) -> None:
    """A session's check before each socket message reads the store: it must not queue behind a commit's flush
    (the writers' lock held through the write and its COMMIT), and it sees every commit made before it."""
    group, _, _, path = opened
    group.write(insert(1))
    readers = Readers(path)
    seen: Future[list[int]] = Future()

    def read() -> None:
        with readers.read() as run:
            seen.set_result([int(r[0]) for r in run("SELECT n FROM lines ORDER BY n", ())])

    reader = threading.Thread(target=read)

    def write_while_reading(run: Callable[..., Any]) -> int:  # holds the writers' lock until the read is done
        reader.start()
        found = seen.result(timeout=60)  # only against a hang: the old reads, behind the lock, never came
        assert found == [1]  # the write in progress is not seen
        return insert(2)(run)

    try:
        group.write(write_while_reading)
        reader.join()
        with readers.read() as run:
            assert [int(r[0]) for r in run("SELECT n FROM lines ORDER BY n", ())] == [1, 2]
    finally:
        readers.close()


def test_readers_close_every_thread_connection(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    open_sqlite(path).close()
    readers = Readers(path)

    def read() -> None:
        with readers.read() as run:
            run("SELECT 1")
    threads = [threading.Thread(target=read) for _ in range(3)]
    for t in threads:
        t.start()
        t.join()
    assert len(readers.opened) == 3  # one a thread
    readers.close()
    assert readers.opened == []
    with pytest.raises(sqlite3.ProgrammingError, match="closed"), readers.read():
        pass


class Noting:
    """A lock that tells when it was first taken."""

    def __init__(self) -> None:
        self.lock, self.taken = threading.Lock(), threading.Event()

    def __enter__(self) -> None:
        self.lock.acquire()
        self.taken.set()

    def __exit__(self, *_: object) -> None:
        self.lock.release()


def test_close_waits_for_a_read_in_progress(tmp_path: Path) -> None:
    """A store closed while a handler thread reads (a server stopping): the connection is closed once that read
    has ended, never under it (which crashed the process: a segmentation fault in a loaded suite run)."""
    path = tmp_path / "store.db"
    open_sqlite(path).close()
    readers = Readers(path)
    inside, closing = threading.Event(), threading.Event()
    rows_read: list[int] = []

    def read() -> None:
        with readers.read() as run:
            inside.set()
            closing.wait()
            rows_read.append(int(run("SELECT 1", ()).fetchone()[0]))
    reader = threading.Thread(target=read)
    reader.start()
    inside.wait()
    readers.lock = began = Noting()  # type: ignore[assignment]
    closer = threading.Thread(target=readers.close)
    closer.start()
    began.taken.wait()  # close has begun (it holds the list of connections): the read goes on under it
    closing.set()
    reader.join()
    closer.join()
    assert rows_read == [1]
    with pytest.raises(sqlite3.ProgrammingError, match="closed"), readers.read():
        pass
