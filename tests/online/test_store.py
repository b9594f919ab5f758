"""The SQLite store: accounts by key and id, one account per key, sessions that end, and a file that reopens."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from narrator.online.store import SqliteStore, Store, Taken


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    s = SqliteStore(tmp_path / "data" / "accounts.sqlite3")
    yield s
    s.close()


def test_it_is_a_store(store: SqliteStore) -> None:
    as_protocol: Store = store  # mypy holds SqliteStore to the Protocol
    assert as_protocol is store


def test_users_by_key_and_by_id(store: SqliteStore) -> None:
    first = store.add_user("Jürgen", "jürgen", "scrypt$x")
    second = store.add_user("Begoña", "begoña", "scrypt$y")
    assert first != second
    found = store.user_by_name("jürgen")
    assert found is not None and (found.id, found.name, found.password_hash) == (first, "Jürgen", "scrypt$x")
    assert store.user_by_id(second) is not None and store.user_by_id(second).name == "Begoña"  # type: ignore[union-attr]
    assert store.user_by_name("JÜRGEN") is None  # the store compares keys; normalising is the caller's
    assert store.user_by_id(999) is None


def test_a_taken_key_is_refused(store: SqliteStore) -> None:
    store.add_user("Ana", "ana", "h1")
    with pytest.raises(Taken):
        store.add_user("ANA", "ana", "h2")
    assert store.user_by_name("ana").password_hash == "h1"  # type: ignore[union-attr]


def test_sessions_end_at_their_expiry_and_when_dropped(store: SqliteStore) -> None:
    uid = store.add_user("Ana", "ana", "h")
    store.add_session("t1", uid, expires=1000.0)
    store.add_session("t2", uid, expires=2000.0)
    assert store.session_user("t1", now=999.0).id == uid  # type: ignore[union-attr]
    assert store.session_user("t1", now=1000.0) is None
    assert store.session_user("nope", now=0.0) is None
    assert store.drop_expired(now=1500.0) == 1
    store.drop_session("t2")
    assert store.session_user("t2", now=1500.0) is None


def test_the_file_keeps_everything_and_uses_wal(tmp_path: Path) -> None:
    path = tmp_path / "accounts.sqlite3"
    store = SqliteStore(path)
    uid = store.add_user("Ana", "ana", "h")
    store.add_session("t", uid, expires=10.0)
    store.close()
    again = SqliteStore(path)
    assert again.user_by_name("ana").id == uid  # type: ignore[union-attr]
    assert again.session_user("t", now=5.0).name == "Ana"  # type: ignore[union-attr]
    again.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_names_are_data_not_sql(store: SqliteStore) -> None:
    evil = "x'); DROP TABLE users; --"
    uid = store.add_user(evil, evil, "h")
    assert store.user_by_name(evil).id == uid  # type: ignore[union-attr]


def test_threads_share_one_store(store: SqliteStore) -> None:
    errors: list[BaseException] = []

    def add(i: int) -> None:
        try:
            store.add_user(f"p{i}", f"p{i}", "h")
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=add, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(store.user_by_name(f"p{i}") is not None for i in range(20))
