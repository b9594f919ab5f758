from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.speech.picker import Picker


def draws(seed: int, n: int, count: int, scene: str = "night.start") -> list[int]:
    picker = Picker(seed)
    return [picker.pick(scene, n) for _ in range(count)]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.integers(2, 25), rounds=st.integers(2, 5))
def test_no_repeat_within_a_round_or_across_its_boundary(seed: int, n: int, rounds: int) -> None:
    seq = draws(seed, n, n * rounds)
    for r in range(rounds):
        assert sorted(seq[r * n:(r + 1) * n]) == list(range(n))
    assert all(a != b for a, b in itertools.pairwise(seq))


def test_same_seed_same_lines_other_seed_other_lines() -> None:
    assert draws(7, 20, 60) == draws(7, 20, 60)
    assert draws(7, 20, 20) != draws(8, 20, 20)


def test_scenes_are_shuffled_independently() -> None:
    assert draws(7, 20, 20, "night.start") != draws(7, 20, 20, "dawn.start")


def test_restoring_the_counts_says_the_same_thing_again() -> None:
    picker = Picker(3)
    for _ in range(7):
        picker.pick("dawn.quiet", 20)
    saved = picker.snapshot()
    ahead = [picker.pick("dawn.quiet", 20) for _ in range(30)]
    picker.restore(saved)
    assert [picker.pick("dawn.quiet", 20) for _ in range(30)] == ahead
    assert Picker(3, saved).peek("dawn.quiet", 20) == ahead[0]


def test_a_single_variant_is_always_chosen() -> None:
    assert draws(1, 1, 5) == [0] * 5
