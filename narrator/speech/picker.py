"""Which variant of a scene to say: the least heard of those that fit, in a shuffled order.

The narrator offers the variants that fit the moment (narrator/speech/moment.py); the picker takes one
of those heard the fewest times, and among them follows an order shuffled from the game's seed, the
scene and the round, so nothing repeats until every fitting variant was heard, and the last line of a
round is never the first of the next. What was heard is kept by the variant's words, not its place in
the file, so it carries across moments (a variant that fits night 1 and later nights is one line) and
across the games of an evening (`memory`): the second game of a table does not open with the lines of
the first. The sequence follows from the seed and what was heard alone, so undo and resume, which start
again from the same memory, say the same lines again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

Heard = dict[str, dict[str, list[int]]]  # scene -> variant key -> [times heard, when last heard]
MAX_REMEMBERED = 20_000  # variants an evening's memory keeps (a whole evening is a few thousand lines)


def key_of(text: str) -> str:
    """A variant's key in the memory: a short digest of its words."""
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def _rank(seed: int, scene: str, round_: int, key: str) -> bytes:
    return hashlib.blake2b(f"{seed}/{scene}/{round_}/{key}".encode(), digest_size=8).digest()


class Picker:
    def __init__(self, seed: int, memory: Mapping[str, Any] | None = None) -> None:
        self.seed = seed
        self.heard: Heard = {}
        self.tick = 0
        if memory:
            self.restore(memory)

    def peek(self, scene: str, candidates: Sequence[str] | int) -> int:
        """The index in `candidates` (texts, or a count of variants) that the next `pick` will return."""
        keys = _keys(candidates)
        if len(keys) <= 1:
            return 0
        seen = self.heard.get(scene, {})
        counts = [seen.get(k, (0, 0))[0] for k in keys]
        fewest = min(counts)
        pool = [i for i, c in enumerate(counts) if c == fewest]
        if len(pool) > 1 and fewest > 0:
            latest = max(pool, key=lambda i: seen[keys[i]][1])
            pool.remove(latest)  # the line just heard never comes straight again
        return min(pool, key=lambda i: _rank(self.seed, scene, fewest, keys[i]))

    def pick(self, scene: str, candidates: Sequence[str] | int) -> int:
        index = self.peek(scene, candidates)
        keys = _keys(candidates)
        self.hear(scene, keys[index] if keys else "")
        return index

    def hear(self, scene: str, key: str) -> None:
        self.tick += 1
        entry = self.heard.setdefault(scene, {}).setdefault(key, [0, 0])
        entry[0] += 1
        entry[1] = self.tick

    @property
    def counts(self) -> dict[str, int]:
        """How often each scene was said."""
        return {scene: sum(c for c, _ in seen.values()) for scene, seen in self.heard.items()}

    def snapshot(self) -> dict[str, Any]:
        """What was heard, as JSON: an evening's memory, or a state to come back to."""
        heard = {scene: {k: list(v) for k, v in seen.items()} for scene, seen in self.heard.items()}
        return {"tick": self.tick, "heard": heard}

    memory = snapshot

    def restore(self, memory: Mapping[str, Any]) -> None:
        """Back to a snapshot; a malformed one is ignored part by part (an evening's memory is only a nicety)."""
        heard: Heard = {}
        kept = 0
        raw = memory.get("heard", {})
        for scene, seen in (raw.items() if isinstance(raw, Mapping) else ()):
            if not isinstance(seen, Mapping):
                continue
            for key, value in seen.items():
                if kept >= MAX_REMEMBERED:
                    break
                if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(x, int) for x in value):
                    heard.setdefault(str(scene), {})[str(key)] = [int(value[0]), int(value[1])]
                    kept += 1
        tick = memory.get("tick", 0)
        self.heard, self.tick = heard, tick if isinstance(tick, int) else 0


def _keys(candidates: Sequence[str] | int) -> list[str]:
    if isinstance(candidates, int):
        return [str(i) for i in range(candidates)]
    return [key_of(text) for text in candidates]
