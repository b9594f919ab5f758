"""The store, the same tests on SQLite and on a real PostgreSQL: accounts by key and id, one account per key,
sessions that end, counted tries shared by every process on the store, the room registry's leases, and the
schema's migrations."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from narrator.online.pgstore import open_store
from narrator.online.roomregistry import Crowded, Lease, Run
from narrator.online.roomregistry import Opener as Opening
from narrator.online.store import MIGRATIONS, SqliteStore, SqlStore, Store, StoreError, Taken
from tests.online.conftest import Opener


@pytest.fixture
def store(opener: Opener) -> Iterator[SqlStore]:
    s = opener()
    yield s
    s.close()


def test_it_is_a_store(store: SqlStore) -> None:
    as_protocol: Store = store  # mypy holds both stores to the Protocol
    assert as_protocol is store


def test_users_by_key_and_by_id(store: SqlStore) -> None:
    first = store.add_user("Jürgen", "jürgen", "scrypt$x")
    second = store.add_user("Begoña", "begoña", "scrypt$y")
    assert first != second
    found = store.user_by_name("jürgen")
    assert found is not None and (found.id, found.name, found.password_hash) == (first, "Jürgen", "scrypt$x")
    assert store.user_by_id(second) is not None and store.user_by_id(second).name == "Begoña"  # type: ignore[union-attr]
    assert store.user_by_name("JÜRGEN") is None  # the store compares keys; normalising is the caller's
    assert store.user_by_id(999) is None


def test_a_taken_key_is_refused(store: SqlStore) -> None:
    store.add_user("Ana", "ana", "h1")
    with pytest.raises(Taken):
        store.add_user("ANA", "ana", "h2")
    assert store.user_by_name("ana").password_hash == "h1"  # type: ignore[union-attr]
    assert store.add_user("Bea", "bea", "h3") > 0  # the refused insert left the store usable


def test_sessions_end_at_their_expiry_and_when_dropped(store: SqlStore) -> None:
    uid = store.add_user("Ana", "ana", "h")
    store.add_session("t1", uid, expires=1000.0)
    store.add_session("t2", uid, expires=2000.0)
    assert store.session_user("t1", now=999.0).id == uid  # type: ignore[union-attr]
    assert store.session_user("t1", now=1000.0) is None
    assert store.session_user("nope", now=0.0) is None
    assert store.drop_expired(now=1500.0) == 1
    store.drop_session("t2")
    assert store.session_user("t2", now=1500.0) is None


def test_another_connection_sees_everything(opener: Opener, store: SqlStore) -> None:
    uid = store.add_user("Ana", "ana", "h")
    store.add_session("t", uid, expires=10.0)
    store.add_try("signin:ana", 3.0)
    store.claim("KAAAAAAA", "p1", now=0.0, ttl=30.0)
    store.close()
    again = opener()
    assert again.user_by_name("ana").id == uid  # type: ignore[union-attr]
    assert again.session_user("t", now=5.0).name == "Ana"  # type: ignore[union-attr]
    assert again.tries_since("signin:ana", 0.0) == 1
    assert again.holder_of("KAAAAAAA", now=1.0) == "p1"
    again.close()


def test_the_sqlite_file_uses_wal(tmp_path: Path) -> None:
    path = tmp_path / "accounts.sqlite3"
    SqliteStore(path).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_names_are_data_not_sql(store: SqlStore) -> None:
    evil = "x'); DROP TABLE users; --"
    uid = store.add_user(evil, evil, "h")
    assert store.user_by_name(evil).id == uid  # type: ignore[union-attr]
    assert store.take_try(evil, 1.0, 0.0, 5) and store.claim(evil, evil, 0.0, 1.0)
    assert store.holder_of(evil, 0.5) == evil


def _at_once(n: int, work: Callable[[int], object]) -> list[object]:
    """`work(i)` for i < n, in n threads started together; what each returned (an exception is raised here)."""
    results: list[object] = [None] * n
    errors: list[BaseException] = []
    start = threading.Barrier(n)

    def one(i: int) -> None:
        try:
            start.wait()
            results[i] = work(i)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


def test_threads_share_one_store(store: SqlStore) -> None:
    _at_once(20, lambda i: store.add_user(f"p{i}", f"p{i}", "h"))
    assert all(store.user_by_name(f"p{i}") is not None for i in range(20))


def test_two_connections_racing_for_one_name_make_one_account(opener: Opener) -> None:
    a, b = opener(), opener()
    outcomes = _at_once(8, lambda i: _taken_or_id(a if i % 2 else b))
    a.close(), b.close()
    assert sum(isinstance(o, int) for o in outcomes) == 1 and outcomes.count("taken") == 7


def _taken_or_id(store: SqlStore) -> int | str:
    try:
        return store.add_user("Ana", "ana", "h")
    except Taken:
        return "taken"


def test_tries_are_counted_in_their_window(store: SqlStore) -> None:
    assert [store.take_try("ip:1", at, since=at - 60, limit=3) for at in (0.0, 1.0, 2.0, 3.0)] == [
        True, True, True, False]
    assert store.take_try("ip:2", 3.0, -57.0, 3)  # each key its own count
    assert store.take_try("ip:1", 60.0, 0.0, 3)  # the try at 0 is out of the window: room for one
    assert not store.take_try("ip:1", 61.0, 0.5, 3)  # 1, 2 and 60 are in (the refused one at 3 never counted)
    assert store.take_try("ip:1", 61.5, 1.5, 3)  # the one at 1 is out
    store.add_try("signin:ana", 10.0)
    store.add_try("signin:ana", 20.0)
    assert store.tries_since("signin:ana", 10.0) == 1 and store.tries_since("signin:ana", 0.0) == 2
    store.clear_tries("signin:ana")
    assert store.tries_since("signin:ana", 0.0) == 0
    assert store.drop_tries_before(61.0) == 3  # ip:1's at 2 and 60, ip:2's at 3; the try at 61.5 stays
    assert store.tries_since("ip:1", 0.0) == 1


def test_processes_on_one_store_share_one_count(opener: Opener) -> None:
    """Two connections (two processes' stores) taking tries at once: the limit holds for both together."""
    a, b = opener(), opener()
    taken = _at_once(12, lambda i: (a if i % 2 else b).take_try("ip:9", 100.0 + i, 0.0, 5))
    a.close(), b.close()
    assert taken.count(True) == 5


def test_a_room_lease_is_claimed_renewed_released_and_taken_over(store: SqlStore) -> None:
    assert store.claim("K1", "p1", now=0.0, ttl=10.0) == 1
    assert store.claim("K1", "p2", now=5.0, ttl=10.0) is None  # held, not expired
    assert store.holder_of("K1", now=5.0) == "p1"
    assert store.claim("K1", "p1", now=6.0, ttl=10.0) == 2  # its holder claims it again: extended, a new token
    assert store.claim("K1", "p2", now=12.0, ttl=10.0) is None
    assert store.renew({"K1": 2}, "p1", now=15.0, ttl=10.0) == {"K1"}
    assert not store.renew({"K1": 1}, "p1", now=15.0, ttl=10.0)  # an older claim of its own renews nothing
    assert not store.renew({"K1": 2}, "p2", now=15.0, ttl=10.0)
    assert store.holder_of("K1", now=25.0) is None  # expired: nobody holds it...
    assert store.leases() == [Lease("K1", "p1", 25.0, 2)]  # ... but the registry still has it, for a taker
    assert store.claim("K1", "p2", now=25.0, ttl=10.0) == 3  # p1 stopped renewing: p2 takes over
    assert not store.renew({"K1": 2}, "p1", now=26.0, ttl=10.0)  # and p1 learns it lost the room
    assert not store.release("K1", 2) and store.holder_of("K1", now=26.0) == "p2"
    assert store.claim("M1", "p1", now=26.0, ttl=10.0) == 1
    assert [lease.code for lease in store.leases()] == ["K1", "M1"]
    assert store.release("K1", 3) and store.holder_of("K1", now=26.0) is None
    assert store.leases() == [Lease("K1", "", 0.0, 3), Lease("M1", "p1", 36.0, 1)]  # released, kept for a taker
    assert store.claim("K1", "p1", now=27.0, ttl=10.0) == 4 and store.holder_of("K1", now=27.0) == "p1"


def test_a_new_code_is_claimed_once(store: SqlStore) -> None:
    assert store.claim_new("K1", "p1", now=0.0, ttl=10.0) == 1
    assert store.claim_new("K1", "p2", now=20.0, ttl=10.0) is None  # expired, but a room has had this code
    assert store.claim_new("K1", "p1", now=5.0, ttl=10.0) is None and store.holder_of("K1", now=5.0) == "p1"


def test_processes_racing_for_one_room_get_one_holder(opener: Opener) -> None:
    a, b = opener(), opener()
    a.claim("K1", "dead", now=0.0, ttl=1.0)
    won = _at_once(10, lambda i: (a if i % 2 else b).claim("K1", f"p{i}", now=5.0, ttl=10.0))
    holder = a.holder_of("K1", now=5.0)
    a.close(), b.close()
    assert won.count(None) == 9 and won.count(2) == 1 and holder == f"p{won.index(2)}"


def test_a_new_store_has_every_migration_and_reopening_applies_none(opener: Opener, store: SqlStore) -> None:
    assert store.schema_version() == len(MIGRATIONS)
    store.add_user("Ana", "ana", "h")
    again = opener()  # would fail on CREATE TABLE tries if it ran the steps again
    assert again.schema_version() == len(MIGRATIONS) and again.user_by_name("ana") is not None
    again.close()


def test_a_store_from_a_newer_wolfcall_is_refused(opener: Opener, store: SqlStore) -> None:
    with store._tx() as run:
        run("UPDATE schema_version SET version = ?", (len(MIGRATIONS) + 1,))
    with pytest.raises(StoreError, match=f"version {len(MIGRATIONS) + 1}, newer"):
        opener()


def test_a_file_from_before_migrations_is_taken_up_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "accounts.sqlite"
    with sqlite3.connect(path) as db:  # the schema wolfcall wrote before schema_version existed
        db.executescript("""
            CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE,
                                password_hash TEXT NOT NULL);
            CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, expires REAL NOT NULL,
                                   user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE);
            CREATE INDEX sessions_expires ON sessions(expires);
            INSERT INTO users (name, key, password_hash) VALUES ('Ana', 'ana', 'h');""")
    db.close()
    store = SqliteStore(path)
    assert store.schema_version() == len(MIGRATIONS) and store.user_by_name("ana") is not None
    assert store.take_try("ip:1", 1.0, 0.0, 1) and store.claim("K1", "p1", 0.0, 1.0)
    store.close()


def test_a_store_address_that_is_none_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="postgresql://"):
        open_store("mysql://x", tmp_path)
    with pytest.raises(StoreError, match="cannot reach the PostgreSQL store"):
        open_store(f"postgresql://nobody@/none?host={tmp_path}", tmp_path)  # no server on that socket


