"""Where the group's finished games are kept: one small interface, `HistoryStore`, and `SqliteHistory`, a file in
the data folder (`history.sqlite`).

Like the accounts' store (narrator/online/store.py), a hosted server could keep them in PostgreSQL by writing a
class with the same methods over the same two tables in plain SQL (`%s` for `?`, `BIGSERIAL` for the id, a
connection pool for the lock). Promises: `add_game` with a key already kept replaces that game (an undo after
the end, then the end again); times come from the caller's clock; nothing is written but a finished game.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any, Protocol

from narrator.game.history import GameRecord, Group, SeatRecord, grouped_stats, overview_of
from narrator.sqlitefile import open_sqlite

HISTORY_FILE = "history.sqlite"


class HistoryStore(Protocol):
    def add_game(self, game: GameRecord) -> int:
        """The game's number; a game of the same key is replaced."""
        ...

    def games(self, account: int | None = None) -> list[GameRecord]:
        """Every game kept (with `account`, only the games that account sat in), oldest first."""
        ...

    def overview(self, last: int, account: int | None = None) -> dict[str, Any]:
        """`history.overview` of `games(account)`, counted by the store (GROUP BY) rather than read game by game."""
        ...

    def drop_key(self, key: str) -> bool: ...

    def delete_game(self, game_id: int) -> bool: ...

    def rename_player(self, old: str, new: str) -> int:
        """Every seat named `old` is named `new` (a merge when `new` has games already); how many seats."""
        ...

    def names(self) -> set[str]: ...

    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    ended REAL NOT NULL,
    ruleset TEXT NOT NULL,
    mode TEXT NOT NULL,
    winner TEXT NOT NULL,
    reason TEXT NOT NULL,
    nights INTEGER NOT NULL,
    days INTEGER NOT NULL,
    log TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    dealt TEXT NOT NULL,
    side TEXT NOT NULL,
    won INTEGER NOT NULL,
    alive INTEGER NOT NULL,
    voted_out INTEGER NOT NULL,
    account INTEGER,
    PRIMARY KEY (game_id, seat)
);
DROP INDEX IF EXISTS seats_name;
-- the players' numbers are counted from this index alone (a covering index: GROUP BY name, side, role)
CREATE INDEX IF NOT EXISTS seats_tally ON seats(name, side, role, won, alive, voted_out);
CREATE INDEX IF NOT EXISTS games_ended ON games(ended, id);
CREATE INDEX IF NOT EXISTS seats_account ON seats(account);
"""

GAME_COLUMNS = "id, key, ended, ruleset, mode, winner, reason, nights, days, log"
LISTED_COLUMNS = GAME_COLUMNS.replace("log", "''")  # a game as the screen lists it: its night log left unread
SEAT_COLUMNS = "game_id, seat, name, role, dealt, side, won, alive, voted_out, account"


class SqliteHistory:
    """The history in one SQLite file (WAL mode), shared by the server's threads behind one lock."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = open_sqlite(self.path)
        with self._lock:
            self._db.executescript(SCHEMA)

    def add_game(self, game: GameRecord) -> int:
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("DELETE FROM games WHERE key = ?", (game.key,))
                cursor = self._db.execute(
                    "INSERT INTO games (key, ended, ruleset, mode, winner, reason, nights, days, log) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game.key, game.ended, game.ruleset, game.mode, game.winner, game.reason, game.nights, game.days,
                     json.dumps(list(game.log), separators=(",", ":"))))
                game_id = cursor.lastrowid
                assert game_id is not None
                self._db.executemany(
                    f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(game_id, s.seat, s.name, s.role, s.dealt, s.side, int(s.won), int(s.alive), int(s.voted_out),
                      s.account) for s in game.seats])
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return game_id

    def games(self, account: int | None = None) -> list[GameRecord]:
        where = "" if account is None else " WHERE id IN (SELECT game_id FROM seats WHERE account = ?)"
        args: tuple[object, ...] = () if account is None else (account,)
        with self._lock:
            return self._records(f"SELECT {GAME_COLUMNS} FROM games{where} ORDER BY ended, id", args)

    def overview(self, last: int, account: int | None = None) -> dict[str, Any]:
        mine = "" if account is None else " AND account = ?"
        where = "" if account is None else " WHERE id IN (SELECT game_id FROM seats WHERE account = ?)"
        args: tuple[object, ...] = () if account is None else (account,)
        with self._lock:
            count = int(self._db.execute(f"SELECT COUNT(*) FROM games{where}", args).fetchone()[0])
            newest = self._records(f"SELECT {LISTED_COLUMNS} FROM games{where} "
                                   "ORDER BY ended DESC, id DESC LIMIT ?", (*args, last))
            groups = [Group(str(r[0]), str(r[1]), str(r[2]), *(int(v) for v in r[3:])) for r in self._db.execute(
                "SELECT name, side, role, COUNT(*), SUM(won), SUM(alive), SUM(voted_out) FROM seats "
                f"WHERE name != ''{mine} GROUP BY name, side, role", args)]
        return overview_of(count, newest, grouped_stats(groups))

    def _records(self, query: str, args: tuple[object, ...]) -> list[GameRecord]:
        """The games a `SELECT {GAME_COLUMNS}` finds, with their seats (a log of '' is read as none)."""
        rows = self._db.execute(query, args).fetchall()
        seats: dict[int, list[SeatRecord]] = {int(r[0]): [] for r in rows}
        for chunk in range(0, len(rows), 500):  # SQLite's limit of bound values is well above 500
            ids = [int(r[0]) for r in rows[chunk:chunk + 500]]
            for s in self._db.execute(f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id IN "
                                      f"({', '.join('?' * len(ids))}) ORDER BY game_id, seat", ids):
                seats[int(s[0])].append(SeatRecord(int(s[1]), str(s[2]), str(s[3]), str(s[4]), str(s[5]), bool(s[6]),
                                                   bool(s[7]), bool(s[8]), None if s[9] is None else int(s[9])))
        return [GameRecord(str(r[1]), float(r[2]), str(r[3]), str(r[4]), str(r[5]), str(r[6]), int(r[7]), int(r[8]),
                           tuple(seats[int(r[0])]), tuple(json.loads(r[9])) if r[9] else (), int(r[0])) for r in rows]

    def drop_key(self, key: str) -> bool:
        with self._lock:
            return self._db.execute("DELETE FROM games WHERE key = ?", (key,)).rowcount > 0

    def delete_game(self, game_id: int) -> bool:
        with self._lock:
            return self._db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0

    def rename_player(self, old: str, new: str) -> int:
        with self._lock:
            return self._db.execute("UPDATE seats SET name = ? WHERE name = ?", (new, old)).rowcount

    def names(self) -> set[str]:
        with self._lock:
            return {str(r[0]) for r in self._db.execute("SELECT DISTINCT name FROM seats WHERE name != ''")}

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_history(data: Path) -> SqliteHistory:
    """The table's history in its data folder."""
    return SqliteHistory(data / HISTORY_FILE)
