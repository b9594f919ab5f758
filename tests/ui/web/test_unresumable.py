"""A waiting game that cannot be continued: the resume screen says why (a key of the page's words, and the line)
and where its journal was kept."""

from __future__ import annotations

from narrator.game.faults import ReplayMismatch
from narrator.game.journal import JournalError
from narrator.game.records import RecordError
from narrator.ui.web.strings import strings
from narrator.ui.web.unresumable import unresumable_screen


def test_each_reason_has_its_words_and_names_the_line() -> None:
    screens = [unresumable_screen(RecordError(8, "missing", "a line is missing"), "g.jsonl.unreadable"),
               unresumable_screen(RecordError(2, "old", "no numbers"), "g.jsonl.unreadable"),
               unresumable_screen(ReplayMismatch("another question", 9), "g.jsonl.unreadable2"),
               unresumable_screen(ReplayMismatch("no line known"), "g.jsonl"),
               unresumable_screen(JournalError("not a journal"), "g.jsonl")]
    assert [(s["error"], s["line"]) for s in screens] == [
        ("resume.error.missing", 8), ("resume.error.old", 2), ("resume.error.mismatch", 9),
        ("resume.error.unreadable", None), ("resume.error.unreadable", None)]
    assert screens[2] == {"screen": "resume", "error": "resume.error.mismatch", "line": 9,
                          "kept": "g.jsonl.unreadable2", "detail": "line 9: another question"}
    for lang in ("en", "de", "es"):
        assert all(s["error"] in strings(lang) for s in screens)