def test_every_room_of_a_process_is_renewed_in_one_transaction(store: SqlStore,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A round renews all of a process's rooms with one commit (one write to the disk), not one a room."""
    for code in ("A1", "B2", "C3"):
        assert store.claim(code, "p1", now=0.0, ttl=10.0)
    assert store.claim("D4", "p2", now=0.0, ttl=10.0)
    opened = []
    tx = store._tx

    def counted(lock: str | None = None, write: bool = False) -> object:
        opened.append(lock)
        return tx(lock, write)

    monkeypatch.setattr(store, "_tx", counted)
    fences = dict.fromkeys(["A1", "B2", "C3", "D4", "E5"], 1)
    assert store.renew(fences, "p1", now=5.0, ttl=10.0) == {"A1", "B2", "C3"}
    assert len(opened) == 1 and store.renew({}, "p1", now=5.0, ttl=10.0) == set() and len(opened) == 1
    monkeypatch.undo()
    assert {lease.code: lease.expires for lease in store.leases()} == {"A1": 15.0, "B2": 15.0, "C3": 15.0, "D4": 10.0}


def test_open_rooms_are_counted_per_account_and_address_for_every_process(opener: Opener) -> None:
    """Issue 39: the limits on open rooms are the store's rows, so a second process (another connection) counts
    the first one's rooms, and rooms opened at once from one address do not pass the limit together."""
    a, b = opener(), opener()
    home = Opening(7, "203.0.113.7", account_max=2, address_max=3)
    assert a.claim_new("A1", "p1", now=0.0, ttl=10.0, opener=home) == 1
    assert b.claim_new("B1", "p2", now=0.0, ttl=10.0, opener=home) == 1
    with pytest.raises(Crowded) as crowded:
        a.claim_new("A2", "p1", now=0.0, ttl=10.0, opener=home)  # the account's third room, in either process
    assert crowded.value.which == "account" and a.holder_of("A2", now=0.0) is None
    sibling = Opening(8, "203.0.113.7", account_max=2, address_max=3)
    assert b.claim_new("B2", "p2", now=0.0, ttl=10.0, opener=sibling) == 1
    with pytest.raises(Crowded) as crowded:
        b.claim_new("B3", "p2", now=0.0, ttl=10.0, opener=sibling)  # the address's fourth
    assert crowded.value.which == "address"
    assert a.drop_room("A1", 1)  # a room that closes frees its place
    assert a.claim_new("A3", "p1", now=0.0, ttl=10.0, opener=sibling) == 1
    assert a.claim_new("C1", "p1", now=0.0, ttl=10.0, opener=Opening(9, "198.51.100.1", 2, 3)) == 1  # elsewhere
    neighbours = [Opening(10 + i, "192.0.2.1", 5, 3) for i in range(8)]
    won = _at_once(8, lambda i: _counted((a if i % 2 else b), f"R{i}", neighbours[i]))
    a.close(), b.close()
    assert won.count(1) == 3 and won.count("address") == 5, won


def _counted(store: SqlStore, code: str, opener: Opening) -> object:
    try:
        return store.claim_new(code, "p", now=0.0, ttl=10.0, opener=opener)
    except Crowded as exc:
        return exc.which


def test_an_accounts_other_sessions_end_and_live_ones_are_found_at_once(store: SqlStore) -> None:
    ana, ben = store.add_user("Ana", "ana", "h"), store.add_user("Ben", "ben", "h")
    for token, user in (("phone", ana), ("laptop", ana), ("tablet", ana), ("ben", ben)):
        store.add_session(token, user, expires=100.0)
    assert store.live_sessions({"phone", "laptop", "ben", "nope"}, now=50.0) == {"phone", "laptop", "ben"}
    assert store.live_sessions({"phone"}, now=100.0) == set()  # expired
    store.set_password(ana, "h2")
    assert store.drop_sessions(ana, keep="laptop") == 2
    assert store.live_sessions({"phone", "laptop", "tablet", "ben"}, now=50.0) == {"laptop", "ben"}
    assert store.user_by_id(ana).password_hash == "h2"  # type: ignore[union-attr]
    many = {f"t{i}" for i in range(1200)}  # more than one statement's worth
    for token in sorted(many)[:700]:
        store.add_session(token, ben, expires=100.0)
    assert store.live_sessions(many, now=50.0) == set(sorted(many)[:700])


def test_a_session_check_waits_for_no_commit(tmp_path: Path) -> None:
    """Every socket message's session check reads the store (signouts.py): a room's journal line being written
    and flushed (the writers' lock held) must not hold it up."""
    store = SqliteStore(tmp_path / "rooms.db")
    user = store.add_user("Ana", "ana", "hash")
    store.add_session("token", user, expires=100.0)
    found: Future[int | None] = Future()

    def check() -> None:
        got = store.session_user("token", now=1.0)
        found.set_result(None if got is None else got.id)

    def journal_line(run: Run) -> bool:  # runs in the shared transaction, the writers' lock held
        threading.Thread(target=check).start()
        assert found.result(timeout=60) == user  # only against a hang: behind the lock it never came
        return True

    try:
        assert store._write(journal_line)
    finally:
        store.close()
