"""What the native read of stop 43 heard go wrong at night and of seats (issue 35: read_de_A3/B3, read_es_A3/B3):
each test takes the variants the narrator may pick at that moment (`Lines.fitting`) on the shipped scripts, fills
them in as the table hears them, and checks what a native table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats, best_fitting
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.speech.wording import agrees
from tests.narration import own_card

SCRIPT = load(SHIPPED)
NAMES = ("Ana", "Ben", "", "")  # a woman, a man, two unnamed seats: one said nothing, one said she is a woman
GENDERS = ("f", "m", "", "f")
LANGS = ("en", "de", "es")


def said(lang: str, scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say in `lang` at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **own_card(scene),
              **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


# -- a seat word is a word, not a person: no pronoun for them, their card as the card ------------------------------
PRONOUN = {"de": r"\b(er|ihn|ihm|sein|seine[nmrs]?)\b", "es": r"\b(él)\b", "en": r"\b(he|him|his)\b"}
REVEALS = [("end.reveal", "first"), ("end.reveal", "middle"), ("end.reveal", "last"), ("day.vote.reveal", None)]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize(("scene", "position"), REVEALS)
def test_a_seat_word_is_given_no_pronoun(lang: str, scene: str, position: str | None) -> None:
    # "Jetzt Spieler vierzehn. Er war der Leibwächter." -> "Spieler vierzehn war der Leibwächter."
    for revealed in ("yes", "no"):
        lines = said(lang, scene, Moment(position=position, revealed=revealed), 3, role=RoleName("guard"))
        assert lines
        assert [line for line in lines if re.search(PRONOUN[lang], line, re.IGNORECASE)] == []


@pytest.mark.parametrize(("scene", "position"), REVEALS)
def test_a_seat_whose_player_said_she_is_a_woman_is_spoken_of_as_one(scene: str, position: str | None) -> None:
    lines = said("de", scene, Moment(position=position, revealed="no"), 4, role=RoleName("guard"))
    assert any("Spielerin vier" in line for line in lines)
    assert [line for line in lines if re.search(r"\bEr\b|Spieler vier\b", line)] == []


@pytest.mark.parametrize("lang", ["de", "es"])
def test_no_line_that_agrees_with_a_person_is_chosen_for_a_seat_word(lang: str) -> None:
    # "Dann Spieler zweiundzwanzig: Er war der Jäger.": the seat word's grammar is no person's gender
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    for scene, entry in SCRIPT.scenes[lang].items():
        if not any("{player" in v.text for v in entry.variants):
            continue
        at = lines.moment_of(Moment(), {"player": Seat(3), "role": RoleName("hunter")})
        assert at.gender == "unsaid"
        chosen = [entry.variants[i].text for i in best_fitting(entry.variants, at, lang)]
        assert [t for t in chosen if agrees(t, lang)] == [], scene


# -- the sisters and brothers once the table saw one of them die: no plural, no "between you" ---------------------
# spoken to as more than one: a plural vocative or command, or "each other"
PLURAL = {"en": r"(^|[.!?] )(Sisters|Brothers),|, (sisters|brothers)[.!]|\beach other\b|\bconfer\b",
          "de": r"(^|[.!?] )(Schwestern|Brüder),|, (Schwestern|Brüder)[.!]|(^|[.!?] )(Öffnet|Schließt|Macht|Beratet|"
                r"Seht|Schlagt|Wacht)\b|einander",
          "es": r"(^|[.!?] )(Hermanas|Hermanos),|, (hermanas|hermanos)[.!]|\b([Aa]brid|[Cc]errad|[Mm]iraos|"
                r"[Cc]onsultaos|[Rr]econoceos|[Vv]olved|[Dd]ormid)\b|entre vosotr"}
ADDRESS = {"sisters": {"en": "sister,", "de": "schwester,", "es": "hermana,"},
           "brothers": {"en": "brother,", "de": "bruder,", "es": "hermano,"}}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("group", ["sisters", "brothers"])
@pytest.mark.parametrize("part", ["wake", "sleep"])
def test_the_last_of_a_group_is_spoken_to_alone(lang: str, group: str, part: str) -> None:
    # «Hermanas, abrid los ojos. Repasad con la mirada…» after one sister was shown dead
    lines = said(lang, f"night.{group}.{part}", Moment(night="later", left="one"))
    assert len(lines) >= 20
    assert [line for line in lines if re.search(PLURAL[lang], line)] == []
    assert sum(ADDRESS[group][lang] in line.lower() for line in lines) >= 15


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("group", ["sisters", "brothers"])
@pytest.mark.parametrize("part", ["wake", "sleep"])
def test_a_group_the_table_saw_die_is_called_for_the_rhythm_with_20_distinct_images(lang: str, group: str,
                                                                                   part: str) -> None:
    # as any card already shown dead (gone): the call, with no task, after an image; never the same image twice
    lines = said(lang, f"night.{group}.{part}", Moment(night="later", left="none"))
    assert len(lines) >= 20
    assert [line for line in lines if re.search(r"\b(each other|einander|beratet|consultaos|miraos|plan|Rat|consejo de)"
                                                r"\b", line.split(". ")[-1])] == []
    images = [line.split(". ")[0] for line in lines]
    assert len(set(images)) == len(images) == len(lines)
