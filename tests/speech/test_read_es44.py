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
from narrator.ui.web.strings import strings
from tests.narration import own_card

SCRIPT = load(SHIPPED)
NAMES = ("Ana", "Bruno", "Álex")  # a woman, a man, a player who did not say; seat 14 has no name
GENDERS = ("f", "m", "")


def said(scene: str, moment: Moment, seat: int = 1, lang: str = "es", **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **own_card(scene),
              **values}
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
    assert len(lines) >= 8 and [line for line in lines if len(re.findall("lobo blanco|loba blanca", line)) != 1] == []


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


# -- 9. the piper's last charm is not told aloud --------------------------------------------------------------------
COUNT = re.compile(r"\b(dos|a los dos|una sola|un solo|solo queda|queda una|te queda|falta|últim[oa] (nombre|persona|"
                   r"ventana)|tócale|tócales|la persona que)\b", re.IGNORECASE)


@pytest.mark.parametrize("part", ["wake", "sleep"])
@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_the_table_cannot_hear_that_the_piper_has_one_left(part: str, mode: str) -> None:
    """B4 9: «A tu melodía le falta un último nombre»: the last free player learned he was the last, and the wolves
    that they must kill him or the piper tonight. The piper's screen says how many; the voice, nothing."""
    lines = said(f"night.pied_piper.{part}", Moment(mode=mode, night="later", charms="one"))
    assert lines and [line for line in lines if COUNT.search(line)] == []


# -- 5, 10-13, 15, 17, 18, 20-24: single lines a Madrid table hears wrong --------------------------------------------
WRONG = [
    ("night.big_bad_wolf.wake", r"ya no cazas solo|segundo mordisco terminó"),  # B4 10: «you no longer hunt alone»
    ("night.raven.sleep", r"ya no se borra"),  # B4 11: the mark counts for the next vote only
    ("night.lovers.wake", r"quién es;"),  # B4 12: «quién es» with no subject
    ("dawn.quiet", r"[Cc]osa rara"),  # B4 13: after four quiet dawns in a row the table laughs
    ("night.seer.sleep", r"se desempaña"),  # B4 15: a mirror clearing starts a vision
    ("end.story.lovers", r"pareja eran|se flechó|olvidó de sí"),  # B4 5
    ("end.mutual_vote", r"^(Resultado: empate|Empate total)\.$"),  # B4 7: bare after a dramatic double death
    ("scapegoat.dies", r"más votos que nadie"),  # B4 20
    ("dawn.raven", r"arrastra"),  # B4 21: the raven drags the votes
    ("night.reminder", r"aún calientan"),  # B4 22
    ("day.vote.nobody", r"pierde su sitio"),  # B4 23
    ("night.witch.wake", r"o ninguno\?"),  # B4 24: «la cura» is feminine
]


@pytest.mark.parametrize(("scene", "wrong"), WRONG)
def test_a_line_a_madrid_table_hears_wrong_is_gone(scene: str, wrong: str) -> None:
    assert [line for line in SCRIPT.variants("es", scene) if re.search(wrong, line)] == []


@pytest.mark.parametrize("family", [r"^Revancha", r"propio corazón", r"roto (nunca )?un plato"])
def test_a_turn_of_phrase_is_heard_once_an_evening(family: str) -> None:
    """B4 17, 18: «Revancha.» opened two rematches in a row; «su propio corazón» twice in Cupid's story; «no haber
    roto nunca un plato» in three sleep scenes (a one-wolf night heard it twice)."""
    lines = [v.text for scene in SCRIPT.scenes["es"].values() for v in scene.variants if re.search(family, v.text)]
    assert len(lines) <= 1, lines


# -- 27, 29: the screens --------------------------------------------------------------------------------------------
def test_the_draw_screen_says_what_the_voice_says() -> None:
    """B4 27: the voice said «La partida acaba en empate», the screen «Nadie gana»."""
    assert "empate" in strings("es")["end.draw"].casefold()
    assert sum("empate" in line.casefold() for line in SCRIPT.variants("es", "end.draw")) > 10


def test_the_sound_fallback_names_what_it_falls_back_to() -> None:
    """B4 29: «se probará con el predeterminado del sistema»: the default what?"""
    assert re.search(r"con el \w+ predeterminado", strings("es")["setup.sound_none"])
