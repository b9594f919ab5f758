"""The journal: flushed records, damage found and cut back, and no secret readable at a glance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Choice, HouseRules
from narrator.game.inputs import ANSWER_TO, VOTE_CALLED, Answer, Question
from narrator.game.journal import Journal, JournalError
from narrator.game.session import Table, effective_answers, encode, open_journal

from ..narration import NAMES, ROLES


def write(path: Path, *answers: Answer) -> Table:
    table = Table(NAMES, ROLES, HouseRules(), seed=3, lang="en")
    journal = Journal.create(path, table.to_json(), "a game")
    for n, a in enumerate(answers):
        step = a.value.step if isinstance(a.value, Choice) else {v: k for k, v in ANSWER_TO.items()}[a.value]
        journal.append("answer", f"answer {n + 1} recorded", {**encode(Question(step, number=n), a), "seq": n + 1})
    journal.close()
    return table


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    table = write(path, Answer(Choice("werewolves", 6), 2.5), Answer(Choice("witch", poison=1), 3.0),
                  Answer(VOTE_CALLED, 40.0))
    resumed = open_journal(path)
    assert resumed.table == table and resumed.note is None
    assert resumed.answers == [Answer(Choice("werewolves", 6), 2.5), Answer(Choice("witch", poison=1), 3.0),
                               Answer(VOTE_CALLED, 40.0)]


def test_no_role_or_target_in_the_readable_part(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path, Answer(Choice("seer", 2), 2.0), Answer(Choice("witch", poison=5), 2.0))
    text = path.read_text()
    for secret in ("werewolf", "seer", "witch", "poison", "hunter", "villager"):
        assert secret not in text
    for line in text.splitlines():
        assert set(json.loads(line)) == {"kind", "public", "data", "crc"}


def test_a_torn_last_line_is_cut_back_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path, Answer(Choice("werewolves", 6), 2.0), Answer(Choice("witch"), 2.0))
    whole = path.read_bytes()
    path.write_bytes(whole[:-25])  # the process died while writing the last answer
    resumed = open_journal(path)
    assert resumed.answers == [Answer(Choice("werewolves", 6), 2.0)]
    assert resumed.note is not None and "line 3" in resumed.note and "last complete choice" in resumed.note
    assert path.with_name("g.damaged.jsonl").read_bytes() == whole[:-25]
    assert open_journal(path).note is None  # cut back to what is readable


def test_a_damaged_line_stops_the_replay_there(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path, Answer(Choice("werewolves", 6), 2.0), Answer(Choice("witch"), 2.0), Answer(Choice("seer", 1), 2.0))
    lines = path.read_text().splitlines(keepends=True)
    record = json.loads(lines[2])
    record["crc"] += 1
    lines[2] = json.dumps(record) + "\n"
    path.write_text("".join(lines))
    assert open_journal(path).answers == [Answer(Choice("werewolves", 6), 2.0)]


def test_a_journal_without_a_header_cannot_resume(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("not json\n")
    with pytest.raises(JournalError, match="cannot be resumed"):
        open_journal(path)
    with pytest.raises(JournalError, match="cannot read"):
        open_journal(tmp_path / "missing.jsonl")


def test_undo_records_take_back_the_last_choice() -> None:
    def rec(step: str, value: str) -> dict:  # type: ignore[type-arg]
        return {"kind": "answer", "step": step, "value": value, "delay": 1.0, "n": 0}

    records = [rec("werewolves", "werewolves:6"), rec("witch", "witch:pass"), rec("vote", "vote"),
               rec("day_vote", "day_vote:3"), {"kind": "undo"}, {"kind": "undo"}]
    assert [a.value for a in effective_answers(records)] == [Choice("werewolves", 6)]
