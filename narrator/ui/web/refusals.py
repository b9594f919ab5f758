"""A message that changes nothing, and why: one type (`Refusal`), and one renderer (`refused`), in the sender's
language.

Whatever says no to a page's message (the guard, a part of the hub, the desk, the rules) says it as a Refusal, or
as an error of the rules or of form that `as_refusal` turns into one, in one place. `refused` words it from the
page's words (`refusal.<rule>`, with the refusal's values: a seat named as the table names it), else in its own
English detail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Malformed, Refused, Unknown, WrongStep
from narrator.game.desk import Stale


class Refusal(Exception):
    """A message that changes nothing; `rule` names why for the page (`refusal.<rule>` in its words), `params` the
    values its sentence names (a `player` is a seat)."""

    def __init__(self, rule: str, detail: str = "", /, **params: object) -> None:
        super().__init__(detail or rule)
        self.rule = rule
        self.params = params


STALE = "stale"  # the message answers a screen that has moved on: the page is sent the screen of now


def as_refusal(exc: Exception) -> Refusal | None:
    """The refusal an error stands for: the rules' reason, a choice of the wrong form, a screen moved on, a
    malformed message; None for an error that is no refusal (a fault, raised on)."""
    if isinstance(exc, Refusal):
        return exc
    if isinstance(exc, Refused):
        return Refusal(exc.rule, str(exc), **exc.params)
    if isinstance(exc, Malformed):  # a choice of the wrong form: say why, change nothing
        return Refusal("other", str(exc))
    if isinstance(exc, WrongStep | Unknown | Stale):
        return Refusal(STALE, "this screen has moved on")
    if isinstance(exc, KeyError | ValueError | TypeError):
        return Refusal("message.form", "a malformed message")
    return None


def refused(refusal: Refusal, words: dict[str, str], name: Callable[[int], str] = str,
            kind: str = "refused") -> dict[str, Any]:
    """The message that tells a page why (`kind`: "refused", or "notice" for a word that refuses nothing)."""
    params = {k: name(v) if k == "player" and isinstance(v, int) else v for k, v in refusal.params.items()}
    if "rules" in params:  # a ruleset by the name the screens give it ("las reglas clásicas"), not its id
        params["rules"] = words.get(f"refusal.rules.{params['rules']}", params["rules"])
    text = words.get(f"refusal.{refusal.rule}", "")
    try:
        text = text.format(**params) if text else str(refusal)
    except (KeyError, IndexError):
        text = str(refusal)
    return {"t": kind, "rule": refusal.rule, "text": text}


__all__ = ["STALE", "Refusal", "as_refusal", "refused"]
