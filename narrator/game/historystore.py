"""Where the group's finished games are kept: one small interface, `HistoryStore`, and `SqliteHistory`, a file in
the data folder (`history.sqlite`).

Like the accounts' store (narrator/online/store.py), the SQL is written once (`SqlHistory`, plain SQL over two
tables) for any database whose `_tx` opens a transaction: SQLite here, PostgreSQL for a hosted server of several
processes or machines (`PostgresHistory`, narrator/online/pgstore.py, `wolfcall serve --online --store
postgresql://...`; tests/game/test_historystore.py runs its tests against both). Promises: `add_game` with a key
already kept replaces that game (an undo after the end, then the end again); times come from the caller's clock;
nothing is written but a finished game. An online room's game is written with its lease's `Fence`: the statement
that writes checks it against the room registry in the same database (SQLite: the store's file, attached), and a
claim that is no longer the latest writes nothing (`Superseded`).
"""

from __future__ import annotations

import json
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Protocol

from narrator.game.history import GameRecord, Group, SeatRecord, grouped_stats, overview_of
from narrator.game.journal import Fence, Superseded
from narrator.sqlitefile import open_sqlite, transaction

HISTORY_FILE = "history.sqlite"


class HistoryStore(Protocol):
    def add_game(self, game: GameRecord, fence: Fence | None = None) -> int:
        """The game's number; a game of the same key is replaced. `fence`: an online room's, written only while it
        is the room's latest claim (else `Superseded`)."""
        ...

    def games(self, account: int | None = None) -> list[GameRecord]:
        """Every game kept (with `account`, only the games that account sat in), oldest first."""
        ...

    def overview(self, last: int, account: int | None = None) -> dict[str, Any]:
        """`history.overview` of `games(account)`, counted by the store (GROUP BY) rather than read game by game."""
        ...

    def drop_key(self, key: str, fence: Fence | None = None) -> bool: ...

    def delete_game(self, game_id: int) -> bool: ...

    def rename_player(self, old: str, new: str) -> int:
        """Every seat named `old` is named `new` (a merge when `new` has games already); how many seats."""
        ...

    def names(self) -> set[str]: ...

    def close(self) -> None: ...


# `{id}` is each database's own auto-numbered key; every statement may run again on a database that has it.
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS games (id {id}, key TEXT NOT NULL UNIQUE, ended DOUBLE PRECISION NOT NULL,"
    " ruleset TEXT NOT NULL, mode TEXT NOT NULL, winner TEXT NOT NULL, reason TEXT NOT NULL,"
    " nights INTEGER NOT NULL, days INTEGER NOT NULL, log TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    " seat INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL, dealt TEXT NOT NULL, side TEXT NOT NULL,"
    " won INTEGER NOT NULL, alive INTEGER NOT NULL, voted_out INTEGER NOT NULL, account BIGINT,"
    " PRIMARY KEY (game_id, seat))",
    "DROP INDEX IF EXISTS seats_name",
    # the players' numbers are counted from this index alone (a covering index: GROUP BY name, side, role)
    "CREATE INDEX IF NOT EXISTS seats_tally ON seats(name, side, role, won, alive, voted_out)",
    "CREATE INDEX IF NOT EXISTS games_ended ON games(ended, id)",
    "CREATE INDEX IF NOT EXISTS seats_account ON seats(account)",
)

GAME_COLUMNS = "id, key, ended, ruleset, mode, winner, reason, nights, days, log"
LISTED_COLUMNS = GAME_COLUMNS.replace("log", "''")  # a game as the screen lists it: its night log left unread
SEAT_COLUMNS = "game_id, seat, name, role, dealt, side, won, alive, voted_out, account"

Run = Callable[[str, Sequence[object]], Any]  # runs one `?`-statement in the open transaction: a cursor


