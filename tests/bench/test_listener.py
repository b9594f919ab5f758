"""The listener figure's arithmetic and its voices (bench/listener.py); the recogniser itself is the bench extra's."""

from __future__ import annotations

import numpy as np

from bench.listener import chunks, demo_game, edits, speaking_voices, wer, words
from narrator.audio.clip import Clip
from narrator.audio.voices import all_voices
from narrator.speech.script import SHIPPED, load


def test_words_are_lowercase_without_punctuation() -> None:
    assert words("Die Nacht bricht herein. Inés, öffne die Augen!") == ["die", "nacht", "bricht", "herein", "inés",
                                                                      "öffne", "die", "augen"]
    assert words("¿Y la carta de Luis? El aldeano.") == ["y", "la", "carta", "de", "luis", "el", "aldeano"]


def test_the_error_rate_counts_substituted_left_out_and_added_words() -> None:
    assert edits(["a", "b", "c"], ["a", "b", "c"]) == 0
    assert edits(["a", "b", "c"], ["a", "x", "c", "d"]) == 2  # one substituted, one added
    assert edits(["a", "b", "c"], []) == 3
    assert wer([("Die Nacht bricht herein.", "Die Nachtbricht herein"), ("Ana ist tot.", "Ana ist tot")]) == 2 / 7


def test_lines_are_heard_together_up_to_the_window() -> None:
    clips = [Clip(np.zeros(round(seconds * 22050), dtype=np.float32), 22050) for seconds in (10, 10, 10, 30, 2)]
    assert chunks(clips, window=28.0) == [[0, 1], [2], [3], [4]]


def test_the_game_is_fixed_and_its_words_are_the_prompt() -> None:
    script = load(SHIPPED)
    game = demo_game(script, "de")
    assert game == demo_game(script, "de") and 30 <= len(game.lines) <= 60
    assert game.prompt.startswith("Ana, Ben, Carla, Dario, Eva, Fede,") and "Werwolf" in game.prompt


def test_every_floor_that_can_speak_here_is_measured_once() -> None:
    voices = all_voices()
    plain = set(speaking_voices(voices, here=lambda name: False))
    assert {"de.de+m3", "de.de+f3", "es.es+m3", "en.en-us+m3", "en.en-us+f3", "en.joe"} <= plain
    assert not any(".mb-" in key for key in plain)
    assert set(speaking_voices(voices, here=lambda name: True)) - plain == {"de.mb-de6", "de.mb-de7"}
