"""`wolfcall scripts lint`: every problem in the spoken lines, one line each: `file:line: scene: what`."""

from __future__ import annotations

import contextlib
import re
import string
from pathlib import Path

from .scenes import LANGUAGES, SceneSpec, catalogue
from .script import SHIPPED, Problem, Scene, Script, load, relative

MAX_WORDS = 30
_FORMATTER = string.Formatter()


def placeholders(text: str) -> set[str]:
    """The {names} a variant uses; ValueError on unbalanced braces."""
    return {name for _, name, _, _ in _FORMATTER.parse(text) if name is not None}


def _normal(text: str) -> str:
    return re.sub(r"\W+", " ", text.casefold()).strip()


def _words(text: str) -> int:
    return len(re.findall(r"[\w{}'’-]+", text))


def lint_scene(lang: str, scene: Scene, spec: SceneSpec | None) -> list[Problem]:
    out: list[Problem] = []

    def say(line: int, message: str) -> None:
        out.append(Problem(scene.file, line, scene.id, message))

    if spec and len(scene.variants) < spec.minimum:
        say(scene.line, f"{len(scene.variants)} variants in {lang}; at least {spec.minimum} are needed")
    seen: dict[str, int] = {}
    for v in scene.variants:
        if not v.text.strip():
            say(v.line, "an empty variant")
            continue
        try:
            used = placeholders(v.text)
        except ValueError as exc:
            say(v.line, f"broken braces ({exc})")
            continue
        if spec:
            for name in sorted(used - spec.allowed):
                allowed = ", ".join(f"{{{p}}}" for p in sorted(spec.allowed)) or "none"
                say(v.line, f"unknown placeholder {{{name}}} (this scene takes: {allowed})")
            for name in sorted(spec.required - used):
                say(v.line, f"missing placeholder {{{name}}}")
        words = _words(v.text)
        if words > MAX_WORDS:
            say(v.line, f"{words} words, too long to say in one breath (at most {MAX_WORDS})")
        key = _normal(v.text)
        if key in seen:
            say(v.line, f"duplicate of the variant on line {seen[key]}")
        else:
            seen[key] = v.line
    return out


def _missing(script: Script, scene_id: str, lang: str) -> Problem:
    others = [(o, script.scenes[o][scene_id]) for o in LANGUAGES if scene_id in script.scenes.get(o, {})]
    if others:
        other_lang, ref = others[0]
        file = str(Path(ref.file).parent.parent / lang / Path(ref.file).name)
        return Problem(file, 1, scene_id, f"missing in {lang} ({other_lang} has it at {relative(ref.file)}:{ref.line})")
    return Problem(str(SHIPPED / lang), 1, scene_id, f"missing in {lang}")


def _cross_language(script: Script, scene_id: str) -> list[Problem]:
    """Placeholders must match across languages: a line that names the player in one language must in all."""
    used: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        scene = script.scenes.get(lang, {}).get(scene_id)
        if scene is None:
            continue
        names: set[str] = set()
        for v in scene.variants:
            with contextlib.suppress(ValueError):
                names |= placeholders(v.text)
        used[lang] = names
    out = []
    reference = next(iter(used.values()), set())
    for lang, names in used.items():
        if names != reference:
            scene = script.scenes[lang][scene_id]
            first = next(iter(used))
            extra = ", ".join(f"{{{n}}}" for n in sorted(names - reference))
            lacking = ", ".join(f"{{{n}}}" for n in sorted(reference - names))
            detail = "; ".join(p for p in (extra and f"uses {extra}", lacking and f"never uses {lacking}") if p)
            out.append(Problem(scene.file, scene.line, scene_id, f"{detail} unlike {first}"))
    return out


def lint(script: Script, *, complete: bool = True) -> list[Problem]:
    """All problems; `complete` also asks every catalogue scene to exist in every language."""
    specs = catalogue()
    problems = list(script.problems)
    every_id = set().union(*(set(s) for s in script.scenes.values()))
    if complete:
        every_id |= set(specs)
    for scene_id in sorted(every_id):
        for lang in LANGUAGES:
            scene = script.scenes.get(lang, {}).get(scene_id)
            if scene is None:
                problems.append(_missing(script, scene_id, lang))
            else:
                problems += lint_scene(lang, scene, specs.get(scene_id))
        problems += _cross_language(script, scene_id)
    return sorted(problems, key=lambda p: (p.file, p.line, p.scene, p.message))


def lint_paths(paths: list[Path]) -> list[Problem]:
    """Lint the shipped scripts with `paths` laid over them; report what lies under `paths`.

    A path may be a scripts folder (with en/, de/, es/), one language's folder, or one file.
    """
    if not paths:
        return lint(load(SHIPPED))
    roots = []
    for p in paths:
        p = p.resolve()
        if not p.exists():
            return [Problem(str(p), 1, "-", "no such file or folder")]
        if p.is_file():
            roots.append(p.parent.parent)
        elif p.name in LANGUAGES:
            roots.append(p.parent)
        else:
            roots.append(p)
    extra = [r for r in dict.fromkeys(roots) if r != SHIPPED]
    problems = lint(load(SHIPPED, *extra))
    wanted = [str(p.resolve()) for p in paths]
    return [pr for pr in problems if any(str(Path(pr.file).resolve()).startswith(w) for w in wanted)]
