"""The session: one deal per game."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, HouseRules
from narrator.game.session import Table

from ..narration import NAMES


def test_a_deal_builds_its_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[Any] = []
    new = Game.new

    def counted(*args: Any, **kwargs: Any) -> Game:
        built.append(args)
        return new(*args, **kwargs)

    monkeypatch.setattr(Game, "new", staticmethod(counted))
    table = Table.deal(NAMES, HouseRules(), 5, "en")
    game = table.game()
    assert len(built) == 1, "the deal built a game only to read its cards, and the session built it again"
    assert list(game.state.dealt) == table.roles and list(game.state.extra) == table.extra
    assert game.state.dealt == new(NAMES, seed=5).state.dealt  # the same cards the engine deals from the seed

