"""What wolfcall ships and reads at run time, found inside the package `narrator` through importlib.resources, so a
checkout, an editable install and an installed wheel find the same files the same way.

The scripts, the voices and config.yaml stay at the repository's top, where their authors edit them;
narrator/_data/ holds symlinks to them. A checkout and an editable install follow the links; a build
(pyproject.toml's package-data) copies the files behind them into the wheel and the sdist. What wolfcall writes
(journals, downloaded voices, rendered packs) goes elsewhere: narrator/paths.py. Standard library only:
`make` runs narrator/ui/web/icons.py with the system's python3, before the venv exists.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def shipped(*parts: str) -> Path:
    """A file or folder of the package by its place in it (`"_data", "scripts"`), links resolved: a checkout's
    scripts are named by their own path (scripts/de/night.yaml), as their authors know them."""
    return Path(str(files("narrator").joinpath(*parts))).resolve()


SCRIPTS = shipped("_data", "scripts")  # the spoken lines, a folder per language
VOICES = shipped("_data", "voices")  # the narrators, a YAML file each
CONFIG = shipped("_data", "config.yaml")  # the defaults, commented: a new config.yaml starts as this
STATIC = shipped("ui", "web", "static")  # the page
ICONS = STATIC / "icons"  # its pictures, when the build fetched them (narrator/ui/web/icons.py)
UI = shipped("ui", "web", "ui")  # the page's words
LOCALE = shipped("cli", "locale")  # the command line's words (argparse's own too), a gettext catalog per language
ODDS = shipped("balance", "odds.json")  # each side's chances, simulated ahead (tools/balance_table.py)
