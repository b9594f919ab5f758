"""A step may work out its legal choices its own faster way (`Step.legal`), never differently: in every state of many
random games, classic and extended, every mode, its list is its candidates that its refusal lets through, in order."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import State, legal_choices
from engine.flow import ALL_STEPS
from engine.roles import ROLES
from engine.roles._base import Step

from ..strategies import random_choice, random_extended_game, random_game

GAMES = 80  # of each ruleset: every step with a way of its own is asked in some


def states(rules: str, seed: int) -> Iterator[State]:
    """Every state a random game asks a question in."""
    rng = random.Random(seed)
    if rules == "classic":
        game, rng = random_game(rng.randint(6, 12), rng.choice(["number", "side"]), seed, self_heal=seed % 3 > 0)
    else:
        game, rng = random_extended_game(seed, rng.randint(8, 16))
    while not game.state.over and len(game.choices) < 400:
        yield game.state
        game.choose(random_choice(game, rng) if rules == "extended" else rng.choice(game.legal()))


def own_way(rules: str) -> set[str]:
    """The steps of `rules` that work out their legal choices their own way."""
    return {step.id for step in ALL_STEPS.values() if (type(step).legal is not Step.legal
            and any(rules in role.rulesets and step in role.steps for role in ROLES.values()))
            or step.id == "day_vote"}


@pytest.mark.parametrize("rules", ["classic", "extended"])
def test_each_step_lists_what_its_refusal_lets_through(rules: str) -> None:
    asked: set[str] = set()
    for seed in range(GAMES):
        for state in states(rules, seed):
            pending = state.current
            assert pending is not None
            step = ALL_STEPS[pending.step]
            asked.add(step.id)
            by_refusal = [c.text() for c in step.candidates(state, pending) if step.refusal(state, pending, c) is None]
            assert [c.text() for c in legal_choices(state)] == by_refusal, (pending, state.alive)
    assert own_way(rules) - asked == set(), "a step with a way of its own was never asked"
