"""The ways of playing, by the table's mode: one device, round the table, own devices.

Each is a `Way` (way.py): it turns its pages' taps into answers at the desk and says what each page is
shown. The hub makes the one of the table's mode at every deal (`WAYS[mode](hub)`) and routes to it; a new
way to play is a new module here with its `Way` subclass, and one line below.
"""

from __future__ import annotations

from narrator.ui.web.ways.one_device import OneDevice
from narrator.ui.web.ways.own_devices import OwnDevices
from narrator.ui.web.ways.round_table import RoundTable
from narrator.ui.web.ways.way import Way

WAYS: dict[str, type[Way]] = {"one_device": OneDevice, "round_table": RoundTable, "own_devices": OwnDevices}

__all__ = ["WAYS", "OneDevice", "OwnDevices", "RoundTable", "Way"]
