"""The setup screen's choices before the cards are dealt: the players, the cards, the house rules, the voice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import (
    HouseRules,
    ruleset,
)
from engine.house import RULES_OF
from engine.setup import EXTRA_CARDS
from narrator.audio.mixer import Levels
from narrator.balance.live import Ready, for_screen
from narrator.names import MAX_LENGTH
from narrator.ui.web.screens import THIEF, cards_of, offices_of

MODES = ("one_device", "round_table", "own_devices")


@dataclass
class Draft:
    """The setup screen's choices before the cards are dealt."""

    players: int = 9
    names: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    house: HouseRules = field(default_factory=HouseRules)
    lang: str = "en"
    voice: str = "joe"
    sound: str = "server"  # server | browser
    ruleset: str = "classic"
    mode: str = "one_device"  # one_device | round_table | own_devices
    levels: dict[str, int] = field(default_factory=lambda: Levels().to_json())  # voice, bed, cues: 0 to 100
    genders: list[str] = field(default_factory=list)  # how each seat's player is spoken of: "f", "m", "" not said

    def to_json(self, odds_ready: Ready | None = None) -> dict[str, Any]:
        """The draft as the setup screen shows it; the odds of a deal being estimated come later (`odds_ready`)."""
        rules = ruleset(self.ruleset)
        return {"players": self.players, "names": self.names, "genders": self.genders, "counts": self.counts,
                "house": self.house.to_json(),
                "lang": self.lang, "voice": self.voice, "sound": self.sound, "ruleset": self.ruleset, "mode": self.mode,
                "levels": self.levels,
                "range": [rules.min_players, rules.max_players], "roles": cards_of(self.ruleset),
                "offices": offices_of(self.ruleset), "house_rules": list(RULES_OF[self.ruleset]),
                "name_max": MAX_LENGTH, "left_over": EXTRA_CARDS if self.counts.get(THIEF) else 0,
                "balance": for_screen(self.ruleset, self.players, self.counts, self.mode, self.house, odds_ready)}


def seated(values: list[str], players: int) -> list[str]:
    """A list kept by seat (names, genders), cut or filled with "" to `players` seats."""
    return (values + [""] * players)[:players]
