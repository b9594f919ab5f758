"""Speakers: every line said is also a caption, its length estimated from its words when no audio gives it."""

from __future__ import annotations

import io

from narrator.speech.captions import PAUSE, WORDS_PER_SECOND, Caption, CaptionSpeaker, SilentSpeaker, estimate_seconds
from narrator.speech.lines import Line


def test_a_lines_length_is_its_words_at_a_calm_pace_and_a_breath() -> None:
    assert estimate_seconds("Night falls, everyone.") == round(3 / WORDS_PER_SECOND + PAUSE, 3)
    assert estimate_seconds("") == PAUSE


def test_a_line_said_is_kept_and_printed_at_its_time() -> None:
    out = io.StringIO()
    speaker = CaptionSpeaker(out)
    line = Line("night.start", 2, "en", "Night falls.")
    assert speaker.say(line, 61.2) == estimate_seconds("Night falls.")
    assert speaker.say(line, 125.00049, seconds=3.0) == 3.0
    assert speaker.captions == [Caption(61.2, round(61.2 + estimate_seconds("Night falls."), 3), "night.start", 2, "en",
                                        "Night falls."), Caption(125.0, 128.0, "night.start", 2, "en", "Night falls.")]
    assert out.getvalue() == "  1:01  Night falls.\n  2:05  Night falls.\n"
    assert speaker.captions[1].to_json() == {"t": 125.0, "end": 128.0, "scene": "night.start", "variant": 2,
                                             "lang": "en", "text": "Night falls."}


def test_a_replay_says_nothing_but_takes_the_same_time() -> None:
    line = Line("dawn.quiet", 0, "en", "A quiet night.")
    assert SilentSpeaker().say(line, 10.0) == estimate_seconds(line.text)
    assert CaptionSpeaker(None).say(line, 10.0) == estimate_seconds(line.text)
