"""What stops a game's narration short: a journal that does not fit its game, or the table's undo."""

from __future__ import annotations


class ReplayMismatch(Exception):
    """A journal whose answers do not fit its own game: written by another version, or tampered with."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line  # the journal line of the answer that does not fit, when known


class UndoRequested(Exception):
    """The table asked to take back the last choice: the session replays the journal without it."""
