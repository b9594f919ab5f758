"""The table's language on the command line: what a player reads is said in it, as the page says it."""

from __future__ import annotations

import argparse
import contextlib
import gettext
import os
from collections.abc import Iterator, Sequence

from engine import Refused
from narrator.config import OptionError, load_config
from narrator.resources import LOCALE
from narrator.ui.web.refusals import Refusal, refused
from narrator.ui.web.strings import strings

DOMAIN = "wolfcall"  # the catalog of the command line's words: argparse's own ("usage:", "options:") and ours
LANGUAGES = ("en", "de", "es")


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


def refusal_said(exc: Refused, lang: str) -> str:
    """The rules' reason for refusing a deal or a game, in `lang` (the page's words for it), in English as raised."""
    if lang == "en":
        return str(exc)
    return str(refused(Refusal(exc.rule, str(exc), **exc.params), strings(lang))["text"])


def asked_language(argv: Sequence[str]) -> str:
    """The language a command line asks for, read before the command is parsed (its help and its errors are
    printed in it): `--lang` wherever it stands, else config.yaml's (or --config's), else English."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    early.add_argument("--config")
    known, _ = early.parse_known_args(list(argv))
    if known.lang in LANGUAGES:
        return str(known.lang)
    return table_language(argparse.Namespace(config=known.config))


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The command line's words in `lang` while it runs: gettext's catalog, the one argparse asks for its own words,
    bound to our translations (narrator/cli/locale/<lang>/LC_MESSAGES/wolfcall.po) and chosen the way gettext
    chooses, by LANGUAGE; as they were afterwards (a test's next command, a caller's own words)."""
    before = os.environ.get("LANGUAGE"), gettext.textdomain()
    os.environ["LANGUAGE"] = lang
    gettext.bindtextdomain(DOMAIN, str(LOCALE))
    gettext.textdomain(DOMAIN)
    try:
        yield
    finally:
        if before[0] is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before[0]
        gettext.textdomain(before[1])
