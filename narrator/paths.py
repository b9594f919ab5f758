"""Where wolfcall keeps what it writes: journals, downloaded voices, logs, remembered answers."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """$WOLFCALL_DATA, else $XDG_DATA_HOME/wolfcall, else ~/.local/share/wolfcall."""
    if os.environ.get("WOLFCALL_DATA"):
        return Path(os.environ["WOLFCALL_DATA"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wolfcall"
