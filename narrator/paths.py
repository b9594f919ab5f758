"""Where wolfcall keeps what it writes: journals, downloaded voices, rendered packs, logs, remembered answers (the
data folder), the user's own config.yaml (the config folder) and what it may fetch again (the cache folder), each
where the XDG base directories put them. Never inside the installed package (narrator/resources.py: what it ships)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """$WOLFCALL_DATA, else $XDG_DATA_HOME/wolfcall, else ~/.local/share/wolfcall."""
    if os.environ.get("WOLFCALL_DATA"):
        return Path(os.environ["WOLFCALL_DATA"])
    return _xdg("XDG_DATA_HOME", ".local/share")


def config_dir() -> Path:
    """$XDG_CONFIG_HOME/wolfcall, else ~/.config/wolfcall."""
    return _xdg("XDG_CONFIG_HOME", ".config")


def cache_dir() -> Path:
    """$XDG_CACHE_HOME/wolfcall, else ~/.cache/wolfcall."""
    return _xdg("XDG_CACHE_HOME", ".cache")


def _xdg(variable: str, default: str) -> Path:
    return Path(os.environ.get(variable) or Path.home() / default) / "wolfcall"
