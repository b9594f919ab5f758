"""`make bench`: every figure, one JSON object per line (Contract 4), measured in one run.

`python -m bench PREFIX...` prints only the figures whose name starts with one of the prefixes (e.g.
`python -m bench web.own web.reconnect`); a suite none of whose figures can match is not run, and a suite
whose `run` takes `only` skips the measurements none of whose figures is asked for. A suite that fails says so on
stderr and the others still run (the exit status is 1 then).
"""

from __future__ import annotations

import inspect
import json
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

# Each suite, with the prefixes its figures' names start with.
SUITES = [(engine, ("engine.",)), (balance, ("balance.",)), (scripts, ("scripts.",)),
          (narration, ("clock.", "journal.", "resume.")), (voice, ("voice.onset", "voice.gap", "pack.", "play.")),
          (listener, ("voice.asr_wer.",)), (web, ("web.",)), (online, ("online.",)), (store, ("online.store.",)),
          (history, ("history.",)), (restart, ("online.restart_s", "online.failover_s")),
          (capacity, ("online.rooms_per_process",)),
          (ambience, ("ambience.", "clock.overshoot"))]


def main(prefixes: list[str]) -> int:
    def only(name: str) -> bool:
        return not prefixes or any(name.startswith(p) for p in prefixes)

    failed = []
    for suite, names in SUITES:
        if prefixes and not any(p.startswith(n) or n.startswith(p) for p in prefixes for n in names):
            continue
        try:
            lines = suite.run(only) if "only" in inspect.signature(suite.run).parameters else suite.run()
            for line in lines:
                if only(json.loads(line)["metric"]):
                    sys.stdout.write(line + "\n")
                    sys.stdout.flush()
        except Exception as exc:  # one suite's failure leaves the others' figures to measure
            failed.append(suite.__name__)
            sys.stderr.write(f"bench: {suite.__name__} failed: {type(exc).__name__}: {exc}\n")
    if failed:
        sys.stderr.write(f"bench: failed: {', '.join(failed)}\n")
    return 1 if failed else 0


raise SystemExit(main(sys.argv[1:]))
