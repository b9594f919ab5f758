"""The room registry of the online server's store (store.py): a lease per room, with its fencing token, and the
room's record and journal lines, which only the latest claim may write (the promises are store.py's).
`SqlRooms` is their plain SQL once, for any database whose `_tx` opens a transaction; `SqlStore` builds on it.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

Run = Callable[[str, Sequence[object]], Any]  # runs one statement in the open transaction: a cursor


@dataclass(frozen=True)
class Lease:
    """A room in the registry: which process holds it, until when (unless renewed)."""

    code: str
    holder: str  # "" once released
    expires: float
    fence: int = 0  # the latest claim's token


@dataclass(frozen=True)
class Opener:
    """Who opens a new room (its account, and the client's address as the server trusts it), and how many rooms
    each may have open at once: counted over the registry's rows, so every process sharing the store shares them."""

    account: int
    address: str
    account_max: int
    address_max: int


class Crowded(Exception):
    """A new room would pass one of its opener's limits: `which` is "account" or "address"."""

    def __init__(self, which: str) -> None:
        super().__init__(f"too many rooms open for this {which}")
        self.which = which


class RoomRegistry(Protocol):
    """The rooms' leases, records and journals."""

    def claim(self, code: str, holder: str, now: float, ttl: float) -> int | None:
        """Take room `code` for `holder` until `now + ttl`, if it is free, expired or already `holder`'s: the claim's
        fencing token (greater than any before it), None when another holds it."""
        ...

    def claim_new(self, code: str, holder: str, now: float, ttl: float, opener: Opener | None = None) -> int | None:
        """Take room `code` if no room ever had it (token 1); None when one has (a code drawn twice). With `opener`,
        `Crowded` first when its account or its address has its most rooms open (rows of the registry: rooms
        closed are dropped), counted and claimed in one transaction that every opening waits its turn for."""
        ...

    def renew(self, fences: Mapping[str, int], holder: str, now: float, ttl: float) -> set[str]:
        """Extend `holder`'s leases of the codes in `fences` (each with its token) to `now + ttl`, in one
        transaction (one write to the disk for all of a process's rooms); the codes still `holder`'s by that
        token (not one another has claimed since, nor one nobody holds: released)."""
        ...

    def release(self, code: str, fence: int) -> bool:
        """Give the room up, its record and journals kept; False when that claim was not the latest."""
        ...

    def drop_room(self, code: str, fence: int) -> bool:
        """The room has closed: its row, record and journals go; False when that claim was not the latest."""
        ...

    def save_record(self, code: str, fence: int, record: str) -> bool:
        """Keep the room's record (JSON), if `fence` is its latest claim."""
        ...

    def record(self, code: str) -> str | None:
        """The room's record, None without one."""
        ...

    def recorded(self) -> list[str]:
        """The codes of every room with a record, by code."""
        ...

    def add_line(self, code: str, fence: int, journal: str, n: int, line: str) -> bool:
        """Line `n` of the room's journal `journal`, if `fence` is its latest claim (each line is written once)."""
        ...

    def lines(self, code: str, journal: str) -> list[str]:
        """The journal's lines in order."""
        ...

    def journal_names(self, code: str) -> list[str]:
        """The names of the room's journals."""
        ...

    def copy_journal(self, code: str, fence: int, journal: str, to: str) -> bool: ...

    def cut_journal(self, code: str, fence: int, journal: str, keep: int) -> bool:
        """Drop every line after line `keep`."""
        ...

    def rename_journal(self, code: str, fence: int, journal: str, to: str) -> bool: ...

    def holder_of(self, code: str, now: float) -> str | None:
        """Who holds room `code` at `now` (a lease not expired), else None."""
        ...

    def leases(self) -> list[Lease]:
        """Every room in the registry, expired leases too, by code."""
        ...


CLAIM = ("INSERT INTO rooms (code, holder, expires, fence) VALUES (?, ?, ?, 1) ON CONFLICT (code) DO UPDATE"
         " SET holder = excluded.holder, expires = excluded.expires, fence = rooms.fence + 1"
         " WHERE rooms.holder = excluded.holder OR rooms.expires <= ? RETURNING fence")
CLAIM_NEW = ("INSERT INTO rooms (code, holder, expires, fence, owner, address) VALUES (?, ?, ?, 1, ?, ?)"
             " ON CONFLICT (code) DO NOTHING RETURNING fence")
OPENING = "wolfcall.rooms.open"  # the lock every counted opening takes: the count and the claim are one step
# `{share}`: the room's row locked for the rest of the transaction (PostgreSQL), so that no claim commits between
# the token's check and the write; SQLite's write lock, taken at BEGIN IMMEDIATE, does that for every row.
FENCED = "EXISTS (SELECT 1 FROM rooms WHERE code = ? AND fence = ?{share})"


class SqlRooms(ABC):
    """`RoomRegistry`'s methods once, over any database whose `_tx` opens a transaction and runs `?`-statements."""

    errors: tuple[type[Exception], ...] = ()  # what the database raises when a statement fails
    share = ""  # what locks the row a fenced write checks (FENCED), where a row can be locked alone

    @abstractmethod
    def _tx(self, lock: str | None = None, write: bool = False) -> AbstractContextManager[Run]:
        """One transaction (committed at the end, rolled back on an error); `lock`: serialised per that key
        across every process of the store; `write`: it writes after it reads (SQLite takes its write lock first,
        so that nothing another process commits in between is missed)."""

    def _read(self) -> AbstractContextManager[Run]:
        """A transaction that only reads (SQLite reads on each thread's own connection, waiting for no writer)."""
        return self._tx()

    def _write(self, write: Callable[[Run], bool]) -> bool:
        """One fenced write in a transaction of its own (SQLite shares one commit among many: GroupCommit)."""
        with self._tx(write=True) as run:
            return write(run)

    def claim(self, code: str, holder: str, now: float, ttl: float) -> int | None:
        with self._tx(write=True) as run:
            row = run(CLAIM, (code, holder, now + ttl, now)).fetchone()
        return None if row is None else int(row[0])

    def claim_new(self, code: str, holder: str, now: float, ttl: float, opener: Opener | None = None) -> int | None:
        with self._tx(lock=OPENING if opener else None, write=True) as run:
            if opener is not None:
                for which, column, value, most in (("account", "owner", opener.account, opener.account_max),
                                                   ("address", "address", opener.address, opener.address_max)):
                    if int(run(f"SELECT count(*) FROM rooms WHERE {column} = ?", (value,)).fetchone()[0]) >= most:
                        raise Crowded(which)
            owner, address = (opener.account, opener.address) if opener else (None, None)
            row = run(CLAIM_NEW, (code, holder, now + ttl, owner, address)).fetchone()
        return None if row is None else int(row[0])

    def renew(self, fences: Mapping[str, int], holder: str, now: float, ttl: float) -> set[str]:
        if not fences:
            return set()
        renew = "UPDATE rooms SET expires = ? WHERE code = ? AND holder = ? AND fence = ?"
        with self._tx(write=True) as run:
            return {code for code, fence in fences.items() if run(renew, (now + ttl, code, holder, fence)).rowcount}

    def release(self, code: str, fence: int) -> bool:
        return self._fenced("UPDATE rooms SET holder = '', expires = 0 WHERE code = ? AND fence = ?", (code, fence))

    def drop_room(self, code: str, fence: int) -> bool:
        return self._fenced("DELETE FROM rooms WHERE code = ? AND fence = ?", (code, fence))

    def save_record(self, code: str, fence: int, record: str) -> bool:
        return self._fenced("UPDATE rooms SET record = ? WHERE code = ? AND fence = ?", (record, code, fence))

    def record(self, code: str) -> str | None:
        with self._read() as run:
            row = run("SELECT record FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def recorded(self) -> list[str]:
        with self._read() as run:
            return [str(r[0]) for r in run("SELECT code FROM rooms WHERE record IS NOT NULL ORDER BY code", ())]

    def add_line(self, code: str, fence: int, journal: str, n: int, line: str) -> bool:
        return self._fenced("INSERT INTO journal_lines (room, journal, n, line) SELECT ?, ?, ?, ? FROM rooms "
                            "WHERE code = ? AND fence = ?{share}", (code, journal, n, line, code, fence))

    def lines(self, code: str, journal: str) -> list[str]:
        with self._read() as run:
            return [str(r[0]) for r in run("SELECT line FROM journal_lines WHERE room = ? AND journal = ? "
                                            "ORDER BY n", (code, journal))]

    def journal_names(self, code: str) -> list[str]:
        with self._read() as run:
            return [str(r[0]) for r in run("SELECT DISTINCT journal FROM journal_lines WHERE room = ? "
                                           "ORDER BY journal", (code,))]

    def copy_journal(self, code: str, fence: int, journal: str, to: str) -> bool:
        return self._fenced("INSERT INTO journal_lines (room, journal, n, line) SELECT room, ?, n, line "
                            f"FROM journal_lines WHERE room = ? AND journal = ? AND {FENCED}",
                            (to, code, journal, code, fence), rows=False)

    def cut_journal(self, code: str, fence: int, journal: str, keep: int) -> bool:
        return self._fenced(f"DELETE FROM journal_lines WHERE room = ? AND journal = ? AND n > ? AND {FENCED}",
                            (code, journal, keep, code, fence), rows=False)

    def rename_journal(self, code: str, fence: int, journal: str, to: str) -> bool:
        return self._fenced(f"UPDATE journal_lines SET journal = ? WHERE room = ? AND journal = ? AND {FENCED}",
                            (to, code, journal, code, fence), rows=False)

    def _fenced(self, sql: str, args: Sequence[object], rows: bool = True) -> bool:
        """One write that checks the room's token itself (its last two arguments): True when it wrote a row, or,
        without `rows`, when the token was the latest (a write that found no row to change included). A write that
        fails (the database out of reach, a lock waited for too long) is refused too: the room is let go, and
        whoever takes it next reads the store as it is, this write in it or not."""
        code, fence = args[-2], args[-1]

        def write(run: Run) -> bool:
            done = int(run(sql.replace("{share}", self.share), args).rowcount) > 0
            if done or rows:
                return done
            return run("SELECT 1 FROM rooms WHERE code = ? AND fence = ?", (code, fence)).fetchone() is not None

        try:
            return self._write(write)
        except self.errors as exc:
            said = f"wolfcall: room {code}: the store failed: {type(exc).__name__}: {exc}".strip().splitlines()[0]
            print(said, file=sys.stderr, flush=True)
            return False

    def holder_of(self, code: str, now: float) -> str | None:
        with self._read() as run:
            row = run("SELECT holder FROM rooms WHERE code = ? AND expires > ? AND holder != ''",
                      (code, now)).fetchone()
        return None if row is None else str(row[0])

    def leases(self) -> list[Lease]:
        with self._read() as run:
            rows = run("SELECT code, holder, expires, fence FROM rooms ORDER BY code", ()).fetchall()
        return [Lease(str(c), str(h), float(e), int(f)) for c, h, e, f in rows]
