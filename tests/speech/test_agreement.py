"""Each player's own grammar: card words, participles and pronouns agree with how the player is spoken of, and a line
that would agree with nobody is chosen when nobody said (narrator/speech/lines.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, agrees
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.scenes import catalogue
from narrator.speech.script import SHIPPED, load

WORDS = """roles.villager:
  a: un aldeano
  the: el aldeano
  plural: aldeanos
  gender: m
  a.f: una aldeana
  the.f: la aldeana
"""
SCENE = """end.reveal:
  variants:
    - "La carta de {player}: {card}."
  groups:
    - when: {position: first}
      variants:
        - "Empezamos por {player}: {card}."
"""


def script(tmp_path: Path, scene: str = SCENE) -> object:
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / "words_mine.yaml").write_text(WORDS, encoding="utf-8")
    (tmp_path / "es" / "end_mine.yaml").write_text(scene, encoding="utf-8")
    return load(SHIPPED, tmp_path)


def test_a_card_said_of_a_woman_agrees_with_her_in_every_line(tmp_path: Path) -> None:
    lines = Lines(script(tmp_path), "es", Picker(1), ["Yolanda", "Luis"], ["f", "m"])  # type: ignore[arg-type]
    villager = RoleName("villager", 2)
    assert lines.render("{player} era {role}.", {"player": Seat(1), "role": villager})[0] == "Yolanda era una aldeana."
    assert lines.render("{player} era {role}.", {"player": Seat(2), "role": villager})[0] == "Luis era un aldeano."
    assert lines.render("La carta de {player}: {card}.", {"player": Seat(1), "role": villager})[0] == \
        "La carta de Yolanda: una aldeana.", "the same woman is not 'una aldeana' by day and 'un aldeano' at the end"
    assert lines.render("La carta de {player}: {card}.", {"player": Seat(2), "role": villager})[0] == \
        "La carta de Luis: un aldeano."
    assert lines.render("{player} ha sido {elegida|elegido}.", {"player": Seat(1)})[0] == \
        "Yolanda ha sido elegida."
    assert lines.render("{player} ha sido {elegida|elegido}.", {"player": Seat(2)})[0] == \
        "Luis ha sido elegido."


def test_an_unnamed_seat_agrees_with_its_seat_word_and_a_woman_has_her_own(tmp_path: Path) -> None:
    lines = Lines(script(tmp_path), "es", Picker(1), ["", ""], ["", "f"])  # type: ignore[arg-type]
    assert lines.gender_of(1) == "m"  # "el jugador uno": the masculine noun it is
    assert lines.render("{player} era {role}.", {"player": Seat(1), "role": RoleName("villager", 2)})[0] == \
        "El jugador uno era un aldeano."
    assert lines.render("{player} era {role}.", {"player": Seat(2), "role": RoleName("villager", 2)})[0] == \
        "La jugadora dos era una aldeana."


def test_a_line_that_agrees_is_never_chosen_for_a_player_who_did_not_say(tmp_path: Path) -> None:
    scene = SCENE + '    - when: {position: [middle, last]}\n      variants:\n        - "{player} era {role}."\n'
    text = script(tmp_path, scene)
    lines = Lines(text, "es", Picker(1), ["Yolanda", "Luis", "Carla"], ["f", "m", ""])  # type: ignore[arg-type]
    variants = text.scenes["es"]["end.reveal"].variants  # type: ignore[attr-defined]
    middle = Moment(position="middle")
    said = [variants[i].text for i in lines.fitting("end.reveal", lines.moment_of(middle, {"player": Seat(3)}))]
    assert said == ["La carta de {player}: {card}."]
    assert "{player} era {role}." in [variants[i].text for i in
                                       lines.fitting("end.reveal", lines.moment_of(middle, {"player": Seat(1)}))]
    first = lines.fitting("end.reveal", lines.moment_of(Moment(position="first"), {"player": Seat(1)}))
    assert [variants[i].text for i in first] == ["Empezamos por {player}: {card}."], "the most specific fit"


def test_english_card_words_agree_with_nobody() -> None:
    assert not agrees("{player} was {role}.", "en") and agrees("{player} was {role}.", "es")
    assert agrees("{player} lost {her|his} nerve.", "en")


SHIPPED_SCRIPT = load(SHIPPED)
# (language, card, her person form, his person form): a card said of a woman and of a man who said so
PEOPLE = [("de", "hunter", "Jägerin", "Jäger"), ("de", "seer", "Seherin", "Seher"),
          ("es", "hunter", "cazadora", "cazador"), ("es", "werewolf", "loba", "hombre lobo"),
          ("de", "village_idiot", "Dorfnärrin", "Dorfnarr"), ("es", "village_idiot", "tonta del pueblo",
                                                               "tonto del pueblo")]


def _card_lines(lang: str) -> list[str]:
    """Every scene that names a player's card, as the catalogue knows it."""
    return sorted(scene for scene in SHIPPED_SCRIPT.scenes[lang] if scene in catalogue()
                  and any("{player" in v.text and ("{role" in v.text or "{card" in v.text)
                          for v in SHIPPED_SCRIPT.scenes[lang][scene].variants))


@pytest.mark.parametrize(("lang", "card", "her", "his"), PEOPLE)
def test_a_player_is_one_thing_all_game_in_every_line_that_names_the_card(lang: str, card: str, her: str,
                                                                           his: str) -> None:
    """Issue 35: Ana was "die Jägerin" by day ({role}) and "der Jäger" at the end ({card}). Every variant the
    picker may take for her (or for him), in every scene that names a player's card, says the one person form; in
    German a card held or shown ({card:acc}, {card:dat}) is the card as printed, for her as for him."""
    lines = Lines(SHIPPED_SCRIPT, lang, Picker(1), ["Ana", "Ben"], ["f", "m"])
    unsaid = Lines(SHIPPED_SCRIPT, lang, Picker(1), ["Ana", "Ben"], ["", ""])
    scenes = _card_lines(lang)
    assert {"day.vote.reveal", "end.reveal"} <= set(scenes)
    variants_of = SHIPPED_SCRIPT.scenes[lang]
    for seat, word, other in ((1, her, his), (2, his, her)):
        for scene in scenes:
            for where in ("first", "middle", "last", None):
                values = {"player": Seat(seat), "role": RoleName(card)}
                moment = lines.moment_of(Moment(position=where, revealed="no"), values)
                for i in lines.fitting(scene, moment):
                    text = variants_of[scene].variants[i].text
                    if "{role" not in text and "{card" not in text:
                        continue
                    said = lines.render(text, values)[0]
                    if lang == "de" and re.search(r"\{card:(the_)?(acc|dat)\}", text):
                        # a card held or shown is the card as printed (read_de_A4, 2): "Ana hatte den Jäger"
                        assert said == unsaid.render(text, values)[0], (scene, text, said)
                        continue
                    assert word in said and (other in word or other not in said), (scene, text, said)
