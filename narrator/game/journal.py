"""The journal: every answer, appended and flushed to disk before the narrator goes on.

One JSON object per line. The human-readable `public` part says only what the table already
heard; the choices and the deal are in `data` (compressed, so that no role or target can be read
at a glance), guarded by a CRC so a torn or damaged line is found.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


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


def _line(kind: str, public: str, payload: dict[str, Any]) -> str:
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


# A hook for the tests only: with WOLFCALL_TEST_EXIT_AFTER_APPENDS=N in the environment, the process
# ends at once (os._exit, like a kill) right after a journal's N-th record is flushed to the disk.
TEST_EXIT_AFTER_APPENDS = "WOLFCALL_TEST_EXIT_AFTER_APPENDS"
TEST_EXIT_CODE = 75


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = path.open("a", encoding="utf-8")
        self._appended = 0
        self._exit_after = int(os.environ.get(TEST_EXIT_AFTER_APPENDS) or 0)  # the test hook; 0: never

    @classmethod
    def create(cls, path: Path, header: dict[str, Any], public: str) -> Journal:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as f:
            f.write(_line("game", public, header))
            f.flush()
            os.fsync(f.fileno())
        return cls(path)

    def append(self, kind: str, public: str, payload: dict[str, Any]) -> None:
        """Write one record and flush it to the disk before returning."""
        self._file.write(_line(kind, public, payload))
        self._file.flush()
        os.fsync(self._file.fileno())
        self._appended += 1
        if self._appended == self._exit_after:
            os._exit(TEST_EXIT_CODE)

    def close(self) -> None:
        self._file.close()

    @staticmethod
    def read(path: Path) -> Contents:
        """The readable part of a journal: at most MAX_JOURNAL bytes of a regular file are read, and a
        line longer than MAX_LINE is damaged like a torn one."""
        from narrator.yamlfile import read_bounded

        try:
            raw = read_bounded(path, MAX_JOURNAL)
        except OSError as exc:
            raise JournalError(f"cannot read the journal {path}: {exc.strerror or exc}") from None
        records: list[dict[str, Any]] = []
        header: dict[str, Any] | None = None
        good = 0
        damaged = None
        for number, line in enumerate(raw.splitlines(keepends=True), 1):
            parsed = _parse(line) if len(line) <= MAX_LINE else None
            if parsed is None:
                damaged = number
                break
            good += len(line)
            kind, payload = parsed
            if header is None:
                header = payload
            else:
                records.append({**payload, "kind": kind})
        if header is None:
            raise JournalError(f"the journal {path} has no readable first line; it cannot be resumed")
        return Contents(header, records, damaged, good)

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


def _parse(line: bytes) -> tuple[str, dict[str, Any]] | None:
    if not line.endswith(b"\n"):
        return None  # torn: the process died while writing it
    try:
        outer = json.loads(line)
        data = outer["data"]
        if zlib.crc32(data.encode()) != outer["crc"]:
            return None
        return str(outer["kind"]), _unpack(data)
    except (ValueError, KeyError, TypeError, zlib.error):
        return None
