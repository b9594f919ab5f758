"""A dead or idle step's decoy question on the players' own phones: numbered like any question, asked of nobody,
closing when a living player's answer would have come, as the game's seed (not a phone) could predict."""

from __future__ import annotations

import random

import pytest

from narrator.game.decoy import Decoys
from narrator.game.inputs import Question, tap_delay


def test_a_dead_step_opens_a_decoy_numbered_like_a_question_and_a_scene_opens_none() -> None:
    decoys = Decoys(seed=5)
    assert decoys.open("seer", 12) == Question("seer", (), None, 12, decoy=True)
    assert decoys.open("lovers", 13) is None  # nobody ever answers the lovers waking
    assert decoys.opened == 1  # only the decoy counts in the next questions' numbers


def test_a_decoy_closes_near_an_answer_the_living_gave_in_time() -> None:
    decoys = Decoys(seed=5)
    for delay in (2.0, 30.0):  # the second came after the window: it never closes a decoy
        decoys.took(delay)
    closes = {decoys.closes(Question("seer", (), None, n, decoy=True), 20.0) for n in range(60)}
    assert all(2.0 * 0.85 <= c <= 2.0 * 1.15 for c in closes)
    assert len(closes) > 10  # blurred, not one telltale figure


def test_without_an_answer_in_time_a_decoy_closes_at_a_tap_delay_and_never_after_the_window() -> None:
    decoys = Decoys(seed=5)
    q = Question("seer", (), None, 7, decoy=True)
    drawn = random.Random("5:decoy:7")
    expected = min(4.0, round(tap_delay(drawn) * drawn.uniform(0.85, 1.15), 3))
    assert decoys.closes(q, 4.0) == expected
    assert decoys.closes(q, 0.5) == 0.5


@pytest.mark.parametrize("number", [3, 4])
def test_the_same_seed_and_question_close_at_the_same_time_a_resumed_game_draws_the_same(number: int) -> None:
    q = Question("witch", (), None, number, decoy=True)
    one, two, other = Decoys(seed=9), Decoys(seed=9), Decoys(seed=10)
    for d in (one, two, other):
        d.took(3.0)
        d.took(5.5)
    assert one.closes(q, 20.0) == two.closes(q, 20.0) != other.closes(q, 20.0)
