"""A room's record, journals and finished games kept in the store (narrator/online/roomstore.py), the same tests on
SQLite and on a real PostgreSQL: what a journal file holds, line for line; every write refused once another claim
of the room's lease is the latest (the stalled holder's), the room told so; and, on PostgreSQL, a write racing a
claim waits for it and is refused in the statement that writes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import HouseRules
from narrator.game.clock import VirtualClock
from narrator.game.historystore import HISTORY_FILE, SqlHistory, SqliteHistory
from narrator.game.inputs import RandomInput
from narrator.game.journal import Fence, Journal, Superseded
from narrator.game.session import Session, Table, open_journal
from narrator.online.pgstore import PostgresHistory, open_store
from narrator.online.roomstore import FencedHistory, RoomShelf, StoredRooms
from narrator.online.store import SqliteStore, SqlStore
from narrator.speech.captions import CaptionSpeaker

from ..game.history_games import GAMES
from ..narration import NAMES, SCRIPT

TTL = 10.0


@dataclass
class Site:
    store: SqlStore
    history: SqlHistory
    lost: list[str]  # what each refused write told its room

    def told(self, who: str) -> object:
        return lambda: self.lost.append(who)


@pytest.fixture(params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    """The store and the history beside it, as `wolfcall serve` opens them: in one PostgreSQL database, or the data
    folder's SQLite files (the history's with the store's attached)."""
    if request.param == "sqlite":
        store: SqlStore = SqliteStore(tmp_path / "accounts.sqlite")
        history: SqlHistory = SqliteHistory(tmp_path / HISTORY_FILE, registry=tmp_path / "accounts.sqlite")
    else:
        address: str = request.getfixturevalue("pg_address")
        store, history = open_store(address, tmp_path), PostgresHistory(address)
    yield Site(store, history, [])
    history.close()
    store.close()


def taken_over(store: SqlStore, code: str = "K1") -> tuple[Fence, Fence]:
    """Room `code` claimed by a, whose lease then runs out (a stalled), and claimed by b: both claims' fences."""
    first = store.claim_new(code, "a:1", now=0.0, ttl=TTL)
    assert first is not None
    assert store.claim(code, "b:2", now=TTL / 2, ttl=TTL) is None  # a's lease still runs
    second = store.claim(code, "b:2", now=TTL + 1, ttl=TTL)
    assert second is not None and second > first
    return Fence(code, first), Fence(code, second)


def played(journal: object, seed: int = 11) -> Table:
    """A game for seven played at random to its end on the virtual clock, journaled in `journal`."""
    table = Table.deal(NAMES, HouseRules(), seed, "en", kind="demo")
    Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), RandomInput(seed), journal).run()  # type: ignore[arg-type]
    return table


def test_a_rooms_record_is_kept_by_its_latest_claim_alone(site: Site) -> None:
    rooms = StoredRooms(site.store)
    a, b = taken_over(site.store)
    rooms.save(b, {"code": "K1", "owner": 1, "members": [[1, "Ana"]]}, site.told("b"))
    rooms.save(a, {"code": "K1", "owner": 2}, site.told("a"))  # the stalled holder wakes up and writes
    assert rooms.get("K1") == {"code": "K1", "owner": 1, "members": [[1, "Ana"]]} and site.lost == ["a"]
    assert not site.store.release("K1", a.token) and site.store.holder_of("K1", now=TTL + 2) == "b:2"
    assert site.store.release("K1", b.token) and site.store.holder_of("K1", now=TTL + 2) is None
    assert rooms.codes() == ["K1"] and rooms.get("K1") is not None  # released: kept for the next holder
    c = site.store.claim("K1", "c:3", now=TTL + 3, ttl=TTL)
    assert c is not None and c > b.token
    rooms.drop(b)  # an older claim closes nothing
    assert rooms.codes() == ["K1"]
    rooms.drop(Fence("K1", c))
    assert rooms.codes() == [] and rooms.get("K1") is None and site.store.leases() == []


