"""The journal: every answer, appended and flushed to disk before the narrator goes on.

One JSON object per line. The human-readable `public` part says only what the table already
heard; the choices and the deal are in `data` (compressed, so that no role or target can be read
at a glance), guarded by a CRC so a torn or damaged line is found.

`Journal` keeps them in a file (a table's game, `wolfcall play` and `--resume`); an online room keeps the same
lines in its store (narrator/online/roomstore.py), where `line` makes them and `parse` reads them back alike.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import zlib
from dataclasses import dataclass, field
from gettext import gettext as _
from pathlib import Path
from typing import Any, NamedTuple, Protocol


def _pack(payload: dict[str, Any]) -> str:
    raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.b85encode(zlib.compress(raw)).decode()


MAX_LINE = 64 * 1024  # bytes of one journal line; a real record is a few hundred
MAX_RECORD = 1 << 20  # bytes a record may inflate to; a larger one is damaged (a "zip bomb")
MAX_JOURNAL = 16 << 20  # bytes of a whole journal; a game writes well under 1 MB


def _unpack(data: str) -> dict[str, Any]:
    """A record's payload; ValueError when it is damaged, or would inflate past MAX_RECORD."""
    inflate = zlib.decompressobj()
    raw = inflate.decompress(base64.b85decode(data.encode()), MAX_RECORD + 1)
    if len(raw) > MAX_RECORD or inflate.unconsumed_tail or not inflate.eof:
        raise ValueError("a record that is too large or incomplete")
    out = json.loads(raw)
    if not isinstance(out, dict):
        raise ValueError("not a record")
    return out


def line(kind: str, public: str, payload: dict[str, Any]) -> str:
    """One record as its journal line (the newline included)."""
    data = _pack(payload)
    return json.dumps({"kind": kind, "public": public, "data": data, "crc": zlib.crc32(data.encode())}) + "\n"


@dataclass
class Contents:
    """What a journal holds: the game's header and its records, up to the first damaged line."""

    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    damaged_line: int | None = None  # the first line that could not be read
    good_bytes: int = 0  # the length of the readable part


class JournalError(Exception):
    """A journal that cannot be resumed at all (missing, or its first line is damaged)."""


class Superseded(Exception):
    """A write refused because another process holds the journal's room now (its lease's fencing token is newer):
    this process's game must stop, writing nothing more."""


class Fence(NamedTuple):
    """Which claim of an online room's lease a write comes from (narrator/online/holding.py): the store writes it
    only while `token` is the room's latest."""

    room: str
    token: int


class GameJournal(Protocol):
    """One game's journal, open to append: a file (`Journal`) or an online room's rows in its store (each handed
    out by its shelf, narrator/game/shelf.py)."""

    name: str  # its key on its shelf (a file's name); the game's history key

    def append(self, kind: str, public: str, payload: dict[str, Any]) -> None:
        """One record, kept for good before this returns (`Superseded`: refused, another process holds it)."""
        ...

    def contents(self) -> Contents: ...

    def close(self) -> None: ...


# A hook for the tests only: with WOLFCALL_TEST_EXIT_AFTER_APPENDS=N in the environment, the process
# ends at once (os._exit, like a kill) right after a journal's N-th record is flushed to the disk.
TEST_EXIT_AFTER_APPENDS = "WOLFCALL_TEST_EXIT_AFTER_APPENDS"
TEST_EXIT_CODE = 75


class Journal:
    """A journal file, opened to append (`GameJournal`; a table's shelf of them, narrator/game/shelf.py)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = path.name
        self._file = path.open("a", encoding="utf-8")
        self._appended = 0
        self._exit_after = int(os.environ.get(TEST_EXIT_AFTER_APPENDS) or 0)  # the test hook; 0: never

    @classmethod
    def create(cls, path: Path, header: dict[str, Any], public: str) -> Journal:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as f:
            f.write(line("game", public, header))
            f.flush()
            os.fsync(f.fileno())
        return cls(path)

    def append(self, kind: str, public: str, payload: dict[str, Any]) -> None:
        """Write one record and flush it to the disk before returning."""
        self._file.write(line(kind, public, payload))
        self._file.flush()
        os.fsync(self._file.fileno())
        self._appended += 1
        if self._appended == self._exit_after:
            os._exit(TEST_EXIT_CODE)

    def contents(self) -> Contents:
        return Journal.read(self.path)

    def close(self) -> None:
        self._file.close()

    @staticmethod
    def read(path: Path) -> Contents:
        """The readable part of a journal: at most MAX_JOURNAL bytes of a regular file are read, and a
        line longer than MAX_LINE is damaged like a torn one."""
        from narrator.yamlfile import os_reason, read_bounded

        try:
            raw = read_bounded(path, MAX_JOURNAL)
        except OSError as exc:
            raise JournalError(_("cannot read the journal %(path)s: %(reason)s")
                               % {"path": path, "reason": os_reason(exc)}) from None
        return parse(raw, str(path))

    @staticmethod
    def repair(path: Path, contents: Contents) -> Path | None:
        """Keep a copy of a damaged journal, then cut it back to its readable part."""
        if contents.damaged_line is None:
            return None
        backup = path.with_name(path.stem + ".damaged" + path.suffix)
        shutil.copyfile(path, backup)
        with path.open("r+b") as f:
            f.truncate(contents.good_bytes)
        return backup


def parse(raw: bytes, where: str) -> Contents:
    """A journal's lines read back, up to the first one that is torn, damaged or longer than MAX_LINE; `where`
    names the journal when even its first line cannot be read."""
    records: list[dict[str, Any]] = []
    header: dict[str, Any] | None = None
    good = 0
    damaged = None
    for number, text in enumerate(raw.splitlines(keepends=True), 1):
        parsed = _parse(text) if len(text) <= MAX_LINE else None
        if parsed is None:
            damaged = number
            break
        good += len(text)
        kind, payload = parsed
        if header is None:
            header = payload
        else:
            records.append({**payload, "kind": kind})
    if header is None:
        raise JournalError(f"the journal {where} has no readable first line; it cannot be resumed")
    return Contents(header, records, damaged, good)


def _parse(text: bytes) -> tuple[str, dict[str, Any]] | None:
    if not text.endswith(b"\n"):
        return None  # torn: the process died while writing it
    try:
        outer = json.loads(text)
        data = outer["data"]
        if zlib.crc32(data.encode()) != outer["crc"]:
            return None
        return str(outer["kind"]), _unpack(data)
    except (ValueError, KeyError, TypeError, zlib.error):
        return None
