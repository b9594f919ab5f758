"""A scenario's plain values read by their step's shape; a value of the wrong shape is a ChoiceForm that says the
shape expected and the value given."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Choice, Game, Refused
from narrator.game.choices import ChoiceForm, read_choice

from ..narration import NAMES, ROLES


def state_at_the_witch() -> Any:
    game = Game.new(NAMES, roles=ROLES, seed=1)
    game.choose(Choice("werewolves", target=6))
    return game.state


@pytest.mark.parametrize(("step", "raw", "choice"), [
    ("seer", 3, Choice("seer", target=3)),
    ("seer", " Nobody ", Choice("seer")),
    ("seer", None, Choice("seer")),
    ("cupid", [2, 5], Choice("cupid", seats=(2, 5))),
    ("judge", "second_vote", Choice("judge", option="second_vote")),
    ("thief", 1, Choice("thief", option="1")),
    ("wolf_dog", "pass", Choice("wolf_dog")),
    ("little_girl", 12, Choice("little_girl", seconds=12)),  # out of 0-10: for the rules to refuse, not the form
    ("witch", "pass", Choice("witch")),
    ("witch", "heal", Choice("witch", heal=6)),  # the night's one victim
    ("witch", {"poison": 2}, Choice("witch", poison=2)),
    ("witch", {"heal": 6, "poison": 2}, Choice("witch", heal=6, poison=2)),
    ("day_vote", 4, Choice("day_vote", target=4)),
    ("day_vote", "none", Choice("day_vote")),
    ("day_vote", {"ballots": {1: 4, 2: "none"}}, Choice("day_vote", ballots=((1, 4), (2, None)))),
    ("day_vote", {"tally": {4: 3, 5: 2}}, Choice("day_vote", tally=((4, 3), (5, 2)))),
])
def test_a_value_of_the_steps_shape_is_its_choice(step: str, raw: Any, choice: Choice) -> None:
    assert read_choice(state_at_the_witch(), step, raw) == choice


@pytest.mark.parametrize(("step", "raw", "said"), [
    ("seer", "3", "a seat number or none, not '3'"),  # a quoted number is a string a script author meant to quote
    ("seer", True, "a seat number or none, not True"),
    ("cupid", [1, 2, 3], "a list of two seat numbers"),
    ("cupid", 1, "a list of two seat numbers"),
    ("judge", "maybe", "one of second_vote, pass, not 'maybe'"),
    ("little_girl", "3", "the seconds held (0 to 10)"),
    ("witch", {"drink": 1}, "the witch's choice must be pass, heal"),
    ("witch", {"heal": "6"}, "the witch's choice must be pass, heal"),
    ("day_vote", {"ballots": {"1": 4}}, "a ballot is VOTER: SEAT or VOTER: none"),
    ("day_vote", {"tally": {4: "3"}}, "a tally line is SEAT: COUNT"),
    ("day_vote", [4], "the day's vote must be a seat, none"),
    ("day_vote", "x" * 200, "not '" + "x" * 56 + "..."),  # a long value is quoted short
])
def test_a_value_of_another_shape_says_the_shape_wanted(step: str, raw: Any, said: str) -> None:
    with pytest.raises(ChoiceForm, match="^the .*" if said.startswith("the") else None) as refused:
        read_choice(state_at_the_witch(), step, raw)
    assert said in str(refused.value)


def test_a_bare_heal_without_one_victim_is_the_rules_refusal_not_a_form() -> None:
    state = Game.new(NAMES, roles=ROLES, seed=1).state  # the wolves have not chosen: nobody to heal
    with pytest.raises(Refused):
        read_choice(state, "witch", "heal")
