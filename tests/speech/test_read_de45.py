"""The German voice after the native read of stop 44 (issue 35, read_de_A4.md): each test takes the variants the
narrator may pick at that moment (`Lines.fitting`) on the shipped German scripts, fills them in as the table hears
them, and checks what a native table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
DE = SCRIPT.scenes["de"]
NAMES = ("Pia", "Ben", "Kim")  # a woman, a man, a player who did not say
GENDERS = ("f", "m", "")


def said(scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, "de", Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants("de", scene)[i], filled)[0] for i in lines.fitting(scene, at)]


# -- a card is held as printed: "Pia hatte einen Werwolf", never "eine Werwölfin" ----------------------------------
HELD = re.compile(r"hatte|gezogen|auf der Hand|spielte|gespielt|zum Vorschein|zeigt (?!sich)|macht \w+ mit | auf\.")


@pytest.mark.parametrize("scene", ["end.reveal", "day.vote.reveal"])
@pytest.mark.parametrize("revealed", ["yes", "no"])
def test_a_woman_holds_the_card_not_a_she_wolf(scene: str, revealed: str) -> None:
    """Read A4, 2: "Pia hatte eine Werwölfin auf der Hand", "Was hatte Lisa auf der Hand? Eine Werwölfin." A card
    held, drawn, played or shown is the card; only what she *was* agrees with her ("Pia war eine Werwölfin")."""
    held = []
    for where in ("first", "middle", "last"):
        for card in ("werewolf", "villager", "hunter"):
            lines = said(scene, Moment(position=where, revealed=revealed), role=RoleName(card, 2))
            held += [line for line in lines if HELD.search(line)]
            wrong = [line for line in lines if HELD.search(line) and re.search(r"Werwölfin|Dorfbewohnerin|Jägerin",
                                                                                  line)]
            assert wrong == [], (where, card, wrong)
    assert [line for line in held if "einen Werwolf" in line]


def test_what_she_was_still_agrees_with_her() -> None:
    """The rule keeps its other half: "Die Karte von Pia: eine Werwölfin", "Pia war eine Werwölfin"."""
    lines = said("end.reveal", Moment(position="middle", revealed="no"), role=RoleName("werewolf", 2))
    assert [line for line in lines if "Pia war eine Werwölfin" in line]
    assert [line for line in lines if line.startswith("Die Karte von Pia: eine Werwölfin")]
