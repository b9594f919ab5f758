"""Journals for resume tests: recorded on the virtual clock, then damaged the ways a hand or a disk would."""

from __future__ import annotations

from pathlib import Path

from engine import HouseRules
from narrator.game.clock import VirtualClock
from narrator.game.inputs import Answer, Question, RandomInput
from narrator.game.journal import Journal
from narrator.game.session import Session, Table
from narrator.speech.captions import CaptionSpeaker

from .narration import NAMES, SCRIPT


class Crash(Exception):
    """The process died: the journal stops where it was."""


class CrashAfter(RandomInput):
    """A random table whose game is cut off (like a kill) when question number `stop` comes."""

    def __init__(self, seed: int, stop: int) -> None:
        super().__init__(seed)
        self.stop = stop

    def answer(self, question: Question, *args: object) -> Answer | None:  # type: ignore[override]
        if question.number >= self.stop:
            raise Crash
        return super().answer(question, *args)  # type: ignore[arg-type]


def record(path: Path, seed: int = 11, kind: str = "demo", stop: int | None = None, lang: str = "en") -> Table:
    """A game played at random to its end (or cut off at answer `stop`), as wolfcall writes it."""
    table = Table.deal(NAMES, HouseRules(), seed, lang, kind=kind)
    live = RandomInput(seed) if stop is None else CrashAfter(seed, stop)
    session = Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), live,
                      Journal.create(path, table.to_json(), "a game"))
    try:
        session.run()
    except Crash:
        pass
    finally:
        assert session.journal is not None
        session.journal.close()
    return table


def without_line(path: Path, number: int) -> bytes:
    """Delete line `number` (1 is the header); the new contents."""
    lines = path.read_bytes().splitlines(keepends=True)
    del lines[number - 1]
    path.write_bytes(b"".join(lines))
    return path.read_bytes()


def rewritten(path: Path, drop: int | None = None, numbers: bool = True) -> bytes:
    """Write the journal again without line `drop`, every record renumbered (or, without `numbers`, unnumbered,
    as an older wolfcall wrote them): every checksum and number is right, only the replay can tell."""
    contents = Journal.read(path)
    path.unlink()
    journal = Journal.create(path, contents.header, "a game")
    kept = [r for line, r in enumerate(contents.records, 2) if line != drop]
    for seq, rec in enumerate(kept, 1):
        payload = {k: v for k, v in rec.items() if k not in ("kind", "seq")}
        journal.append(rec["kind"], "a record", {**payload, "seq": seq} if numbers else payload)
    journal.close()
    return path.read_bytes()
