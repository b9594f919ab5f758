"""The Spanish voice's leftovers after reader B's native read of stop 44 (issue 35, read_es_B4.md): each test takes
the variants the narrator may pick at that moment (`Lines.fitting`) on the shipped scripts, fills them in as the
table hears them, and checks what a Madrid table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
NAMES = ("Ana", "Bruno", "Álex")  # a woman, a man, a player who did not say; seat 14 has no name
GENDERS = ("f", "m", "")


def said(scene: str, moment: Moment, seat: int = 1, lang: str = "es", **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


# -- 1. «. ¡el jugador catorce gana!» ------------------------------------------------------------------------------
@pytest.mark.parametrize(("scene", "alone"), [("end.all_charmed", "no"), ("end.all_charmed", "yes"),
                                               ("end.white_werewolf", None)])
def test_an_exclamation_after_a_full_stop_opens_with_a_capital(scene: str, alone: str | None) -> None:
    """B4 1: «No queda con vida nadie libre del hechizo. ¡el jugador dieciséis gana en solitario!»"""
    lines = said(scene, Moment(alone=alone), 14)
    assert lines and [line for line in lines if re.search(r"[.!?]\s+[¡¿][a-zñáéíóú]", line)] == []


# -- 2. the white werewolf's win says why ---------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [1, 2, 3, 14])
def test_the_white_werewolfs_win_names_the_card(seat: int) -> None:
    """B4 2: «Contra todos, y ha ganado: ¡Maite!»: the table heard who won, not why (14 of 23 lines)."""
    lines = said("end.white_werewolf", Moment(), seat)
    assert len(lines) >= 8 and [line for line in lines if line.count("lobo blanco") != 1] == []
