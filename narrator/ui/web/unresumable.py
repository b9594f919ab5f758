"""A waiting game that cannot be continued: the page says why, and where its journal was kept."""

from __future__ import annotations

from typing import Any

from narrator.game.narrator import ReplayMismatch
from narrator.game.records import RecordError


def unresumable_screen(exc: Exception, kept: str) -> dict[str, Any]:
    """The resume screen with the reason (a key of the page's words, and the line) instead of "Continue"."""
    line: int | None = None
    key = "resume.error.unreadable"
    if isinstance(exc, RecordError):
        key, line = f"resume.error.{exc.reason}", exc.line
    elif isinstance(exc, ReplayMismatch) and exc.line is not None:
        key, line = "resume.error.mismatch", exc.line
    return {"screen": "resume", "error": key, "line": line, "kept": kept, "detail": str(exc)}
