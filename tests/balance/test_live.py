"""The setup's odds of a big deal: a pardoned village idiot raises no hand in the played-out games, a refusal comes
back from the worker process whole, and a worker that died is replaced (issue 18: a walk's 32-player deal). The
worker ends with the server that started it, and a worker that breaks is said in one line (issue 38)."""

from __future__ import annotations

import logging
import os
import pickle
import random
import signal
import threading
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from engine import Choice, Game, HouseRules, Refused, Setup, ruleset
from narrator.balance import live, odds
from narrator.balance.heuristic import decide
from narrator.balance.playout import Table

from ..processes import GUARD_S, children, live_odds, watched


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

    monkeypatch.setattr(live, "worker_pool", lambda *a, **k: new_pool())
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


class Breaking(Executor):
    """A pool whose worker dies under every estimate."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_exception(BrokenProcessPool("the worker died"))
        return done


def live_deal() -> dict[str, int]:
    """The setup's 9 players without the hunter, as the page's − makes it: a deal the odds table lacks."""
    rules = ruleset("classic")
    return dict(Setup.recommended(rules, 9).adjusted("hunter", -1).counts)


def spawned() -> set[int]:
    """This process's spawned worker processes now."""
    return {pid for pid, cmdline in children(os.getpid()).items() if "spawn_main" in cmdline}


def test_a_worker_that_breaks_under_every_estimate_is_one_line(monkeypatch: Any,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    """A broken pool printed its BrokenProcessPool traceback on the server's console."""
    monkeypatch.setattr(live, "worker_pool", lambda *a, **k: Breaking())
    screen, told = live.ScreenOdds(), threading.Event()
    screen.get("classic", 9, live_deal(), "one_device", HouseRules(), told.set)
    assert told.is_set() and screen.get("classic", 9, live_deal(), "one_device", HouseRules()) is None
    (said,) = caplog.records
    assert said.levelno == logging.WARNING and said.exc_info is None and "\n" not in said.getMessage()
    assert "could not be estimated (its worker process stopped)" in said.getMessage(), said.getMessage()


def test_a_worker_killed_under_an_estimate_is_replaced_without_a_word(caplog: pytest.LogCaptureFixture) -> None:
    """The estimate under way goes to a new worker; nothing is said (it was a traceback, and no odds were shown)."""
    screen, told = live.ScreenOdds(), threading.Event()
    before = spawned()
    assert screen.get("classic", 9, live_deal(), "one_device", HouseRules(), told.set) == live.PENDING
    try:
        (worker,) = spawned() - before  # started for this deal, which it has not estimated yet (it is starting)
        os.kill(worker, signal.SIGKILL)
        assert told.wait(GUARD_S)
        found = screen.get("classic", 9, live_deal(), "one_device", HouseRules())
        assert found is not None and found["source"] == "live" and found["games"] > 0
        assert not caplog.records, caplog.text
    finally:
        screen.close()


def test_a_hub_stopped_in_process_leaves_no_worker(tmp_path: Path, monkeypatch: Any) -> None:
    """As bench/web.py serves a hub in its own process and stops it: the worker lived on after the server, until
    that process ended."""
    import uvicorn

    from narrator.config import Config
    from narrator.speech.script import SHIPPED, load
    from narrator.ui.web.app import create_app
    from narrator.ui.web.hub import Hub

    from ..browser import in_process

    monkeypatch.setattr(live, "SCREEN", live.ScreenOdds())  # none started yet
    hub = Hub(Config(), load(SHIPPED), tmp_path, fast=True)
    before = spawned()
    with ExitStack() as stack:
        with in_process(create_app(hub), lambda app: uvicorn.Config(app, log_level="error")) as port:
            assert live_odds(f"ws://127.0.0.1:{port}/ws")["games"] > 0
            them = stack.enter_context(watched(list(spawned() - before)))
            assert them.fds  # the worker that estimated the deal
            hub.stop_game()
        assert them.left() == []
