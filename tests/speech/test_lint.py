"""The script linter: the shipped scripts pass; every broken fixture fails with its file:line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.roles import ROLES
from narrator.cli.main import main
from narrator.speech.lint import lint, lint_paths, lint_words, placeholders
from narrator.speech.scenes import LANGUAGES, WORD, catalogue
from narrator.speech.script import NOT_SAID, SHIPPED, load

FIXTURES = Path(__file__).parent.parent / "fixtures" / "scripts"

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
    "shared_sleep": "shared_sleep/en/night.yaml:2: night.seer.sleep: the same line but for the role's name in 3 "
                    "roles (guard, seer, witch)",
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


def test_every_scene_has_twenty_distinct_variants() -> None:
    """Rare scenes too: the welcome and the end banners are heard by the same friends every week."""
    script = load(SHIPPED)
    for scene_id, spec in catalogue().items():
        if spec.minimum > WORD:
            for lang in LANGUAGES:
                texts = script.variants(lang, scene_id)
                assert len(set(texts)) >= 20, (lang, scene_id)


def test_wake_lines_never_name_a_player() -> None:
    """Wake and sleep lines are said alive or dead, so they can carry nothing that changes; a card shown dead is said
    as the table heard its holder ({role}, in its `gone` group only: "der Seher" of David)."""
    script = load(SHIPPED)
    for scene_id in catalogue():
        if scene_id.startswith("night.") and scene_id.endswith((".wake", ".sleep")):
            for lang in LANGUAGES:
                for v in script.scenes[lang][scene_id].variants:
                    gone = "yes" in dict(v.when).get("gone", ())
                    assert placeholders(v.text) <= ({"role"} if gone else set()), (scene_id, v.text)


def test_placeholders_reads_names() -> None:
    assert placeholders("{player} was {role}.") == {"player", "role"}
    with pytest.raises(ValueError):
        placeholders("{player was")


# -- the placeholder grammar: every line rendered with every role, a seat word and a name -------------

def _overlay(tmp_path: Path, lang: str, text: str, name: str = "mine.yaml") -> list[str]:
    (tmp_path / lang).mkdir(exist_ok=True)
    (tmp_path / lang / name).write_text(text, encoding="utf-8")
    return [p.relative() for p in lint_paths([tmp_path])]


def _reveal(lines: list[str]) -> str:
    """`end.reveal` with 20 variants, the given ones first."""
    variants = lines + [f"Carta número {i}: {{player}}, {{role}}." for i in range(20 - len(lines))]
    return "end.reveal:\n" + "".join(f'  - "{v}"\n' for v in variants)


def test_a_spanish_line_asking_for_the_accusative_is_reported(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "es", _reveal(["{player} jugaba {role:acc}."]))
    assert any(line.endswith("mine.yaml:2: end.reveal: {role:acc}: es has no such form of {role} "
                             "(it says {role}, {role:the})") for line in out), out


def test_german_accepts_its_cases_and_refuses_an_unknown_spec(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "de", _reveal(["{player} spielte {role:acc}.", "{player} war {role:gen}.",
                                            "{player:acc} war {role}."]))
    assert not any("mine.yaml:2:" in line for line in out), out
    assert any("mine.yaml:3: end.reveal: {role:gen}: de has no such form of {role}" in line for line in out), out
    assert any("mine.yaml:4: end.reveal: {player:acc}: {player} takes no form spec" in line for line in out), out


def test_a_german_role_in_the_nominative_after_a_preposition_is_reported(tmp_path: Path) -> None:
    """"Heute spielen wir mit {roles}" says "mit zwei Werwölfe, die Seherin": the preposition wants the dative."""
    out = _overlay(tmp_path, "de", _reveal(["{player} spielte mit {role}.", "Mit {role:dat} spielte {player}.",
                                            "{player}, mit dabei: {role}.", "{player} spielte mit {role:acc}.",
                                            "{player} war für {role:dat}.", "Für {role:acc} und in {role:dat}: "
                                            "{player}."]))
    assert any("mine.yaml:2: end.reveal: \"mit {role}\": a preposition takes a case" in line for line in out), out
    assert any("mine.yaml:5: end.reveal: \"mit {role:acc}\": \"mit\" takes the dative" in line for line in out), out
    assert any("mine.yaml:6: end.reveal: \"für {role:dat}\": \"für\" takes the accusative" in line
               for line in out), out
    assert not any(f"mine.yaml:{n}:" in line for n in (3, 4, 7) for line in out), out


def test_an_uncontracted_article_is_reported(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "es", _reveal(["Esta es la carta de el {role}."]))
    assert any("mine.yaml:2: end.reveal: \"de el\" left in" in line for line in out), out


def test_an_article_before_a_word_that_has_its_own_is_reported(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "en", _reveal(["{player} was the {role}."]).replace("Carta número", "Card"))
    assert any("mine.yaml:2: end.reveal: \"the {role}\" says \"the the angel\"" in line for line in out), out
    out = _overlay(tmp_path, "es", _reveal(["{player} era la {role:the}."]))
    assert any("mine.yaml:2: end.reveal: doubled article \"la la\"" in line for line in out), out


def test_a_doubled_article_in_the_words_themselves_is_reported(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "de", "roles.hunter: {a: ein Jäger, the: der der Jäger, acc: einen Jäger, "
                   "the_acc: den Jäger, dat: einem Jäger, the_dat: dem Jäger, plural: Jäger, gender: m}\n"
                   + _reveal(["{player} war {role:the}."]))
    assert any(":3: end.reveal: doubled article \"der der\"" in line for line in out), out
    assert any(line.endswith("mine.yaml:1: roles.hunter: doubled article \"der der\"") for line in out), out


def test_a_brace_left_after_rendering_is_reported(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "en", _reveal(["{player} was {{role}}."]).replace("Carta número", "Card"))
    assert any("mine.yaml:2: end.reveal: renders with a brace left" in line for line in out), out


def test_a_role_missing_a_form_is_reported(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "de", "roles.hunter:\n  a: ein Jäger\n  the: der Jäger\n  gender: x\n"
                   "roles.captain: [der Hauptmann]\n", "words.yaml")
    assert any(line.endswith("words.yaml:1: roles.hunter: no form acc in de (a de role has a, the, acc, dat, "
                             "the_acc, the_dat, plural, gender)") for line in out), out
    assert any("words.yaml:4: roles.hunter: gender 'x'" in line for line in out), out
    assert any("words.yaml:5: roles.captain: no form the in de" in line for line in out), out


def test_the_shipped_words_have_every_form_for_every_role_and_night() -> None:
    assert [str(p) for p in lint_words(load(SHIPPED), sorted(ROLES))] == []
    assert "captain" in ROLES


def test_a_night_said_as_a_number_is_reported(tmp_path: Path) -> None:
    variants = ["Night {night} falls."] + [f"The {{night}} night, take {i}." for i in range(19)]
    out = _overlay(tmp_path, "en", "night.start:\n" + "".join(f'  - "{v}"\n' for v in variants))
    assert any(line.endswith('mine.yaml:2: night.start: {night} says "first", an ordinal: write it before the word '
                             'for night ("the {night} night")') for line in out), out
    assert not any("mine.yaml:3:" in line for line in out), out


def test_each_kind_of_slip_is_said_once_per_variant(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "en", _reveal(["{player} was {{role}}, the the {role}."]).replace("Carta número", "Card"))
    mine = [line for line in out if "mine.yaml:2:" in line]
    assert len([line for line in mine if "brace left" in line]) == 1, mine
    assert len([line for line in mine if "doubled article" in line]) == 1, mine


# the languages whose every scene already has twenty variants (the others join as their texts land)
TWENTY_EVERYWHERE = ["en"]
ROLE_PLACEHOLDERS = {"role", "roles"}  # lines that say a role's grammar forms are counted by their own owner


@pytest.mark.parametrize("lang", TWENTY_EVERYWHERE)
def test_every_scene_has_twenty_variants_rare_ones_too(lang: str) -> None:
    script = load(SHIPPED)
    short = [(scene_id, len(set(texts))) for scene_id, spec in catalogue().items() if spec.minimum > 1
             for texts in [script.variants(lang, scene_id)]
             if len(set(texts)) < 20 and not any(placeholders(t) & ROLE_PLACEHOLDERS for t in texts)]
    assert short == []


@pytest.mark.parametrize("lang", TWENTY_EVERYWHERE)
def test_no_sleep_or_wake_line_is_shared_by_more_than_two_roles(lang: str) -> None:
    """A night repeats itself when one template, its role's name swapped, closes every role's step."""
    script = load(SHIPPED)
    names = {variant.text.split(" ", 1)[-1] for scene_id, scene in script.scenes[lang].items()
             if scene_id.startswith("roles.") for form, variant in scene.forms.items() if form not in NOT_SAID}
    masked = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if len(n) > 2), re.I)
    calls: dict[str, set[str]] = {}
    for scene_id in catalogue():
        if scene_id.startswith("night.") and scene_id.endswith((".wake", ".sleep")):
            kind = scene_id.rsplit(".", 1)[1]
            for text in script.variants(lang, scene_id):
                calls.setdefault(f"{kind}: {masked.sub('<role>', text.lower())}", set()).add(scene_id)
    assert {line: sorted(ids) for line, ids in calls.items() if len(ids) > 2} == {}


def test_load_checked_lints_the_same_files_once_and_an_edited_file_again(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import narrator.speech.lint as module

    calls = []
    real = module.lint
    monkeypatch.setattr(module, "lint", lambda script: calls.append(1) or real(script))
    (tmp_path / "en").mkdir()
    variants = "\n".join(f"  - A quiet night, number {i}, friends." for i in range(20))
    mine = tmp_path / "en" / "mine.yaml"
    mine.write_text(f"dawn.quiet:\n{variants}\n")
    first = module.load_checked(tmp_path)
    again = module.load_checked(tmp_path)
    assert len(calls) == 1, "the same clean files were linted twice"
    assert again.variants("en", "dawn.quiet") == first.variants("en", "dawn.quiet")
    mine.write_text("dawn.quiet:\n  - Just one quiet line.\n")  # an edit: linted again, and refused
    with pytest.raises(module.ScriptError, match=r"mine.yaml:1: dawn.quiet: 1 variants in en; at least 20"):
        module.load_checked(tmp_path)
    (tmp_path / "en" / "more.yaml").write_text("dawn.quiet:\n  - Just one quiet line.\n")
    mine.write_text(f"dawn.quiet:\n{variants}\n")  # an added file changes what is loaded: linted again
    with pytest.raises(module.ScriptError, match=r"more.yaml:1: dawn.quiet: 1 variants in en"):
        module.load_checked(tmp_path)
    assert len(calls) == 3


def test_the_shipped_scripts_verdict_is_kept_across_processes_until_the_code_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import narrator.speech.lint as module

    calls = []
    real = module.lint
    monkeypatch.setattr(module, "lint", lambda script: calls.append(1) or real(script))
    monkeypatch.setattr(module, "_CACHE", tmp_path / "cache")
    monkeypatch.setattr(module, "_CLEAN", set())
    module.load_checked(None)
    assert len(calls) == 1 and len(list((tmp_path / "cache").iterdir())) == 1
    monkeypatch.setattr(module, "_CLEAN", set())  # as a new process would start
    module.load_checked(None)
    assert len(calls) == 1, "a new process linted the same shipped scripts again"
    monkeypatch.setattr(module, "_CLEAN", set())
    monkeypatch.setattr(module, "_code_digest", lambda: "edited code")  # another wolfcall: linted again
    module.load_checked(None)
    assert len(calls) == 2 and len(list((tmp_path / "cache").iterdir())) == 2


# -- lines that say when they fit: every moment has its variants ---------------------------------------------

def _wake(groups: str) -> str:
    plain = "".join(f'    - "Werwölfe, öffnet die Augen, Zeile {i}."\n' for i in range(20))
    return f"night.werewolves.wake:\n  variants:\n{plain}  groups:\n{groups}"


def test_a_moment_with_too_few_fitting_variants_is_named(tmp_path: Path) -> None:
    lone = "".join(f'        - "Werwolf, öffne die Augen, Zeile {i}."\n' for i in range(8))
    first = "".join(f'        - "Werwölfe, findet einander, Zeile {i}."\n' for i in range(8))
    out = _overlay(tmp_path, "de", _wake(f"    - when: {{pack: one}}\n      variants:\n{lone}"
                                         f"    - when: {{night: first, pack: many}}\n      variants:\n{first}"))
    assert any(line.endswith("night.werewolves.wake: 8 variants in de fit night: later, pack: one; at least 20 "
                             "are needed") for line in out), out
    assert not any("fit night: first, pack: one" in line for line in out), "once a game: 8 are enough"
    assert not any("pack: many" in line for line in out), out


def test_a_group_for_a_moment_that_never_comes_is_refused(tmp_path: Path) -> None:
    variants = "".join(f'    - "Amor, Zeile {i}."\n' for i in range(20))
    text = f'night.cupid.wake:\n  variants:\n{variants}  groups:\n    - when: {{night: later}}\n      variants: ["x"]\n'
    out = _overlay(tmp_path, "de", text)
    assert any("night.cupid.wake: when night: later never comes: night.cupid.wake is said only with night: first"
               in line for line in out), out


def test_an_unknown_fact_names_its_file_line_and_key(tmp_path: Path) -> None:
    out = _overlay(tmp_path, "de", _wake('    - when: {nacht: erste}\n      variants: ["x"]\n'))
    assert any(line.endswith("mine.yaml:24: night.werewolves.wake: unknown fact 'nacht' in when: (the facts are "
                             "mode, narrator, night, pack, position, gender, revealed, spared, cause, alone, again, "
                             "task, turn, two, game, won, gone, spent, charms, own, left, count, calls, lap, hands, "
                             "order, even, share, wolves, couple, infected)")
               for line in out), out
