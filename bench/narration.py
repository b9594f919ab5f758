"""Game-master figures: how much the night's rhythm leaks, the journal's flush cost, resume time."""

from __future__ import annotations

import contextlib
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine import Choice, HouseRules, State
from engine.house import defaults
from narrator.game.clock import Clock, VirtualClock
from narrator.game.inputs import ANSWER_TO, COVERED, STARTED, VOTE_CALLED, Answer, Question, RandomInput
from narrator.game.journal import Journal
from narrator.game.narrator import Narrator, StepTiming
from narrator.game.nightcalls import CalledNight
from narrator.game.records import Numbered
from narrator.game.session import Session, Table, encode, open_journal
from narrator.speech.captions import SilentSpeaker
from narrator.speech.script import SHIPPED, Script, load

from ._measure import metric, p95

NAMES = [f"P{i}" for i in range(1, 13)]


class NaiveNight(CalledNight):
    """The plain design: a dead role's step just waits `step_seconds`."""

    def dead_window(self, step: str, remind: bool = True) -> None:
        n = self.narrator
        n.clock.sleep_until(n.clock.now() + n.state.house.step_seconds)


class NaiveNarrator(Narrator):
    """A narrator whose night calls its dead steps the plain way (NaiveNight)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.telling.calls = NaiveNight(self)


def night_steps(narrator_class: type[Narrator], script: Script, games: int) -> list[StepTiming]:
    steps: list[StepTiming] = []
    for seed in range(games):
        players = 7 + seed % 6
        table = Table.deal(NAMES[:players], HouseRules(), seed, "en", kind="demo")
        session = _BenchSession(table, script, SilentSpeaker(), VirtualClock(), RandomInput(seed))
        session.narrator_class = narrator_class
        steps += session.run().steps
    return steps


class _BenchSession(Session):
    narrator_class: type[Narrator] = Narrator

    def build(self) -> Narrator:
        base = super().build()
        return self.narrator_class(base.game, base.lines, base.live_speaker, base.live_clock, base.live_input,
                                   seed=self.table.seed)


def accuracy(steps: list[StepTiming], seed: int = 0) -> float:
    """Train the best simple classifiers on half the steps (balanced alive/dead), test on the other half.

    Two classifiers: the best threshold on duration (either direction), and a histogram (majority per
    0.5 s bin). Returns the better held-out accuracy; 0.5 is chance.
    """
    return separable([(s.end - s.t, s.actor_alive) for s in steps], seed)


def separable(values: list[tuple[float, bool]], seed: int = 0) -> float:
    """`accuracy` for any one number heard per step (its duration, the bed's level in dB...): (value, actor alive)."""
    rng = random.Random(seed)
    alive = [d for d, living in values if living]
    dead = [d for d, living in values if not living]
    n = min(len(alive), len(dead))
    rows = [(d, 1) for d in rng.sample(dead, n)] + [(d, 0) for d in rng.sample(alive, n)]
    rng.shuffle(rows)
    train, test = rows[: len(rows) // 2], rows[len(rows) // 2:]
    return max(_threshold(train, test), _histogram(train, test))


def _threshold(train: list[tuple[float, int]], test: list[tuple[float, int]]) -> float:
    best = (0.0, 0.0, 1)
    for cut in sorted({d for d, _ in train}):
        for sign in (1, -1):
            acc = sum((sign * (d - cut) > 0) == bool(y) for d, y in train) / len(train)
            best = max(best, (acc, cut, sign))
    _, cut, sign = best
    return sum((sign * (d - cut) > 0) == bool(y) for d, y in test) / len(test)


def _histogram(train: list[tuple[float, int]], test: list[tuple[float, int]]) -> float:
    votes: dict[int, list[int]] = {}
    for d, y in train:
        votes.setdefault(int(d * 2), [0, 0])[y] += 1
    right = 0
    for d, y in test:
        v = votes.get(int(d * 2), [1, 0])
        right += (1 if v[1] > v[0] else 0) == y
    return right / len(test)


def append_ms_p95(records: int = 400) -> float:
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        journal = Journal.create(Path(tmp) / "j.jsonl", {"bench": True}, "bench")
        times = []
        for n in range(records):
            payload = encode(Question("seer", number=n), Answer(Choice("seer", 1 + n % 9), 2.5))
            t0 = time.perf_counter()
            journal.append("answer", f"answer {n + 1} recorded", payload)
            times.append((time.perf_counter() - t0) * 1000)
        journal.close()
    return p95(times)


class _Stop(Exception):
    pass


class _StopInput:
    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        raise _Stop


def long_journal(path: Path, script: Script, events: int = 300) -> int:
    """A quiet 12-player extended game (the recommended deal: wolf father, cupid, elder, fox...)
    recorded until its log holds `events` events."""
    table = Table.deal(NAMES, defaults("extended"), 5, "en", kind="play", ruleset="extended")
    journal = Journal.create(path, table.to_json(), "bench")
    game = table.game()
    answers = [Answer(COVERED, 2.0)] * 12 + [Answer(STARTED, 1.0)]
    while len(game.events) < events:
        legal = game.legal()
        choice = next((c for c in legal if c.is_pass), legal[-1])
        if game.state.current is not None and game.state.current.step == "day_vote":
            answers.append(Answer(VOTE_CALLED, 30.0))
        game.choose(choice)
        answers.append(Answer(choice, 3.0))
    asks = {prompt: step for step, prompt in ANSWER_TO.items()}  # the narrator's question each prompt answers
    records = Numbered(journal)
    for n, a in enumerate(answers):
        step = a.value.step if isinstance(a.value, Choice) else asks[a.value]
        records.append("answer", "answer recorded", encode(Question(step, number=n), a))
    journal.close()
    return len(game.events)


def resume_ms(script: Script, repeat: int = 15) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.jsonl"
        long_journal(path, script)
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            resumed = open_journal(path)
            session = Session(resumed.table, script, SilentSpeaker(), VirtualClock(), _StopInput(),
                              answers=resumed.answers, resumed=True)
            with contextlib.suppress(_Stop):
                session.run()
            times.append((time.perf_counter() - t0) * 1000)
            assert session.narrator is not None and len(session.narrator.game.events) >= 300
        return statistics.median(times)


def run() -> Iterator[str]:
    script = load(SHIPPED)
    yield metric("clock.leak_accuracy", accuracy(night_steps(Narrator, script, 300)), "accuracy", "lower")
    yield metric("clock.leak_accuracy_naive", accuracy(night_steps(NaiveNarrator, script, 300)), "accuracy", "lower")
    yield metric("journal.append_ms_p95", append_ms_p95(), "ms", "lower")
    yield metric("resume.ms", resume_ms(script), "ms", "lower")
