"""The script linter: the shipped scripts pass; every broken fixture fails with its file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.cli import main
from narrator.lint import lint, placeholders
from narrator.scenes import LANGUAGES, RECURRING, catalogue
from narrator.script import SHIPPED, load

FIXTURES = Path(__file__).parent / "fixtures" / "scripts"

BROKEN = {
    "yaml_error": "yaml_error/en/night.yaml:4: -: YAML error at column 4: did not find expected key",
    "missing_language": "missing_language/es/extra.yaml:1: night.owl: missing in es",
    "too_few": "too_few/en/night.yaml:1: night.start: 3 variants in en; at least 20 are needed",
    "unknown_placeholder": "unknown_placeholder/en/dawn.yaml:21: dawn.death: unknown placeholder {name}",
    "missing_placeholder": "missing_placeholder/de/dawn.yaml:21: dawn.death: missing placeholder {player}",
    "cross_placeholder": "cross_placeholder/de/extra.yaml:1: day.toast: never uses {player} unlike en",
    "duplicate": "duplicate/es/end.yaml:9: end.draw: duplicate of the variant on line 2",
    "empty": "empty/en/end.yaml:5: end.draw: an empty variant",
    "too_long": "too_long/de/end.yaml:9: end.draw: 32 words, too long to say in one breath (at most 30)",
}


def test_shipped_scripts_pass() -> None:
    assert [str(p) for p in lint(load(SHIPPED))] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lint_cli_passes_each_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scripts", "lint", str(SHIPPED / lang)]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_fixture_fails_with_file_and_line(case: str, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)
    assert main(["scripts", "lint", case]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith(BROKEN[case]) for line in out), out


def test_every_fixture_case_is_checked() -> None:
    assert {p.name for p in FIXTURES.iterdir()} == set(BROKEN)


def test_every_recurring_scene_has_twenty_distinct_variants() -> None:
    script = load(SHIPPED)
    for scene_id, spec in catalogue().items():
        if spec.minimum == RECURRING:
            for lang in LANGUAGES:
                texts = script.variants(lang, scene_id)
                assert len(set(texts)) >= 20, (lang, scene_id)


def test_wake_lines_never_name_a_player() -> None:
    """Wake and sleep lines are said alive or dead, so they can carry nothing that changes."""
    script = load(SHIPPED)
    for scene_id in catalogue():
        if scene_id.startswith("night.") and scene_id.endswith((".wake", ".sleep")):
            for lang in LANGUAGES:
                assert all(not placeholders(t) for t in script.variants(lang, scene_id)), scene_id


def test_placeholders_reads_names() -> None:
    assert placeholders("{player} was {role}.") == {"player", "role"}
    with pytest.raises(ValueError):
        placeholders("{player was")
