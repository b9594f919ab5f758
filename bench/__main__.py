"""`make bench`: every figure, one JSON object per line (Contract 4), measured in one run."""

from __future__ import annotations

import sys

from . import engine, narration, scripts, voice, web

SUITES = [engine, scripts, narration, voice, web]


def main() -> int:
    for suite in SUITES:
        for line in suite.run():
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
    return 0


raise SystemExit(main())
