"""The live estimate's figure (bench/balance.py) times the very games the setup screen's estimate plays, so that the
figure before issue 37 and after it (bench/before.py) are of the same games and the same interval."""

from __future__ import annotations

from dataclasses import replace

from bench.balance import live_deal, live_work
from narrator.balance.odds import SCREEN_BUDGET, estimate, key, table


def test_the_figure_plays_the_screens_estimate_of_a_deal_the_table_lacks() -> None:
    setup, house = live_deal()
    assert setup.players == 12 and setup.rules.id == "extended" and key(setup, house) not in table()
    assert SCREEN_BUDGET.near_tried is not None
    odds, near = live_work(SCREEN_BUDGET.games, SCREEN_BUDGET.near_games, SCREEN_BUDGET.near_tried)
    found = estimate(setup, house, budget=replace(SCREEN_BUDGET, seconds=float("inf")))
    assert found.odds.games == odds.games == SCREEN_BUDGET.games and found.odds.wins == odds.wins
    assert found.suggestion == near
