"""Engine figures: random games per second, undo late in a long game, and the simulate CLI's wall time."""

from __future__ import annotations

import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from engine import Choice, Game, HouseRules
from engine.roles import ROLES, specials
from engine.vote import weight

from . import before
from ._measure import median_ms, metric


def random_game(seed: int) -> Game:
    g = Game.new([f"P{i}" for i in range(1, 13)], house=HouseRules(), seed=seed)
    rng = random.Random(seed)
    while not g.state.over:
        g.choose(rng.choice(g.legal()))
    return g




def _modes() -> Any:
    """This checkout's engine/modes.py `Mode`, loaded by its path: bench/side.py plays these games with the code
    before issue 37 too, whose `engine` has no Mode (a mode was a plain string there, Mode's values now)."""
    path = Path(__file__).resolve().parent.parent / "engine" / "modes.py"
    spec = importlib.util.spec_from_file_location("bench_modes", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Mode


Mode = _modes()
EXTENDED_MODES = (Mode.ONE_DEVICE, Mode.OWN_DEVICES)
# from the role registry: the specials that play in both modes (not the judge), and the wolf cards
EXTENDED_POOL = [r.id for r in specials("extended") if set(EXTENDED_MODES) <= set(r.modes or Mode)]
EXTENDED_WOLVES = ["werewolf", "werewolf", *(r.id for r in specials("extended", wolves=True))]


def extended_game(seed: int) -> Game:
    """A random 12-player extended game: three wolf cards and six specials drawn at random, random
    legal choices; the vote is a random tally."""
    rng = random.Random(seed)
    specials: list[str] = []
    for role in rng.sample(EXTENDED_POOL, len(EXTENDED_POOL)):
        size = ROLES[role].copies or 1
        if len(specials) + size <= 6:
            specials += [role] * size
    cards = rng.sample(EXTENDED_WOLVES, 3) + specials
    cards += ["villager"] * (12 - len(cards))
    rng.shuffle(cards)
    extra = ["villager", "villager"] if "thief" in cards else []
    g = Game.new([f"P{i}" for i in range(1, 13)], ruleset="extended", seed=seed, roles=cards, extra=extra,
                 mode=rng.choice(EXTENDED_MODES))
    while not g.state.over:
        current = g.state.current
        if current is not None and current.step == "day_vote":
            alive = sorted(g.state.alive)
            votes = rng.randint(0, sum(weight(g.state, s) for s in alive))
            tally: dict[int, int] = {}
            for _ in range(votes):
                t = rng.choice(alive)
                tally[t] = tally.get(t, 0) + 1
            g.choose(Choice("day_vote", tally=tuple(sorted(tally.items()))))
        else:
            g.choose(rng.choice(g.legal()))
    return g


def games_per_second(play: Callable[[int], Game] = random_game, rounds: int = 5, seconds: float = 1.0) -> float:
    """Median over `rounds` of full random 12-player games finished per second, one core."""
    rates = []
    seed = 0
    for _ in range(rounds):
        done, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            play(seed)
            seed += 1
            done += 1
        rates.append(done / (time.perf_counter() - t0))
    return statistics.median(rates)


def quiet_choice(g: Game) -> Choice:
    """A choice that keeps the game going: nobody attacked, nobody expelled."""
    legal = g.legal()
    quiet = [c for c in legal if c.is_pass]
    return quiet[0] if quiet else legal[-1]


def long_game(events: int = 200) -> tuple[Game, list[Choice]]:
    g = Game.new([f"P{i}" for i in range(1, 13)], seed=1)
    choices = []
    while len(g.events) < events:
        choices.append(quiet_choice(g))
        g.choose(choices[-1])
    return g, choices


def undo_ms(repeat: int = 300) -> float:
    g, _ = long_game(200)
    last = g.choices[-1]

    def undo_once() -> None:
        g.undo()

    times = []
    for _ in range(repeat):
        times.append(median_ms(undo_once, 1))
        g.choose(last)
    return statistics.median(times)


def scenario_30_steps(path: Path) -> None:
    g = Game.new([f"P{i}" for i in range(1, 13)], seed=1)
    steps = []
    for _ in range(30):
        c = quiet_choice(g)
        steps.append([c.step, c.target if c.target is not None else "none"])
        g.choose(c)
    path.write_text(yaml.safe_dump({"players": 12, "seed": 1, "steps": steps}, default_flow_style=None))


def simulate_cli_ms(repeat: int = 15) -> float:
    wolfcall = Path(sys.executable).parent / "wolfcall"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "thirty.yaml"
        scenario_30_steps(path)

        def once() -> None:
            subprocess.run([str(wolfcall), "simulate", str(path)], check=True, capture_output=True)

        once()
        return median_ms(once, repeat)


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    yield metric("engine.random_games_per_s", games_per_second(random_game), "games/s", "higher")
    yield metric("engine.extended_random_games_per_s", games_per_second(extended_game), "games/s", "higher")
    yield metric("engine.undo_ms", undo_ms(), "ms", "lower")
    yield metric("engine.simulate_cli_ms", simulate_cli_ms(), "ms", "lower")
    yield from before.run(only, before.ENGINE)  # the random games beside the code before issue 37
