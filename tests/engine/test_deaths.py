"""A death's consequences: what it sets off at once (the knight's mark) comes before every role's reaction,
whatever order the roles are found in."""

from __future__ import annotations

import pytest

from engine import Choice, Game
from engine.roles import Hooks


def knight_game() -> Game:
    """The knight at 1, the wild child at 2 (his model is the knight), a werewolf at 3: the knight's death both
    marks a wolf and turns the child, who sits first clockwise."""
    game = Game.new(["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo"], ruleset="extended",
                    roles=["knight", "wild_child", "werewolf", "seer", "witch", "villager", "villager", "villager"])
    for text in ("wild_child:1", "werewolves:1", "seer:6", "witch:pass", "day_vote:none", "werewolves:6",
                 "seer:7", "witch:pass"):
        game.choose(Choice.from_text(text))
    return game


@pytest.mark.parametrize("order", [1, -1], ids=["found_order", "reversed"])
def test_the_knights_mark_is_set_before_the_wild_child_turns(monkeypatch: pytest.MonkeyPatch, order: int) -> None:
    monkeypatch.setattr(Hooks, "after_death", Hooks.after_death[::order])
    state = knight_game().state
    assert 3 not in state.alive and 2 in state.alive  # the werewolf was marked, the turned child was not
    assert state.wolves & state.alive == {2}
