"""History figures: building the history screen's data (the store read, every player's numbers, the message the
page is sent) for 1,000 kept games of 10 players, beside the same read game by game and counted in Python, and
keeping one finished game."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

from engine import Mode
from narrator.game.history import GameRecord, SeatRecord, overview
from narrator.game.historystore import SqliteHistory
from narrator.ui.web.historyview import LAST, history_reply

from ._measure import median_ms, metric

NAMES = [f"Player {n}" for n in range(24)]
ROLES = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager", "guard", "cupid"]


def a_game(rng: random.Random, n: int) -> GameRecord:
    winner = rng.choice(["village", "wolves"])
    names = rng.sample(NAMES, len(ROLES))
    roles = rng.sample(ROLES, len(ROLES))
    seats = []
    for seat, (name, role) in enumerate(zip(names, roles, strict=True), 1):
        side = "wolves" if role == "werewolf" else "village"
        seats.append(SeatRecord(seat, name, role, role, side, side == winner, rng.random() < 0.4, rng.random() < 0.3))
    log = tuple({"night": k, "phase": "night", "kind": "attack", "role": "werewolves", "target": 3} for k in range(4))
    return GameRecord(f"bench-{n}", float(n), "classic", Mode.ONE_DEVICE.value, winner, "wolves_dead", 4, 4,
                      tuple(seats), log)


def run() -> Iterator[str]:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteHistory(Path(folder) / "history.sqlite")
        games = [a_game(rng, n) for n in range(1001)]
        for game in games[:1000]:
            store.add_game(game)
        yield metric("history.screen_build_ms.1000_games", median_ms(lambda: json.dumps(history_reply(store, {})), 15),
                     "ms", "lower")
        # the same data read game by game and counted in Python (as the screen did before the store's GROUP BY)
        yield metric("history.screen_build_ms.1000_games.python_loops",
                     median_ms(lambda: json.dumps(overview(store.games(), LAST)), 15), "ms", "lower")
        yield metric("history.add_game_ms", median_ms(lambda: store.add_game(games[1000]), 15), "ms", "lower")
        store.close()
