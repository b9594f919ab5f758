"""The table's language on the command line: what a player reads is said in it, as the page says it."""

from __future__ import annotations

import argparse

from narrator.config import OptionError, load_config
from narrator.ui.web.strings import strings


def table_language(args: argparse.Namespace) -> str:
    """The language the table plays in: --lang, else config.yaml's, else English."""
    lang = getattr(args, "lang", None)
    if lang:
        return str(lang)
    try:
        return load_config(getattr(args, "config", None)).language
    except Exception:
        return "en"


def said(error: OptionError, lang: str) -> str:
    """An option's refusal in `lang`, or as it was raised (in English) where the language has no words for it."""
    if lang == "en" or not error.key:
        return str(error)
    words = strings(lang)
    template = words.get(f"cli.{error.key}")
    if template is None:
        return str(error)
    params = {k: words.get(str(v), v) if k == "rules" else v for k, v in error.params.items()}
    return str(template).format(**params)
