"""The spoken lines read from YAML, a file per language: each scene's variants with their line, a word's forms,
groups of lines for some moments, later folders replacing earlier ones, and every slip kept with its file and line."""

from __future__ import annotations

from pathlib import Path

from narrator.speech.script import Problem, default_form, load


def folder(root: Path, lang: str, text: str, name: str = "mine.yaml") -> Path:
    (root / lang).mkdir(parents=True, exist_ok=True)
    (root / lang / name).write_text(text, encoding="utf-8")
    return root


def test_variants_forms_and_groups_are_read_with_their_lines(tmp_path: Path) -> None:
    script = load(folder(tmp_path, "de", (
        "dawn.quiet:\n"
        "  - Eine ruhige Nacht.\n"
        "  - Niemand ist gestorben.\n"
        "roles.hunter:\n"
        "  acc: den Jäger\n"
        "  a: ein Jäger\n"
        "  gender: m\n"
        "night.start:\n"
        "  comment: gesagt bei Einbruch der Nacht\n"
        "  groups:\n"
        "    - when: {night: first}\n"
        "      variants: [Die erste Nacht.]\n")))
    assert script.problems == []
    quiet = script.scenes["de"]["dawn.quiet"]
    assert [(v.text, v.line) for v in quiet.variants] == [("Eine ruhige Nacht.", 2), ("Niemand ist gestorben.", 3)]
    assert script.variants("de", "roles.hunter") == ["ein Jäger", "den Jäger"]  # the default form first; no gender
    assert script.form("de", "roles.hunter", "acc") == "den Jäger" and script.form("de", "roles.hunter", "dat") is None
    start = script.scenes["de"]["night.start"]
    assert start.comment == "gesagt bei Einbruch der Nacht" and start.variants[0].when != quiet.variants[0].when
    assert script.has("de", "dawn.quiet") and not script.has("en", "dawn.quiet") and not script.has("fr", "x")


def test_a_plain_list_word_has_one_form_its_default(tmp_path: Path) -> None:
    script = load(folder(tmp_path, "en", "roles.seer:\n  - the seer\n  - a seer\n"))
    assert (default_form("roles.seer"), default_form("ordinals.1"), default_form("dawn.quiet")) == ("a", "nom", "")
    assert script.form("en", "roles.seer", "a") == "the seer" and script.form("en", "roles.seer", "the") is None
    assert script.form("en", "roles.nobody", "a") is None


def test_a_later_folder_replaces_a_scene_and_keeps_the_others(tmp_path: Path) -> None:
    first = folder(tmp_path / "one", "en", "dawn.quiet: [Quiet.]\ndawn.start: [Morning.]\n")
    second = folder(tmp_path / "two", "en", "dawn.quiet: [Still.]\n")
    script = load(first, second)
    assert script.variants("en", "dawn.quiet") == ["Still."] and script.variants("en", "dawn.start") == ["Morning."]


def test_every_slip_is_kept_with_its_file_line_and_scene(tmp_path: Path) -> None:
    root = folder(tmp_path, "en", (
        "dawn.quiet:\n"
        "  - 12\n"
        "dawn.start:\n"
        "  variant: [typo]\n"
        "night.start:\n"
        "  comment: no lines\n"
        "roles.seer:\n"
        "  a: [not, text]\n"
        "day.debate: 5\n"
        "night.reminder:\n"
        "  groups:\n"
        "    - variants: [x]\n"))
    folder(root, "en", "dawn.death: [unclosed\n", "broken.yaml")
    folder(root, "en", "- a list, not scenes\n", "list.yaml")
    where = str(root / "en" / "mine.yaml")
    said = [(p.file.rsplit("/", 1)[-1], p.line, p.scene, p.message.split(" ")[0]) for p in load(root).problems]
    assert ("mine.yaml", 1, "dawn.quiet", "a") in said  # a variant must be text (a number: its scene's line)
    assert ("mine.yaml", 4, "dawn.start", "unknown") in said
    assert ("mine.yaml", 5, "night.start", "has") in said
    assert ("mine.yaml", 8, "roles.seer", "the") in said
    assert ("mine.yaml", 9, "day.debate", "must") in said
    assert ("mine.yaml", 12, "night.reminder", "a") in said  # a group without when:
    assert any(f == "broken.yaml" and m == "YAML" for f, _, _, m in said)
    assert ("list.yaml", 1, "-", "a") in said
    assert str(Problem(where, 9, "day.debate", "must be a list")) == f"{where}:9: day.debate: must be a list"