class SqlHistory(ABC):
    """`HistoryStore`'s methods once, over any database whose `_tx` opens a transaction and runs `?`-statements."""

    id_column = ""
    rooms = ""  # the room registry's table, where a fenced write checks its token ("": none reachable)
    share = ""  # what locks the registry's row checked (narrator/online/roomregistry.py FENCED)

    @abstractmethod
    def _tx(self, write: bool = False) -> AbstractContextManager[Run]:
        """One transaction, committed at the end, rolled back on an error; `write`: it writes after it reads."""

    @abstractmethod
    def close(self) -> None: ...

    def create(self, run: Run) -> None:
        for statement in SCHEMA:
            run(statement.replace("{id}", self.id_column), ())

    def add_game(self, game: GameRecord, fence: Fence | None = None) -> int:
        values = (game.key, game.ended, game.ruleset, game.mode, game.winner, game.reason, game.nights, game.days,
                  json.dumps(list(game.log), separators=(",", ":")))
        insert = "INSERT INTO games (key, ended, ruleset, mode, winner, reason, nights, days, log) "
        with self._tx(write=fence is not None) as run:
            run("DELETE FROM games WHERE key = ?", (game.key,))  # rolled back with the rest when refused
            if fence is None:
                row = run(insert + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id", values).fetchone()
            else:
                row = run(insert + f"SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? FROM {self._registry()} "
                          f"WHERE code = ? AND fence = ?{self.share} RETURNING id", (*values, *fence)).fetchone()
                if row is None:
                    raise Superseded(f"room {fence.room}: another process holds it now")
            game_id = int(row[0])
            for s in game.seats:
                run(f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, s.seat, s.name, s.role, s.dealt, s.side, int(s.won), int(s.alive), int(s.voted_out),
                     s.account))
        return game_id

    def games(self, account: int | None = None) -> list[GameRecord]:
        where = "" if account is None else " WHERE id IN (SELECT game_id FROM seats WHERE account = ?)"
        args: tuple[object, ...] = () if account is None else (account,)
        with self._tx() as run:
            return _records(run, f"SELECT {GAME_COLUMNS} FROM games{where} ORDER BY ended, id", args)

    def overview(self, last: int, account: int | None = None) -> dict[str, Any]:
        mine = "" if account is None else " AND account = ?"
        where = "" if account is None else " WHERE id IN (SELECT game_id FROM seats WHERE account = ?)"
        args: tuple[object, ...] = () if account is None else (account,)
        with self._tx() as run:
            count = int(run(f"SELECT COUNT(*) FROM games{where}", args).fetchone()[0])
            newest = _records(run, f"SELECT {LISTED_COLUMNS} FROM games{where} "
                                   "ORDER BY ended DESC, id DESC LIMIT ?", (*args, last))
            groups = [Group(str(r[0]), str(r[1]), str(r[2]), *(int(v) for v in r[3:])) for r in run(
                "SELECT name, side, role, COUNT(*), SUM(won), SUM(alive), SUM(voted_out) FROM seats "
                f"WHERE name != ''{mine} GROUP BY name, side, role", args).fetchall()]
        return overview_of(count, newest, grouped_stats(groups))

    def _change(self, sql: str, args: Sequence[object]) -> int:
        with self._tx() as run:
            return int(run(sql, args).rowcount)

    def drop_key(self, key: str, fence: Fence | None = None) -> bool:
        if fence is None:
            return self._change("DELETE FROM games WHERE key = ?", (key,)) > 0
        with self._tx(write=True) as run:
            mine = f"SELECT 1 FROM {self._registry()} WHERE code = ? AND fence = ?{self.share}"
            if run(f"DELETE FROM games WHERE key = ? AND EXISTS ({mine})", (key, *fence)).rowcount > 0:
                return True
            if run(mine, fence).fetchone() is None:
                raise Superseded(f"room {fence.room}: another process holds it now")
            return False

    def _registry(self) -> str:
        if not self.rooms:
            raise TypeError("this history has no room registry to check a fence against")
        return self.rooms

    def delete_game(self, game_id: int) -> bool:
        return self._change("DELETE FROM games WHERE id = ?", (game_id,)) > 0

    def rename_player(self, old: str, new: str) -> int:
        return self._change("UPDATE seats SET name = ? WHERE name = ?", (new, old))

    def names(self) -> set[str]:
        with self._tx() as run:
            return {str(r[0]) for r in run("SELECT DISTINCT name FROM seats WHERE name != ''", ()).fetchall()}


def _records(run: Run, query: str, args: tuple[object, ...]) -> list[GameRecord]:
    """The games a `SELECT {GAME_COLUMNS}` finds, with their seats (a log of '' is read as none)."""
    rows = run(query, args).fetchall()
    seats: dict[int, list[SeatRecord]] = {int(r[0]): [] for r in rows}
    for chunk in range(0, len(rows), 500):  # both databases' limits of bound values are well above 500
        ids = [int(r[0]) for r in rows[chunk:chunk + 500]]
        for s in run(f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id IN "
                     f"({', '.join('?' * len(ids))}) ORDER BY game_id, seat", ids).fetchall():
            seats[int(s[0])].append(SeatRecord(int(s[1]), str(s[2]), str(s[3]), str(s[4]), str(s[5]), bool(s[6]),
                                               bool(s[7]), bool(s[8]), None if s[9] is None else int(s[9])))
    return [GameRecord(str(r[1]), float(r[2]), str(r[3]), str(r[4]), str(r[5]), str(r[6]), int(r[7]), int(r[8]),
                       tuple(seats[int(r[0])]), tuple(json.loads(r[9])) if r[9] else (), int(r[0])) for r in rows]


class SqliteHistory(SqlHistory):
    """The history in one SQLite file (WAL mode), shared by the server's threads behind one lock. `registry`: the
    online server's store (narrator/online/store.py), attached so that a room's game is written fenced."""

    id_column = "INTEGER PRIMARY KEY AUTOINCREMENT"

    def __init__(self, path: Path | str, registry: Path | None = None) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = open_sqlite(self.path)
        if registry is not None:
            self._db.execute("ATTACH DATABASE ? AS registry", (str(registry),))
            self.rooms = "registry.rooms"
        with self._tx() as run:
            self.create(run)

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Run]:
        """`write`: BEGIN IMMEDIATE takes the write lock of every attached file, the registry's too."""
        with transaction(self._db, self._lock, "BEGIN IMMEDIATE" if write else "BEGIN") as run:
            yield run

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_history(data: Path) -> SqliteHistory:
    """The table's history in its data folder."""
    return SqliteHistory(data / HISTORY_FILE)
