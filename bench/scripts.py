"""Script figures: loading all three languages (every role's scenes), linting them, and how many
phrasings each scene has per language."""

from __future__ import annotations

import statistics
from collections.abc import Iterator

from narrator.speech.lint import lint
from narrator.speech.scenes import LANGUAGES, WORD, catalogue
from narrator.speech.script import SHIPPED, load

from ._measure import median_ms, metric


def load_scripts() -> None:
    load(SHIPPED)


def load_and_lint() -> None:
    problems = lint(load(SHIPPED))
    assert not problems, problems[:3]


def variants(lang: str) -> list[int]:
    """Variants per spoken scene (the words said inside other lines, numbers, names, roles, "dot", are not
    phrasings)."""
    script = load(SHIPPED)
    spoken = [s for s, spec in catalogue().items() if spec.minimum > WORD]
    return [len(script.variants(lang, s)) for s in spoken if script.has(lang, s)]


def run() -> Iterator[str]:
    load_and_lint()
    yield metric("scripts.load_ms", median_ms(load_scripts, 15), "ms", "lower")
    yield metric("scripts.lint_ms", median_ms(load_and_lint, 7), "ms", "lower")
    for lang in LANGUAGES:
        counts = variants(lang)
        yield metric(f"scripts.variants_min.{lang}", min(counts), "variants", "higher")
        yield metric(f"scripts.variants_median.{lang}", statistics.median(counts), "variants", "higher")
