"""The history's store, the same tests on SQLite and on a real PostgreSQL: a game kept under its key (the same key
replaces it), deleted, a player renamed or merged, and an account's games apart from the others'."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from narrator.game.history import overview, player_stats
from narrator.game.historystore import HistoryStore, SqlHistory, SqliteHistory
from narrator.online.pgstore import PostgresHistory, open_store

from .history_games import GAMES

Opener = Callable[[], SqlHistory]  # another connection to the same history: another process's view of it
OPENED: list[SqlHistory] = []


@pytest.fixture(params=["sqlite", "postgresql"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """Opens the test's history, once in an SQLite file and once in PostgreSQL; each call a connection of its own."""
    if request.param == "sqlite":
        def opened() -> SqlHistory:
            return SqliteHistory(tmp_path / "h.sqlite")
    else:
        address: str = request.getfixturevalue("pg_address")

        def opened() -> SqlHistory:
            return PostgresHistory(address)

    def kept() -> SqlHistory:
        OPENED.append(opened())
        return OPENED[-1]

    yield kept
    while OPENED:
        OPENED.pop().close()


def filled(opener: Opener) -> SqlHistory:
    store = opener()
    for game in GAMES:
        store.add_game(game)
    return store


def test_both_are_history_stores(opener: Opener, tmp_path: Path) -> None:
    store: HistoryStore = opener()  # mypy holds both to the Protocol
    assert isinstance(store, SqlHistory)
    beside = open_store(None, tmp_path / "data").open_history()  # no --store: the data folder's file
    assert isinstance(beside, SqliteHistory) and beside.path == tmp_path / "data" / "history.sqlite"


def test_games_come_back_as_they_were_kept(opener: Opener) -> None:
    store = filled(opener)
    back = store.games()
    assert [replace(g, id=None) for g in back] == GAMES and len({g.id for g in back}) == 5
    store.close()
    OPENED.remove(store)
    again = opener()  # on the disk, not in memory
    assert len(again.games()) == 5


def test_the_same_key_replaces_the_game(opener: Opener) -> None:
    store = filled(opener)
    store.add_game(replace(GAMES[0], winner="village", ended=600.0))
    kept = store.games()
    assert len(kept) == 5 and [g.winner for g in kept if g.key == "g1"] == ["village"]


def test_a_deleted_game_leaves_every_number(opener: Opener) -> None:
    store = filled(opener)
    g5 = next(g for g in store.games() if g.key == "g5")
    assert g5.id is not None and store.delete_game(g5.id) and not store.delete_game(g5.id)
    stats = {p.name: p for p in player_stats(store.games())}
    assert "Dario" not in stats and stats["Ana"].games == 4 and stats["Ana"].wins == 2  # g5 was a win of hers


def test_rename_and_merge(opener: Opener) -> None:
    store = filled(opener)
    assert store.rename_player("Dario", "Darío") == 1
    assert "Darío" in store.names() and "Dario" not in store.names()
    assert store.rename_player("Carla", "Ben") == 4  # a merge: Ben's 4 games and Carla's 4 are one player's 8
    ben = {p.name: p for p in player_stats(store.games())}["Ben"]
    assert ben.games == 8 and ben.wins == 4 and ben.voted_out == 3


def test_an_account_sees_only_the_games_it_sat_in(opener: Opener) -> None:
    store = opener()
    mine = replace(GAMES[0], seats=tuple(replace(s, account=3 if s.seat == 1 else 4) for s in GAMES[0].seats))
    store.add_game(mine)
    store.add_game(GAMES[1])
    assert [g.key for g in store.games(3)] == ["g1"] and [g.key for g in store.games(4)] == ["g1"]
    assert store.games(5) == [] and len(store.games()) == 2


def test_the_stores_own_count_is_the_hand_counted_one(opener: Opener) -> None:
    store = filled(opener)
    data = store.overview(2)
    assert data == overview(GAMES, last=2) | {"games": data["games"]}  # numbers counted by the store's GROUP BY
    assert [g["key"] for g in data["games"]] == ["g5", "g4"] and data["count"] == 5 and "log" not in data["games"][0]
    ana = next(p for p in data["players"] if p["name"] == "Ana")
    assert (ana["games"], ana["wins"], ana["survived"], ana["voted_out"]) == (5, 3, 3, 1)
    assert ana["sides"]["wolves"] == {"games": 2, "wins": 1, "rate": 0.5}
    store.rename_player("Carla", "Ben")
    g5 = next(g for g in store.games() if g.key == "g5")
    assert g5.id is not None and store.delete_game(g5.id)
    assert store.overview(30) == overview(store.games(), last=30)


def test_an_accounts_count_is_its_own_seats(opener: Opener) -> None:
    store = opener()
    for game in GAMES:
        store.add_game(replace(game, seats=tuple(replace(s, account=7) if s.name == "Ana" else s for s in game.seats)))
    store.add_game(replace(GAMES[0], key="other"))  # a game Ana's account did not sit in
    data = store.overview(10, account=7)
    assert data == overview(store.games(7), last=10, account=7)
    assert data["count"] == 5 and [p["name"] for p in data["players"]] == ["Ana"]
