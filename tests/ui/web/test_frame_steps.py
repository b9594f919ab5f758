"""What an eavesdropper on the Wi-Fi learns of a night step from one own-device phone's frames: whether its
role acts (it lives and has something to do) or not (dead, or idle). Nothing (narrator/game/narrator.py holds
a dead step's window with a decoy question, narrator/ui/web/shape.py pads every frame).

Whole games on a real hub, on a virtual clock with an agenda: every bot (the players' phones and the host)
taps a few seconds after its screen comes, the seconds drawn from the game's seed as people take them, so a
live step's frames come when a person's tap would. For each living phone and each step the night calls (from
its wake line to its sleep line) the features are what the wire shows: how many frames, their sizes, their
times in the step, the step's length and the step called (the public narration). Two simple classifiers
trained on some games tell a dead or idle step from a live one in the others no better than a coin.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.flow import ALL_STEPS
from narrator.game.clock import AgendaClock
from narrator.game.inputs import tap_delay
from narrator.ui.web import gameloop, shape

from .tables import Phone, Table, act
from .test_frames import own_table

# classic and extended in turn, each language, 7 to 10 players, one seed each: as many as it takes
GAMES = [(("classic", "extended")[n % 2], ("en", "es", "de")[n % 3], 7 + n * 5 % 4, 31 + n) for n in range(60)]
ENOUGH = 300  # idle phones×steps the classifier is scored on (the rarer kind): fewer, and a stump that fits the
# few distinct steps of one game's picking order scores above chance by luck (0.63 to 0.69 at 110 on one order)
STEPS = sorted(ALL_STEPS)


@dataclass
class Stretch:
    """One living phone in one night step, from the step's call to its sleep line: what it was sent."""

    game: int
    called: str  # the step the narration calls (public: every page has its captions)
    sizes: tuple[int, ...]  # the frames' bytes on the wire
    times: tuple[float, ...]  # their times since the step was called
    length: float  # from the call to the sleep line
    alive: int  # how many are alive (public: the dawns name every death)
    idle: bool  # nobody acts in this step (its role is dead or has nothing left to do)


def screen_key(message: dict[str, Any]) -> str:
    """What makes a screen a new thing to answer for a person: not a resend of the same one."""
    return json.dumps({k: message.get(k) for k in ("screen", "q", "step", "done", "picks", "seen", "choices")},
                      sort_keys=True)


def people(table: Table, clock: AgendaClock, rng: random.Random) -> None:
    """Every page's bot answers a new screen a person's few seconds after it came (drawn from `rng`), on the
    screen it is still shown then."""
    scheduled: dict[int, str] = {}

    def react(phone: Phone, message: dict[str, Any]) -> None:
        if message["t"] != "screen" or scheduled.get(id(phone)) == screen_key(message):
            return
        key = scheduled[id(phone)] = screen_key(message)

        def tap() -> None:
            shown = phone.screen()
            if shown is not None and screen_key(shown) == key:
                act(phone, rng)

        clock.at(clock.now() + tap_delay(rng), tap)

    table.clock, table.react = clock, react


def stretches(game: int, phones: list[Phone]) -> list[Stretch]:
    """Each living phone's frames from a night step's call to its sleep line (the step the hub calls)."""
    out = []
    for phone in phones:
        run: list[Any] = []
        for f in [*phone.frames, None]:
            called = f.public.called if f is not None and f.public is not None else None
            if run and called != run[0].public.called:
                out.extend(stretch(game, phone, run))
                run = []
            if called is not None and f is not None and f.state is not None and not f.state.over:
                run.append(f)
    return out


def stretch(game: int, phone: Phone, run: list[Any]) -> Iterator[Stretch]:
    state, start, called = run[0].state, run[0].t, run[0].public.called
    if phone.seat not in state.alive or state.phase != "night":
        return
    asked = any(f.public.step == called and not f.public.decoy for f in run)  # the step's own question opened
    yield Stretch(game, str(called), tuple(shape.wire_size(f.message) for f in run),
                  tuple(round(f.t - start, 3) for f in run), round(run[-1].t - start, 3), len(state.alive), not asked)


def features(s: Stretch) -> list[float]:
    """The wire's view of one step, and the step called (one-hot)."""
    sizes, times = [*s.sizes[:8], *[0] * (8 - len(s.sizes[:8]))], [*s.times[:8], *[0.0] * (8 - len(s.times[:8]))]
    return [len(s.sizes), sum(s.sizes), max(s.sizes), min(s.sizes), s.length, *sizes, *times,
            *(float(s.called == step) for step in STEPS)]


