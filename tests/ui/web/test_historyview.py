"""The history screen's answers to the host's page: the overview, a game deleted, a player renamed, the file
exported; a message it does not know is refused with a rule the page can say."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from narrator.game.historystore import SqliteHistory
from narrator.ui.web.historyview import LAST, NAME_MAX, history_reply
from narrator.ui.web.refusals import Refusal

from ...game.history_games import GAMES


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteHistory]:
    history = SqliteHistory(tmp_path / "h.sqlite")
    for game in GAMES:
        history.add_game(game)
    yield history
    history.close()


def test_the_overview_is_the_last_games_and_each_players_numbers(store: SqliteHistory) -> None:
    reply = history_reply(store, {"t": "history"})
    assert reply == {"t": "history", "data": store.overview(LAST)}
    assert reply["data"]["count"] == 5 and "Ana" in {p["name"] for p in reply["data"]["players"]}


def test_a_game_deleted_and_a_player_renamed_show_in_the_overview_sent_back(store: SqliteHistory) -> None:
    first = store.overview(LAST)["games"][-1]["id"]
    after = history_reply(store, {"t": "history", "action": "delete", "game": first})["data"]
    assert after["count"] == 4 and first not in [g["id"] for g in after["games"]]
    renamed = history_reply(store, {"t": "history", "action": "rename", "old": "Dario", "new": "  Darío "})["data"]
    assert {p["name"] for p in renamed["players"]} >= {"Darío"} and "Dario" not in store.names()


@pytest.mark.parametrize(("message", "rule"), [
    ({"action": "delete", "game": 999}, "history.no_game"),
    ({"action": "delete", "game": True}, "history.no_game"),  # a bool is no game's number
    ({"action": "delete", "game": "1"}, "history.no_game"),
    ({"action": "rename", "old": "Nobody", "new": "X"}, "history.no_player"),
    ({"action": "rename", "old": "Ana", "new": "   "}, "history.no_player"),
    ({"action": "rename", "old": "Ana", "new": "x" * (NAME_MAX + 1)}, "history.no_player"),
    ({"action": "burn"}, "message.form"),
])
def test_a_change_that_cannot_be_made_is_refused_and_changes_nothing(store: SqliteHistory, message: dict[str, object],
                                                                     rule: str) -> None:
    before = store.overview(LAST)
    with pytest.raises(Refusal) as refused:
        history_reply(store, {"t": "history", **message})
    assert refused.value.rule == rule and store.overview(LAST) == before


def test_the_export_is_the_history_file_of_every_game(store: SqliteHistory) -> None:
    reply = history_reply(store, {"t": "history", "action": "export"})
    assert len(json.loads(reply["file"])["games"]) == 5 and reply["data"]["count"] == 5
