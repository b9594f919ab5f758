"""config.yaml: the defaults a group edits once. A bad value names the file, the line and the key."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import HouseRules
from engine.setup import DAY_TIMER_MINUTES, STEP_SECONDS, WIN_MODES

from .scenes import LANGUAGES
from .yamlfile import MarkedDict, YamlError
from .yamlfile import load as load_yaml

AUDIO = ("auto", "miniaudio", "simpleaudio", "aplay", "file", "none")


class ConfigError(YamlError):
    """A config.yaml value that cannot be used."""


@dataclass
class Config:
    language: str = "en"
    voice: str = "joe"
    ruleset: str = "classic"
    players: int = 9
    house: HouseRules = field(default_factory=HouseRules)
    scripts: Path | None = None
    audio: str = "auto"
    web_port: int = 8765
    path: Path | None = None


def _choice(doc: MarkedDict, where: str, key: str, value: Any, allowed: tuple[Any, ...]) -> Any:
    if value not in allowed:
        shown = ", ".join("off" if a is None else str(a) for a in allowed)
        raise ConfigError(where, doc.line_of(key), f"{key}: '{value}' is not one of {shown}")
    return value


def load_config(path: Path | None = None) -> Config:
    """Read `path`, or ./config.yaml when it exists, else the defaults."""
    if path is None:
        path = Path("config.yaml")
        if not path.exists():
            return Config()
    doc = load_yaml(path)
    where = str(path)
    if doc is None:
        return Config(path=path)
    if not isinstance(doc, MarkedDict):
        raise ConfigError(where, 1, "config.yaml must be a mapping of settings")
    known = {"language", "voice", "ruleset", "players", "house_rules", "scripts", "audio", "web_port"}
    for key in doc:
        if key not in known:
            raise ConfigError(where, doc.line_of(key), f"{key}: unknown setting (known: {', '.join(sorted(known))})")
    cfg = Config(path=path)
    cfg.language = _choice(doc, where, "language", doc.get("language", "en"), LANGUAGES)
    cfg.voice = str(doc.get("voice", "joe"))
    cfg.ruleset = _choice(doc, where, "ruleset", doc.get("ruleset", "classic"), ("classic",))
    cfg.players = _choice(doc, where, "players", doc.get("players", 9), tuple(range(6, 13)))
    cfg.audio = _choice(doc, where, "audio", doc.get("audio", "auto"), AUDIO)
    port = doc.get("web_port", 8765)
    if not isinstance(port, int) or not 1 <= port <= 65535:
        raise ConfigError(where, doc.line_of("web_port"), f"web_port: {port!r} is not a port number")
    cfg.web_port = port
    if doc.get("scripts"):
        cfg.scripts = (path.parent / str(doc["scripts"])).resolve()
    cfg.house = _house(doc.get("house_rules") or MarkedDict(), where)
    return cfg


def _house(doc: Any, where: str) -> HouseRules:
    if not isinstance(doc, MarkedDict):
        raise ConfigError(where, 1, "house_rules: must be a mapping")
    known = {"win", "witch_self_heal_first_night", "step_seconds", "day_timer_minutes"}
    for key in doc:
        if key not in known:
            raise ConfigError(where, doc.line_of(key), f"house_rules.{key}: unknown house rule")
    heal = doc.get("witch_self_heal_first_night", True)
    if not isinstance(heal, bool):
        raise ConfigError(where, doc.line_of("witch_self_heal_first_night"),
                          "house_rules.witch_self_heal_first_night: yes or no")
    timer = doc.get("day_timer_minutes")
    timer = None if timer in (False, None, "off", 0) else timer
    return HouseRules(
        win=_choice(doc, where, "win", doc.get("win", "number"), WIN_MODES),
        witch_self_heal_first_night=heal,
        step_seconds=_choice(doc, where, "step_seconds", doc.get("step_seconds", 6), STEP_SECONDS),
        day_timer_minutes=_choice(doc, where, "day_timer_minutes", timer, DAY_TIMER_MINUTES),
    )
