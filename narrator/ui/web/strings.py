"""The page's words, per language, in `narrator/ui/web/ui/<lang>.yaml` (like the scripts)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from narrator.speech.scenes import LANGUAGES
from narrator.yamlfile import MarkedDict, YamlError
from narrator.yamlfile import load as load_yaml

UI = Path(__file__).resolve().parent / "ui"


@lru_cache(maxsize=8)
def strings(lang: str) -> dict[str, str]:
    doc = load_yaml(UI / f"{lang}.yaml")
    if not isinstance(doc, MarkedDict):
        raise YamlError(UI / f"{lang}.yaml", 1, "the page's words are a mapping of key: text")
    return {str(k): str(v) for k, v in doc.items()}


def missing_keys() -> dict[str, set[str]]:
    """Keys some language has and another lacks (the page would show a raw key)."""
    every = {lang: set(strings(lang)) for lang in LANGUAGES}
    union = set().union(*every.values())
    return {lang: union - keys for lang, keys in every.items() if union - keys}
