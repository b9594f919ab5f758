"""The Spanish voice's leftovers of stop 44's two native reads (issue 35, read_es_A4.md and read_es_B4.md) that es44
did not take: each test takes the lines the narrator may say at that moment on the shipped scripts (`said`, as
test_read_es44 renders them) and checks what a Madrid table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.moment import Moment
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings
from tests.speech.test_read_es44 import said

SCRIPT = load(SHIPPED)


# -- A4 11: one device, no narrator: the witch is told to take the phone from the centre ----------------------------
@pytest.mark.parametrize("night", ["first", "later"])
def test_the_witch_is_told_to_take_the_phone(night: str) -> None:
    """A4 11: «Bruja, abre los ojos. La pantalla del móvil te dirá lo que puedes hacer» (the phone lies in the middle,
    and nobody told her to take it; 4 times in A4's games)."""
    lines = said("night.witch.wake", Moment(mode="one_device", narrator="no", night=night))
    assert len(lines) >= 20 and [line for line in lines if not re.search(r"\b(coge|toma|alcanza)\b", line, re.I)] == []


# -- A4 12: the narrated witch's first night says how to ask for each potion --------------------------------------
def test_the_narrated_witch_hears_the_nod_and_the_point_on_her_first_night() -> None:
    """A4 12: «Abre los ojos y destapa uno o ninguno: la cura para la víctima que te enseñe el narrador, el veneno
    para quien señales»: how she asks for the cure (a nod) was not said; the first night is when she learns it."""
    lines = said("night.witch.wake", Moment(mode="one_device", narrator="yes", night="first"))
    nod, point = re.compile(r"asient|asentir|asintiendo|gesto de cabeza", re.I), re.compile(r"señal|un dedo")
    assert len(lines) >= 8 and [line for line in lines if not (nod.search(line) and point.search(line))] == []
    assert [line for line in lines if "destapa" in line] == []


# -- A4 2, 14-20, 21: single lines a Madrid table hears wrong ------------------------------------------------------
WRONG = [
    ("end.angel", r"^¡Sorpresa!"),  # A4 2: the card was shown a line before: no surprise left
    # A4 14-15: office or machine talk
    ("night.reminder", r"^Con paciencia|^Se espera una|^La elección, cuando|sin más demora|^Hay que elegir ya"),
    ("night.guard.sleep", r"guardia sigue en sueños"),  # A4 16: «your watch carries on in dreams»
    ("night.fox.sleep", r"\bnido\b"),  # A4 17: a fox has a madriguera
    ("end.story.lovers", r"tenía su pareja|pareja de Cupido eran|entró en ella"),  # A4 18, B4 5: Cupid had a partner
    ("end.wolves.number", r"enfrente a más vecinos"),  # A4 19
    ("end.wolves.villagers", r"sin aldeanos sin"),  # A4 19
    ("hunter.shot", r"está gastada"),  # A4 19
    ("night.brothers.sleep", r"habrían hecho lo mismo"),  # A4 19: a non sequitur
    ("dawn.quiet", r"^Sea como sea"),  # A4 20: answers something nobody said
    ("night.pied_piper.wake", r"pasa por su lado"),  # A4 21: walking round the table at night
]


@pytest.mark.parametrize(("scene", "wrong"), WRONG)
def test_a_line_a_madrid_table_hears_wrong_is_gone(scene: str, wrong: str) -> None:
    assert [line for line in SCRIPT.variants("es", scene) if re.search(wrong, line)] == []


# -- B4 28: the knight's card on the screen -------------------------------------------------------------------------
def test_the_knights_help_says_when_the_wolf_dies() -> None:
    """B4 28: «…que muere la noche siguiente»: RULES.md says at the following dawn, after that night's steps."""
    assert "muere al acabar la noche siguiente" in strings("es")["help.knight"]


def test_every_cause_of_death_on_the_screen_is_said_alike() -> None:
    """B4 30: «la aldea votó su expulsión» among «murió a manos de los lobos», «murió de pena»… (and without a
    participle, which would have to agree with the dead player)."""
    causes = {key: text for key, text in strings("es").items() if key.startswith("cause.")}
    assert len(causes) >= 6 and {key: text for key, text in causes.items() if not text.startswith("murió ")} == {}


# -- A4 7 (the own-phones deal): «Esta vez» presupposes an earlier game ----------------------------------------------
def test_the_own_phones_deal_does_not_presuppose_an_earlier_game() -> None:
    """A4 7: «Esta vez el móvil no pasa de mano en mano…» in the evening's first game (deal.own has no game fact)."""
    assert [line for line in SCRIPT.variants("es", "deal.own") if line.startswith("Esta vez")] == []
