"""An evening at one table: the lines heard are remembered between its games (narrator/game/evening.py), so the
second and third game of an evening do not repeat the first."""

from __future__ import annotations

import json
from pathlib import Path

from narrator.cli.main import main
from narrator.game.evening import FILE, HOURS, keep, recall


def test_what_was_heard_is_recalled_the_same_evening_and_not_the_next(tmp_path: Path) -> None:
    heard = {"tick": 3, "heard": {"game.welcome": {"abc": [1, 3]}}}
    keep(tmp_path, heard, now=1000.0)
    assert recall(tmp_path, now=1000.0 + 3600) == heard
    assert recall(tmp_path, now=1000.0 + HOURS * 3600 + 1) == {}  # another day: afresh
    (tmp_path / FILE).write_text("{not json", encoding="utf-8")
    assert recall(tmp_path, now=1000.0) == {}  # a broken memory is no reason to stop
    assert recall(tmp_path / "nowhere") == {}


def _games(timeline: Path) -> list[list[str]]:
    """Each game's lines (scene and words) from a demo's timeline, split at each welcome."""
    games: list[list[str]] = []
    for row in map(json.loads, timeline.read_text(encoding="utf-8").splitlines()):
        if row.get("scene") == "game.welcome":
            games.append([])
        if "scene" in row and not row["scene"].startswith(("names.", "numbers.")):
            games[-1].append(row["scene"] + "|" + row["text"])
    return games


def test_an_evening_of_three_games_repeats_less_than_three_games_apart(tmp_path: Path) -> None:
    args = ["demo", "--fast", "--audio", "none", "--quiet", "--lang", "de", "--ruleset", "extended", "--players", "10"]
    assert main([*args, "--seed", "11", "--games", "3", "--timeline", str(tmp_path / "evening.jsonl")]) == 0
    evening = _games(tmp_path / "evening.jsonl")
    assert len(evening) == 3
    apart = []
    for seed in (11, 12, 13):  # the same three deals, each played as if it were the evening's first
        assert main([*args, "--seed", str(seed), "--timeline", str(tmp_path / f"{seed}.jsonl")]) == 0
        apart += _games(tmp_path / f"{seed}.jsonl")

    def repeated(games: list[list[str]]) -> float:
        """The share of the second and third games' lines that were heard earlier that evening."""
        heard, again, total = set(games[0]), 0, 0
        for game in games[1:]:
            again += sum(1 for line in game if line in heard)
            total += len(game)
            heard |= set(game)
        return again / total

    assert repeated(evening) < repeated(apart) / 2, (repeated(evening), repeated(apart))
