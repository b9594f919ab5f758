"""`wolfcall history`: the group's finished games and each player's numbers; export, import, rename, merge, delete."""

from __future__ import annotations

import argparse
import json
import sys
import time
from gettext import gettext as _
from pathlib import Path

from narrator.game.historyfile import HistoryFileError, dumps, merge, parse
from narrator.game.historystore import HistoryStore, open_history
from narrator.paths import data_dir


def _options(p: argparse.ArgumentParser, default: object) -> None:
    """The options every action takes, before the action's name or after it (`history show --lang de`); after it
    they override what was given before (`default` SUPPRESS keeps the earlier value)."""
    p.add_argument("--lang", choices=("en", "de", "es"), default=default,
                   help=_("the language of what is printed (default: config.yaml's)"))
    p.add_argument("--json", action="store_true", default=default, help=_("print the numbers as one JSON object"))
    p.add_argument("--last", type=int, default=default, help=_("how many of the last games to list (default 10)"))


def add_arguments(p: argparse.ArgumentParser) -> None:
    _options(p, None)
    p.set_defaults(json=False, last=10)
    after = argparse.ArgumentParser(add_help=False)
    _options(after, argparse.SUPPRESS)
    sub = p.add_subparsers(dest="action", metavar=_("ACTION"))
    sub.add_parser("show", parents=[after], help=_("the last games and every player's numbers (the default)"))
    ex = sub.add_parser("export", parents=[after], help=_("write the history to a JSON file"))
    ex.add_argument("file", metavar=_("file"))
    im = sub.add_parser("import", parents=[after], help=_("merge a history file into this one"))
    im.add_argument("file", metavar=_("file"))
    for name, what in (("rename", _("give a player's games a new name")),
                       ("merge", _("put a player's games under another"))):
        one = sub.add_parser(name, parents=[after], help=what)
        one.add_argument("old", metavar=_("old"))  # named in the table's words when it is missing
        one.add_argument("new", metavar=_("new"))
    de = sub.add_parser("delete", parents=[after], help=_("delete a game (its number as `history` lists it)"))
    de.add_argument("game", type=int, metavar=_("game"))


def percent(rate: float, lang: str = "en") -> str:
    """A share as the language writes it: "48%", "48 %" (CLDR's, through Babel)."""
    from babel.numbers import format_percent

    return format_percent(rate, locale=lang)


def show(store: HistoryStore, words: dict[str, str], last: int, as_json: bool, lang: str = "en") -> int:
    data = store.overview(last)
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(words["history.title"])
    if not data["games"]:
        print(words["history.empty"])
        return 0
    print(words["history.count"].format(n=data["count"]))
    print(f"\n{words['history.games']}")
    for g in data["games"]:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g["ended"]))
        players = ", ".join(f"{s['name'] or s['seat']} ({words.get('role.' + s['role'], s['role'])})"
                            for s in g["seats"])
        line = words["history.game_line"].format(when=when, winner=words.get(f"end.{g['winner']}", g["winner"]),
                                                 reason=words.get(f"reason.{g['reason']}", g["reason"]).rstrip("."),
                                                 nights=g["nights"], players=players)
        print(f"  #{g['id']} {line}")
    print(f"\n{words['history.players']}")
    for p in data["players"]:
        print(words["history.player_line"].format(name=p["name"], games=p["games"], wins=p["wins"],
                                                  rate=percent(p["win_rate"], lang), survived=p["survived"],
                                                  voted=p["voted_out"]))
        sides = ", ".join(f"{words['history.side.' + k]} {v['wins']}/{v['games']}" for k, v in p["sides"].items())
        roles = ", ".join(f"{words.get('role.' + k, k)} {v['wins']}/{v['games']}" for k, v in p["roles"].items())
        print(words["history.sides_line"].format(sides=sides))
        print(words["history.roles_line"].format(roles=roles))
    return 0


def rename(store: HistoryStore, words: dict[str, str], old: str, new: str, merging: bool) -> int:
    names = store.names()
    if old not in names:
        return fail(words["history.no_player"].format(name=old))
    if merging != (new in names):
        key = "history.not_there" if merging else "history.exists"
        return fail(words[key].format(name=new, old=old))
    n = store.rename_player(old, new)
    print(words["history.merged" if merging else "history.renamed"].format(old=old, new=new, n=n))
    return 0


def file_error(exc: OSError, path: str, words: dict[str, str], writing: bool) -> str:
    """Why a history file could not be read or written, in the table's language (the system's own words, such as
    "No such file or directory", are English whatever the table speaks)."""
    if isinstance(exc, FileNotFoundError):
        key = "history.cli.no_folder" if writing else "history.cli.no_file"
    elif isinstance(exc, IsADirectoryError):
        key = "history.cli.a_folder"
    elif isinstance(exc, PermissionError):
        key = "history.cli.denied"
    else:
        key = "history.cli.unwritable" if writing else "history.cli.unreadable"
    return words[key].format(path=path, folder=Path(path).parent, why=exc.strerror or exc)


def refused(exc: HistoryFileError, words: dict[str, str]) -> str:
    """What is wrong in a history file, as the page says it (history.file.*)."""
    params = {k: words.get(f"history.file.wanted.{v}", v) if k == "wanted" else v for k, v in exc.params.items()}
    why = words.get(f"history.file.{exc.rule}")
    return words["history.import_refused"].format(why=why.format(**params) if why else str(exc))


def fail(text: str) -> int:
    print(f"wolfcall history: {text}", file=sys.stderr)
    return 2


def act(args: argparse.Namespace, store: HistoryStore, words: dict[str, str], lang: str = "en") -> int:
    if args.action in (None, "show"):
        return show(store, words, args.last, args.json, lang)
    if args.action == "export":
        text = dumps(store)
        try:
            Path(args.file).write_text(text, encoding="utf-8")
        except OSError as exc:
            return fail(file_error(exc, args.file, words, writing=True))
        print(words["history.exported"].format(n=len(store.games()), path=args.file))
        return 0
    if args.action == "import":
        try:
            with open(args.file, "rb") as f:
                raw = f.read(10 << 20)
            added, replaced = merge(store, parse(raw, args.file))
        except OSError as exc:
            return fail(file_error(exc, args.file, words, writing=False))
        except HistoryFileError as exc:
            why = refused(exc, words)
            return fail(why if args.file in why else f"{args.file}: {why}")  # where it is wrong names the file
        print(words["history.imported"].format(added=added, replaced=replaced, path=args.file))
        return 0
    if args.action in ("rename", "merge"):
        return rename(store, words, args.old, args.new, args.action == "merge")
    if not store.delete_game(args.game):
        return fail(words["history.no_game"].format(id=args.game))
    print(words["history.deleted"].format(id=args.game))
    return 0


def run(args: argparse.Namespace) -> int:
    from narrator.cli.language import table_language
    from narrator.ui.web.strings import strings

    lang = table_language(args)
    store = open_history(data_dir())
    try:
        return act(args, store, strings(lang), lang)
    finally:
        store.close()
