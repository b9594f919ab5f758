"""One figure of bench/before.py, measured in this process by the code in ROOT: `python bench/side.py ROOT FIGURE
[ARG...]` prints, a line each, the folder the engine was imported from, what was worked out (the estimate's answer,
so that both sides can be seen to play the same games), and the figure by the wall clock and by this process's CPU
time. ROOT's engine/ and narrator/ are imported; the measuring code is this checkout's bench (the same for both
sides). Run by path, not as a module, so that nothing is imported before the path is set."""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent)
SECONDS = 2.0  # of random games


def measure(figure: str, args: list[str]) -> tuple[str, float, float]:
    """What was worked out, and the figure by the wall clock and by CPU time."""
    wall, cpu = time.perf_counter, time.process_time
    if figure in ("engine.random_games_per_s", "engine.extended_random_games_per_s"):
        from bench.engine import extended_game, random_game

        play = random_game if figure == "engine.random_games_per_s" else extended_game
        play(10**6)  # once before the clocks start: what a first game sets up is not a game's cost
        done, w0, c0 = 0, wall(), cpu()
        while wall() - w0 < SECONDS:
            play(done)
            done += 1
        return "", done / (wall() - w0), done / (cpu() - c0)
    if figure == "balance.live_estimate_ms":
        from bench.balance import live_work

        games, near_games, near_tried = (int(a) for a in args)
        w0, c0 = wall(), cpu()
        odds, near = live_work(games, near_games, near_tried)
        took = (wall() - w0) * 1000, (cpu() - c0) * 1000
        return repr((sorted(odds.wins.items()), near and (near[0], near[1], sorted(near[2].wins.items())))), *took
    raise SystemExit(f"bench/side.py: no figure {figure}")


if __name__ == "__main__":
    root, figure = sys.argv[1], sys.argv[2]
    sys.path[0:1] = [root, HERE]  # (in place of bench/ itself: its engine.py is not the engine)
    import engine

    answer, by_wall, by_cpu = measure(figure, sys.argv[3:])
    print(Path(engine.__file__).resolve().parent.parent, answer, by_wall, by_cpu, sep="\n")
