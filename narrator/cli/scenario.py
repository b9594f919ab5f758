"""Scenario files: a game's setup and its choices, played headless (`wolfcall simulate`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine import Choice, Game, HouseError, HouseRules, parse_house
from narrator.game.choices import ChoiceForm, read_choice
from narrator.names import MAX_PLAYERS, NameProblem, clean_gender, clean_names
from narrator.yamlfile import MAX_BYTES, MarkedDict, YamlError, cut, line_of, shown
from narrator.yamlfile import load as load_yaml

KEYS = {"ruleset", "house_rules", "mode", "seed", "players", "roles", "extra_cards", "steps", "description",
        "expect"}
MODES = ("one_device", "round_table", "own_devices")


class Malformed(YamlError):
    """The file is not a scenario (exit 2)."""


class HouseRefused(Exception):
    """A house rule with a value the rules do not allow (exit 3, like any refused setup)."""


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
    genders: list[str] = field(default_factory=list)  # how each player is spoken of ("f", "m", "" not said)
    roles: list[str] | None = None
    extra: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)


def parse(path: str | Path) -> Scenario:
    """Read a scenario file; Malformed (exit 2) names the file, the line and the key.

    The file is read only up to 1 MB and aliases may not blow it up (see yamlfile), and every value a
    message quotes is cut short, so a bad file costs bounded time and memory.
    """
    doc = load_yaml(path, max_bytes=MAX_BYTES)
    where = str(path)
    if not isinstance(doc, MarkedDict):
        raise Malformed(where, line_of(doc, 1), "a scenario is a mapping with players and steps")

    def bad(key: str, message: str, line: int | None = None) -> Malformed:
        return Malformed(where, line or doc.line_of(key), f"{key}: {message}")

    for key in doc:
        if key not in KEYS:
            raise bad(cut(str(key)), f"unknown key (known: {', '.join(sorted(KEYS - {'description', 'expect'}))})",
                      doc.line_of(key))
    sc = Scenario(where)
    sc.ruleset = str(doc.get("ruleset", "classic"))
    if sc.ruleset not in engine.RULESETS:
        raise bad("ruleset", f"unknown ruleset {shown(doc.get('ruleset'))} (classic or extended)")
    sc.mode = str(doc.get("mode", "one_device"))
    if sc.mode not in MODES:
        raise bad("mode", f"unknown mode {shown(doc.get('mode'))} ({', '.join(MODES)})")
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not -2**63 <= seed < 2**63:
        raise bad("seed", f"must be a whole number from -2**63 to 2**63-1, not {shown(seed)}")
    sc.seed = seed
    sc.house = _house(sc.ruleset, doc.get("house_rules") or {}, where, doc.line_of("house_rules"))
    sc.players = _players(doc.get("players"), bad)
    raw = doc.get("players")
    sc.genders = [str(n.get("gender") or "").casefold() if isinstance(n, dict) else "" for n in raw] \
        if isinstance(raw, list) else []
    if "roles" in doc:
        roles = doc["roles"]
        if not isinstance(roles, list) or not all(isinstance(r, str) for r in roles):
            raise bad("roles", "must be a list of role ids in seat order")
        for r in roles:
            if r not in engine.roles_known():
                raise bad("roles", f"unknown role {shown(r)}", line_of(r) or None)
        sc.roles = [str(r) for r in roles]
    if "extra_cards" in doc:
        extra = doc["extra_cards"]
        if not isinstance(extra, list) or len(extra) != 2 or not all(isinstance(r, str) for r in extra):
            raise bad("extra_cards", "must be a list of the thief's two cards: [card, card]")
        for r in extra:
            if r not in engine.roles_known():
                raise bad("extra_cards", f"unknown role {shown(r)}", line_of(r) or None)
        sc.extra = [str(r) for r in extra]
    if sc.roles is not None and "thief" in sc.roles and not sc.extra:
        raise bad("roles", "a thief is dealt: give his two face-down cards as extra_cards: [card, card]")
    sc.steps = _steps(doc.get("steps") or [], bad)
    return sc


def _players(value: Any, bad: Any) -> list[str]:
    """The seats: a count (checked against a sane bound before anything is allocated) or names."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= MAX_PLAYERS:
            raise bad("players", f"{shown(value)} is not a player count (a count from 1 to {MAX_PLAYERS}, "
                                 f"or a list of names)")
        return [""] * value
    if isinstance(value, list) and len(value) > MAX_PLAYERS:
        raise bad("players", f"a list of {len(value)} names (at most {MAX_PLAYERS})")
    if isinstance(value, list) and value and all(_named(n) for n in value):
        try:
            names = clean_names([n.get("name") if isinstance(n, dict) else n for n in value])
            for seat, n in enumerate(value, 1):
                clean_gender(n.get("gender") if isinstance(n, dict) else None, seat)
        except NameProblem as exc:
            raise bad("players", str(exc)) from None
        return names
    raise bad("players", "must be a count (9) or a list of names in seat order (a name, or {name: Ana, gender: f})")


def _named(item: Any) -> bool:
    """A seat of `players:`: a name, or {name: Ana, gender: f} (how the narrator speaks of her)."""
    if isinstance(item, dict):
        return set(item) <= {"name", "gender"} and isinstance(item.get("name"), str)
    return isinstance(item, str | int) and not isinstance(item, bool)


def _house(rules: str, value: Any, where: str, line: int) -> HouseRules:
    if not isinstance(value, dict):
        raise Malformed(where, line, "house_rules: must be a mapping")
    try:
        return parse_house(rules, value)
    except HouseError as exc:
        at = value.line_of(exc.key) if isinstance(value, MarkedDict) and exc.key in value else line
        if exc.unknown:
            raise Malformed(where, at, f"house_rules: {exc}") from None
        raise HouseRefused(f"{where}:{at}: house_rules: {exc}") from None


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
    """Read a step's choice by its shape; a malformed one is exit 2."""
    if step.step == "rematch":
        return Choice("rematch")
    try:
        return read_choice(game.state, step.step, step.raw)
    except ChoiceForm as exc:
        raise StepError(2, f"{where}:{step.line}: step {index} ({step.step}): {exc}") from None


def run(sc: Scenario) -> Game:
    """Play the scenario's steps; StepError on the first one that cannot be played."""
    try:
        game = Game.new(sc.players, ruleset=sc.ruleset, house=sc.house, seed=sc.seed, mode=sc.mode, roles=sc.roles,
                        extra=sc.extra)
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
    out: dict[str, Any] = {
        "status": "over" if s.over else "waiting",
        "next": s.current.step if s.current else None,
        "winner": s.winner,
        "reason": s.reason,
        "alive": sorted(s.alive),
        "roles": list(s.roles),
        "log": [e.to_json() for e in s.log],
    }
    if s.extended:
        from engine.roles.cupid import lovers
        from engine.roles.pied_piper import charmed

        pair = lovers(s)
        out.update({"captain": s.captain, "lovers": sorted(pair) if pair else None, "charmed": charmed(s),
                    "wolves": sorted(s.wolves & s.alive)})
    return out
