"""The ways a table plays, defined once: one device in the middle, the device passed round the table, or every
player on their own phone. The rules read the way only where a rule differs by it (the little girl peeks only
where the pack's screens are the wolves' own, the judge's sign needs a phone of his own, the servant's take stays
secret there); everything else that differs by way belongs to the way itself (narrator/ui/web/ways/).

A mode is a `str` (a journal writes it as its value), so a way added to the page's ways table under a name of its
own plays by the rules every way shares."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    ONE_DEVICE = "one_device"
    ROUND_TABLE = "round_table"
    OWN_DEVICES = "own_devices"


__all__ = ["Mode"]
