"""The ways of playing, by the table's mode: one device, round the table, own devices.

Each is a `Way` (way.py): it turns its pages' taps into answers at the desk, says what each page is shown, and
holds everything else that differs by the way a table plays. The hub makes the one of the table's mode at every
deal (`WAYS[mode](stage, pages)`) and routes to it; a new way to play is a new module here with its `Way`
subclass, and one line below (the narrator tells it as a table nobody narrates unless narrator/game/tellings.py
says otherwise).
"""

from __future__ import annotations

from engine import Mode
from narrator.ui.web.ways.one_device import OneDevice
from narrator.ui.web.ways.own_devices import OwnDevices
from narrator.ui.web.ways.round_table import RoundTable
from narrator.ui.web.ways.way import Way

WAYS: dict[str, type[Way]] = {Mode.ONE_DEVICE: OneDevice, Mode.ROUND_TABLE: RoundTable, Mode.OWN_DEVICES: OwnDevices}

__all__ = ["WAYS", "OneDevice", "OwnDevices", "RoundTable", "Way"]
