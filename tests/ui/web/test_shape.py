"""What an eavesdropper on the Wi-Fi learns from one own-device phone's frames: their sizes and their order
among the captions every page gets. Nothing of its role (narrator/ui/web/shape.py).

Whole games with bots on a real hub; for each living phone and each step the night calls, the features
are the frames it was sent between two captions, as the socket sends them (their bytes, their order); a
simple classifier trained on some games names the wolves and each step's actor in the others no better
than a coin, and within every step every living phone was sent the same sizes in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.roles import ROLES
from narrator.speech.scenes import LANGUAGES
from narrator.ui.web import shape
from narrator.ui.web.hub import Hub
from narrator.ui.web.screens import inline_picture
from narrator.ui.web.strings import strings
from tests.online.roomtable import open_room, play_room, room_act

from .tables import Phone, Table
from .tables import act as tables_act
from .test_frames import own_table, play

GAMES = [("classic", "en", 8, 21), ("extended", "es", 10, 22), ("classic", "de", 9, 23), ("extended", "en", 9, 24),
         ("classic", "es", 10, 25), ("extended", "de", 8, 26)]


@dataclass
class Sample:
    """One living phone in one step the night calls: what it was sent, and what it is."""

    game: int
    step: int  # the caption the step's frames follow
    called: str  # the step the narration calls (public: every page has its captions)
    sizes: tuple[int, ...]
    wolf: bool
    actor: bool
    idle: bool  # nobody acts in this step (its role is dead or has nothing left to do)


def wire(message: dict[str, object]) -> int:
    """The bytes on the wire, as the socket writes the message (narrator/ui/web/app.py)."""
    return len(shape.wire_text(message).encode("utf-8"))


def samples(game: int, phones: list[Phone], unseen: tuple[str, ...] = ()) -> list[Sample]:
    """Each living phone's frames between two captions, for the stretches where the night calls a step
    (but for the kinds of message `unseen`)."""
    cut: dict[tuple[int, int], list[tuple[dict[str, object], object]]] = {}
    for phone in phones:
        k = 0
        for f in phone.frames:
            if f.message["t"] == "caption":
                k += 1
            elif f.state is not None and not f.state.over and f.message["t"] not in unseen:
                cut.setdefault((phone.seat or 0, k), []).append((f.message, f.state))
    acting = {k for (_, k), got in cut.items() for m, _ in got if m.get("screen") == "night" and not m.get("decoy")}
    out = []
    for (seat, k), got in cut.items():
        state = got[0][1]
        night = any(m.get("screen") == "night" for m, _ in got)
        if not night or seat not in state.alive:  # type: ignore[attr-defined]
            continue
        actor = any(m.get("screen") == "night" and not m.get("decoy") for m, _ in got)
        called = next(str(m["step"]) for m, _ in got if m.get("screen") == "night")
        out.append(Sample(game, k, called, tuple(wire(m) for m, _ in got),
                          seat in state.wolves, actor, k not in acting))  # type: ignore[attr-defined]
    return out


def features(s: Sample) -> list[float]:
    first = [*s.sizes[:6], *[0] * (6 - len(s.sizes[:6]))]
    return [len(s.sizes), sum(s.sizes), max(s.sizes), min(s.sizes), *first]


def balanced(truth: np.ndarray, guess: np.ndarray) -> float:
    return float(np.mean([np.mean(guess[truth == v] == v) for v in (True, False) if np.any(truth == v)]))


def best_guess(train: list[Sample], test: list[Sample], label: str) -> float:
    """The better of two simple classifiers, trained on `train`, scored on `test`: a stump on one feature
    (some frame a byte bigger), and a logistic regression on all of them (the number of frames and sizes).
    Scored within each step of each game: what the captions alone tell (how many are alive, the pack is
    several and the seer one) is no secret of the frames."""
    x, y = np.array([features(s) for s in train]), np.array([getattr(s, label) for s in train])
    xt, yt = np.array([features(s) for s in test]), np.array([getattr(s, label) for s in test])
    if len(set(y)) < 2 or len(set(yt)) < 2:
        return 0.5
    stump = max(((j, t, side) for j in range(x.shape[1]) for t in np.unique(x[:, j]) for side in (True, False)),
                key=lambda c: balanced(y, (x[:, c[0]] >= c[1]) == c[2]))
    j, t, side = stump
    scores = [by_step(test, (xt[:, j] >= t) == side, label)]
    mean, std = x.mean(0), x.std(0) + 1e-9
    a, at = (x - mean) / std, (xt - mean) / std
    w, b = np.zeros(a.shape[1]), 0.0
    weight = np.where(y, 0.5 / y.mean(), 0.5 / (1 - y.mean()))  # both classes count alike
    for _ in range(400):
        p = 1 / (1 + np.exp(-(a @ w + b)))
        w -= 0.5 * (a.T @ ((p - y) * weight)) / len(y)
        b -= 0.5 * float(np.mean((p - y) * weight))
    scores.append(by_step(test, (at @ w + b) > 0, label))
    return max(scores)


def by_step(test: list[Sample], guess: np.ndarray, label: str) -> float:
    """Balanced accuracy within each step of each game (where both kinds of phone are in it), averaged."""
    truth = np.array([getattr(s, label) for s in test])
    called = np.array([s.game * 1000 + s.step for s in test])
    scores = [balanced(truth[called == c], guess[called == c]) for c in sorted(set(called))
              if len(set(truth[called == c])) == 2]
    return float(np.mean(scores)) if scores else 0.5


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Sample]:
    out: list[Sample] = []
    for n, (rules, lang, players, seed) in enumerate(GAMES):
        hub, table, host, phones = own_table(tmp_path_factory.mktemp("g"), players, rules, lang, seed)
        host.send(t="deal")
        play(hub, table, phones, host, None, random.Random(seed))
        hub.stop_game()
        out += samples(n, phones)
    return out


def test_within_each_step_every_living_phone_is_sent_the_same_sizes(games: list[Sample]) -> None:
    by_step: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    for s in games:
        by_step.setdefault((s.game, s.step), set()).add(s.sizes)
    differing = {k: v for k, v in by_step.items() if len(v) > 1}
    assert not differing, f"{len(differing)} of {len(by_step)} steps: {list(differing.items())[:3]}"


@pytest.mark.parametrize("label", ["wolf", "actor"])
def test_a_classifier_of_frame_sizes_names_nobody(games: list[Sample], label: str) -> None:
    train = [s for s in games if s.game % 2 == 0]
    test = [s for s in games if s.game % 2 == 1]
    if label == "wolf":  # the pack's own step, where its phones differ the most
        train, test = [s for s in train if s.called == "werewolves"], [s for s in test if s.called == "werewolves"]
    else:  # whether a step has an actor at all is the narrator's timing (its dead window, not a frame)
        train, test = [s for s in train if not s.idle], [s for s in test if not s.idle]
    score = (best_guess(train, test, label) + best_guess(test, train, label)) / 2  # two folds
    assert score <= 0.55, f"{label}: balanced accuracy {score:.3f} on {len(test)} phones×steps"


def test_every_card_and_answer_fits_the_size_of_a_secret() -> None:
    """Padding makes every secret one size only while the largest fits in it."""
    for lang in LANGUAGES:
        words = strings(lang)
        for role in ROLES:
            card = {"t": "private", "kind": "card", "name": "W" * 40, "role": words.get(f"role.{role}", role),
                    "help": words.get(f"help.{role}", ""), "picture": inline_picture(role), "pack": ["W" * 40] * 4}
            assert shape.wire_size(card) <= shape.PRIVATE_BYTES, (lang, role)
            assert shape.wire_size(shape.private(card)) == shape.PRIVATE_BYTES


def test_in_an_online_room_too_every_living_phone_is_sent_the_same_sizes(tmp_path: Path) -> None:
    _rooms, room, table, phones = open_room(tmp_path, 8, "extended", "en", seed=8)
    phones[0].send(t="deal")
    play_room(room, table, phones, random.Random(8))
    # the opener's page is the host's too; the voice chat's own signals open and close the pack's channel at
    # night, as its sound then flows between the wolves' phones: a room's voice chat tells who talks to whom
    got = samples(0, [p for p in phones if p.seat != 1], unseen=("rtc",))
    by_step: dict[int, set[tuple[int, ...]]] = {}
    for s in got:
        by_step.setdefault(s.step, set()).add(s.sizes)
    differing = {k: v for k, v in by_step.items() if len(v) > 1}
    assert not differing, f"{len(differing)} of {len(by_step)} steps: {list(differing.items())[:3]}"



def at_a_night_question(hub: Hub, table: Table, pages: list[Phone], act: Callable[[Any, random.Random], bool],
                        rng: random.Random) -> None:
    """The bots play until the night asks a living player something (not a dead role's decoy step)."""
    for _ in range(2000):
        q, state = hub.question, hub.state
        if q is not None and state is not None and q.step not in ("reveal", "start") and not q.decoy \
                and state.phase == "night":
            return
        with table.changed:
            total = sum(len(p.frames) for p in table.phones)
        if not any([act(p, rng) for p in pages]):
            table.wait(lambda total=total: sum(len(p.frames) for p in table.phones) > total)  # type: ignore[misc]
    raise AssertionError("the night never asked anything")


def tap_stale(hub: Hub, phones: list[Phone]) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """The first living phone answers the question before the open one: what it and every other living phone
    are sent for that."""
    with hub.lock:  # the narrator's thread sends nothing meanwhile (a phone's frames are kept under table.changed)
        q, state = hub.question, hub.state
        assert q is not None and state is not None
        living = [p for p in phones if p.seat in state.alive]
        before = {id(p): len(p.frames) for p in living}
        living[0].send(t="tap", q=q.number - 1, value="decoy:none")
        got = [[f.message for f in p.frames[before[id(p)]:]] for p in living]
    mine = got[0]
    assert [m["t"] for m in mine] == ["refused", "screen"] and mine[0]["rule"] == "stale", mine
    assert mine[1]["q"] == q.number, "the screen of now"
    return mine, got[1:]


@pytest.mark.parametrize("seed", [3, 4])
def test_a_stale_tap_sends_its_phone_the_screen_of_now_and_every_other_living_phone_a_dummy(
        tmp_path: Path, seed: int) -> None:
    """A phone refused for an old question is sent the screen of now; the other living phones a dummy of its size,
    not their own screen again: each would be a new screen to answer (bench online: every bot answered it, some
    answers were stale again, and the refusals fed themselves)."""
    hub, table, host, phones = own_table(tmp_path, 8, "classic", "en", seed)
    host.send(t="deal")
    at_a_night_question(hub, table, [host, *phones], tables_act, random.Random(seed))
    mine, others = tap_stale(hub, phones)
    for other in others:
        assert [m["t"] for m in other] == ["pad", "pad"], other
        assert [wire(m) for m in other] == [wire(m) for m in mine], "every living phone is sent the same sizes"


def test_in_an_online_room_a_stale_tap_sends_every_other_living_phone_a_dummy_of_a_rooms_screen(
        tmp_path: Path) -> None:
    """The room sends its screens larger than the hub's (its voice channel, its speaking list): the dummies too."""
    _rooms, room, table, phones = open_room(tmp_path, 8, "classic", "en", seed=5)
    phones[0].send(t="deal")
    at_a_night_question(room.hub, table, list(phones), room_act, random.Random(5))
    with room.lock:
        mine, others = tap_stale(room.hub, phones[1:])  # the opener's page is the host's too
    for other in others:
        assert [m["t"] for m in other] == ["pad", "pad"], other
        assert [wire(m) for m in other] == [wire(m) for m in mine], "every living phone is sent the same sizes"
