"""Scenario files: a game's setup and its choices, played headless (`wolfcall simulate`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine import Choice, Game, HouseRules
from engine.roles.witch import heal_victim

from .yamlfile import MarkedDict, YamlError, line_of
from .yamlfile import load as load_yaml

KEYS = {"ruleset", "house_rules", "mode", "seed", "players", "roles", "steps", "description", "expect"}
MODES = ("one_device", "round_table", "own_devices")
HOUSE_KEYS = {"win", "witch_self_heal_first_night", "step_seconds", "day_timer_minutes", "witch_one_potion_per_night"}


class Malformed(YamlError):
    """The file is not a scenario (exit 2)."""


class StepError(Exception):
    """A step the engine refused; `code` is the exit code (2: out of turn / unknown, 3: the rules)."""

    def __init__(self, code: int, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass
class Step:
    line: int
    step: str
    raw: Any = None  # the choice as written; None for undo / rematch


@dataclass
class Scenario:
    path: str
    ruleset: str = "classic"
    house: HouseRules = field(default_factory=HouseRules)
    mode: str = "one_device"
    seed: int = 0
    players: list[str] = field(default_factory=list)
    roles: list[str] | None = None
    steps: list[Step] = field(default_factory=list)


def parse(path: str | Path) -> Scenario:
    doc = load_yaml(path)
    where = str(path)
    if not isinstance(doc, MarkedDict):
        raise Malformed(where, line_of(doc, 1), "a scenario is a mapping with players and steps")

    def bad(key: str, message: str, line: int | None = None) -> Malformed:
        return Malformed(where, line or doc.line_of(key), f"{key}: {message}")

    for key in doc:
        if key not in KEYS:
            raise bad(str(key), f"unknown key (known: {', '.join(sorted(KEYS - {'description', 'expect'}))})")
    sc = Scenario(where)
    sc.ruleset = str(doc.get("ruleset", "classic"))
    if sc.ruleset not in engine.RULESETS:
        if sc.ruleset == "extended":
            raise bad("ruleset", "the extended ruleset is not available yet in this version")
        raise bad("ruleset", f"unknown ruleset '{sc.ruleset}' (classic or extended)")
    sc.mode = str(doc.get("mode", "one_device"))
    if sc.mode not in MODES:
        raise bad("mode", f"unknown mode '{sc.mode}' ({', '.join(MODES)})")
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad("seed", "must be a whole number")
    sc.seed = seed
    sc.house = _house(doc.get("house_rules") or {}, where, doc.line_of("house_rules"))
    sc.players = _players(doc.get("players"), bad)
    if "roles" in doc:
        roles = doc["roles"]
        if not isinstance(roles, list) or not all(isinstance(r, str) for r in roles):
            raise bad("roles", "must be a list of role ids in seat order")
        for r in roles:
            if r not in engine.roles_known():
                raise bad("roles", f"unknown role '{r}'", line_of(r) or None)
        sc.roles = [str(r) for r in roles]
    sc.steps = _steps(doc.get("steps") or [], bad)
    return sc


def _players(value: Any, bad: Any) -> list[str]:
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 1:
            raise bad("players", "must be a count or a list of names")
        return [""] * value
    if isinstance(value, list) and value and all(isinstance(n, str | int) for n in value):
        names = [str(n).strip() for n in value]
        if any(not n for n in names):
            raise bad("players", "a player's name is empty")
        if len(set(n.casefold() for n in names)) != len(names):
            raise bad("players", "two players have the same name")
        return names
    raise bad("players", "must be a count (9) or a list of names in seat order")


def _house(value: Any, where: str, line: int) -> HouseRules:
    if not isinstance(value, dict):
        raise Malformed(where, line, "house_rules: must be a mapping")
    rules: dict[str, Any] = {}
    for key, raw in value.items():
        at = value.line_of(key) if isinstance(value, MarkedDict) else line
        if key not in HOUSE_KEYS:
            raise Malformed(where, at, f"house_rules: unknown rule '{key}' (known: {', '.join(sorted(HOUSE_KEYS))})")
        if key in ("witch_self_heal_first_night", "witch_one_potion_per_night"):
            rules[key] = _yes_no(raw, where, at, key)
        elif key == "day_timer_minutes":
            rules[key] = None if raw in (False, None, "off", 0) else raw
        elif key == "step_seconds":
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise Malformed(where, at, f"house_rules: {key} must be 0, 4, 6 or 10")
            rules[key] = raw
        else:
            rules[key] = str(raw)
    return HouseRules(**rules)


def _yes_no(raw: Any, where: str, line: int, key: str) -> bool:
    if isinstance(raw, bool):
        return raw
    if str(raw).lower() in ("yes", "no"):
        return str(raw).lower() == "yes"
    raise Malformed(where, line, f"house_rules: {key} must be yes or no")


def _steps(value: Any, bad: Any) -> list[Step]:
    if not isinstance(value, list):
        raise bad("steps", "must be a list of [step, choice]")
    out = []
    for i, item in enumerate(value, 1):
        line = line_of(item, 0) or line_of(value, 0)
        if not isinstance(item, list) or not item or not isinstance(item[0], str):
            raise bad("steps", f"step {i} must be [step, choice], [undo] or [rematch]", line)
        if item[0] in ("undo", "rematch"):
            if len(item) != 1:
                raise bad("steps", f"step {i}: [{item[0]}] takes no choice", line)
            out.append(Step(line, str(item[0])))
            continue
        if len(item) != 2:
            raise bad("steps", f"step {i} must be [step, choice]", line)
        out.append(Step(line, str(item[0]), item[1]))
    return out


def to_choice(game: Game, step: Step, where: str, index: int) -> Choice:
    """Read a step's choice as the engine's Choice; a malformed one is exit 2."""
    raw, sid = step.raw, step.step

    def bad(message: str) -> StepError:
        return StepError(2, f"{where}:{step.line}: step {index} ({sid}): {message}")

    if raw is None or (isinstance(raw, str) and raw.lower() in ("none", "pass", "nobody")):
        return Choice(sid)
    if sid == "witch":
        if raw == "heal":
            return Choice(sid, heal=heal_victim(game.state))
        if isinstance(raw, dict) and raw and set(raw) <= {"heal", "poison"} and all(
                isinstance(v, int) and not isinstance(v, bool) for v in raw.values()):
            return Choice(sid, heal=raw.get("heal"), poison=raw.get("poison"))
        raise bad(f"the witch's choice must be pass, heal, {{heal: SEAT}}, {{poison: SEAT}} "
                  f"or {{heal: SEAT, poison: SEAT}}, not {raw!r}")
    if isinstance(raw, int) and not isinstance(raw, bool):
        return Choice(sid, target=raw)
    raise bad(f"the choice must be a seat number or none, not {raw!r}")


def run(sc: Scenario) -> Game:
    """Play the scenario's steps; StepError on the first one that cannot be played."""
    try:
        game = Game.new(sc.players, ruleset=sc.ruleset, house=sc.house, seed=sc.seed, mode=sc.mode, roles=sc.roles)
    except engine.Refused as exc:
        raise StepError(3, f"{sc.path}: setup refused: {exc}") from None
    except engine.Unknown as exc:
        raise StepError(2, f"{sc.path}: {exc}") from None
    for index, step in enumerate(sc.steps, 1):
        at = f"{sc.path}:{step.line}: step {index} ({step.step})"
        try:
            if step.step == "undo":
                game.undo()
                continue
            expected = game.state.current.step if game.state.current else None
            if step.step != "rematch" and step.step != expected:
                raise engine.WrongStep(expected, step.step)
            game.choose(to_choice(game, step, sc.path, index))
        except engine.WrongStep as exc:
            raise StepError(2, f"{at}: {exc}") from None
        except engine.Unknown as exc:
            raise StepError(2, f"{at}: {exc}") from None
        except engine.Refused as exc:
            raise StepError(3, f"{at}: refused: {exc}") from None
    return game


def result(game: Game) -> dict[str, Any]:
    """Contract 1's output object."""
    s = game.state
    return {
        "status": "over" if s.over else "waiting",
        "next": s.current.step if s.current else None,
        "winner": s.winner,
        "reason": s.reason,
        "alive": sorted(s.alive),
        "roles": list(s.roles),
        "log": [e.to_json() for e in s.log],
    }
