"""Player names are checked in one place (narrator.names), whichever way they come in."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest

from narrator.cli.main import main
from narrator.names import MAX_LENGTH, NameProblem, clean_names


def test_names_are_made_plain() -> None:
    decomposed = unicodedata.normalize("NFD", "Inés")
    assert decomposed != "Inés"
    assert clean_names(["  Ana ", decomposed, "Zoë"]) == ["Ana", "Inés", "Zoë"]


@pytest.mark.parametrize("pair", [
    ["Ana", "ana"],  # upper/lower case
    ["Inés", unicodedata.normalize("NFD", "Inés")],  # the same letters, another Unicode form
    ["STRASSE", "straße"],  # casefold
    ["Ana", "Ａｎａ"],  # full-width forms
])
def test_names_that_read_the_same_are_refused(pair: list[str]) -> None:
    with pytest.raises(NameProblem, match=r"players 1 and 2 have the same name"):
        clean_names(["Ben", *pair][1:])


@pytest.mark.parametrize("name", ["Ana\x1b[2J", "Ben\x07", "Ca\u202erla", "Da\u200bvid", "E\nva", "Fe\u2028de"])
def test_control_and_invisible_characters_are_refused(name: str) -> None:
    with pytest.raises(NameProblem, match=r"player 2's name .* contains U\+[0-9A-F]{4}") as caught:
        clean_names(["Ok", name])
    assert "\x1b" not in str(caught.value) and "\n" not in str(caught.value)


def test_a_name_has_at_most_24_characters() -> None:
    assert clean_names(["x" * MAX_LENGTH]) == ["x" * MAX_LENGTH]
    with pytest.raises(NameProblem, match=r"player 1's name 'x{24}\.\.\.' is longer than 24 characters"):
        clean_names(["x" * (MAX_LENGTH + 1)])
    with pytest.raises(NameProblem, match="longer than 24") as caught:
        clean_names(["y" * 1_000_000])  # refused before it is normalised
    assert len(str(caught.value)) < 100


def test_empty_names() -> None:
    with pytest.raises(NameProblem, match="player 2's name is empty"):
        clean_names(["Ana", "  "])
    assert clean_names(["Ana", " ", "", "Ben"], blank_ok=True) == ["Ana", "", "", "Ben"]  # unnamed seats


def _simulate(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["simulate", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_scenario_refuses_an_escape_in_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _simulate(tmp_path, 'players: [Ana, "B\\e[31men", Carla, Dario, Eva, Fede]\n', capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "\x1b" not in err
    assert "s.yaml:1: players: player 2's name 'B\\x1b[31men' contains U+001B" in err


def test_a_scenario_refuses_names_equal_after_normalising(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    nfd = unicodedata.normalize("NFD", "Inés")
    code, out, err = _simulate(tmp_path, f"players: [Inés, Ben, Carla, Dario, Eva, {nfd}]\n", capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "players 1 and 6 have the same name 'Inés'" in err


def test_a_scenario_stores_names_nfc(tmp_path: Path) -> None:
    from narrator.cli.scenario import parse

    path = tmp_path / "s.yaml"
    path.write_text(f"players: [' {unicodedata.normalize('NFD', 'Inés')}', Ben, 7, Dario, Eva, Fede]\n")
    assert parse(path).players == ["Inés", "Ben", "7", "Dario", "Eva", "Fede"]


def test_play_names_are_checked_before_anything_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no config.yaml: the defaults
    code = main(["play", "--ui", "terminal", "--audio", "none", "--data", str(tmp_path),
                 "--names", "Ana,Ben,ANA,Dario,Eva,Fede"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == "wolfcall play: --names: players 1 and 3 have the same name 'ANA' " \
                  "(names must differ in more than upper/lower case)\n"
    assert not (tmp_path / "games").exists()  # no journal: nothing was started


def test_play_names_refuse_a_control_character(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["play", "--ui", "terminal", "--audio", "none", "--data", str(tmp_path),
                 "--names", "Ana,B\x1bn,Carla,Dario,Eva,Fede"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "\x1b" not in err and "U+001B" in err


def test_the_setup_page_refuses_a_duplicate_name(tmp_path: Path) -> None:
    from narrator.config import Config
    from narrator.speech.script import SHIPPED, load
    from narrator.ui.web.hub import Hub

    h = Hub(Config(), load(SHIPPED), tmp_path, fast=True)
    messages: list[dict[str, Any]] = []
    client = h.connect(messages.append, host=True)
    h.handle(client, {"t": "players", "players": 6})
    h.handle(client, {"t": "names", "names": ["Ana", unicodedata.normalize("NFD", "Inés")]})
    assert h.draft.names == ["Ana", "Inés"]
    messages.clear()
    h.handle(client, {"t": "names", "names": ["Ana", "ana"]})
    refused = [m for m in messages if m["t"] == "refused"]
    assert len(refused) == 1 and "players 1 and 2 have the same name" in refused[0]["text"]
    assert h.draft.names == ["Ana", "Inés"]  # what stood before
    h.handle(client, {"t": "names", "names": ["Ana\x1b[2J"]})
    assert h.draft.names == ["Ana", "Inés"]
