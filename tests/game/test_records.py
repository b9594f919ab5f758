"""The journal's records numbered in order, so a missing or moved line is found on resume, and a journal that cannot
be resumed is set aside, never deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.game.journal import Journal
from narrator.game.records import Numbered, RecordError, check_sequence, set_aside


def test_records_numbered_one_after_another_pass() -> None:
    check_sequence([{"kind": "answer", "step": "seer", "n": 0, "seq": 1}, {"kind": "over", "seq": 2}])


@pytest.mark.parametrize(("records", "line", "reason"), [
    ([{"kind": "answer", "seq": 1, "step": "seer", "n": 0}, {"kind": "over", "seq": 3}], 3, "missing"),
    ([{"kind": "over", "seq": 2}], 2, "missing"),
    ([{"kind": "answer", "seq": 1, "step": "seer", "n": 0}, {"kind": "over"}], 3, "old"),
    ([{"kind": "answer", "seq": 1, "step": "seer"}], 2, "old"),  # an answer that does not say its question
    ([{"kind": "over", "seq": "1"}], 2, "old"),
])
def test_a_record_out_of_order_or_unnumbered_names_its_journal_line(records: list[dict[str, object]], line: int,
                                                                    reason: str) -> None:
    with pytest.raises(RecordError, match=f"^line {line}: ") as refused:
        check_sequence(records)
    assert (refused.value.line, refused.value.reason) == (line, reason)


def test_appending_numbers_on_after_the_records_already_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first = Numbered(Journal.create(path, {"seed": 1}, "a game"))
    first.append("answer", "seer", {"step": "seer", "n": 0})
    first.append("answer", "witch", {"step": "witch", "n": 1})
    first.journal.close()
    again = Numbered(Journal(path))  # the game resumed: its next record is the third
    again.append("over", "the end", {})
    again.journal.close()
    records = Journal.read(path).records
    assert [r["seq"] for r in records] == [1, 2, 3]
    check_sequence(records)


def test_a_journal_set_aside_is_renamed_never_over_another(tmp_path: Path) -> None:
    first = tmp_path / "g.jsonl"
    first.write_text("one")
    assert set_aside(first) == tmp_path / "g.jsonl.unreadable"
    first.write_text("two")
    assert set_aside(first) == tmp_path / "g.jsonl.unreadable2"
    assert (tmp_path / "g.jsonl.unreadable").read_text() == "one" and not first.exists()
    gone = tmp_path / "nowhere.jsonl"
    assert set_aside(gone) == gone  # it could not be moved: it stays where it was