def test_a_journal_in_the_store_is_a_journal_files_lines(site: Site, tmp_path: Path) -> None:
    """The same game journaled in a file and in the store: the same lines, byte for byte (the same checksums, and
    nothing of the deal or the choices readable in them), read back and resumed alike."""
    table = Table.deal(NAMES, HouseRules(), 11, "en", kind="demo")
    path = tmp_path / "game.jsonl"
    played(Journal.create(path, table.to_json(), "a game"))
    token = site.store.claim_new("K1", "a:1", now=0.0, ttl=TTL)
    assert token is not None
    journals = RoomShelf(site.store, Fence("K1", token), site.told("a"))
    played(journals.start("game.jsonl", table.to_json(), "a game"))
    lines = site.store.lines("K1", "game.jsonl")
    assert "".join(lines).encode() == path.read_bytes() and len(lines) > 10
    assert not any(role in line for line in lines for role in ("werewolf", "seer", "witch"))
    assert journals.read("game.jsonl") == Journal.read(path)
    assert journals.reopen("game.jsonl")[1].answers == open_journal(path).answers
    assert journals.latest_unfinished() is None and journals.waiting() is None  # it ended
    assert journals.waiting("game.jsonl") == "game.jsonl" and journals.lang("game.jsonl") == "en"
    assert site.lost == []


def test_a_stalled_holders_journal_writes_nothing_once_another_claimed_the_room(site: Site) -> None:
    a, b = taken_over(site.store)
    mine = RoomShelf(site.store, a, site.told("a"))
    theirs = RoomShelf(site.store, b, site.told("b"))
    started = theirs.start("1.jsonl", {"players": []}, "a game")
    started.append("answer", "answer 1 recorded", {"seq": 1})
    before = site.store.lines("K1", "1.jsonl")
    stale = mine.open("1.jsonl")  # as a's game had it open when it stalled
    for write in (lambda: stale.append("answer", "answer 2 recorded", {"seq": 2}),
                  lambda: mine.start("2.jsonl", {"players": []}, "a game"),
                  lambda: mine.set_aside("1.jsonl")):
        with pytest.raises(Superseded):
            write()
    assert site.lost == ["a", "a", "a"] and site.store.lines("K1", "1.jsonl") == before
    assert site.store.journal_names("K1") == ["1.jsonl"]
    started.append("answer", "answer 2 recorded", {"seq": 2})  # the holder goes on, numbering as before
    assert [r["seq"] for r in theirs.read("1.jsonl").records] == [1, 2] and site.lost == ["a", "a", "a"]


def test_an_unfinished_journal_is_found_and_a_damaged_one_cut_back_or_set_aside(site: Site) -> None:
    token = site.store.claim_new("K1", "a:1", now=0.0, ttl=TTL)
    assert token is not None
    journals = RoomShelf(site.store, Fence("K1", token), site.told("a"))
    first = journals.start("20240101-100000-play-1.jsonl", {"players": []}, "a game")
    first.append("over", "the game is over", {"seq": 1})
    second = journals.start("20240101-110000-play-2.jsonl", {"players": []}, "a game")
    for seq in (1, 2, 3):
        second.append("answer", f"answer {seq} recorded", {"seq": seq})
    assert journals.latest_unfinished() == "20240101-110000-play-2.jsonl"
    with site.store._tx() as run:  # line 3 changed by hand: its checksum no longer fits
        run("UPDATE journal_lines SET line = replace(line, '\"crc\": ', '\"crc\": 1') WHERE n = 3", ())
    contents = journals.read("20240101-110000-play-2.jsonl")
    assert contents.damaged_line == 3 and len(contents.records) == 1
    kept = journals.repair("20240101-110000-play-2.jsonl", contents)
    assert kept is not None and "20240101-110000-play-2.jsonl.damaged" in kept
    assert len(site.store.lines("K1", "20240101-110000-play-2.jsonl")) == 2
    assert len(site.store.lines("K1", "20240101-110000-play-2.jsonl.damaged")) == 4
    assert journals.repair("20240101-110000-play-2.jsonl", contents) == journals.where(
        "20240101-110000-play-2.jsonl.damaged2")  # damaged again: a second copy, never a game to continue
    assert journals.latest_unfinished() == "20240101-110000-play-2.jsonl"
    assert journals.set_aside("20240101-110000-play-2.jsonl") == "20240101-110000-play-2.jsonl.unreadable"
    assert journals.latest_unfinished() is None and site.lost == []


