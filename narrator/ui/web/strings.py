"""The page's words, per language, in `narrator/ui/web/ui/<lang>.yaml` (like the scripts), plus one file per
part of the page that has its own words, `ui/<lang>.<part>.yaml` (the online rooms' accounts, the speaking list),
and the same files in the `ui/` of each extra role folder (engine.roles.FOLDERS)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.roles import FOLDERS
from narrator.resources import SCRIPTS, UI
from narrator.speech.scenes import LANGUAGES
from narrator.yamlfile import MarkedDict, YamlError
from narrator.yamlfile import load as load_yaml


@lru_cache(maxsize=8)
def strings(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    extra = [path for folder in FOLDERS for path in _files(folder / "ui", lang) if path.is_file()]
    for path in [*_files(UI, lang), *extra]:
        doc = load_yaml(path)
        if not isinstance(doc, MarkedDict):
            raise YamlError(path, 1, "the page's words are a mapping of key: text")
        for key, text in doc.items():
            if str(key) in out:
                raise YamlError(path, doc.line_of(key),
                                f"{key}: already said in another of the page's files for {lang}")
            out[str(key)] = str(text)
    return {**out, **_cards(lang, out)}


def _cards(lang: str, labels: dict[str, str]) -> dict[str, str]:
    """Each card as a sentence names it, `role_said.<id>` ("una vidente", "un hombre lobo", "Cupido"): the voice's own
    words for it (scripts/<lang>/words.yaml, its `a` form), so a screen's sentence writes a card as the narrator
    says it, in lower case but for a name; the label (`role.<id>`) where the words have none."""
    path = SCRIPTS / lang / "words.yaml"
    words = load_yaml(path) if path.is_file() else {}
    out = {}
    for key, label in labels.items():
        if key.startswith("role."):
            forms = words.get(f"roles.{key[5:]}") if isinstance(words, dict) else None
            said = forms.get("a") if isinstance(forms, dict) else None
            out[f"role_said.{key[5:]}"] = str(said) if said else label
    return out


def _files(ui: Path, lang: str) -> list[Path]:
    return [ui / f"{lang}.yaml", *sorted(ui.glob(f"{lang}.*.yaml"))]


def missing_keys() -> dict[str, set[str]]:
    """Keys some language has and another lacks (the page would show a raw key)."""
    every = {lang: set(strings(lang)) for lang in LANGUAGES}
    union = set().union(*every.values())
    return {lang: union - keys for lang, keys in every.items() if union - keys}
