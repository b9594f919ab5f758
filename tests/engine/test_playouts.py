"""Random playouts: 2,002 seeded games over every player count and both win modes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engine import Choice, Game, Refused, Unknown, fold, view
from engine.flow import answerer

from ..strategies import play_out, random_game, seeds

GAMES_PER_CELL = 143  # x 7 player counts x 2 win modes = 2,002 games


def check_choice(game: Game, choice: Choice) -> None:
    """Apply one choice, checking the invariants around it."""
    state = game.state
    pending = state.current
    assert pending is not None
    actors = list(answerer(state).seats)
    if pending.step == "hunter":
        assert pending.seat not in state.alive and state.role_of(pending.seat) == "hunter"
    else:
        assert actors and all(s in state.alive for s in actors), "a dead player was asked to act"
    # a choice that is not on the list is refused
    illegal = [c for c in (Choice(pending.step, s) for s in range(1, len(state.roles) + 2))
               if c not in game.legal()]
    for bad in illegal[:2]:
        with pytest.raises((Refused, Unknown)):
            game.choose(bad)
        assert game.state == state, "a refused choice changed the game"
    game.choose(choice)
    after = game.state
    game.undo()
    assert game.state == state, "undo did not restore the state before the choice"
    game.choose(choice)
    assert game.state == after
    if not game.state.over:
        for seat in game.state.seats:
            if game.state.role_of(seat) == "villager":
                cards = view(game.state, seat)["cards"]
                assert cards == {str(seat): "villager"}, "a villager saw another card"


def check_finished(game: Game) -> None:
    s = game.state
    assert s.over and s.winner in ("village", "wolves", "draw")
    kinds = [e.kind for e in s.log]
    assert kinds.count("heal") <= 1 and kinds.count("poison") <= 1
    guarded = {e.night: e.target for e in s.log if e.kind == "protect"}
    assert all(guarded.get(n - 1) != t for n, t in guarded.items())
    heals = {e.night for e in s.log if e.kind == "heal"}
    poisons = {e.night for e in s.log if e.kind == "poison"}
    assert not heals & poisons, "two potions in one night"
    assert fold(game.events) == s, "replaying the log did not rebuild the state"


@pytest.mark.parametrize("win", ["number", "side"])
@pytest.mark.parametrize("players", range(6, 13))
@settings(max_examples=GAMES_PER_CELL, deadline=None, derandomize=True, database=None)
@given(seed=seeds)
def test_random_games(players: int, win: str, seed: int) -> None:
    game, rng = random_game(players, win, seed)
    made = play_out(game, rng, check_choice, limit=400)
    assert game.state.over, f"game did not end after {made} choices"
    check_finished(game)
