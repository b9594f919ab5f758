"""The history's numbers against five games counted by hand, and a finished game's record as the session keeps
it: written only at the end, replaced when an undo reopens the game and it ends again, a rematch a new game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import HouseRules
from narrator.game.clock import VirtualClock
from narrator.game.history import overview, player_stats
from narrator.game.historystore import SqliteHistory
from narrator.game.inputs import UNDO, Answer, Question, RandomInput
from narrator.game.journal import Journal
from narrator.game.session import Session, Table
from narrator.speech.captions import CaptionSpeaker

from ..journals import Crash
from ..narration import NAMES, SCRIPT
from .history_games import GAMES


def test_each_players_numbers_are_the_hand_counted_ones() -> None:
    stats = {p.name: p.to_json() for p in player_stats(GAMES)}
    assert set(stats) == {"Ana", "Ben", "Carla", "Dario"}  # the unnamed seat of g4 is no player
    ana = stats["Ana"]  # g1 wolf won, g2 seer lost, g3 villager won, g4 wolf lost (voted out), g5 seer won
    assert (ana["games"], ana["wins"], ana["survived"], ana["voted_out"]) == (5, 3, 3, 1)
    assert ana["win_rate"] == 0.6 and ana["survival"] == 0.6
    assert ana["sides"] == {"village": {"games": 3, "wins": 2, "rate": round(2 / 3, 4)},
                            "wolves": {"games": 2, "wins": 1, "rate": 0.5}}
    assert ana["roles"]["seer"] == {"games": 2, "wins": 1, "rate": 0.5}
    assert ana["roles"]["villager"] == {"games": 1, "wins": 1, "rate": 1.0}
    ben = stats["Ben"]  # g1 seer lost dead, g2 wolf won alive, g3 wolf lost voted out, g4 villager won alive
    assert (ben["games"], ben["wins"], ben["survived"], ben["voted_out"]) == (4, 2, 2, 1)
    assert ben["sides"]["wolves"] == {"games": 2, "wins": 1, "rate": 0.5}
    carla = stats["Carla"]  # g1 lost voted out, g2 lost voted out, g3 seer won dead, g5 villager won alive
    assert (carla["games"], carla["wins"], carla["survived"], carla["voted_out"]) == (4, 2, 1, 2)
    assert stats["Dario"]["wins"] == 0 and stats["Dario"]["voted_out"] == 1
    assert [p.name for p in player_stats(GAMES)][:1] == ["Ana"]  # most games first


def test_the_overview_lists_the_newest_games_first() -> None:
    data = overview(GAMES, last=2)
    assert data["count"] == 5 and [g["key"] for g in data["games"]] == ["g5", "g4"]
    assert "log" not in data["games"][0]


def test_only_an_accounts_own_seats_count_for_it() -> None:
    from dataclasses import replace

    games = [replace(g, seats=tuple(replace(s, account=7) if s.name == "Ana" else s for s in g.seats)) for g in GAMES]
    assert [p.name for p in player_stats(games, account=7)] == ["Ana"]


class Watched(RandomInput):
    """A random table that looks at the history at every question it answers, and may undo at the end."""

    def __init__(self, seed: int, store: SqliteHistory, undo_at_end: int = 0, stop_after: int = 1) -> None:
        super().__init__(seed)
        self.store, self.undo_at_end, self.stop_after = store, undo_at_end, stop_after
        self.seen: list[int] = []
        self.ends = 0

    def answer(self, question: Question, state: Any, *args: Any) -> Answer | None:  # type: ignore[override]
        self.seen.append(len(self.store.games()))
        if question.step == "rematch":
            self.ends += 1
            if self.ends <= self.undo_at_end:
                return Answer(UNDO)
            if self.ends > self.stop_after:
                raise Crash
        return super().answer(question, state, *args)


def session(tmp_path: Path, live: RandomInput, store: SqliteHistory, seed: int = 11) -> Session:
    table = Table.deal(NAMES, HouseRules(), seed, "en")
    journal = Journal.create(tmp_path / "g.jsonl", table.to_json(), "a game")
    return Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), live, journal, rematches=True,
                   history=store, now=lambda: 1000.0)


def test_nothing_is_kept_before_the_end_and_a_rematch_is_a_new_game(tmp_path: Path) -> None:
    store = SqliteHistory(tmp_path / "h.sqlite")
    live = Watched(11, store, stop_after=1)  # ends the second game by crashing at its end
    with pytest.raises(Crash):
        session(tmp_path, live, store).run()
    first_end = live.seen.index(1)
    assert all(n == 0 for n in live.seen[:first_end]), "the history held the game before it ended"
    games = store.games()
    assert len(games) == 2 and [g.key for g in games] == ["g.jsonl#1", "g.jsonl#2"]
    game = games[0]
    assert game.winner in ("village", "wolves") and game.ended == 1000.0 and game.nights >= 1
    assert [s.name for s in game.seats] == NAMES and game.log
    assert any(s.won for s in game.seats) and all(s.won == (s.side == game.winner) for s in game.seats)


def test_an_undo_at_the_end_takes_the_record_back_until_the_game_ends_again(tmp_path: Path) -> None:
    store = SqliteHistory(tmp_path / "h.sqlite")
    live = Watched(11, store, undo_at_end=1, stop_after=2)  # undo at the first end; the second end is a rematch
    with pytest.raises(Crash):
        session(tmp_path, live, store).run()
    after_undo = live.seen[live.seen.index(1) + 1]
    assert after_undo == 0, "the reopened game stayed in the history"
    assert [g.key for g in store.games()] == ["g.jsonl#1", "g.jsonl#2"]  # game 1 kept once, then its rematch


def test_a_demo_is_not_the_groups_game(tmp_path: Path) -> None:
    store = SqliteHistory(tmp_path / "h.sqlite")
    table = Table.deal(NAMES, HouseRules(), 11, "en", kind="demo")
    Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), RandomInput(11), history=store).run()
    assert store.games() == []
