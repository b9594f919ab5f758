"""config.yaml: the defaults a group edits once. A bad value names the file, the line and the key."""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
from dataclasses import dataclass, field
from gettext import gettext as _
from pathlib import Path
from typing import Any

from engine import HouseError, HouseRules, parse_house
from narrator.paths import config_dir
from narrator.resources import CONFIG
from narrator.speech.scenes import LANGUAGES
from narrator.yamlfile import MarkedDict, YamlError, cut, cut_path, os_reason, shown
from narrator.yamlfile import load as load_yaml

# what narrator/audio/table.py build_speaker plays through (file: no sound card, only --out); the CLI's --audio
# offers the same set (tests/cli/test_main.py)
AUDIO = ("auto", "miniaudio", "simpleaudio", "aplay", "pw-play", "file", "none")
DEVICE = "default"  # config.yaml `audio_device`: the system's default output
SOUND_KEYS = ("audio_device", "volume")  # what the page's Sound section writes back (save_sound)
LAYER_KEYS = ("voice_volume", "bed_volume", "cue_volume")  # each layer of the mix, 0 to 100 (narrator/audio/mixer.py)
LAYER_DEFAULTS = {"voice_volume": 100, "bed_volume": 60, "cue_volume": 80}
CONFIG_HELP = "the config file (default: ./config.yaml, else ~/.config/wolfcall/config.yaml, else the defaults)"
SPEEDS = (0.1, 10_000.0)  # --speed: from ten times slower to ten thousand times faster (tests run at 300-1500)


class ConfigError(YamlError):
    """A config.yaml value that cannot be used."""


class OptionError(Exception):
    """A command-line option that cannot be used, found before the game starts (exit 2). With a `key`, the same
    in the table's language: the page's string `cli.<key>` filled with `params` (narrator/cli/language.py)."""

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key, self.params = key, params


# -- command-line values, checked by argparse (`type=`) before anything is done with them --------------
def port_number(text: str) -> int:
    """A TCP port, 1 to 65535."""
    try:
        port = int(text) if len(text) <= 10 else -1
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("%(value)s is not a port number (1 to 65535)") % {"value": cut(text, 20)})
    return port


def seed_number(text: str) -> int:
    """A deal's seed: a whole number from -2**63 to 2**63-1."""
    try:
        seed = int(text) if len(text) <= 25 else None
    except ValueError:
        seed = None
    if seed is None or not -2**63 <= seed < 2**63:
        raise argparse.ArgumentTypeError(_("%(value)s is not a seed (a whole number from -2**63 to 2**63-1)")
                                         % {"value": cut(text, 30)})
    return seed


def speed_factor(text: str) -> float:
    """How many times faster the clock runs: a finite number within SPEEDS."""
    try:
        speed = float(text.replace(",", ".")) if len(text) <= 40 else math.nan  # "0,5" as a Spanish table writes it
    except ValueError:
        speed = math.nan
    low, high = SPEEDS
    if not (math.isfinite(speed) and low <= speed <= high):
        raise argparse.ArgumentTypeError(_("%(value)s is not a speed (a number from %(low)s to %(high)s)")
                                         % {"value": cut(text, 30), "low": decimal(low), "high": decimal(high)})
    return speed


def decimal(x: float) -> str:
    """`x` as the command line's language writes it (CLDR's way, with Babel): "0.1", "0,1"; no grouping ("10000")."""
    from babel.numbers import format_decimal

    lang = os.environ.get("LANGUAGE", "en").split(":")[0]  # set by narrator.cli.language.speaking
    return str(format_decimal(x, locale=lang if lang in LANGUAGES else "en", group_separator=False))


def player_count(count: int, ruleset_id: str, option: str = "--players", ruleset_hint: bool = False) -> int:
    """`count` if the ruleset allows that many players, else OptionError naming the rule's range; with
    `ruleset_hint` (a command that takes --ruleset), a count only the extended rules allow says so."""
    from engine import ruleset

    rules, more = ruleset(ruleset_id), ruleset("extended")
    if not rules.min_players <= count <= rules.max_players:
        hint = ruleset_hint and rules.id != more.id and more.min_players <= count <= more.max_players
        raise OptionError(f"{option}: the {rules.id} rules are for {rules.min_players} to {rules.max_players} "
                          f"players, not {shown(count)}" + (f"; with --ruleset extended, {more.min_players} to "
                                                            f"{more.max_players}" if hint else ""),
                          "option.players_extended" if hint else "option.players", option=option,
                          rules=f"cli.rules.{rules.id}", low=rules.min_players, high=rules.max_players, n=shown(count),
                          least=more.min_players, most=more.max_players, flag=f"--ruleset {more.id}")
    return count


