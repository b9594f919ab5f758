"""One figure of bench/before.py, measured in this process by the code in ROOT: `python bench/side.py ROOT FIGURE
[ARG...]` prints the folder the engine was imported from, what was worked out (the estimate's answer, so that both
sides can be seen to play the same games), and the figure, a line each. ROOT's engine/ and narrator/ are imported;
the measuring code is this checkout's bench (the same for both sides). Run by path, not as a module, so that nothing
is imported before the path is set."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent)


def measure(figure: str, args: list[str]) -> tuple[str, float]:
    """What was worked out, and the figure."""
    if figure in ("engine.random_games_per_s", "engine.extended_random_games_per_s"):
        from bench.engine import extended_game, games_per_second, random_game

        play = random_game if figure == "engine.random_games_per_s" else extended_game
        play(10**6)  # once before the clock starts: what a first game sets up is not a game's cost
        return "", games_per_second(play, rounds=1, seconds=2.0)
    if figure == "balance.live_estimate_ms":
        import time

        from bench.balance import live_work

        games, near_games, near_tried = (int(a) for a in args)
        start = time.perf_counter()
        odds, near = live_work(games, near_games, near_tried)
        took = (time.perf_counter() - start) * 1000
        return repr((sorted(odds.wins.items()), near and (near[0], near[1], sorted(near[2].wins.items())))), took
    raise SystemExit(f"bench/side.py: no figure {figure}")


if __name__ == "__main__":
    root, figure = sys.argv[1], sys.argv[2]
    sys.path[0:1] = [root, HERE]  # (in place of bench/ itself: its engine.py is not the engine)
    import engine

    answer, value = measure(figure, sys.argv[3:])
    print(Path(engine.__file__).resolve().parent.parent, answer, value, sep="\n")
