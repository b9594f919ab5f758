"""The rooms a server holds open, kept in its store (`OpenRooms`, openrooms.py): each room's record in its row of
the room registry, its games' journals as rows of lines, its finished games in the history of the same database.
With `--store postgresql://...` that database is all that the processes of a site share: a room is taken over
from it by any of them, on any machine, whatever its data folder holds.

Every write carries the fence of the claim it comes from (`Fence`: the room and the lease's token, holding.py),
and the store writes only while that claim is the room's latest, in the statement that writes (roomregistry.py
`FENCED`). A refused write is the sign that another process has claimed the room since (this one stalled past
its lease): it tells the room's `lost` (the server lets the room go at once, its pages reconnect to the new
holder), and a journal's or history's write raises `Superseded`, which stops the game's thread without a word.

A journal's lines are the lines a journal file holds (narrator/game/journal.py `line`: the same checksums, the
same packed payloads, nothing of a game readable at a glance), numbered from 1 (the game's header).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from narrator.game.history import GameRecord
from narrator.game.historystore import HistoryStore
from narrator.game.journal import MAX_JOURNAL, Contents, Fence, JournalError, Superseded, line, parse
from narrator.game.session import Resumed, Table, new_journal_name, resume_from
from narrator.online.openrooms import Lost, checked
from narrator.online.store import Store
from narrator.speech.scenes import LANGUAGES

DAMAGED, ASIDE = ".damaged", ".unreadable"  # a damaged journal's copy; a journal that cannot be resumed


class StoredRooms:
    """Every open room of the store: its record, journals and finished games."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def save(self, fence: Fence, record: dict[str, Any], lost: Lost) -> None:
        text = json.dumps(record, ensure_ascii=False, sort_keys=True)
        if not self.store.save_record(fence.room, fence.token, text):
            refused(fence, lost)

    def drop(self, fence: Fence) -> None:
        self.store.drop_room(fence.room, fence.token)

    def codes(self) -> list[str]:
        return self.store.recorded()

    def get(self, code: str) -> dict[str, Any] | None:
        text = self.store.record(code)
        return None if text is None else checked(code, text, f"the record of room {code}")

    def shelf(self, fence: Fence, lost: Lost) -> RoomShelf:
        return RoomShelf(self.store, fence, lost)

    def history(self, fence: Fence, history: HistoryStore, lost: Lost) -> HistoryStore:
        return FencedHistory(history, fence, lost)


def refused(fence: Fence, lost: Lost) -> Superseded:
    """A write of the claim `fence` was refused: said on stderr and told to the room (`lost`); what a game's
    writer raises (a record's writer goes on: the room is let go in a moment)."""
    print(f"wolfcall: room {fence.room}: not written, another process holds it now", file=sys.stderr, flush=True)
    lost()
    return Superseded(f"room {fence.room}: another process holds it now")