def check_output(path: Path, option: str, *, make_folders: bool = False) -> None:
    """Refuse, before a game is played for it, a file that could not be written at the end: a folder
    given for a file, or a missing folder (`make_folders`: the first existing one must be a folder)."""
    shown_path = cut_path(path)
    if path.is_dir():
        raise OptionError(f"{option} {shown_path}: is a folder; give a file name", "option.folder", option=option,
                          path=shown_path)
    folder = path.parent
    while make_folders and not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.exists():
        raise OptionError(f"{option} {shown_path}: the folder {cut_path(folder)} does not exist", "option.no_folder",
                          option=option, path=shown_path, folder=cut_path(folder))
    if not folder.is_dir():
        raise OptionError(f"{option} {shown_path}: {cut_path(folder)} is not a folder", "option.not_folder",
                          option=option, path=shown_path, folder=cut_path(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OptionError(f"{option} {shown_path}: cannot write in the folder {cut_path(folder)}", "option.read_only",
                          option=option, path=shown_path, folder=cut_path(folder))


@dataclass
class Config:
    language: str = "en"
    voice: str = "joe"
    ruleset: str = "classic"
    players: int = 9
    house: HouseRules = field(default_factory=HouseRules)
    scripts: Path | None = None
    audio: str = "auto"
    audio_device: str = DEVICE  # miniaudio's output, by name (narrator/audio/outputs.py), or "default"
    volume: int = 100  # 0 to 100
    layers: dict[str, int] = field(default_factory=lambda: dict(LAYER_DEFAULTS))  # voice, bed, cues: 0 to 100
    web_port: int = 8765
    path: Path | None = None


def _choice(doc: MarkedDict, where: str, key: str, value: Any, allowed: tuple[Any, ...]) -> Any:
    if value not in allowed:
        names = ", ".join("off" if a is None else str(a) for a in allowed)
        said = shown(value) if isinstance(value, list | dict) else f"'{cut(str(value))}'"
        raise ConfigError(where, doc.line_of(key), f"{key}: {said} is not one of {names}")
    return value


def user_config() -> Path:
    """The user's own config.yaml: $XDG_CONFIG_HOME/wolfcall/config.yaml, else ~/.config/wolfcall/config.yaml."""
    return config_dir() / "config.yaml"


def config_file(folder: Path = Path()) -> Path | None:
    """The config.yaml in use in `folder` (the one stood in): its own, else the user's (user_config); None: neither
    is there, so the defaults (the shipped config.yaml says them)."""
    return next((path for path in (folder / "config.yaml", user_config()) if path.is_file()), None)


def config_in_use(folder: Path = Path()) -> str:
    """Which config.yaml is read in `folder`, in one line (`wolfcall doctor`, `wolfcall service install`)."""
    path = config_file(folder)
    if path is not None:
        return f"config: {path.absolute()}"
    return (f"config: the defaults (no config.yaml in {folder.absolute()} nor {user_config()}); the page's Sound "
            f"section writes {user_config()}")


def config_target(cfg: Config) -> Path:
    """Where what the page changes is written: the file that was read, else the user's config.yaml."""
    return cfg.path or user_config()


def load_config(path: Path | None = None) -> Config:
    """Read `path` (--config), else config_file(); without either, the defaults."""
    path = path or config_file()
    if path is None:
        return Config()
    doc = load_yaml(path)
    where = str(path)
    if doc is None:
        return Config(path=path)
    if not isinstance(doc, MarkedDict):
        raise ConfigError(where, 1, "config.yaml must be a mapping of settings")
    known = {"language", "voice", "ruleset", "players", "house_rules", "scripts", "audio", "web_port", *SOUND_KEYS,
             *LAYER_KEYS}
    for key in doc:
        if key not in known:
            raise ConfigError(where, doc.line_of(key),
                              f"{cut(str(key))}: unknown setting (known: {', '.join(sorted(known))})")
    cfg = Config(path=path)
    cfg.language = _choice(doc, where, "language", doc.get("language", "en"), LANGUAGES)
    cfg.voice = str(doc.get("voice", "joe"))
    cfg.ruleset = _choice(doc, where, "ruleset", doc.get("ruleset", "classic"), ("classic", "extended"))
    cfg.players = _players(doc, where, cfg.ruleset)
    cfg.audio = _choice(doc, where, "audio", doc.get("audio", "auto"), AUDIO)
    cfg.audio_device, cfg.volume = _sound(doc, where)
    for key in LAYER_KEYS:
        try:
            cfg.layers[key] = volume_level(doc.get(key, LAYER_DEFAULTS[key]))
        except ValueError as exc:
            raise ConfigError(where, doc.line_of(key), f"{key}: {exc}") from None
    port = doc.get("web_port", 8765)
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise ConfigError(where, doc.line_of("web_port"), f"web_port: {shown(port)} is not a port number (1 to 65535)")
    cfg.web_port = port
    if doc.get("scripts"):
        cfg.scripts = (path.parent / str(doc["scripts"])).resolve()
    cfg.house = _house(doc.get("house_rules") or MarkedDict(), where, cfg.ruleset)
    return cfg


def audio_device(value: Any) -> str:
    """A device name as config.yaml keeps it; ValueError saying why not."""
    if not isinstance(value, str) or not value.strip() or len(value) > 200 or not value.isprintable():
        raise ValueError(f"{shown(value)} is not a sound device (a name the page lists, or default)")
    return " ".join(value.split())


def volume_level(value: Any) -> int:
    """A volume, 0 to 100; ValueError saying why not."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise ValueError(f"{shown(value)} is not a volume (a whole number from 0 to 100)")
    return value


def _sound(doc: MarkedDict, where: str) -> tuple[str, int]:
    out: list[Any] = []
    for key, check, default in (("audio_device", audio_device, DEVICE), ("volume", volume_level, 100)):
        value = doc.get(key, default)
        try:
            out.append(check(DEVICE if value is None and key == "audio_device" else value))
        except ValueError as exc:
            raise ConfigError(where, doc.line_of(key), f"{key}: {exc}") from None
    return out[0], out[1]


def save_sound(path: Path, device: str, volume: int) -> None:
    """Write `audio_device` and `volume` into config.yaml (save_keys)."""
    save_keys(path, {"audio_device": _yaml_text(audio_device(device)), "volume": str(volume_level(volume))})


def save_layers(path: Path, layers: dict[str, int]) -> None:
    """Write each layer's volume (`voice_volume`, `bed_volume`, `cue_volume`) into config.yaml (save_keys)."""
    save_keys(path, {key: str(volume_level(layers[key])) for key in LAYER_KEYS if key in layers})


def save_keys(path: Path, values: dict[str, str]) -> None:
    """Write these keys (their values as YAML text) into config.yaml, changing only their lines (a key not
    there yet is added at the end): every other line and every comment stays as the group wrote it. The file
    is replaced whole, never left half-written (a Pi unplugged mid-write keeps the old one). A file not there
    yet (the user's first) starts as the shipped config.yaml, every setting commented, in a folder made for it."""
    target = path.resolve()
    try:
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
        text = (target if target.exists() else CONFIG).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) else str(exc)
        raise ConfigError(str(path), None, _("cannot read: %s") % reason) from None
    lines = text.splitlines(keepends=True)
    for key, value in values.items():
        found = False
        for i, line in enumerate(lines):
            if line.startswith(f"{key}:"):
                lines[i] = _with_value(line, key, value)
                found = True
        if not found:
            if lines and not lines[-1].endswith("\n"):
                lines[-1] += "\n"
            lines.append(f"{key}: {value}\n")
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text("".join(lines), encoding="utf-8")
        if target.exists():
            shutil.copymode(target, temporary)
        os.replace(temporary, target)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise ConfigError(str(path), None, f"cannot write: {exc.strerror or exc}") from None


def _yaml_text(value: str) -> str:
    """A string as a YAML value on one line: plain when YAML reads it back as the same string, else quoted."""
    from narrator.yamlfile import loads

    try:
        plain = value if loads(f"k: {value}").get("k") == value and "#" not in value else None
    except YamlError:
        plain = None
    return plain if plain is not None else json.dumps(value, ensure_ascii=False)


def _with_value(line: str, key: str, value: str) -> str:
    """`line` (`key: old   # comment`) with `value` for `old`; the comment kept, at its column when it fits."""
    body = line.rstrip("\r\n")
    ending = line[len(body):]
    rest = body[len(key) + 1:]
    comment = _comment_at(rest)
    if comment is None:
        return f"{key}: {value}{ending}"
    head = f"{key}: {value}"
    gap = max(len(key) + 1 + comment - len(head), 1)
    return f"{head}{' ' * gap}{rest[comment:]}{ending}"


def _comment_at(rest: str) -> int | None:
    """Where a YAML comment starts in a line's value part (a # after a space, outside quotes)."""
    quote = ""
    for i, ch in enumerate(rest):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"" and not rest[:i].strip():
            quote = ch
        elif ch == "#" and (i == 0 or rest[i - 1].isspace()):
            return i
    return None


def _players(doc: MarkedDict, where: str, ruleset_id: str) -> int:
    """The default player count, within the ruleset's own range."""
    from engine import ruleset

    rules = ruleset(ruleset_id)
    players = doc.get("players", rules.default_players)
    if not isinstance(players, int) or isinstance(players, bool) \
            or not rules.min_players <= players <= rules.max_players:
        raise ConfigError(where, doc.line_of("players"), f"players: {shown(players)} is not a player count for "
                          f"the {rules.id} rules ({rules.min_players} to {rules.max_players})")
    return players


def _house(doc: Any, where: str, ruleset_id: str) -> HouseRules:
    """The house rules through the engine's one parser: a rule belongs to its ruleset."""
    if not isinstance(doc, MarkedDict):
        raise ConfigError(where, 1, "house_rules: must be a mapping")
    try:
        return parse_house(ruleset_id, doc)
    except HouseError as exc:
        line = doc.line_of(exc.key) if exc.key in doc else 1
        raise ConfigError(where, line, f"house_rules.{exc}") from None
