"""The list of the rooms a server holds open, kept so that a restart (or a kill) reopens every one of them.

Behind one small interface, `OpenRooms` (save a room's record, drop it, read them all), so that the list can move
to a shared registry (PostgreSQL) without the rooms knowing. `RoomFiles` keeps it in the data folder: one file a
room, `rooms/<code>/room.json` beside the room's journals, replaced whole (written to a temporary file, flushed to
the disk, then renamed over the old one), so a kill at any moment leaves the last complete record. A record holds
no secret and no token: who sits where (account ids and names), the setup, and the speaking list's counts; the
game itself is in the room's journal.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Protocol

RECORD = "room.json"
MAX_RECORD = 64 * 1024  # bytes of one room's record; a real one is well under 2 KB


class OpenRooms(Protocol):
    def save(self, code: str, record: dict[str, Any]) -> None:
        """Keep (or replace) the record of the open room `code`."""
        ...

    def drop(self, code: str) -> None:
        """The room has closed: a restart does not reopen it."""
        ...

    def all(self) -> dict[str, dict[str, Any]]:
        """Every open room's last complete record, by code (an unreadable one is named on stderr and skipped)."""
        ...

    def codes(self) -> list[str]:
        """The codes of every room with a record, unread."""
        ...

    def get(self, code: str) -> dict[str, Any] | None:
        """Room `code`'s last complete record; None when there is none (or it cannot be read: named on stderr)."""
        ...


class RoomFiles:
    """The open rooms as one file each in `folder` (the data folder's `rooms/`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def save(self, code: str, record: dict[str, Any]) -> None:
        path = self.folder / code / RECORD
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_suffix(".tmp")
        with spare.open("w", encoding="utf-8") as f:
            json.dump(record, f, ensure_ascii=False, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(spare, path)

    def drop(self, code: str) -> None:
        (self.folder / code / RECORD).unlink(missing_ok=True)

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
                raise ValueError(f"larger than {MAX_RECORD} bytes")
            record = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(record, dict) or record.get("code") != code:
                raise ValueError("not the record of the room of its folder")
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            print(f"wolfcall: {path}: not reopened ({exc})", file=sys.stderr)
            return None
        return record
