"""What the German closing reads of issue 35 found in whole games (notes/s48/read_de_A9.md 16, read_de_B9.md 13),
played with `demo` on the shipped scripts: a win the wolf father's secret infection made. Each failed on 8fbc6b8."""

from __future__ import annotations

import json
import re
from pathlib import Path

from narrator.cli.main import main

TOLD = re.compile(r"Urwolf|verwandelt|infiziert|Wolfsblut")


def timeline(tmp_path: Path, *argv: str) -> list[tuple[str, str]]:
    """The lines of one German demo game: (scene, text), in the order said."""
    out = tmp_path / "timeline.jsonl"
    assert main(["demo", "--fast", "--audio", "none", "--lang", "de", "--quiet", "--timeline", str(out), *argv]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return [(r["scene"], r["text"]) for r in rows if "scene" in r]


def test_the_village_hanging_its_infected_last_wolf_hears_why_it_won(tmp_path: Path) -> None:
    """A9 16 (g20): "Das Dorf verurteilt David." "Die Karte von David: die Hexe." "Von den Wölfen ist keiner mehr
    übrig." The table thought the village hanged its witch and won on the spot: the win says the infection (the game
    is over, the cards are about to be shown: RULES keeps it secret only until then)."""
    said = timeline(tmp_path, "--ruleset", "extended", "--players", "12", "--seed", "103")
    won = [t for s, t in said if s == "end.village"]
    assert [t for s, t in said if s == "day.vote.reveal"][-1].endswith("die Hexe.")
    assert len(won) == 1 and TOLD.search(won[0]), won


def test_the_wolves_winning_at_a_dawn_without_a_death_say_why(tmp_path: Path) -> None:
    """B9 13 (g28, round table, 16, night 8): "Heute Nacht hat das Dorf niemanden verloren." then "Die Wölfe müssen
    sich nicht mehr verstecken. Das Rudel gewinnt!": the infection made the count; the win line says so."""
    said = timeline(tmp_path, "--ruleset", "extended", "--players", "16", "--mode", "round_table", "--seed", "28")
    won = [i for i, (s, _) in enumerate(said) if s == "end.wolves.number"]
    assert len(won) == 1 and said[won[0] - 1][0] == "dawn.quiet", said[won[0] - 2:won[0] + 1]
    assert TOLD.search(said[won[0]][1]), said[won[0]]
