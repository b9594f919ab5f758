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


def test_a_line_heard_in_one_moment_is_heard_in_the_next() -> None:
    """The memory is by the words: a variant that fits two moments counts once, whichever moment said it."""
    picker = Picker(5)
    everywhere = [f"line {i}" for i in range(4)]
    first_night = ["first night line", *everywhere]
    heard = {first_night[picker.pick("night.start", first_night)] for _ in range(5)}
    assert heard == set(first_night)
    later = [everywhere[picker.pick("night.start", everywhere)] for _ in range(4)]
    assert sorted(later) == sorted(everywhere), "each once more, in a new round"


def test_the_evening_remembers_across_games() -> None:
    """The second game of an evening (another seed) opens with lines the first did not say."""
    texts = [f"welcome {i}" for i in range(20)]
    first = Picker(1)
    said = [texts[first.pick("game.welcome", texts)] for _ in range(3)]
    second = Picker(2, first.snapshot())
    again = [texts[second.pick("game.welcome", texts)] for _ in range(17)]
    assert not set(said) & set(again)
    fresh = Picker(2)
    assert set(said) & {texts[fresh.pick("game.welcome", texts)] for _ in range(17)}, "without the memory"


def test_a_memory_survives_json_and_a_broken_one_is_ignored() -> None:
    import json

    picker = Picker(3)
    for _ in range(7):
        picker.pick("dawn.quiet", ["a", "b", "c"])
    back = Picker(3, json.loads(json.dumps(picker.snapshot())))
    assert back.snapshot() == picker.snapshot()
    assert Picker(3, {"heard": {"dawn.quiet": {"x": "nonsense"}}, "tick": "no"}).snapshot() == \
        {"tick": 0, "heard": {}}
