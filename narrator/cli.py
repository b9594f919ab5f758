"""The `wolfcall` command. Every failure a user can cause ends in one plain line, never a trace."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def _simulate(args: argparse.Namespace) -> int:
    from .scenario import Malformed, StepError, parse, result, run
    from .yamlfile import YamlError

    try:
        game = run(parse(args.scenario))
    except (Malformed, YamlError) as exc:
        print(f"wolfcall simulate: {exc}", file=sys.stderr)
        return 2
    except StepError as exc:
        print(f"wolfcall simulate: {exc}", file=sys.stderr)
        return exc.code
    sys.stdout.write(json.dumps(result(game), ensure_ascii=False) + "\n")
    return 0


def _lint(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .lint import lint_paths

    problems = lint_paths([Path(p) for p in args.paths])
    for problem in problems:
        print(problem.relative())
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("scripts: no problems", file=sys.stderr)
    return 0


def _demo(args: argparse.Namespace) -> int:
    from . import demo
    from .journal import JournalError
    from .script import ScriptError
    from .yamlfile import YamlError

    try:
        return demo.run(args)
    except (ScriptError, YamlError, JournalError) as exc:
        print(f"wolfcall demo: {exc}", file=sys.stderr)
        return 2


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="wolfcall", description="A game master that speaks, for Werewolf.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = sub.add_parser("simulate", help="play a game headless from a scenario file and print JSON")
    sim.add_argument("scenario", help="the scenario YAML file")
    sim.set_defaults(run=_simulate)
    from . import demo

    dem = sub.add_parser("demo", help="hear (or read) a whole narrated game played at random")
    demo.add_arguments(dem)
    dem.set_defaults(run=_demo)
    scripts = sub.add_parser("scripts", help="check the spoken lines").add_subparsers(
        dest="action", required=True, metavar="ACTION")
    lint = scripts.add_parser("lint", help="check scripts: YAML, missing scenes, variants, placeholders")
    lint.add_argument("paths", nargs="*", help="a scripts folder, a language folder or a file (default: shipped)")
    lint.set_defaults(run=_lint)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("wolfcall: stopped", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `wolfcall ... | head`
        return 0
    except Exception as exc:  # the last guard: a user never sees a stack trace
        print(f"wolfcall: unexpected error ({type(exc).__name__}: {exc}); please report it", file=sys.stderr)
        return 1
