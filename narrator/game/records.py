"""The journal's records in order: each carries its number, so a missing or moved line is found on resume.

Line 1 of a journal is the game's header; the records follow, numbered 1, 2, 3 ... (`seq`). An answer
also names the step it answered and the question's number (`step`, `n`), which the replay checks
against the question the engine asks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.game.journal import GameJournal, JournalError

FIRST_LINE = 2  # the line of the first record, after the header


class RecordError(JournalError):
    """A journal whose records do not follow each other, or that an older wolfcall wrote."""

    def __init__(self, line: int, reason: str, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = reason  # "missing" (a line is missing or out of order) or "old" (no numbers)


def line_of(index: int) -> int:
    """The journal line of the record at `index` in `Contents.records`."""
    return index + FIRST_LINE


def check_sequence(records: list[dict[str, Any]]) -> None:
    """Every record numbered one after the one before it; else a RecordError naming the line."""
    for index, record in enumerate(records):
        line, seq = line_of(index), record.get("seq")
        if not isinstance(seq, int) or (record.get("kind") == "answer" and not {"step", "n"} <= record.keys()):
            raise RecordError(line, "old", "the record has no sequence number: an older wolfcall wrote this "
                                           "journal, and it cannot be resumed")
        if seq != index + 1:
            raise RecordError(line, "missing", f"the record is numbered {seq} where {index + 1} was expected: "
                                               f"a line of the journal is missing or out of order")


class Numbered:
    """Appends to a journal, numbering each record after the last one already in the file."""

    def __init__(self, journal: GameJournal) -> None:
        self.journal = journal
        self.count = len(journal.contents().records)

    def append(self, kind: str, public: str, payload: dict[str, Any]) -> None:
        self.count += 1
        self.journal.append(kind, public, {**payload, "seq": self.count})


def set_aside(path: Path) -> Path:
    """Rename a journal that cannot be resumed, so it is not offered again; it is kept, never deleted.

    Where it is now (where it was, when the folder cannot be written)."""
    aside = path.with_name(path.name + ".unreadable")
    copies = 1
    while aside.exists():
        copies += 1
        aside = path.with_name(f"{path.name}.unreadable{copies}")
    try:
        path.rename(aside)
    except OSError:
        return path
    return aside
