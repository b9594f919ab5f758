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


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="wolfcall", description="A game master that speaks, for Werewolf.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = sub.add_parser("simulate", help="play a game headless from a scenario file and print JSON")
    sim.add_argument("scenario", help="the scenario YAML file")
    sim.set_defaults(run=_simulate)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("wolfcall: stopped", file=sys.stderr)
        return 130
    except Exception as exc:  # the last guard: a user never sees a stack trace
        print(f"wolfcall: unexpected error ({type(exc).__name__}: {exc}); please report it", file=sys.stderr)
        return 1
