"""`make bench`: every figure, one JSON object per line (Contract 4), measured in one run.

`python -m bench PREFIX...` prints only the figures whose name starts with one of the prefixes (e.g.
`python -m bench web.own web.reconnect`); a suite none of whose figures can match is not run, and a suite
whose `run` takes `only` skips the measurements none of whose figures is asked for. A suite that fails is
told on stderr and the next one runs; the run then exits 1 (bench/runner.py).
"""

from __future__ import annotations

import sys

from . import (
    ambience,
    balance,
    capacity,
    engine,
    history,
    listener,
    narration,
    online,
    restart,
    scripts,
    store,
    voice,
    web,
)
from .runner import Suite, figures_only, run_suites

# Each suite, with the prefixes its figures' names start with.
SUITES: list[Suite] = [
    (engine, ("engine.",)), (balance, ("balance.",)), (scripts, ("scripts.",)),
    (narration, ("clock.", "journal.", "resume.")), (voice, ("voice.onset", "voice.gap", "pack.", "play.")),
    (listener, ("voice.asr_wer.",)), (web, ("web.",)), (online, ("online.",)), (store, ("online.store.",)),
    (history, ("history.",)), (restart, ("online.restart_s", "online.failover_s")),
    (capacity, ("online.rooms_per_process",)),
    (ambience, ("ambience.", "clock.overshoot"))]


def main(prefixes: list[str]) -> int:
    with figures_only() as out:
        return run_suites(SUITES, prefixes, out, sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
