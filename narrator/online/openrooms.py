"""The rooms a server holds open, kept so that a restart (or a kill, or another process taking over) reopens every
one of them: each room's record and its games' journals.

Behind one small interface, `OpenRooms` (save a room's record, drop it, read them all, its journals and the
history its finished games go to), so that the rooms do not know where it is. A server keeps them in its store
(narrator/online/roomstore.py: SQLite, or PostgreSQL shared by every process, which then share nothing else),
every write fenced by the claim of the room's lease it comes from (`Fence`). `RoomFiles` keeps them in a data
folder, for rooms of a process alone (no lease, no fence): one file a room, `rooms/<code>/room.json`, beside
the room's journals, replaced whole (written to a temporary file, flushed to the disk, then renamed over the old
one), so a kill at any moment leaves the last complete record. A record holds no secret and no token: who sits
where (account ids and names), the setup, and the speaking list's counts; the game itself is in the journal.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from narrator.game.historystore import HistoryStore
from narrator.game.journal import Fence
from narrator.game.shelf import Folder, Shelf

RECORD = "room.json"
MAX_RECORD = 64 * 1024  # bytes of one room's record; a real one is well under 2 KB

Lost = Callable[[], None]  # told when a write was refused: another process holds the room now


class OpenRooms(Protocol):
    def save(self, fence: Fence, record: dict[str, Any], lost: Lost) -> None:
        """Keep (or replace) the record of the open room; `lost` is told when the write is refused."""
        ...

    def drop(self, fence: Fence) -> None:
        """The room has closed: a restart does not reopen it, and its journals go."""
        ...

    def codes(self) -> list[str]:
        """The codes of every room with a record, unread."""
        ...

    def get(self, code: str) -> dict[str, Any] | None:
        """Room `code`'s last complete record; None when there is none (or it cannot be read: named on stderr)."""
        ...

    def shelf(self, fence: Fence, lost: Lost) -> Shelf:
        """Where the room's games are journaled, for the claim `fence`; `lost` is told when a write is refused."""
        ...

    def history(self, fence: Fence, history: HistoryStore, lost: Lost) -> HistoryStore:
        """`history` as the room's finished games are kept in it, for the claim `fence`."""
        ...


def checked(code: str, text: str, where: str) -> dict[str, Any] | None:
    """A record read back: the record of room `code`, or None (named on stderr with `where`)."""
    try:
        if len(text) > MAX_RECORD:
            raise ValueError(f"larger than {MAX_RECORD} bytes")
        record = json.loads(text)
        if not isinstance(record, dict) or record.get("code") != code:
            raise ValueError("not the record of the room of its folder")
    except ValueError as exc:
        print(f"wolfcall: {where}: not reopened ({exc})", file=sys.stderr)
        return None
    return record


class RoomFiles:
    """The open rooms as one file each in `folder` (the data folder's `rooms/`), their journals beside it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def save(self, fence: Fence, record: dict[str, Any], lost: Lost) -> None:
        path = self.folder / fence.room / RECORD
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_suffix(".tmp")
        with spare.open("w", encoding="utf-8") as f:
            json.dump(record, f, ensure_ascii=False, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(spare, path)

    def drop(self, fence: Fence) -> None:
        (self.folder / fence.room / RECORD).unlink(missing_ok=True)

    def all(self) -> dict[str, dict[str, Any]]:
        found = {code: self.get(code) for code in self.codes()}
        return {code: record for code, record in found.items() if record is not None}

    def codes(self) -> list[str]:
        return sorted(path.parent.name for path in self.folder.glob(f"*/{RECORD}"))

    def get(self, code: str) -> dict[str, Any] | None:
        path = self.folder / code / RECORD
        if not code.isalnum():
            return None
        try:
            if path.stat().st_size > MAX_RECORD:
                print(f"wolfcall: {path}: not reopened (larger than {MAX_RECORD} bytes)", file=sys.stderr)
                return None
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:  # unreadable, or not UTF-8
            print(f"wolfcall: {path}: not reopened ({exc})", file=sys.stderr)
            return None
        return checked(code, text, str(path))

    def shelf(self, fence: Fence, lost: Lost) -> Shelf:
        return Folder(self.folder / fence.room / "games")

    def history(self, fence: Fence, history: HistoryStore, lost: Lost) -> HistoryStore:
        return history
