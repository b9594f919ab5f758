"""How words join in a sentence: a filled-in word at a sentence's start takes a capital, and Spanish says "e" and
"u" for "y" and "o" before an i- and an o-sound."""

from __future__ import annotations

import pytest

from narrator.speech.spelling import sentence_case, spanish_euphony, starts_with_i_sound, starts_with_o_sound


def test_each_sentence_starts_with_a_capital_but_an_ellipsis_goes_on() -> None:
    assert sentence_case("jugador dos. ana! y tú? é") == "Jugador dos. Ana! Y tú? É"
    assert sentence_case("¡ana!") == "¡Ana!"
    assert sentence_case("élan... and on") == "Élan... and on"  # the ellipsis does not start a sentence
    assert sentence_case("ok... so. über") == "Ok... so. Über"


@pytest.mark.parametrize(("word", "i", "o"), [
    ("Inés", True, False), ("Íñigo", True, False), ("Hilario", True, False), ("Hierro", False, False),
    ("Yolanda", False, False), ("iowa", False, False), ("Óscar", False, True), ("Horacio", False, True),
    ("ocho", False, True), ("Ana", False, False),
])
def test_the_sounds_a_word_starts_with(word: str, i: bool, o: bool) -> None:
    assert (starts_with_i_sound(word), starts_with_o_sound(word)) == (i, o)


def test_y_and_o_change_before_the_sound_they_would_blur_with() -> None:
    assert spanish_euphony("Ana y Inés, siete o ocho, Y Hilario, O Óscar") == \
        "Ana e Inés, siete u ocho, E Hilario, U Óscar"
    assert spanish_euphony("Ana y Hierro o Ana; hoy Inés") == "Ana y Hierro o Ana; hoy Inés"


def test_an_opening_exclamation_or_question_mark_after_a_full_stop_starts_a_sentence() -> None:
    assert sentence_case("nadie queda. ¡el jugador dieciséis gana! ¿y ahora? ¡ana!") == \
        "Nadie queda. ¡El jugador dieciséis gana! ¿Y ahora? ¡Ana!"
    assert sentence_case("ha ganado: ¡el jugador catorce!") == "Ha ganado: ¡el jugador catorce!"