def test_games_dealt_in_one_second_have_journals_of_their_own(site: Site) -> None:
    token = site.store.claim_new("K1", "a:1", now=0.0, ttl=TTL)
    assert token is not None
    shelf = RoomShelf(site.store, Fence("K1", token), site.told("a"))
    table = Table.deal(NAMES, HouseRules(), 11, "en", kind="demo")
    one, two = shelf.create(table), shelf.create(table)  # one table, one second: one name but for a number
    assert one.name != two.name and set(site.store.journal_names("K1")) == {one.name, two.name}
    assert shelf.waiting() == two.name and shelf.waiting(one.name) == one.name and shelf.waiting("gone") == two.name
    journal, resumed = shelf.reopen(one.name)
    assert journal.name == one.name and resumed.table == table and resumed.answers == [] and site.lost == []


def test_a_stalled_holders_finished_game_is_not_kept(site: Site) -> None:
    a, b = taken_over(site.store)
    FencedHistory(site.history, b, site.told("b")).add_game(GAMES[0])
    stale = FencedHistory(site.history, a, site.told("a"))
    with pytest.raises(Superseded):
        stale.add_game(GAMES[1])
    with pytest.raises(Superseded):
        stale.drop_key(GAMES[0].key)
    assert [g.key for g in site.history.games()] == [GAMES[0].key] and site.lost == ["a", "a"]
    assert [g.key for g in stale.games()] == [GAMES[0].key]  # reading is anyone's
    assert FencedHistory(site.history, b, site.told("b")).drop_key(GAMES[0].key) and site.history.games() == []


def test_a_write_racing_a_claim_waits_for_it_and_is_refused(pg_address: str, tmp_path: Path) -> None:
    """PostgreSQL: b's claim is in a transaction not yet committed when a's write comes; a's statement waits on
    the room's row (seen in pg_stat_activity), and once b commits, finds its token stale and writes nothing."""
    import psycopg

    store, other = open_store(pg_address, tmp_path), open_store(pg_address, tmp_path)
    token = store.claim_new("K1", "a:1", now=0.0, ttl=TTL)
    assert token is not None
    journals = RoomShelf(store, Fence("K1", token), lambda: None)
    journal = journals.start("1.jsonl", {"players": []}, "a game")
    outcome: list[object] = []

    def write() -> None:
        try:
            journal.append("answer", "answer 1 recorded", {"seq": 1})
            outcome.append("written")
        except Superseded:
            outcome.append("refused")

    writer = threading.Thread(target=write)
    with psycopg.connect(pg_address) as watcher, other._tx() as run:
        assert run("UPDATE rooms SET holder = 'b:2', fence = fence + 1 WHERE code = 'K1'", ()).rowcount == 1
        writer.start()
        while not watcher.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                  "AND query LIKE 'INSERT INTO journal_lines%'").fetchone()[0]:  # type: ignore[index]
            assert writer.is_alive(), outcome  # not waiting: it must not have written either
            watcher.commit()  # a fresh snapshot of the activity for the next look
    writer.join()
    assert outcome == ["refused"] and store.lines("K1", "1.jsonl") == journals.store.lines("K1", "1.jsonl")
    assert len(store.lines("K1", "1.jsonl")) == 1
    store.close()
    other.close()
