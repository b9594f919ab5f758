"""The `wolfcall` command. Every failure a user can cause ends in one plain line, never a trace."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from gettext import gettext as _
from typing import Any, NoReturn


def _simulate(args: argparse.Namespace) -> int:
    from narrator.cli.scenario import HouseRefused, Malformed, StepError, parse, result, run
    from narrator.yamlfile import YamlError

    try:
        game = run(parse(args.scenario))
    except (Malformed, YamlError) as exc:
        print(f"wolfcall simulate: {exc}", file=sys.stderr)
        return 2
    except HouseRefused as exc:
        print(f"wolfcall simulate: {exc}", file=sys.stderr)
        return 3
    except StepError as exc:
        print(f"wolfcall simulate: {exc}", file=sys.stderr)
        return exc.code
    sys.stdout.write(json.dumps(result(game), ensure_ascii=False) + "\n")
    return 0


def _lint(args: argparse.Namespace) -> int:
    from pathlib import Path

    from narrator.speech.lint import lint_paths

    problems = lint_paths([Path(p) for p in args.paths])
    for problem in problems:
        print(problem.relative())
    if problems:
        print(_("%d problem(s)") % len(problems), file=sys.stderr)
        return 1
    print(_("scripts: no problems"), file=sys.stderr)
    return 0


def _game(name: str) -> Callable[[argparse.Namespace], int]:
    """Run `wolfcall demo` or `wolfcall play`; a broken script, config or journal is one clear message."""

    def run(args: argparse.Namespace) -> int:
        from engine import Refused
        from narrator.config import OptionError
        from narrator.game.journal import JournalError
        from narrator.game.narrator import ReplayMismatch
        from narrator.names import NameProblem
        from narrator.speech.lint import ScriptError
        from narrator.yamlfile import YamlError

        module = importlib.import_module(f"narrator.cli.{name}")
        try:
            return int(module.run(args))
        except OptionError as exc:  # said to the table: in its language
            from narrator.cli.language import said, table_language

            print(f"wolfcall {name}: {said(exc, table_language(args))}", file=sys.stderr)
            return 2
        except Refused as exc:  # the rules' reason, said to the table in its language
            from narrator.cli.language import refusal_said, table_language

            print(f"wolfcall {name}: {refusal_said(exc, table_language(args))}", file=sys.stderr)
            return 2
        except (ScriptError, YamlError, JournalError, ReplayMismatch, NameProblem) as exc:
            print(f"wolfcall {name}: {exc}", file=sys.stderr)
            return 2

    return run


class _Formatter(argparse.HelpFormatter):
    """argparse's help, with the placeholders it makes of an option's name (PORT, LAST) in the table's words."""

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        return _(action.dest.upper())

    def _get_default_metavar_for_positional(self, action: argparse.Action) -> str:
        return _(action.dest)


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option is one line (and exit 2) instead of the whole usage first, and its help is in the
    table's words (placeholders too)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} " + _("(see %(prog)s --help)") % {"prog": self.prog} + "\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's, with the choices quoted as the table quotes the value (read_es_B9: «foo» beside 'one_device')."""
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(_("'%s'") % choice for choice in action.choices)
            raise argparse.ArgumentError(action, _("invalid choice: %(value)r (choose from %(choices)s)")
                                         % {"value": value, "choices": choices})


def _scripts(sub: argparse._SubParsersAction[_Parser]) -> None:
    """`wolfcall scripts lint`."""
    scripts = sub.add_parser("scripts", help=_("check the spoken lines")).add_subparsers(
        dest="action", required=True, metavar=_("ACTION"))
    lint = scripts.add_parser("lint", help=_("check scripts: YAML, missing scenes, variants, placeholders"))
    lint.add_argument("paths", nargs="*", metavar=_("paths"),
                      help=_("a scripts folder, a language folder or a file (default: shipped)"))
    # the top-level --lang works after any command (its help says so): after `scripts lint` too, keeping one given
    # before it (SUPPRESS: the subcommand's default does not overwrite it)
    lint.add_argument("--lang", dest="table_lang", choices=("en", "de", "es"), default=argparse.SUPPRESS,
                      help=_("the table's language, for any command (default: config.yaml)"))
    lint.set_defaults(run=_lint)


def parser() -> argparse.ArgumentParser:
    """The command line, in the words of the language `speak` chose (narrator/cli/language.py)."""
    p = _Parser(prog="wolfcall", description=_("A game master that speaks, for Werewolf."))
    # before the command as after it (`wolfcall --lang de balance …`); a command's own --lang is the same
    p.add_argument("--lang", dest="table_lang", choices=("en", "de", "es"),
                   help=_("the table's language, for any command (default: config.yaml)"))
    sub = p.add_subparsers(dest="command", required=True, metavar=_("COMMAND"))
    sim = sub.add_parser("simulate", help=_("play a game headless from a scenario file and print JSON"))
    sim.add_argument("scenario", metavar=_("scenario"), help=_("the scenario YAML file"))
    sim.set_defaults(run=_simulate)
    from narrator.cli import demo, play

    pl = sub.add_parser("play", help=_("play a narrated game at the table"))
    play.add_arguments(pl)
    pl.set_defaults(run=_game("play"))
    dem = sub.add_parser("demo", help=_("hear (or read) a whole narrated game played at random"))
    demo.add_arguments(dem)
    dem.set_defaults(run=_game("demo"))
    from narrator.cli import voicecli

    voi = sub.add_parser("voices", help=_("narrator voices and voice packs"))
    voicecli.add_arguments(voi)
    voi.set_defaults(run=voicecli.run)
    from narrator.cli import serve

    srv = sub.add_parser("serve", help=_("serve online rooms: accounts, room codes, voice chat (--online)"))
    serve.add_arguments(srv)
    srv.set_defaults(run=_game("serve"))

    from narrator.cli import service

    svc = sub.add_parser("service", help=_("start the game master at boot (systemd), optionally with a kiosk screen"))
    service.add_arguments(svc)
    svc.set_defaults(run=service.run)
    from narrator.cli import historycli

    his = sub.add_parser("history", help=_("the group's finished games and each player's numbers"))
    historycli.add_arguments(his)
    his.set_defaults(run=historycli.run)
    from narrator.cli import doctor

    doc = sub.add_parser("doctor",
                         help=_("what this machine lacks for `make test` or `make play`, and how to install it"))
    doctor.add_arguments(doc)
    doc.set_defaults(run=doctor.run)
    from narrator.cli import balance

    bal = sub.add_parser("balance", help=_("each side's chance to win a deal (a scenario's, or classic:9)"))
    balance.add_arguments(bal)
    bal.set_defaults(run=balance.run)
    _scripts(sub)
    return p


def _parsed(commands: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """As argparse's parse_args; but an option no command knows is blamed on the command it was given to, whose
    --help lists what it takes (`wolfcall history --help`, not `wolfcall --help`)."""
    args, extras = commands.parse_known_args(argv)
    if extras:
        prog = " ".join(["wolfcall", *([args.command] if getattr(args, "command", None) else [])])
        commands.exit(2, f"{prog}: " + _("unrecognized arguments: %s") % " ".join(extras) + " "
                      + _("(see %(prog)s --help)") % {"prog": prog} + "\n")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    try:
        from narrator.cli.language import asked_language, speaking  # imports the engine, and the role folders
    except ImportError as exc:  # a role folder that cannot load: one line, as the parser's import below says it
        print(f"wolfcall: {exc}", file=sys.stderr)
        return 2
    with speaking(asked_language(sys.argv[1:] if argv is None else argv)):  # help and refusals in the table's words
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    try:
        commands = parser()  # imports the engine, which loads the role folders of WOLFCALL_ROLES
    except ImportError as exc:
        print(f"wolfcall: {exc}", file=sys.stderr)
        return 2
    args = _parsed(commands, argv)
    if getattr(args, "lang", None) is None and args.table_lang is not None:
        args.lang = args.table_lang
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("wolfcall: stopped", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `wolfcall ... | head`
        return 0
    except Exception as exc:  # the last guard: a user never sees a stack trace
        text = str(exc)
        text = text if len(text) <= 200 else text[:200] + "..."
        print(f"wolfcall: unexpected error ({type(exc).__name__}: {text}); please report it", file=sys.stderr)
        return 1
