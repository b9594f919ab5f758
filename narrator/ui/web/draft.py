"""The setup screen's choices before the cards are dealt: the players, the cards, the house rules, the voice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import (
    HouseRules,
    Mode,
    ruleset,
)
from engine.house import RULES_OF
from engine.setup import EXTRA_CARDS
from narrator.audio.mixer import Levels
from narrator.balance.live import Ready, for_screen
from narrator.names import MAX_LENGTH
from narrator.ui.web.screens import THIEF, cards_of, offices_of


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
    mode: str = Mode.ONE_DEVICE  # a way to play (ways/__init__.py)
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


    def seat(self, seat: int, name: str, gender: str) -> None:
        """A player takes `seat` (own devices: a guest who joined)."""
        names, genders = seated(self.names, self.players), seated(self.genders, self.players)
        names[seat - 1], genders[seat - 1] = name, gender
        self.names, self.genders = names, genders

    def swap(self, a: int, b: int) -> None:
        """The players of seats `a` and `b` change places."""
        names, genders = seated(self.names, self.players), seated(self.genders, self.players)
        names[a - 1], names[b - 1] = names[b - 1], names[a - 1]
        genders[a - 1], genders[b - 1] = genders[b - 1], genders[a - 1]
        self.names, self.genders = names, genders

    def seat_all(self, names: list[str]) -> None:
        """The players by seat, named (an online room's members, in the order they joined)."""
        self.names = list(names)

    def restore(self, counts: dict[str, int], house: HouseRules, levels: dict[str, int]) -> None:
        """The deal, house rules and sound levels kept (an online room reopened after a restart)."""
        self.counts, self.house, self.levels = dict(counts), house, dict(levels)

    def free(self, seat: int) -> None:
        """Seat `seat` has nobody's name any more."""
        if seat - 1 < len(self.names):
            self.names[seat - 1] = ""
        if seat - 1 < len(self.genders):
            self.genders[seat - 1] = ""


def seated(values: list[str], players: int) -> list[str]:
    """A list kept by seat (names, genders), cut or filled with "" to `players` seats."""
    return (values + [""] * players)[:players]
