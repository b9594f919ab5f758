"""`make bench`: every figure, one JSON object per line (Contract 4), measured in one run.

`python -m bench PREFIX...` prints only the figures whose name starts with one of the prefixes (e.g.
`python -m bench web.own web.reconnect`); a suite none of whose figures can match is not run, and a suite
whose `run` takes `only` skips the measurements none of whose figures is asked for.
"""

from __future__ import annotations

import inspect
import json
import sys

from . import ambience, balance, engine, history, listener, narration, online, restart, scripts, store, voice, web

# Each suite, with the prefixes its figures' names start with.
SUITES = [(engine, ("engine.",)), (balance, ("balance.",)), (scripts, ("scripts.",)),
          (narration, ("clock.", "journal.", "resume.")), (voice, ("voice.onset", "voice.gap", "pack.", "play.")),
          (listener, ("voice.asr_wer.",)), (web, ("web.",)), (online, ("online.",)), (store, ("online.store.",)),
          (history, ("history.",)), (restart, ("online.restart_s", "online.failover_s")),
          (ambience, ("ambience.", "clock.overshoot"))]


def main(prefixes: list[str]) -> int:
    def only(name: str) -> bool:
        return not prefixes or any(name.startswith(p) for p in prefixes)

    for suite, names in SUITES:
        if prefixes and not any(p.startswith(n) or n.startswith(p) for p in prefixes for n in names):
            continue
        lines = suite.run(only) if "only" in inspect.signature(suite.run).parameters else suite.run()
        for line in lines:
            if only(json.loads(line)["metric"]):
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
    return 0


raise SystemExit(main(sys.argv[1:]))
