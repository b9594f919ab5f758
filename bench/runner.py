"""How `make bench` runs its suites: each in turn, the figures on stdout (Contract 4), a failure on stderr.

A suite that fails (an exception, a measurement that hung past its guard) is told on stderr in one line, with
its traceback for whoever fixes it, and the run goes on to the next suite; the run exits non-zero at its end.
A suite of several measurements may make each an `attempt`: one that fails is told the same way and the suite
goes on to its next measurement.
Stdout carries the figures' JSON lines and nothing else: while the suites run, whatever else writes to the
process's stdout (a print, a library's native code, a child process that inherits it) goes to stderr.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

Suite = tuple[Any, tuple[str, ...]]  # a module with `run()` or `run(only)`, and the prefixes of its figures' names


class Failed(Exception):
    """Some of a suite's measurements failed, each told on stderr as it failed (`attempt`); the others were made."""


def tell(err: TextIO, what: str, exc: BaseException) -> None:
    """A failure on stderr: one line, then its traceback for whoever fixes it."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    err.write(f"bench: {what} failed: {type(exc).__name__}{': ' + first if first else ''}\n")
    if not isinstance(exc, Failed):  # its measurements' tracebacks are above
        traceback.print_exception(exc, file=err)
    err.flush()


@contextlib.contextmanager
def attempt(name: str, failed: list[str]) -> Iterator[None]:
    """One measurement of a suite: if it fails, it is told on stderr and added to `failed`, and the suite goes on
    to its next measurement (it raises `Failed` at its end, `done`)."""
    try:
        yield
    except Exception as exc:  # any failure of one measurement: the next one is made
        failed.append(name)
        tell(sys.stderr, name, exc)


def done(failed: list[str]) -> None:
    """The end of a suite whose measurements were each an `attempt`: Failed if any failed."""
    if failed:
        raise Failed(f"{', '.join(failed)} (told above)")


def wanted(prefixes: Sequence[str]) -> Callable[[str], bool]:
    def only(name: str) -> bool:
        return not prefixes or any(name.startswith(p) for p in prefixes)
    return only


def figures(suite: Any, only: Callable[[str], bool]) -> Iterable[str]:
    lines: Iterable[str] = suite.run(only) if "only" in inspect.signature(suite.run).parameters else suite.run()
    return lines


def run_suites(suites: Sequence[Suite], prefixes: Sequence[str], out: TextIO, err: TextIO) -> int:
    """Every suite whose figures may match `prefixes` (all without), in order; 1 if any failed, else 0."""
    only = wanted(prefixes)
    failed = []
    for suite, names in suites:
        if prefixes and not any(p.startswith(n) or n.startswith(p) for p in prefixes for n in names):
            continue
        name = suite.__name__.rsplit(".", 1)[-1]
        try:
            for line in figures(suite, only):
                if only(json.loads(line)["metric"]):
                    out.write(line + "\n")
                    out.flush()
        except Exception as exc:  # any failure of a suite is told, and the next suite runs
            failed.append(name)
            tell(err, name, exc)
    if failed:
        err.write(f"bench: {len(failed)} suite{'s' if len(failed) > 1 else ''} failed: {', '.join(failed)}\n")
        err.flush()
    return 1 if failed else 0


@contextlib.contextmanager
def figures_only() -> Iterator[TextIO]:
    """The process's stdout kept for the figures (the stream yielded); meanwhile its file descriptor 1 is
    stderr's, so that nothing else reaches stdout. Both are as they were afterwards."""
    sys.stdout.flush()
    kept = os.dup(1)
    os.dup2(2, 1)
    saved, sys.stdout = sys.stdout, sys.stderr
    try:
        with open(os.dup(kept), "w", encoding="utf-8") as out:
            yield out
    finally:
        sys.stdout = saved
        os.dup2(kept, 1)
        os.close(kept)
