"""Stop 48, on the shipped scripts: what fix63's measure of the picker found left (notes/s48/fix63.md), the idiot
condemned twice in English, an end line said to the losers too. Each failed on the scripts before its fix."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, marks
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)


@pytest.mark.parametrize("lang", ["de", "es", "en"])
def test_after_any_wake_most_sleep_lines_are_free_to_follow(lang: str) -> None:
    """A role of three words ("Big bad wolf,", «Gran lobo feroz,», «Padre de los lobos,») opened both its wake and
    most of its sleep lines alike, so after the wake the picker, which keeps a line apart from the opening said a
    moment ago, had four sleep lines left and said them night after night."""
    scenes = SCRIPT.scenes[lang]
    crowded = {}
    for scene, entry in scenes.items():
        wake = scenes.get(scene.removesuffix(".sleep") + ".wake")
        if not (scene.startswith("night.") and scene.endswith(".sleep") and wake):
            continue
        sleeps = [marks(v.text) for v in entry.variants]
        worst = max(sum(1 for m in sleeps if m & marks(w.text)) / len(sleeps) for w in wake.variants)
        if worst > 0.3:
            crowded[scene] = round(worst, 2)
    assert not crowded, crowded


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_card_the_table_knows_is_not_shown_as_news(lang: str) -> None:
    """read_es_B9, English too: the village idiot, pardoned and shown, voted again on a later day heard "Over goes the
    card of Ben: the village idiot." of a card face up since the day before. A card already said (`revealed`) is
    only named again."""
    scene = SCRIPT.scenes[lang]["day.vote.reveal"]
    lines = Lines(SCRIPT, lang, Picker(1), ["Ana"], ["f"])
    pool = lines.fitting("day.vote.reveal", Moment(mode="own_devices", narrator="no", revealed="yes"))
    assert len(pool) >= 20 and all(("revealed", frozenset({"yes"})) in scene.variants[i].when for i in pool)


WON_TO_ALL = {"de": r"\b[Ii]hr habt gewonnen|\b[Ii]hr gewinnt", "es": r"[Hh]abéis ganado|[Gg]anáis\b",
              "en": r"\b[Yy]ou (have )?won\b|\b[Yy]ou win\b"}


@pytest.mark.parametrize("lang", sorted(WON_TO_ALL))
def test_no_end_line_tells_the_whole_table_it_won(lang: str) -> None:
    """The end is heard by the losers too (issue 35, "¡Habéis ganado!"); fix64's infected village win said "Ihr habt
    gewonnen, auch gegen den Wolf…" to a table with wolves at it."""
    said = [v.text for scene, entry in SCRIPT.scenes[lang].items() if scene.startswith("end.")
            for v in entry.variants if re.search(WON_TO_ALL[lang], v.text)]
    assert said == []
