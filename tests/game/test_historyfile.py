"""The history as a file: exported and imported back unchanged, merged into another, bad files refused whole."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from narrator.game.historyfile import MAX_FILE, HistoryFileError, dumps, merge, parse
from narrator.game.historystore import SqliteHistory

from .history_games import GAMES


def store_of(tmp_path: Path, name: str, games: list) -> SqliteHistory:  # type: ignore[type-arg]
    store = SqliteHistory(tmp_path / name)
    for g in games:
        store.add_game(g)
    return store


def test_round_trip(tmp_path: Path) -> None:
    text = dumps(store_of(tmp_path, "a.sqlite", GAMES))
    other = SqliteHistory(tmp_path / "b.sqlite")
    assert merge(other, parse(text.encode())) == (5, 0)
    assert [replace(g, id=None) for g in other.games()] == GAMES


def test_import_merges(tmp_path: Path) -> None:
    here = store_of(tmp_path, "a.sqlite", GAMES[:3])
    there = dumps(store_of(tmp_path, "b.sqlite", GAMES[2:]))
    assert merge(here, parse(there.encode())) == (2, 1)  # g3 was in both: replaced, not doubled
    assert sorted(g.key for g in here.games()) == ["g1", "g2", "g3", "g4", "g5"]


def bad(text: str) -> str:
    with pytest.raises(HistoryFileError) as caught:
        parse(text.encode(), "h.json")
    return str(caught.value)


def test_bad_files_say_what_is_wrong(tmp_path: Path) -> None:
    good = json.loads(dumps(store_of(tmp_path, "a.sqlite", GAMES[:1])))
    assert "not JSON" in bad("{")
    assert "not a wolfcall history file" in bad('{"games": []}')
    assert "version 9" in bad(json.dumps({**good, "version": 9}))
    good["games"][0]["seats"][1]["won"] = "yes"
    assert bad(json.dumps(good)) == "h.json: games[0].seats[1]: 'won' should be true or false, not \"yes\""
    del good["games"][0]["winner"]
    assert bad(json.dumps(good)).startswith("h.json: games[0]: 'winner' is missing")
    assert "more than a history file may hold" in bad(" " * (MAX_FILE + 1))


def test_a_bad_file_changes_nothing(tmp_path: Path) -> None:
    here = store_of(tmp_path, "a.sqlite", GAMES[:1])
    doc = json.loads(dumps(store_of(tmp_path, "b.sqlite", GAMES[1:])))
    doc["games"][-1]["nights"] = "two"
    with pytest.raises(HistoryFileError):
        merge(here, parse(json.dumps(doc).encode()))
    assert len(here.games()) == 1


def test_a_bad_file_says_its_rule_and_place_for_the_page(tmp_path: Path) -> None:
    good = json.loads(dumps(store_of(tmp_path, "a.sqlite", GAMES[:1])))

    def refused(text: str) -> tuple[str, dict]:  # type: ignore[type-arg]
        with pytest.raises(HistoryFileError) as caught:
            parse(text.encode(), "h.json")
        return caught.value.rule, caught.value.params

    assert refused('{\n  "format": "wolfcall-history",\n  "games": [}') == ("json", {"line": 3, "column": 13})
    assert refused(json.dumps({**good, "version": 9})) == ("version", {"version": "9"})
    good["games"][0]["seats"][1]["won"] = "yes"
    assert refused(json.dumps(good)) == ("type", {"where": "games[0].seats[1]", "key": "won", "wanted": "bool"})
    del good["games"][0]["winner"]
    assert refused(json.dumps(good)) == ("missing", {"where": "games[0]", "key": "winner"})
