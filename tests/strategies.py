"""Hypothesis strategies and the random playout, in one place."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import strategies as st

from engine import Choice, Game, HouseRules

seeds = st.integers(min_value=0, max_value=2**32 - 1)
win_modes = st.sampled_from(["number", "side"])
player_counts = st.integers(min_value=6, max_value=12)


def random_game(players: int, win: str, seed: int, *, self_heal: bool = True) -> tuple[Game, random.Random]:
    house = HouseRules(win=win, witch_self_heal_first_night=self_heal)
    names = [f"P{i}" for i in range(1, players + 1)]
    return Game.new(names, house=house, seed=seed), random.Random(seed)


def play_out(game: Game, rng: random.Random, each: Callable[[Game, Choice], None] | None = None,
             limit: int = 1000) -> int:
    """Choose at random among the legal choices until the game ends; returns how many were made."""
    made = 0
    while not game.state.over and made < limit:
        choice = rng.choice(game.legal())
        if each:
            each(game, choice)
        else:
            game.choose(choice)
        made += 1
    return made
