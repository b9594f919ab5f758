"""Shared helpers for `make bench`: the Contract 4 line and medians of repeated runs."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable


def metric(name: str, value: float, unit: str, better: str) -> str:
    return json.dumps({"metric": name, "value": round(value, 3), "unit": unit, "better": better})


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    """The median wall time of `fn`, in milliseconds."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
