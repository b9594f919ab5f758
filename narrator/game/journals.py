"""A table's journals as files in a folder (the data folder's `games/`): `wolfcall play`, its `--resume` and the
page's Continue. `JournalFolder` is the `Journals` the game loop is handed at a table (narrator/game/journal.py);
an online room is handed its store's instead (narrator/online/roomstore.py)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from narrator.game.journal import Contents, GameJournal, Journal, JournalError
from narrator.game.records import set_aside

DAMAGED = ".damaged.jsonl"  # the copy kept when a damaged journal was cut back: not a game to resume


class JournalFolder:
    """Every journal a file of `folder`, named by its file's name."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, name: str) -> Path:
        if Path(name).name != name or not name:
            raise JournalError(f"not a journal's name: {name!r}")
        return self.folder / name

    def create(self, name: str, header: dict[str, Any], public: str) -> GameJournal:
        return Journal.create(self.path(name), header, public)

    def open(self, name: str) -> GameJournal:
        return Journal(self.path(name))

    def read(self, name: str) -> Contents:
        return Journal.read(self.path(name))

    def repair(self, name: str, contents: Contents) -> str | None:
        backup = Journal.repair(self.path(name), contents)
        return None if backup is None else str(backup)

    def set_aside(self, name: str) -> str:
        return set_aside(self.path(name)).name

    def latest_unfinished(self) -> str | None:
        path = latest_unfinished(self.folder)
        return None if path is None else path.name

    def where(self, name: str) -> str:
        return str(self.path(name))


def latest_unfinished(folder: Path) -> Path | None:
    games = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in games:
        if path.name.endswith(DAMAGED):
            continue
        try:
            contents = Journal.read(path)
        except JournalError:
            continue
        if not contents.records or contents.records[-1]["kind"] != "over":
            return path  # an undo after the end reopens a game
    return None


def new_journal_name(kind: str, seed: int) -> str:
    """A new game's journal: named by when it was dealt, so that names sort as the games began."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{kind}-{seed}.jsonl"
