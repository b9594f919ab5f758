"""The Spanish voice's leftovers after reader B's native read of stop 44 (issue 35, read_es_B4.md): each test takes
the variants the narrator may pick at that moment (`Lines.fitting`) on the shipped scripts, fills them in as the
table hears them, and checks what a Madrid table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
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


# -- 3, 4, 16. what a player was, and the card that was dealt -----------------------------------------------------
# «A Gala le ha tocado una aldeana»: after «tocar» a woman's person form sounds as if she had been dealt a person
DEALT_A_PERSON = re.compile(r"tocado (una |la )?(aldeana|loba|anciana|cazadora|protectora|tonta del pueblo)\b")
REVEALS = [("day.vote.reveal", Moment(), "villager", 2), ("village_idiot.pardoned", Moment(), "village_idiot", 1)] + [
    ("end.reveal", Moment(position=position, revealed=revealed), role, copies)
    for position in ("first", "middle", "last") for revealed in ("no", "yes")
    for role, copies in (("villager", 3), ("werewolf", 2), ("elder", 1), ("hunter", 1))]


@pytest.mark.parametrize(("scene", "moment", "role", "copies"), REVEALS)
def test_a_woman_is_not_said_to_have_been_dealt_a_person(scene: str, moment: Moment, role: str, copies: int) -> None:
    """B4 3: «Ahora lo sabéis: a Gala le ha tocado una aldeana», «A Lucía le ha tocado una loba»; B4 4: «De Juan
    ya lo sabéis: la bruja.»"""
    lines = said(scene, moment, 1, role=RoleName(role, copies))
    assert lines and [line for line in lines if DEALT_A_PERSON.search(line)] == []
    assert [line for line in lines if re.search(r"\bDe \w+ ya lo sabéis", line)] == []


def test_the_hunter_is_one_thing_all_game() -> None:
    """B4 16: «Elena descubre su carta: el cazador.» by day and «Ahora, Elena: era la cazadora.» at the end."""
    lines = said("hunter.wake", Moment(revealed="no"), 1)
    assert lines and [line for line in lines if re.search(r"(tocado|carta:) el cazador", line)] == []


# -- 9. the piper's last charm is told by his screen only ------------------------------------------------------------
@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("part", ["wake", "sleep"])
@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_the_table_cannot_hear_that_the_piper_has_one_left(lang: str, part: str, mode: str) -> None:
    """B4 9: «A tu melodía le falta un último nombre»: the last free player learned he was the last, and the wolves
    that they must kill him or the piper tonight. The call is the same whatever is left."""
    scene = f"night.pied_piper.{part}"
    last = said(scene, Moment(mode=mode, night="later", charms="one"), lang=lang)
    usual = said(scene, Moment(mode=mode, night="later", charms="two"), lang=lang)
    assert last and sorted(last) == sorted(usual)
