"""Where a table's game journals live: the one seam the page's game loop asks (narrator/ui/web/gameloop.py) to
start a game's journal, find the game waiting to be continued, reopen it, and set aside one that cannot be
replayed. A game is named on its shelf by a key.

At home the shelf is a folder, `games/` in the data folder, a file a game, its key the file's name (`Folder`). An
online room's shelf is its rows in the server's store (narrator/online/roomstore.py `RoomShelf`), every write
fenced by the room's lease: a write refused there raises `Superseded`, and the game stops, writing nothing more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from narrator.game.journal import GameJournal, Journal, JournalError
from narrator.game.records import set_aside
from narrator.game.session import Resumed, Table, latest_unfinished, new_journal_path, open_journal
from narrator.speech.scenes import LANGUAGES


class Shelf(Protocol):
    """Where the journals of one table's games are kept."""

    def waiting(self, key: str | None = None) -> str | None:
        """The game to continue: `key` if it is kept here, else the latest that has not ended (None: none)."""
        ...

    def create(self, table: Table) -> GameJournal:
        """A new game's journal, its table written first; its `name` is its key here."""
        ...

    def reopen(self, key: str) -> tuple[GameJournal, Resumed]:
        """Game `key`'s journal to go on writing, and what it holds (JournalError: it cannot be replayed)."""
        ...

    def set_aside(self, key: str) -> str:
        """A journal that cannot be replayed, kept and never offered again; the name it is kept under."""
        ...

    def lang(self, key: str) -> str | None:
        """The language game `key` is played in (None: its journal does not say one we speak)."""
        ...


class Folder:
    """A folder of journal files (the data folder's `games/`), one a game; a game's key is its file's name."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, key: str) -> Path:
        return self.folder / key

    def waiting(self, key: str | None = None) -> str | None:
        if key and Path(key).name == key and self.path(key).is_file():
            return key
        path = latest_unfinished(self.folder)
        return path.name if path is not None else None

    def create(self, table: Table) -> Journal:
        path = new_journal_path(self.folder, table)
        return Journal.create(path, table.to_json(), f"a game for {len(table.players)} players")

    def reopen(self, key: str) -> tuple[Journal, Resumed]:
        resumed = open_journal(self.path(key))
        return Journal(self.path(key)), resumed

    def set_aside(self, key: str) -> str:
        return set_aside(self.path(key)).name

    def lang(self, key: str) -> str | None:
        try:
            lang = Journal.read(self.path(key)).header.get("lang")
        except JournalError:
            return None
        return lang if lang in LANGUAGES else None


__all__ = ["Folder", "Shelf"]
