"""House rules: the choices a group makes before the game, and the one parser every part uses.

config.yaml, scenario files, the page and a journal's header all read house rules through
`parse_house`, so a rule belongs to its ruleset everywhere: the classic game has no
`witch_one_potion_per_night` to switch off and no captain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

WIN_MODES = ("number", "side")
STEP_SECONDS = (0, 4, 6, 10)
DAY_TIMER_MINUTES = (None, 3, 5, 8)

# which rules each ruleset has; the others are not rules of that game
RULES_OF = {
    "classic": ("win", "witch_self_heal_first_night", "step_seconds", "day_timer_minutes"),
    "extended": ("win", "witch_self_heal_first_night", "step_seconds", "day_timer_minutes",
                 "witch_one_potion_per_night", "captain"),
}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The house rules in force (RULES.md, with their defaults)."""

    win: str = "number"  # number | side
    witch_self_heal_first_night: bool = True
    step_seconds: int = 6  # 0, 4, 6 or 10
    day_timer_minutes: int | None = None  # None (off), 3, 5 or 8
    witch_one_potion_per_night: bool = True  # classic: always; extended: a house rule (default no)
    captain: bool = False  # extended only

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class HouseError(ValueError):
    """A house rule that is unknown, not of this ruleset, or has a value it cannot take."""

    def __init__(self, key: str, message: str, unknown: bool = False) -> None:
        self.key = key
        self.unknown = unknown  # an unknown or foreign rule (malformed), not a value the rules refuse
        super().__init__(f"{key}: {message}")


def defaults(ruleset: str) -> HouseRules:
    if ruleset == "extended":
        return HouseRules(witch_one_potion_per_night=False)
    return HouseRules()


def _yes_no(key: str, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in ("yes", "no", "true", "false", "on", "off"):
        return raw.strip().lower() in ("yes", "true", "on")
    raise HouseError(key, f"must be yes or no, not {_short(raw)}")


def _short(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


def _one(key: str, raw: Any) -> Any:
    if key == "win":
        if raw not in WIN_MODES:
            raise HouseError(key, f"must be 'number' or 'side', not {_short(raw)}")
        return raw
    if key == "step_seconds":
        if isinstance(raw, bool) or raw not in STEP_SECONDS:
            raise HouseError(key, f"must be 0, 4, 6 or 10, not {_short(raw)}")
        return raw
    if key == "day_timer_minutes":
        if raw in (None, False, "off", 0):
            return None
        if isinstance(raw, bool) or raw not in DAY_TIMER_MINUTES:
            raise HouseError(key, f"must be off, 3, 5 or 8 minutes, not {_short(raw)}")
        return raw
    return _yes_no(key, raw)


def parse_house(ruleset: str, values: Mapping[str, Any], base: HouseRules | None = None) -> HouseRules:
    """House rules for `ruleset` from plain values (YAML, JSON); unknown or foreign keys are refused."""
    if ruleset not in RULES_OF:
        raise HouseError("ruleset", f"unknown ruleset {_short(ruleset)}")
    known = RULES_OF[ruleset]
    base = base or defaults(ruleset)
    out: dict[str, Any] = {}
    for key, raw in values.items():
        if key not in known and key in HouseRules.__dataclass_fields__ and raw == getattr(defaults(ruleset), key):
            continue  # a rule of another ruleset, at the only value this one knows (a journal's full header)
        if key not in known:
            other = [r for r, keys in RULES_OF.items() if key in keys and r != ruleset]
            if other:
                raise HouseError(str(key), f"is a rule of the {other[0]} ruleset, not of the {ruleset} one", True)
            raise HouseError(str(key), f"unknown house rule (known: {', '.join(known)})", True)
        out[key] = _one(key, raw)
    return replace(base, **out)


def check_house(ruleset: str, house: HouseRules) -> None:
    """Refuse house rules that `ruleset` does not allow (a HouseRules built by hand)."""
    if ruleset not in RULES_OF:
        raise HouseError("ruleset", f"unknown ruleset {_short(ruleset)}")
    base = defaults(ruleset)
    for f in fields(house):
        value = getattr(house, f.name)
        if f.name in RULES_OF[ruleset]:
            _one(f.name, value)
        elif value != getattr(base, f.name):
            raise HouseError(f.name, f"is a rule of the extended ruleset, not of the {ruleset} one")
