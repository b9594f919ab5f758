"""The history as a file: exported as versioned JSON, imported back by merging (a game already kept under the same
key is replaced by the file's, every other game is added). A bad file is refused whole, with what is wrong."""

from __future__ import annotations

import json
from typing import Any

from narrator.game.history import GameRecord, SeatRecord, game_json
from narrator.game.historystore import HistoryStore

FORMAT = "wolfcall-history"
VERSION = 1
MAX_FILE = 8 << 20  # bytes of a history file; a thousand games take well under 2 MB
MAX_GAMES = 20_000


class HistoryFileError(Exception):
    """A history file that cannot be imported; the message names what is wrong and where. `rule` and `params`
    say the same for a page to put in its own words: json (line, column), text, size (max), format, version
    (version), games (max), missing (where, key), type (where, key, wanted), object (where)."""

    def __init__(self, message: str, rule: str, **params: Any) -> None:
        super().__init__(message)
        self.rule, self.params = rule, params

    def placed(self, name: str) -> HistoryFileError:
        """The same, its message led by the file's name."""
        return HistoryFileError(f"{name}: {self}", self.rule, **self.params)


WANTED = {str: "text", int: "a whole number", bool: "true or false", list: "a list", dict: "an object"}
KINDS = {str: "text", int: "whole", bool: "bool", list: "list", dict: "object"}  # the page's words: history.file.*


def export(store: HistoryStore, account: int | None = None) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "games": [game_json(g) for g in store.games(account)]}


def dumps(store: HistoryStore, account: int | None = None) -> str:
    return json.dumps(export(store, account), ensure_ascii=False, indent=1)


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise HistoryFileError(f"{where}: '{key}' is missing", "missing", where=where, key=key)
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, float, (int, float))):
        wanted = WANTED.get(kind, "a number") if isinstance(kind, type) else "a number"
        raise HistoryFileError(f"{where}: '{key}' should be {wanted}, not {json.dumps(value)[:40]}", "type",
                               where=where, key=key,
                               wanted=KINDS.get(kind, "number") if isinstance(kind, type) else "number")
    return value


def _seat(data: Any, where: str) -> SeatRecord:
    if not isinstance(data, dict):
        raise HistoryFileError(f"{where}: a seat is an object", "object", where=where)
    account = data.get("account")
    if account is not None and (not isinstance(account, int) or isinstance(account, bool)):
        raise HistoryFileError(f"{where}: 'account' should be a whole number or null", "type", where=where,
                               key="account", wanted="whole")
    return SeatRecord(_field(data, "seat", int, where), _field(data, "name", str, where)[:96],
                      _field(data, "role", str, where), _field(data, "dealt", str, where),
                      _field(data, "side", str, where), _field(data, "won", bool, where),
                      _field(data, "alive", bool, where), _field(data, "voted_out", bool, where), account)


def _game(data: Any, where: str) -> GameRecord:
    if not isinstance(data, dict):
        raise HistoryFileError(f"{where}: a game is an object", "object", where=where)
    seats = _field(data, "seats", list, where)
    log = _field(data, "log", list, where)
    if not all(isinstance(e, dict) for e in log):
        raise HistoryFileError(f"{where}: every entry of 'log' is an object", "object", where=f"{where}.log")
    return GameRecord(_field(data, "key", str, where), float(_field(data, "ended", (int, float), where)),
                      _field(data, "ruleset", str, where), _field(data, "mode", str, where),
                      _field(data, "winner", str, where), _field(data, "reason", str, where),
                      _field(data, "nights", int, where), _field(data, "days", int, where),
                      tuple(_seat(s, f"{where}.seats[{i}]") for i, s in enumerate(seats)), tuple(log))


def parse(raw: bytes, name: str = "the file") -> list[GameRecord]:
    """The games of a history file; HistoryFileError naming the file and what is wrong."""
    if len(raw) > MAX_FILE:
        raise HistoryFileError(f"{name}: {len(raw)} bytes is more than a history file may hold ({MAX_FILE})", "size",
                               max=MAX_FILE >> 20)
    try:
        doc = json.loads(raw)
    except UnicodeDecodeError as exc:
        raise HistoryFileError(f"{name}: not JSON ({exc})", "text") from None
    except ValueError as exc:
        line, column = getattr(exc, "lineno", 1), getattr(exc, "colno", 1)
        raise HistoryFileError(f"{name}: not JSON ({exc})", "json", line=line, column=column) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise HistoryFileError(f"{name}: not a wolfcall history file ('format' is not {FORMAT!r})", "format")
    if doc.get("version") != VERSION:
        raise HistoryFileError(f"{name}: version {doc.get('version')!r} is not one this wolfcall reads ({VERSION})",
                               "version", version=str(doc.get("version"))[:20])
    games = _field(doc, "games", list, name)
    if len(games) > MAX_GAMES:
        raise HistoryFileError(f"{name}: {len(games)} games is more than {MAX_GAMES}", "games", max=MAX_GAMES)
    try:
        return [_game(g, f"games[{i}]") for i, g in enumerate(games)]
    except HistoryFileError as exc:
        raise exc.placed(name) from None


def merge(store: HistoryStore, games: list[GameRecord]) -> tuple[int, int]:
    """Add the file's games (checked whole first, by `parse`): how many were new, how many replaced one kept."""
    kept = {g.key for g in store.games()}
    for game in games:
        store.add_game(game)
    replaced = sum(1 for g in games if g.key in kept)
    return len(games) - replaced, replaced
