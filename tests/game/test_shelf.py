"""A table's shelf at home: a folder of journal files, a game's key its file's name."""

from __future__ import annotations

import os
from pathlib import Path

from engine import HouseRules
from narrator.game.journal import Journal
from narrator.game.session import Table
from narrator.game.shelf import Folder

from ..journals import record
from ..narration import NAMES


def test_the_game_waiting_is_the_one_asked_for_else_the_latest_unfinished(tmp_path: Path) -> None:
    record(tmp_path / "a.jsonl", seed=11, stop=6)
    record(tmp_path / "b.jsonl", seed=12, stop=6)
    record(tmp_path / "c.jsonl", seed=13)  # played to its end: nothing to continue
    for age, name in enumerate(("c.jsonl", "b.jsonl", "a.jsonl")):
        os.utime(tmp_path / name, (1000 - age, 1000 - age))
    shelf = Folder(tmp_path)
    assert shelf.waiting("a.jsonl") == "a.jsonl"
    assert shelf.waiting() == "b.jsonl"  # the latest that has not ended
    assert shelf.waiting("gone.jsonl") == "b.jsonl"
    assert shelf.waiting("../" + tmp_path.name + "/a.jsonl") == "b.jsonl"  # a key is a name here, never a path


def test_a_game_is_created_reopened_and_set_aside_by_its_key(tmp_path: Path) -> None:
    shelf = Folder(tmp_path / "games")
    table = Table.deal(NAMES, HouseRules(), 4, "de")
    journal = shelf.create(table)
    journal.close()
    key = journal.name
    assert shelf.path(key).parent == tmp_path / "games" and shelf.lang(key) == "de"
    again, resumed = shelf.reopen(key)
    again.close()
    assert resumed.table == table and resumed.answers == []
    kept = shelf.set_aside(key)
    assert kept == key + ".unreadable" and not shelf.path(key).exists() and shelf.path(kept).exists()
    assert shelf.waiting() is None


def test_a_journal_that_says_no_language_we_speak_has_none(tmp_path: Path) -> None:
    (tmp_path / "x.jsonl").write_text("not a journal\n")
    Journal.create(tmp_path / "fr.jsonl", {"lang": "fr"}, "a game").close()
    Journal.create(tmp_path / "es.jsonl", {"lang": "es"}, "a game").close()
    shelf = Folder(tmp_path)
    assert [shelf.lang(k) for k in ("x.jsonl", "fr.jsonl", "es.jsonl")] == [None, None, "es"]
