"""Chance: every draw is made in engine/chance.py while deciding, and its outcome is in the log."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import engine
from engine import Choice, Game
from engine.events import fold
from engine.roles.little_girl import Peeked

ENGINE = Path(engine.__file__).parent
ROLES = ["werewolf", "werewolf", "little_girl", "villager", "villager", "villager", "villager", "villager"]


def imports_random(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import) and any(a.name == "random" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            return True
    return False


def test_only_the_chance_module_draws() -> None:
    drawing = sorted(str(p.relative_to(ENGINE)) for p in ENGINE.rglob("*.py") if imports_random(p))
    assert drawing == ["chance.py"]


def peeking_game(seed: int) -> Game:
    g = Game.new([f"P{i}" for i in range(1, 9)], ruleset="extended", roles=ROLES, mode="own_devices", seed=seed)
    for _ in range(3):  # three nights of the girl holding as long as she may
        while g.state.phase not in ("day", "over"):
            pending = g.state.current
            assert pending is not None
            g.choose(Choice.from_text("little_girl:held:10" if pending.step == "little_girl" else
                                      f"{pending.step}:none"))
        if g.state.over:
            break
        g.choose(Choice("day_vote"))
    return g


def test_the_log_alone_gives_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [peeking_game(seed) for seed in range(12)]
    peeks = [e for g in games for e in g.events if isinstance(e, Peeked)]
    assert any(p.seen is not None for p in peeks) and any(p.caught_by is not None for p in peeks)

    def no_draw(*args: object) -> random.Random:
        raise AssertionError("folding the log drew at random")

    monkeypatch.setattr(random, "Random", no_draw)
    for g in games:
        assert fold(g.events) == g.state
