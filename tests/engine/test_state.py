"""The state: what is worked out from one state stays that state's (a state made from it works it out afresh, and it
is no part of the state's value), and the living neighbours round the table."""

from __future__ import annotations

import random

from engine import Choice, Game, answerer, fold, legal_choices, view
from engine.state import State, circle


def test_what_a_state_worked_out_is_not_carried_to_the_states_made_from_it() -> None:
    game = Game.new([f"P{i}" for i in range(1, 9)], seed=3)
    state = game.state
    before = (legal_choices(state), circle(state), view(state, 1))
    fewer = state.but(alive=state.alive - {2})
    assert 2 in circle(state) and 2 not in circle(fewer)
    assert Choice(state.current.step if state.current else "", 2) not in legal_choices(fewer)
    assert (legal_choices(state), circle(state), view(state, 1)) == before
    assert fold(game.events) == state and repr(fold(game.events)) == repr(state)  # the kept values are no field


def test_a_list_handed_out_is_the_callers_own() -> None:
    state = Game.new([f"P{i}" for i in range(1, 9)], seed=3).state
    actor = answerer(state).seats[0]
    legal_choices(state).clear()
    view(state, actor)["choices"].clear()
    view(state, actor)["alive"].clear()
    view(state, actor)["cards"].clear()
    seen = view(state, actor)
    assert legal_choices(state) and seen["choices"] and seen["alive"] and seen["cards"]


def walked(state: State, seat: int) -> tuple[int, int]:
    """The nearest living seat each way, found by walking round the table."""
    n = len(state.roles)
    left = next((s for k in range(1, n) if (s := (seat - 1 - k) % n + 1) in state.alive), seat)
    right = next((s for k in range(1, n) if (s := (seat - 1 + k) % n + 1) in state.alive), seat)
    return left, right


def test_the_neighbours_are_the_nearest_living_seats_each_way() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        n = rng.randint(3, 40)
        alive = frozenset(s for s in range(1, n + 1) if rng.random() < rng.random())
        state = State(roles=("villager",) * n, alive=alive)
        for seat in range(1, n + 1):
            assert state.neighbours(seat) == walked(state, seat), (n, sorted(alive), seat)
