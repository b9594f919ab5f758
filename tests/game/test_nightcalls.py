"""The night's calls (narrator/game/nightcalls.py): a call's own facts choose its lines, in a whole game on the
shipped scripts."""

from __future__ import annotations

import re

import pytest

from narrator.game.inputs import VOTE

from ..narration import answers, captions, narrate

PIPER = ["pied_piper", "werewolf", *["villager"] * 6]  # Ana the piper, Ben the wolf
# three nights: two charmed a night, one killed a night and one a day, till only the wolf is left to charm
TO_THE_LAST = answers(("werewolves:5", 2.0), ("pied_piper:3,4", 2.0), (VOTE, 30.0), ("day_vote:7", 2.0),
                      ("werewolves:3", 2.0), ("pied_piper:6,8", 2.0), (VOTE, 30.0), ("day_vote:4", 2.0),
                      ("werewolves:6", 2.0), ("pied_piper:2,", 2.0))
TWO = {"en": r"\btwo\b|\bboth\b", "de": r"\bzwei\b|\bbeiden?\b", "es": r"\bdos\b|\bambos\b|tócales|\bsus hombros"}


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_pied_piper_is_asked_for_one_when_only_one_is_left_to_charm(lang: str) -> None:
    """Issue 35: on the night only one uncharmed player is left, his wake (and sleep) said "two" though the screen
    asks for the last one. The `charms` fact: two while two are left, one after."""
    n = narrate(TO_THE_LAST, lang=lang, roles=PIPER, ruleset="extended")
    said = [(c.scene, c.text) for c in captions(n) if c.scene.startswith("night.pied_piper.")]
    wakes = [text for scene, text in said if scene.endswith(".wake")]
    assert len(wakes) == 3 and [s for s, _ in said][-1] == "night.pied_piper.sleep", said
    assert all(re.search(TWO[lang], text, re.IGNORECASE) for text in wakes[:2]), wakes
    last_night = said[-2:]
    assert [text for _, text in last_night if re.search(TWO[lang], text, re.IGNORECASE)] == [], last_night
