"""Stop 48: the German read's infected end (notes/s48/read_de_A9.md 16, read_de_B9.md 13) in Spanish and English,
played with `demo` on the shipped scripts: the win the wolf father's secret infection made says so. Failed on
36c3d3e."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from narrator.cli.main import main

TOLD = {"es": re.compile(r"padre de los lobos|convertid|infectad|sangre de lobo"),
        "en": re.compile(r"wolf father|turned|infected|wolf blood")}
GAMES = [  # (the demo, the scene of its end): the village hangs its infected last wolf; the wolves win at a quiet dawn
    (("--players", "12", "--seed", "103"), "end.village"),
    (("--players", "16", "--mode", "round_table", "--seed", "28"), "end.wolves.number"),
]


@pytest.mark.parametrize(("argv", "scene"), GAMES)
@pytest.mark.parametrize("lang", sorted(TOLD))
def test_a_win_the_infection_made_says_so(tmp_path: Path, lang: str, argv: tuple[str, ...], scene: str) -> None:
    out = tmp_path / "timeline.jsonl"
    assert main(["demo", "--fast", "--audio", "none", "--lang", lang, "--quiet", "--ruleset", "extended",
                 "--timeline", str(out), *argv]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    won = [r["text"] for r in rows if r.get("scene") == scene]
    assert len(won) == 1 and TOLD[lang].search(won[0]), won
