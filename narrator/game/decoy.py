"""A dead or idle step on the players' own phones: a decoy question, asked of nobody, open in its window.

A step whose role is dead (or has nothing left to do) is said and held like a live one (narrator.py). On the
players' own phones a live step also opens its question, every other phone showing a decoy of the same
shape, and closes it when its actor answers; so a dead step opens a decoy question too, numbered like any
question (the next real one's number is one more, as after an answer), and closes it when an actor's answer
would have come. Nothing is asked of anyone: the phones' taps on it are kept by nobody.

When it closes is drawn from what the living took to answer tonight and before (a late close with the
reminder, as the window's extra time is drawn, narrator.py), blurred, from a generator seeded by the game's
seed and the question's number: a phone cannot predict it (the seed deals the cards: whoever knew it would
know every card already), a resumed game draws what the uninterrupted one would have, and a replay draws
nothing, since it shows nothing.
"""

from __future__ import annotations

import random

from engine.flow import ALL_STEPS
from narrator.game.inputs import Question, tap_delay


class Decoys:
    """The decoy questions of one game: how many were opened (they count in every later question's number),
    and when each closes."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.opened = 0
        self.delays: list[float] = []  # seconds the living took to answer, one per live step

    def took(self, delay: float) -> None:
        """A live step was answered `delay` seconds after its question opened."""
        self.delays.append(delay)

    def open(self, step: str, number: int) -> Question | None:
        """The decoy question of a dead or idle `step`, numbered `number` (the narrator opens them on own devices:
        tellings.py); None for a scene nobody ever answers (the lovers waking)."""
        if step not in ALL_STEPS:
            return None
        self.opened += 1
        return Question(step, (), None, number, decoy=True)

    def closes(self, question: Question, window: float) -> float:
        """Seconds after the window opens when `question` closes, when it closes in time (without the window's
        extra time, narrator.py: then it closes at its end, as an answer after the reminder): when one of the
        living answered in time, blurred."""
        rng = random.Random(f"{self.seed}:decoy:{question.number}")
        in_time = [d for d in self.delays if d <= window]
        delay = rng.choice(in_time) if in_time else tap_delay(rng)
        return min(window, round(delay * rng.uniform(0.85, 1.15), 3))
