"""An evening at one table: the lines it has heard, kept between its games so the next game does not open with
the words of the last (narrator/speech/picker.py). Kept in the data folder, so a new game after a restart that
evening remembers too; forgotten after a night's sleep."""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

FILE = "evening.json"
HOURS = 10  # an evening: games further apart than this start afresh
MAX_BYTES = 4 << 20  # a memory file past this is not read (a whole evening is a few hundred KB at most)


def recall(data: Path, now: float | None = None) -> dict[str, Any]:
    """What the table heard this evening ({} when nothing, when it was another day, or when the file is unreadable:
    the memory is a nicety, never a reason to stop)."""
    path = data / FILE
    now = time.time() if now is None else now
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or not isinstance(doc.get("heard"), dict):
        return {}
    if not isinstance(doc.get("at"), (int, float)):
        return {}
    if not 0 <= now - float(doc["at"]) <= HOURS * 3600:
        return {}
    return dict(doc["heard"])


def keep(data: Path, heard: dict[str, Any], now: float | None = None) -> None:
    """Remember what was heard (written whole, then moved into place: a crash leaves the old file or the new)."""
    path = data / FILE
    with contextlib.suppress(OSError):
        data.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps({"at": time.time() if now is None else now, "heard": heard}), encoding="utf-8")
        os.replace(temporary, path)