class RoomShelf:
    """One room's journals in the store (a `Shelf`, narrator/game/shelf.py), written as the claim `fence`; a game's
    key is its journal's name."""

    def __init__(self, store: Store, fence: Fence, lost: Lost) -> None:
        self.store, self.fence, self.lost = store, fence, lost

    def waiting(self, key: str | None = None) -> str | None:
        if key and key in self.store.journal_names(self.fence.room):
            return key
        return self.latest_unfinished()

    def create(self, table: Table) -> StoredJournal:
        name = self._free(new_journal_name(table))  # two games dealt in one second: the second's numbered
        return self.start(name, table.to_json(), f"a game for {len(table.players)} players")

    def reopen(self, key: str) -> tuple[StoredJournal, Resumed]:
        resumed = resume_from(self.read(key), self.where(key), lambda contents: self.repair(key, contents))
        return self.open(key), resumed  # opened once cut back: it goes on after its last good line

    def lang(self, key: str) -> str | None:
        try:
            lang = self.read(key).header.get("lang")
        except JournalError:
            return None
        return lang if lang in LANGUAGES else None

    def start(self, name: str, header: dict[str, Any], public: str) -> StoredJournal:
        """A new journal `name` whose first line is the game's `header`."""
        self.write(name, 1, line("game", public, header))
        return StoredJournal(self, name, 2)

    def open(self, name: str) -> StoredJournal:
        """Journal `name`, to go on appending to it."""
        return StoredJournal(self, name, len(self.store.lines(self.fence.room, name)) + 1)

    def read(self, name: str) -> Contents:
        lines = self.store.lines(self.fence.room, name)
        if not lines:
            raise JournalError(f"there is no journal {self.where(name)}")
        raw = "".join(lines).encode()
        return parse(raw[:MAX_JOURNAL], self.where(name))

    def repair(self, name: str, contents: Contents) -> str | None:
        """A copy of a damaged journal kept, the journal cut back to its readable part; the copy's name."""
        if contents.damaged_line is None:
            return None
        code, token = self.fence
        kept = self._free(name + DAMAGED)
        self._done(self.store.copy_journal(code, token, name, kept))
        self._done(self.store.cut_journal(code, token, name, contents.damaged_line - 1))
        return self.where(kept)

    def set_aside(self, name: str) -> str:
        aside = self._free(name + ASIDE)
        self._done(self.store.rename_journal(self.fence.room, self.fence.token, name, aside))
        return aside

    def latest_unfinished(self) -> str | None:
        names = self.store.journal_names(self.fence.room)
        for name in sorted(names, reverse=True):  # named by when they were dealt (session.py new_journal_name)
            if DAMAGED in name or ASIDE in name:  # a damaged one's copy, one set aside (numbered too: `_free`)
                continue
            try:
                records = self.read(name).records
            except JournalError:
                continue
            if not records or records[-1]["kind"] != "over":
                return name
        return None

    def where(self, name: str) -> str:
        return f"{name} of room {self.fence.room}"

    def _free(self, name: str) -> str:
        """`name`, or with a number after it when a journal has it already."""
        taken = set(self.store.journal_names(self.fence.room))
        copies, free = 1, name
        while free in taken:
            copies += 1
            free = f"{name}{copies}"
        return free

    def write(self, name: str, n: int, text: str) -> None:
        """Line `n` of journal `name`; `Superseded` when refused."""
        self._done(self.store.add_line(self.fence.room, self.fence.token, name, n, text))

    def _done(self, written: bool) -> None:
        if not written:
            raise refused(self.fence, self.lost)


class StoredJournal:
    """One game's journal in the store, appended line by line (`GameJournal`)."""

    def __init__(self, journals: RoomShelf, name: str, next_line: int) -> None:
        self.journals, self.name, self.next = journals, name, next_line

    def append(self, kind: str, public: str, payload: dict[str, Any]) -> None:
        self.journals.write(self.name, self.next, line(kind, public, payload))
        self.next += 1

    def contents(self) -> Contents:
        return self.journals.read(self.name)

    def close(self) -> None:
        pass


class FencedHistory:
    """`history` as one room's games are written to it: as the claim `fence`, refused once another has claimed
    the room (its `lost` is told, and the game's thread stops)."""

    def __init__(self, history: HistoryStore, fence: Fence, lost: Lost) -> None:
        self.history, self.fence, self.lost = history, fence, lost

    def add_game(self, game: GameRecord, fence: Fence | None = None) -> int:
        try:
            return self.history.add_game(game, self.fence)
        except Exception as exc:  # refused, or failed (as a journal's write, narrator/online/store.py `_fenced`)
            raise self._refused(exc) from None

    def drop_key(self, key: str, fence: Fence | None = None) -> bool:
        try:
            return self.history.drop_key(key, self.fence)
        except Exception as exc:
            raise self._refused(exc) from None

    def _refused(self, exc: Exception) -> Superseded:
        if not isinstance(exc, Superseded):
            print(f"wolfcall: room {self.fence.room}: the history failed: {type(exc).__name__}: {exc}",
                  file=sys.stderr, flush=True)
        return refused(self.fence, self.lost)

    # what reads the history (the host's history screen), and the host's own edits, as they are
    def games(self, account: int | None = None) -> list[GameRecord]:
        return self.history.games(account)

    def overview(self, last: int, account: int | None = None) -> dict[str, Any]:
        return self.history.overview(last, account)

    def delete_game(self, game_id: int) -> bool:
        return self.history.delete_game(game_id)

    def rename_player(self, old: str, new: str) -> int:
        return self.history.rename_player(old, new)

    def names(self) -> set[str]:
        return self.history.names()

    def close(self) -> None:
        pass  # the server's, closed by the server
