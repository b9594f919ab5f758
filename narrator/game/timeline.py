"""Contract 3: the captions and the night steps of a game, as JSON lines in time order."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator.speech.captions import Caption


@dataclass(frozen=True)
class StepTiming:
    """One night step as a stopwatch at the table sees it."""

    step: str
    t: float
    end: float
    actor_alive: bool

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "t": round(self.t, 3), "end": round(self.end, 3), "actor_alive": self.actor_alive}


def timeline(captions: Sequence[Caption], steps: Sequence[StepTiming]) -> list[dict[str, Any]]:
    rows = [(c.t, 0, c.to_json()) for c in captions] + [(s.t, 1, s.to_json()) for s in steps]
    return [row for _, _, row in sorted(rows, key=lambda r: (r[0], r[1]))]


def write_timeline(path: Path, captions: Sequence[Caption], steps: Sequence[StepTiming]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for row in timeline(captions, steps):
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
