"""The setup's odds of a big deal: a pardoned village idiot raises no hand in the played-out games, a refusal comes
back from the worker process whole, and a worker that died is replaced (issue 18: a walk's 32-player deal)."""

from __future__ import annotations

import pickle
import random
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine import Choice, Game, HouseRules, Refused
from narrator.balance import live, odds
from narrator.balance.heuristic import decide
from narrator.balance.playout import Table


def test_a_pardoned_village_idiot_raises_no_hand_in_a_played_out_vote() -> None:
    """The odds of the 32-player deal failed: the played-out table gave the pardoned idiot a ballot, refused."""
    game = Game.new(["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"], ruleset="extended", seed=1, mode="one_device",
                    roles=["werewolf", "village_idiot", "villager", "villager", "villager", "villager"])
    game.choose(Choice("werewolves"))
    game.choose(Choice("day_vote", ballots=((3, 2), (4, 2))))  # voted out, pardoned: he keeps playing, voteless
    game.choose(Choice("werewolves"))
    assert 2 in game.state.alive and game.state.current is not None and game.state.current.step == "day_vote"
    table = Table(game, random.Random(0), decide)
    vote = table.day_vote(game.state, game.legal())
    assert 2 not in dict(vote.ballots or ())
    game.choose(vote)  # the engine takes it


def test_a_refusal_comes_back_from_a_worker_process_whole() -> None:
    """A refusal raised in the estimate's worker could not be unpickled on the server, and broke the worker."""
    refused = pickle.loads(pickle.dumps(Refused("vote.no_vote", "P13 may no longer vote.", player=13)))
    said = ("vote.no_vote", "P13 may no longer vote.", {"player": 13})
    assert (refused.rule, refused.message, refused.params) == said


class Broken(Executor):
    """A pool whose worker process has died: it takes no more work."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise BrokenProcessPool("the worker died")


class Inline(Executor):
    """A pool that estimates at once, in this thread."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def test_a_worker_that_died_is_replaced_and_the_screen_is_not_left_waiting(monkeypatch: Any) -> None:
    """After the worker broke, every later deal's estimate raised in the hub (the page's socket dropped at each
    change of the setup) and stayed 'being estimated' for good."""
    screen = live.ScreenOdds(Broken())
    fresh: list[Executor] = []

    def new_pool() -> Executor:
        fresh.append(Inline())
        return fresh[-1]

    monkeypatch.setattr(live, "ProcessPoolExecutor", lambda *a, **k: new_pool())
    monkeypatch.setattr(odds, "estimate", lambda setup, house, budget: Estimated())
    told: list[str] = []
    counts = {"werewolf": 1, "seer": 1, "villager": 1}
    found = screen.get("extended", 3, counts, "one_device", HouseRules(step_seconds=4), lambda: told.append("ready"))
    assert fresh and found in (live.PENDING, {"odds": 1})
    assert screen.get("extended", 3, counts, "one_device", HouseRules(step_seconds=4)) == {"odds": 1}
    assert told == ["ready"]


class Estimated:
    def to_json(self) -> dict[str, Any]:
        return {"odds": 1}
