"""The bed's leak figure (bench/ambience.py ambience.bed_leak_accuracy): the classifiers of the rhythm leak on one
number per night step, and that number, the bed's level, read from the mix of narrated games."""

from __future__ import annotations

from bench.ambience import bed_levels
from bench.narration import separable


def test_the_classifiers_tell_apart_what_differs_and_not_what_does_not() -> None:
    apart = [(-30.0, True)] * 30 + [(-33.0, False)] * 30
    assert separable(apart) == 1.0
    alike = [(-30.0 - (k % 7) / 10, k % 2 == 0) for k in range(60)]  # the same levels for living and dead
    assert separable(alike) <= 0.65


def test_every_night_step_has_the_beds_level() -> None:
    levels = bed_levels(games=2)
    assert len(levels) >= 10 and {alive for _, alive in levels} == {True, False}
    assert all(-45.0 < level < -25.0 for level, _ in levels), levels  # the bed at full volume: about -30 LUFS
