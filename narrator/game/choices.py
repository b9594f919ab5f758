"""Reading a choice written as plain values (a scenario's YAML) by its step's shape.

The scenario runner (`wolfcall simulate`, narrator/cli/scenario.py) goes through `read_choice`, so it
knows no role: only shapes (one seat, potions, seats, an option, a vote, seconds held). The terminal
picks from the engine's legal choices by number and the page sends a legal choice's text form, so
neither reads plain values.
"""

from __future__ import annotations

from typing import Any

import engine
from engine import Choice, State
from engine.roles.witch import heal_victim

PASS_WORDS = ("none", "pass", "nobody")
MAX_ENTRIES = 1000  # ballots or tally lines: more than any table has seats


class ChoiceForm(ValueError):
    """The value is not of the step's shape (exit 2 in a scenario)."""


def _short(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 60 else text[:57] + "..."


def _int(raw: Any) -> int | None:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < 10**6:
        return raw
    if isinstance(raw, str) and raw.strip().isdigit() and len(raw.strip()) < 7:
        return int(raw.strip())
    return None


def _is_pass(raw: Any) -> bool:
    return raw is None or (isinstance(raw, str) and raw.strip().lower() in PASS_WORDS)


def read_choice(state: State, step: str, raw: Any) -> Choice:
    """The engine's Choice for `raw` at `step`. ChoiceForm when it is not of the step's shape;
    engine.Refused for a bare witch `heal` with no single victim (a rule, not a form)."""
    shape = engine.shape_of(step)
    if shape == "potions":
        return _potions(state, step, raw)
    if shape == "option":
        options = engine.options_of(step)
        text = str(raw).strip() if isinstance(raw, str | int) and not isinstance(raw, bool) else None
        if text in options:
            return Choice(step, option=text)
        if _is_pass(raw):
            return Choice(step)
        raise ChoiceForm(f"the choice must be one of {', '.join(options)}, not {_short(raw)}")
    if _is_pass(raw):
        return Choice(step)
    if shape == "seat":
        seat = _int(raw)
        if seat is None or isinstance(raw, str):
            raise ChoiceForm(f"the choice must be a seat number or none, not {_short(raw)}")
        return Choice(step, target=seat)
    if shape == "seats":
        if not isinstance(raw, list) or not 1 <= len(raw) <= 2 or any(_int(s) is None or isinstance(s, str)
                                                                       for s in raw):
            raise ChoiceForm(f"the choice must be a list of two seat numbers, not {_short(raw)}")
        return Choice(step, seats=tuple(int(s) for s in raw))
    if shape == "seconds":
        # any whole number is seconds held; one outside 0-10 is for the rules to refuse (exit 3), not a bad form
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise ChoiceForm(f"the choice must be the seconds held (0 to 10), not {_short(raw)}")
        return Choice(step, seconds=raw)
    return _vote(step, raw)


def _potions(state: State, step: str, raw: Any) -> Choice:
    if _is_pass(raw):
        return Choice(step)
    if raw == "heal":
        return Choice(step, heal=heal_victim(state))
    if isinstance(raw, dict) and raw and set(raw) <= {"heal", "poison"} and all(
            _int(v) is not None and not isinstance(v, str) for v in raw.values()):
        return Choice(step, heal=raw.get("heal"), poison=raw.get("poison"))
    raise ChoiceForm("the witch's choice must be pass, heal, {heal: SEAT}, {poison: SEAT} "
                     f"or {{heal: SEAT, poison: SEAT}}, not {_short(raw)}")


def _vote(step: str, raw: Any) -> Choice:
    seat = _int(raw)
    if seat is not None and not isinstance(raw, str):
        return Choice(step, target=seat)
    if isinstance(raw, dict) and len(raw) == 1:
        kind, body = next(iter(raw.items()))
        if kind == "ballots" and isinstance(body, dict) and len(body) <= MAX_ENTRIES:
            ballots = []
            for voter, target in body.items():
                v = _int(voter)
                t = None if _is_pass(target) else _int(target)
                if v is None or isinstance(voter, str) or (t is None and not _is_pass(target)) \
                        or isinstance(target, bool):
                    raise ChoiceForm(f"a ballot is VOTER: SEAT or VOTER: none, not {_short({voter: target})}")
                ballots.append((v, t))
            return Choice(step, ballots=tuple(ballots))
        if kind == "tally" and isinstance(body, dict) and len(body) <= MAX_ENTRIES:
            tally = []
            for target, count in body.items():
                t, n = _int(target), _int(count)
                if t is None or n is None or isinstance(target, str) or isinstance(count, str):
                    raise ChoiceForm(f"a tally line is SEAT: COUNT, not {_short({target: count})}")
                tally.append((t, n))
            return Choice(step, tally=tuple(tally))
    raise ChoiceForm("the day's vote must be a seat, none, {ballots: {VOTER: SEAT or none}} or "
                     f"{{tally: {{SEAT: COUNT}}}}, not {_short(raw)}")
