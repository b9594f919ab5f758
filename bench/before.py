"""Issue 37's speed figures beside the code they replaced, measured in one run: the engine's random games, classic
and extended, and the setup screen's live estimate of a 12-player extended deal the odds' table lacks.

Each figure is measured by this checkout's code and by BEFORE's (main as it stood before the speed work: its engine/
and narrator/, taken out of git into a temporary folder), each in a process of its own (bench/side.py), the two
taking turns ROUNDS times so that the machine's load falls on both alike. A figure is the median of its rounds, by
the wall clock (`.before`, `.after`: what a player waits) and by the process's CPU time (`.before_cpu`, `.after_cpu`:
the same without the time it waited for the machine's other work, steadier on a shared machine); `.ratio` and
`.ratio_cpu` say how many times faster this checkout is. The estimate plays the same games on both sides (the
screen's budget, without its time limit), so the same interval; where the two answer differently (a later change to
the rules or to the players), stderr says so.
"""

from __future__ import annotations

import io
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from ._measure import metric

BEFORE = "924137f38e0aab3990ed7f431dfe4df7c3ad3442"  # main on 2026-12-06
ROUNDS = 5
HERE = Path(__file__).resolve().parent.parent
SIDE = HERE / "bench" / "side.py"
# (name, unit, better): the engine's suite yields the first, the balance suite the second
ENGINE = (("engine.random_games_per_s", "games/s", "higher"),
          ("engine.extended_random_games_per_s", "games/s", "higher"))
ESTIMATE = (("balance.live_estimate_ms", "ms", "lower"),)


SIDES = ("before", "after", "ratio", "before_cpu", "after_cpu", "ratio_cpu")


def checkout(commit: str, into: Path) -> Path:
    """The engine and narrator of `commit`, written into `into` (raises CalledProcessError without git or it)."""
    archive = subprocess.run(["git", "-C", str(HERE), "archive", commit, "engine", "narrator"], capture_output=True,
                             check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(root: Path, figure: str, args: list[str]) -> tuple[str, float, float]:
    """What `root`'s code worked out (the estimate's answer) and the figure by the wall clock and by CPU time:
    bench/side.py, in a process of its own."""
    done = subprocess.run([sys.executable, str(SIDE), str(root), figure, *args], capture_output=True, text=True,
                          check=True)
    used, answer, by_wall, by_cpu = done.stdout.splitlines()[-4:]
    if Path(used) != root.resolve():
        raise RuntimeError(f"{figure} was to be measured by the code in {root}, but the engine came from {used}")
    return answer, float(by_wall), float(by_cpu)


def screen_work() -> list[str]:
    """The screen's live estimate as counts of games (narrator/balance/odds.py's SCREEN_BUDGET), for both sides."""
    from narrator.balance.odds import SCREEN_BUDGET

    return [str(SCREEN_BUDGET.games), str(SCREEN_BUDGET.near_games), str(SCREEN_BUDGET.near_tried)]


def run(only: Callable[[str], bool], figures: tuple[tuple[str, str, str], ...]) -> Iterator[str]:
    """`figures` (name, unit, better) that `only` asks for, before and after, by the wall clock and by CPU time."""
    wanted = [f for f in figures if any(only(f"{f[0]}.{side}") for side in SIDES)]
    if not wanted:
        return
    with tempfile.TemporaryDirectory() as tmp:
        try:
            old = checkout(BEFORE, Path(tmp))
        except (OSError, subprocess.CalledProcessError) as exc:
            raise RuntimeError(f"the code before issue 37 ({BEFORE[:7]}) could not be taken out of git: {exc}") from exc
        for name, unit, better in wanted:
            args = screen_work() if name == "balance.live_estimate_ms" else []
            before: list[tuple[float, float]] = []
            after: list[tuple[float, float]] = []
            answers: set[str] = set()
            for turn in range(ROUNDS):
                sides = [(old, before), (HERE, after)]
                for root, into in sides if turn % 2 == 0 else sides[::-1]:
                    answer, by_wall, by_cpu = measure(root, name, args)
                    answers.add(answer)
                    into.append((by_wall, by_cpu))
            if len(answers) > 1:  # the rules or the players changed since: as many games, but not the same ones
                print(f"bench: {name}: the code before and after played different games: {sorted(answers)}",
                      file=sys.stderr)
            for clock, suffix in ((0, ""), (1, "_cpu")):
                b = statistics.median(v[clock] for v in before)
                a = statistics.median(v[clock] for v in after)
                yield metric(f"{name}.before{suffix}", b, unit, better)
                yield metric(f"{name}.after{suffix}", a, unit, better)
                yield metric(f"{name}.ratio{suffix}", a / b if better == "higher" else b / a, "x", "higher")
