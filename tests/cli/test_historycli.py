"""`wolfcall history`: the numbers printed, export and import, rename, merge and delete, and bad input refused in
one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator.cli.main import main
from narrator.game.historystore import open_history

from ..game.history_games import GAMES


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WOLFCALL_DATA", str(tmp_path))
    store = open_history(tmp_path)
    for g in GAMES:
        store.add_game(g)
    store.close()
    return tmp_path


def test_the_numbers_in_json_and_in_words(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--json"]) == 0
    ana = next(p for p in json.loads(capsys.readouterr().out)["players"] if p["name"] == "Ana")
    assert (ana["games"], ana["wins"], ana["voted_out"]) == (5, 3, 1)
    assert main(["history", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Ana – Partien: 5, Siege: 3 (60\xa0%), überlebt: 3, verurteilt: 1" in out  # German writes "60 %" (CLDR)


def test_export_import_rename_merge_delete(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "out.json"
    assert main(["history", "export", str(file)]) == 0
    assert main(["history", "rename", "Dario", "Ben"]) == 2
    assert "merge" in capsys.readouterr().err
    assert main(["history", "merge", "Dario", "Ben"]) == 0
    assert main(["history", "rename", "Nobody", "X"]) == 2
    assert main(["history", "delete", "1"]) == 0 and main(["history", "delete", "1"]) == 2
    assert main(["history", "import", str(file)]) == 0
    assert "1 games added, 4 replaced" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text('{"format": "wolfcall-history", "version": 1}')
    assert main(["history", "import", str(tmp_path / "bad.json")]) == 2
    assert capsys.readouterr().err.strip().endswith("the key 'games' is missing.")


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("Den Ordner", "gibt es nicht", "Die Datei", "ist ein Ordner", "wurde nicht importiert")),
    ("es", ("No existe la carpeta", "No existe el archivo", "es una carpeta", "No se ha importado")),
    ("en", ("There is no folder", "There is no file", "is a folder", "was not imported")),
])
def test_a_file_that_cannot_be_written_or_read_is_refused_in_the_tables_language(
        data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...]) -> None:
    """`history --lang de export /nonexistent/x.json` once crashed ("unexpected error … please report it"); import
    said the system's English ("No such file or directory"). Each says what is wrong, in the table's words."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": []}', encoding="utf-8")
    tries = [["export", "/nonexistent/x.json"], ["import", "/nonexistent/x.json"], ["import", str(tmp_path)],
             ["import", str(bad)]]
    said = []
    for action in tries:
        assert main(["history", "--lang", lang, *action]) == 2
        said.append(capsys.readouterr().err)
    assert all(err.startswith("wolfcall history: ") and err.count("\n") == 1 for err in said), said
    assert all(w in " ".join(said) for w in words), said
    assert not [err for err in said if "unexpected" in err or "No such file" in err or "directory" in err], said
