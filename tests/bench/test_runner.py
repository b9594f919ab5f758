"""How `make bench` runs its suites (bench/runner.py): a failing suite is told on stderr and the next one runs,
the run exits non-zero, and stdout holds the figures' JSON lines alone (Contract 4)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

from bench._measure import metric
from bench.runner import attempt, done, run_suites

ROOT = Path(__file__).resolve().parents[2]


def suite(name: str, run: Callable[..., Iterator[str]]) -> SimpleNamespace:
    return SimpleNamespace(__name__=f"bench.{name}", run=run)


def first() -> Iterator[str]:
    yield metric("first.a", 1.0, "ms", "lower")


def broken(only: Callable[[str], bool]) -> Iterator[str]:
    yield metric("broken.a", 2.0, "ms", "lower")
    raise RuntimeError("waited 20.0 s for the verdict of vote 24:\nhost: ballots q=24")


def last(only: Callable[[str], bool]) -> Iterator[str]:
    if only("last.a"):
        yield metric("last.a", 3.0, "x", "higher")
    if only("last.b"):
        yield metric("last.b", 4.0, "x", "higher")


SUITES = [(suite("first", first), ("first.",)), (suite("broken", broken), ("broken.",)),
          (suite("last", last), ("last.",))]


def test_a_failed_suite_is_told_on_stderr_and_the_next_suite_runs() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_suites(SUITES, [], out, err) == 1
    assert [json.loads(line)["metric"] for line in out.getvalue().splitlines()] == \
        ["first.a", "broken.a", "last.a", "last.b"]
    told = err.getvalue().splitlines()
    assert told[0] == "bench: broken failed: RuntimeError: waited 20.0 s for the verdict of vote 24:"
    assert "Traceback (most recent call last):" in told  # for whoever fixes it
    assert told[-1] == "bench: 1 suite failed: broken"


def test_a_run_without_failure_exits_zero_and_prefixes_pick_the_suites() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_suites(SUITES, ["last.b", "first"], out, err) == 0
    assert [json.loads(line)["metric"] for line in out.getvalue().splitlines()] == ["first.a", "last.b"]
    assert err.getvalue() == ""


def measured(only: Callable[[str], bool]) -> Iterator[str]:
    failed: list[str] = []
    with attempt("measured.hangs", failed):
        raise RuntimeError("waited 20.0 s for Ana's seat after a reload")
    with attempt("measured.b", failed):
        yield metric("measured.b", 5.0, "ms", "lower")
    done(failed)


def test_a_failed_measurement_is_told_and_the_suites_next_measurement_is_made() -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):  # `attempt` tells on the process's stderr
        code = run_suites([(suite("measured", measured), ("measured.",)), *SUITES[2:]], [], out, err)
    assert code == 1
    assert [json.loads(line)["metric"] for line in out.getvalue().splitlines()] == ["measured.b", "last.a", "last.b"]
    told = err.getvalue().splitlines()
    assert told[0] == "bench: measured.hangs failed: RuntimeError: waited 20.0 s for Ana's seat after a reload"
    assert "Traceback (most recent call last):" in told
    assert told[-2:] == ["bench: measured failed: Failed: measured.hangs (told above)",
                         "bench: 1 suite failed: measured"]


def test_stdout_holds_only_the_figures_whatever_else_writes_to_it() -> None:
    """A print, a native library writing to file descriptor 1, a child process inheriting it: all go to
    stderr while the suites run."""
    code = textwrap.dedent("""
        import os, subprocess, sys
        from types import SimpleNamespace
        from bench._measure import metric
        from bench.runner import figures_only, run_suites

        def noisy():
            print("a print")
            os.write(1, b"a native write\\n")
            subprocess.run([sys.executable, "-c", "print('a child')"], check=True)
            yield metric("noisy.a", 1.0, "ms", "lower")
            raise ValueError("the bed was not on")

        with figures_only() as out:
            code = run_suites([(SimpleNamespace(__name__="bench.noisy", run=noisy), ("noisy.",))], [], out, sys.stderr)
        print("after the run")
        raise SystemExit(code)
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [metric("noisy.a", 1.0, "ms", "lower"), "after the run"]
    for said in ("a print", "a native write", "a child", "bench: noisy failed: ValueError: the bed was not on"):
        assert said in done.stderr.splitlines(), (said, done.stderr)
