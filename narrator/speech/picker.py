"""Which variant of a scene to say: shuffled cycles, as in ink.

No variant repeats until all were heard; the last of one round is never the first of the next;
the sequence follows from the game's seed alone, and the counts are the only state, so undo and
resume, which restore the counts, say the same lines again.
"""

from __future__ import annotations

import random
from functools import lru_cache


@lru_cache(maxsize=4096)
def _round(seed: int, scene: str, n: int, number: int) -> tuple[int, ...]:
    order = list(range(n))
    random.Random(f"{seed}/{scene}/{number}").shuffle(order)
    if number > 0 and n > 1 and order[0] == _round(seed, scene, n, number - 1)[-1]:
        order[0], order[1] = order[1], order[0]
    return tuple(order)


class Picker:
    def __init__(self, seed: int, counts: dict[str, int] | None = None) -> None:
        self.seed = seed
        self.counts: dict[str, int] = dict(counts or {})

    def peek(self, scene: str, n: int) -> int:
        """The variant index the next `pick` of this scene will return."""
        k = self.counts.get(scene, 0)
        return _round(self.seed, scene, n, k // n)[k % n]

    def pick(self, scene: str, n: int) -> int:
        index = self.peek(scene, n)
        self.counts[scene] = self.counts.get(scene, 0) + 1
        return index

    def snapshot(self) -> dict[str, int]:
        return dict(self.counts)

    def restore(self, counts: dict[str, int]) -> None:
        self.counts = dict(counts)
