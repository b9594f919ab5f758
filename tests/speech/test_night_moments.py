"""The night's structure and the end's count as a native table hears them, in every language (issue 35, the closing
native reads): each test takes the variants the narrator may pick at a moment (`Lines.fitting`) on the shipped
scripts, fills them in, and checks what a table heard go wrong there."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
LANGS = ("en", "de", "es")
NAMES = ("Ana", "Ben", "Carla")
GENDERS = ("f", "m", "")


def said(lang: str, scene: str, moment: Moment, **values: object) -> list[str]:
    """Every line `scene` may say at `moment`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(1), "players": Seats((1, 2)), "night": 3, **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


# -- the big bad wolf: a second victim, and on the first night no condition --------------------------------------
# the choice asked, and that it is one more victim ("zeig dem Dorf, wer das Rudel anführt" gave neither)
CHOOSE = {"en": r"\b(choose|pick|claim)\b", "de": r"\b(wähl|such dir|reißen|Wer wird|Wen\b)",
          "es": r"\b(elig|elíg|eleg|escog|cobrarte)"}
SECOND = {"en": r"\b(second|one more|another|extra) (victim|target)\b|\bvictim of your own\b",
          "de": r"\b(zweites|weiteres|eigenes) Opfer\b|\bWähle ein zweites\b|\bnoch eines\b|\bein Opfer mehr\b",
          "es": r"\b(segunda|otra) (víctima|presa)\b|\b(víctima|presa) más\b|\bpropia presa\b"}
CONDITION = {"en": r"\b(if|as long as|while|still can)\b", "de": r"\b(solange|sofern|ist noch kein|fehlt|falls)\b",
             "es": r"\b(si|mientras|aún puedes)\b"}
MODES = ("one_device", "own_devices")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_the_big_bad_wolf_chooses_a_second_victim_with_no_condition_on_the_first_night(lang: str, mode: str) -> None:
    """On night 1 no wolf can have died: "if no wolf has fallen yet" is always true, and a table hears it as
    padding; every line says to choose a second victim."""
    first = said(lang, "night.big_bad_wolf.wake", Moment(mode=mode, narrator="no", night="first", gone="no"))
    assert first and [t for t in first if re.search(CONDITION[lang], t, re.IGNORECASE)] == []
    assert [t for t in first if not (re.search(CHOOSE[lang], t, re.IGNORECASE)
                                     and re.search(SECOND[lang], t, re.IGNORECASE))] == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_the_big_bad_wolf_is_told_his_task_on_every_later_night(lang: str, mode: str) -> None:
    """"Zeig dem Dorf, wer das Rudel anführt" gave no task: every later call says to choose a second victim."""
    later = said(lang, "night.big_bad_wolf.wake", Moment(mode=mode, narrator="no", night="later", gone="no"))
    assert later and [t for t in later if not (re.search(CHOOSE[lang], t, re.IGNORECASE)
                                               and re.search(SECOND[lang], t, re.IGNORECASE))] == []


# -- the classic witch, narrated: the whole explanation once, then short calls -----------------------------------
NARRATOR = {"en": r"\bnarrator\b", "de": r"\bSpielleitung\b", "es": r"\bnarrador\b"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_narrated_witch_hears_the_whole_explanation_once_and_short_calls_after(lang: str) -> None:
    """"Solange du heilen kannst, zeigt dir die Spielleitung das Opfer", word for word on four nights of six, 20 to 30
    words: the first night explains how she answers, later nights only call her and ask."""
    at = Moment(mode="one_device", narrator="yes", gone="no")
    first = said(lang, "night.witch.wake", at.but(night="first"))
    later = said(lang, "night.witch.wake", at.but(night="later"))
    assert len(first) >= 8 and len([t for t in first if re.search(NARRATOR[lang], t)]) >= 8
    long = [t for t in later if len(t.split()) > 15 or re.search(NARRATOR[lang], t)]
    assert len(later) >= 20 and long == [], long


# -- the reminder: no time of night, and a recognition is never hurried ----------------------------------------
TIME_OF_NIGHT = {
    "en": r"\b(dawn|morning|sunrise|candle|night is (long|young|getting on|running out)|moon is (sinking|low)|"
          r"stars? (fade|fading))",
    "de": r"\b(Morgen\b|graut|Hahn|Kerze|Nacht ist noch (jung|lang)|Mond steht (schon )?tief|Sterne verblassen|"
          r"schläft nicht ewig)",
    "es": r"\b(alba|amanec|madrugada|vela|queda noche)",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_reminder_tells_no_time_of_night(lang: str) -> None:
    """"Bald graut der Morgen" in the night's first steps, "Die Nacht ist noch jung" in its last, "El alba ya asoma
    por el monte" with the seer and the witch still to come: a reminder is said in any step."""
    told = {t for again in ("yes", "no") for task in ("yes", "no") for mode in ("one_device", "own_devices")
            for t in said(lang, "night.reminder", Moment(mode=mode, again=again, task=task))}
    assert [t for t in told if re.search(TIME_OF_NIGHT[lang], t, re.IGNORECASE)] == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_recognition_is_never_hurried(lang: str) -> None:
    """The lovers, the sisters and the brothers only look: their second reminder is as calm as their first, yet
    never the same line nor opened alike (reader B, stop 45: «La noche contiene el aliento.» → «La noche …»;
    tests/speech/test_read_es46.py checks the openings)."""
    calm = said(lang, "night.reminder", Moment(mode="own_devices", again="no", task="no"))
    again = said(lang, "night.reminder", Moment(mode="own_devices", again="yes", task="no"))
    hurry = said(lang, "night.reminder", Moment(mode="own_devices", again="yes", task="yes"))
    assert calm and again and not set(again) & set(calm) and not set(again) & set(hurry)