def balanced(truth: np.ndarray, guess: np.ndarray) -> float:
    return float(np.mean([np.mean(guess[truth == v] == v) for v in (True, False) if np.any(truth == v)]))


def best_guess(train: list[Stretch], test: list[Stretch]) -> float:
    """The better of two simple classifiers of "idle", trained on `train` and scored on `test`: a stump on one
    feature (one frame fewer, a frame a byte bigger, a step a second longer) and a logistic regression on all."""
    x, y = np.array([features(s) for s in train]), np.array([s.idle for s in train])
    xt, yt = np.array([features(s) for s in test]), np.array([s.idle for s in test])
    if len(set(y)) < 2 or len(set(yt)) < 2:
        return 0.5
    j, t, side = max(((j, t, side) for j in range(x.shape[1]) for t in np.unique(x[:, j]) for side in (True, False)),
                     key=lambda c: balanced(y, (x[:, c[0]] >= c[1]) == c[2]))
    scores = [by_narration(test, (xt[:, j] >= t) == side)]
    mean, std = x.mean(0), x.std(0) + 1e-9
    a, at = (x - mean) / std, (xt - mean) / std
    w, b = np.zeros(a.shape[1]), 0.0
    weight = np.where(y, 0.5 / y.mean(), 0.5 / (1 - y.mean()))  # both classes count alike
    for _ in range(400):
        p = 1 / (1 + np.exp(-(a @ w + b)))
        w -= 0.5 * (a.T @ ((p - y) * weight)) / len(y)
        b -= 0.5 * float(np.mean((p - y) * weight))
    scores.append(by_narration(test, (at @ w + b) > 0))
    return max(scores)


def by_narration(test: list[Stretch], guess: np.ndarray) -> float:
    """Balanced accuracy among the steps the captions alone cannot tell apart (the same step called, as many
    alive), where both kinds are, weighted by how many: that the pack always acts, or that a late night's seer
    is more often dead, is what the narration tells, no secret of the frames."""
    truth = np.array([s.idle for s in test])
    told = np.array([hash((s.called, s.alive)) for s in test])
    groups = [told == c for c in set(told) if len(set(truth[told == c])) == 2]
    if not groups:
        return 0.5
    return float(np.average([balanced(truth[g], guess[g]) for g in groups], weights=[g.sum() for g in groups]))


def played(tmp: Path, n: int, rules: str, lang: str, players: int, seed: int) -> list[Stretch]:
    """One game of bots that tap as people do, on a clock of its own."""
    clock = AgendaClock()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gameloop, "random_seed", lambda: seed)  # the deal, as the seed says
        hub, table, host, phones = own_table(tmp, players, rules, lang, seed)
        hub.clock = lambda: clock
        people(table, clock, random.Random(seed))
        host.send(t="deal")
        table.wait(lambda: (host.screen() or {}).get("screen") == "end")
        hub.stop_game()
    return stretches(n, phones)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Stretch]:
    """The games in order until there are ENOUGH idle and live phones×steps (how many die, and so how many steps
    are idle, depends on how each game goes)."""
    out: list[Stretch] = []
    for n, game in enumerate(GAMES):
        out += played(tmp_path_factory.mktemp("g"), n, *game)
        if n % 2 and sum(s.idle for s in out) > ENOUGH and sum(not s.idle for s in out) > ENOUGH:
            break  # after an odd game: both folds as many games
    return out


def test_the_bots_tap_at_a_persons_pace(games: list[Stretch]) -> None:
    """The comparison is fair only when live steps take a person's time: their frames spread over seconds."""
    live = [s for s in games if not s.idle]
    assert live and np.median([max(s.times[:-1] or (0.0,)) for s in live]) >= 1.0


def test_a_classifier_of_frames_tells_no_dead_or_idle_step(games: list[Stretch]) -> None:
    train = [s for s in games if s.game % 2 == 0]
    test = [s for s in games if s.game % 2 == 1]
    assert sum(s.idle for s in games) > ENOUGH and sum(not s.idle for s in games) > ENOUGH
    score = (best_guess(train, test) + best_guess(test, train)) / 2  # two folds
    assert score <= 0.55, f"idle: balanced accuracy {score:.3f} on {len(games)} phones×steps"
