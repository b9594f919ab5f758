"""Script figures: loading and validating all three languages."""

from __future__ import annotations

from collections.abc import Iterator

from narrator.lint import lint
from narrator.script import SHIPPED, load

from ._measure import median_ms, metric


def load_and_lint() -> None:
    problems = lint(load(SHIPPED))
    assert not problems


def run() -> Iterator[str]:
    load_and_lint()
    yield metric("scripts.load_ms", median_ms(load_and_lint, 15), "ms", "lower")
