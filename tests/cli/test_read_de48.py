"""What the German readers of stop 47 found in whole games (notes/s47/read_de_A8.md, read_de_B8.md), played with
`demo` on the shipped scripts. Each test failed on 772f207, before fix61."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from narrator.cli.main import main


def timeline(tmp_path: Path, *argv: str) -> list[tuple[str, str]]:
    """The lines of one German demo game: (scene, text), in the order said."""
    out = tmp_path / "timeline.jsonl"
    assert main(["demo", "--fast", "--audio", "none", "--lang", "de", "--quiet", "--timeline", str(out), *argv]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return [(r["scene"], r["text"]) for r in rows if "scene" in r]


@pytest.mark.parametrize("argv", [("--mode", "own_devices", "--players", "40"), ("--players", "29",)])
def test_a_big_reveal_names_the_card_in_more_than_one_way(argv: tuple[str, ...], tmp_path: Path) -> None:
    """A8 15: "die Karte von X" 4-7 times in one reveal of 12-16 seats; 16 times in 40 (own phones, seed 30), 12 in
    29 (one device): the reveal says whose card it is in other ways too, and the same way never card after card."""
    said = [t for s, t in timeline(tmp_path, "--ruleset", "extended", "--seed", "30", *argv) if s == "end.reveal"]
    hits = [i for i, t in enumerate(said) if "Karte von" in t]
    assert len(said) > 25 and len(hits) <= len(said) // 6, said
    assert all(b - a > 2 for a, b in itertools.pairwise(hits)), [said[i] for i in hits]
