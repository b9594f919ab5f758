"""The night's reminders and the laps round the table as stop 47's readers heard them (issue 35, read_de_B7.md A1, A4,
B8; read_es_B7.md g25), rendered on the shipped scripts for a woman, a man, a name said neither way and a seat word
(`said`, as test_read_es44 renders them); the whole games they were heard in: tests/game/test_read_s47.py."""

from __future__ import annotations

import re

import pytest

from narrator.speech.moment import Moment
from tests.speech.test_read_es44 import NAMES, SCRIPT, said

ROUND = "round_table"
SEATS = (1, 2, 3, 14)  # Ana (f), Bruno (m), Álex (said neither way), a seat word


@pytest.mark.parametrize("lang", ["de", "es", "en"])
@pytest.mark.parametrize("seat", SEATS)
def test_a_reminder_in_a_turn_names_its_holder_and_no_card(lang: str, seat: int) -> None:
    """B7 A1: "Noch ist die Wahl nicht getroffen." to the whole table, right after "Dann ist Clara an der Reihe.":
    round the table the reminder speaks to the hand the lap named, by name, whatever the gender it is spoken of by."""
    lines = said("night.reminder", Moment(mode=ROUND, night="later", again="no", task="yes", turn="yes"), seat, lang)
    name = {"de": "Spieler vierzehn", "es": "jugador catorce", "en": "player fourteen"}[lang] if seat == 14 \
        else NAMES[seat - 1]
    assert len(lines) >= 20
    assert [line for line in lines if name.lower() not in line.lower()] == []
    card = {"de": r"Karte|Rolle|Opfer", "es": r"carta|papel|víctima", "en": r"card|role|victim"}[lang]
    assert [line for line in lines if re.search(card, line, re.I)] == []


@pytest.mark.parametrize("lang", ["de", "es", "en"])
@pytest.mark.parametrize("mode", ["one_device", "own_devices"])
def test_a_called_steps_reminder_says_no_name(lang: str, mode: str) -> None:
    """A called role's player is a secret: a called step's reminder (turn: no) never has a {player}."""
    for again in ("yes", "no"):
        for task in ("yes", "no"):
            lines = said("night.reminder", Moment(mode=mode, night="later", again=again, task=task, turn="no"),
                         2, lang)
            assert lines and [line for line in lines if "Bruno" in line] == []


@pytest.mark.parametrize(("lang", "stiff"), [
    ("de", r"^Jetzt ist die Zeit zu wählen\.$|Die Wahl ist noch zu treffen|Es gilt, sich"),  # B8
    ("es", r"^La elección sigue pendiente\.$|^Toca decidir\.$"),  # es B7 g25: bureaucratic, curt
])
def test_no_reminder_sounds_like_an_office(lang: str, stiff: str) -> None:
    """B8 "Jetzt ist die Zeit zu wählen." (unidiomatic; g26, g28, g30, g34, g39, g40); es B7 g25 «La elección sigue
    pendiente.» (a form, not a game master), «Toca decidir.»"""
    for again in ("yes", "no"):
        lines = said("night.reminder", Moment(mode="own_devices", night="later", again=again, task="yes",
                                              turn="no"), 1, lang)
        assert [line for line in lines if re.search(stiff, line)] == []


MANY = {"de": r"\balle\b|\bjede[rnms]?\b|Hand zu Hand|um den Tisch|im Kreis|Platz zu Platz|einer nach dem anderen",
        "es": r"\btod[oa]s\b|todo el mundo|cada uno|de mano en mano|vuelta a la mesa|uno a uno|de uno en uno",
        "en": r"\ball\b|\bevery(one|body)\b|each of you|hand to hand|round the table|one by one"}


@pytest.mark.parametrize("lang", ["de", "es", "en"])
@pytest.mark.parametrize("scene", ["round.start", "round.again", "round.done"])
def test_two_players_left_are_never_all_hands(lang: str, scene: str) -> None:
    """B7 A4: "Das Gerät geht wieder durch alle Hände." with two alive (g36): the two of them hear the device go
    between them."""
    lines = said(scene, Moment(mode=ROUND, night="later", again="no", two="yes"), 1, lang)
    assert len(lines) >= 20
    assert [line for line in lines if re.search(MANY[lang], line, re.I)] == []


@pytest.mark.parametrize("lang", ["de", "es", "en"])
def test_the_first_new_lap_says_why_only_on_the_first_night(lang: str) -> None:
    """B7 A3: "Bitte noch einmal reihum." unexplained on night 1 (g23, g27): the first says why; later ones do not."""
    why = re.compile(r"Karte|Rolle|carta|card", re.I)
    first = said("round.again", Moment(mode=ROUND, night="first", again="no", two="no"), 1, lang)
    later = said("round.again", Moment(mode=ROUND, night="later", again="no", two="no"), 1, lang)
    third = said("round.again", Moment(mode=ROUND, night="first", again="yes", two="no"), 1, lang)
    assert len(first) >= 8 and all(why.search(line) for line in first)
    assert len(later) >= 20 and [line for line in (*later, *third) if why.search(line)] == []


def test_a_spanish_steps_two_reminders_do_not_say_the_same_and_every_one_is_spanish() -> None:
    """es B7 9: the raven's reminders back to back «Es momento de elegir.» → «Es hora de decidirse.»; es B7 12 and
    es A7 D4: «Ni una prisa.» is not Spanish."""
    first = said("night.reminder", Moment(mode="own_devices", night="later", again="no", task="yes", turn="no"),
                 1, "es")
    second = said("night.reminder", Moment(mode="own_devices", night="later", again="yes", task="yes", turn="no"),
                  1, "es")
    time = re.compile(r"\b(es|ya es) (hora|momento) de\b", re.I)
    assert [line for line in first if time.search(line)] == [] and [line for line in second if time.search(line)]
    texts = [v.text for v in SCRIPT.scenes["es"]["night.reminder"].variants]
    assert [t for t in texts if re.fullmatch(r"Ni una prisa\.", t)] == []
