"""Stop 48: fix62 settled the Spanish end of one wolf left (notes/s48/fix62.md); German and English said the same
thing: "Das Rudel zählt so viele Köpfe wie der Rest", "The pack is now as strong as the rest of the village" of one
wolf facing one villager, "Zu viele Wölfe" of one wolf alone. Said in the game that ends so, on the shipped scripts,
with the lines that count the pack the least heard: each failed on 2d428f1's scripts."""

from __future__ import annotations

import re

import pytest

from narrator.game.inputs import VOTE

from ..narration import answers
from .test_nightcalls import heard_all_but
from .test_read_es8 import TO_ONE_WOLF, play, said

PACK_COUNT = {
    "de": re.compile(r"Rudel zählt|zu zahlreich|[Zz]u viele Wölfe|Rudel ist nicht mehr kleiner|"
                     r"Werwölfe sind jetzt (mehr|genauso)"),
    "en": re.compile(r"pack is now as strong|[Tt]oo many wolves|Wolf for villager|grown too strong|have the numbers|"
                     r"[Mm]ore than half|outnumber everyone|as many as everyone|overtaken"),
}
LAST_DAY = {  # the vote that leaves one wolf with one other; the hunter voted out shoots the last one
    "one other": ((VOTE, 30.0), ("day_vote:4", 3.0)),
    "nobody else": ((VOTE, 30.0), ("day_vote:5", 3.0), ("hunter:4", 2.0)),
}


@pytest.mark.parametrize("left", sorted(LAST_DAY))
@pytest.mark.parametrize("lang", sorted(PACK_COUNT))
def test_the_last_wolf_is_not_told_as_a_pack(lang: str, left: str) -> None:
    n = play([*answers(*TO_ONE_WOLF), *answers(*LAST_DAY[left])], lang=lang,
             memory=heard_all_but(lang, "end.wolves.number", PACK_COUNT[lang]))
    won = said(n, "end.wolves.number")
    assert n.state.reason == "wolves_number" and len(n.state.alive) == (2 if left == "one other" else 1)
    assert won and not PACK_COUNT[lang].search(won[0]), won
