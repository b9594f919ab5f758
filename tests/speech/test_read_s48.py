"""Stop 48, on the shipped scripts: what fix63's measure of the picker found left (notes/s48/fix63.md). It failed on
3808a10."""

from __future__ import annotations

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
