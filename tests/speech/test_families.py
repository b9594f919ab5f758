"""Lines that open alike are kept apart (a scene's `families:`): the cards revealed and the deal, as a table heard them
go wrong ("Einen Platz weiter: Elke…" / "Einen Platz weiter, bei Frank…"; "schaut woanders hin" four times in a row at
29 players), said in sequence on the shipped scripts; and the form a script author writes, checked by the lint."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from narrator.speech.lines import Lines, RoleName, Seat
from narrator.speech.lint import lint_paths
from narrator.speech.moment import Moment, position
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
SEATS = 29
# the openers a native reader heard twice in a row, each its own family (the readers' own words)
OPENERS = {
    "de": [r"^Einen Platz weiter", r"^Weiter mit", r"^Daneben", r"^Und\b", r"zum Vorschein"],
    "en": [r"^And\b", r"^Next\b", r"^Then\b", r"^Now\b", r"turns out"],
    "es": [r"^Y\b", r"^Seguimos\b", r"^Ahora\b", r"^La carta de\b", r"le (había )?tocado|le tocó"],
}
LOOK_AWAY = {
    "de": r"schau\w* (bitte )?(weg|woanders)|nicht hinsehen|senken bitte den Blick",
    "en": r"[Nn]obody else looks|eyes elsewhere|Eyes on your own card",
    "es": r"mirad hacia otro lado|nadie más mire|sin que nadie la vea",
}


def sequence(lang: str, scene: str, seed: int, moment: Moment, **values: object) -> list[str]:
    """A whole sequence of `scene`, one line a seat, as the narrator picks them (first, middle..., last)."""
    lines = Lines(SCRIPT, lang, Picker(seed), [f"P{i}" for i in range(1, SEATS + 1)])
    return [lines.say(scene, moment.but(position=position(i, SEATS)), player=Seat(i + 1), **values).text
            for i in range(SEATS)]


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_no_two_cards_in_a_row_are_revealed_with_the_same_opener(lang: str) -> None:
    twice = []
    for seed in range(10):
        said = sequence(lang, "end.reveal", seed, Moment(mode="one_device", narrator="no", revealed="no"),
                        role=RoleName("villager", 2))
        for before, after in itertools.pairwise(said):
            twice += [(before, after) for opener in OPENERS[lang]
                      if re.search(opener, before) and re.search(opener, after)]
    assert twice == []


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_deal_does_not_ask_to_look_away_twice_close_together(lang: str) -> None:
    close = []
    for seed in range(10):
        said = sequence(lang, "deal.pass", seed, Moment(mode="one_device", narrator="no"))
        asks = [i for i, text in enumerate(said) if re.search(LOOK_AWAY[lang], text)]
        close += [(said[a], said[b]) for a, b in itertools.pairwise(asks) if b - a <= 2]
        if lang == "de":
            glances = [i for i, text in enumerate(said) if "stillen Blick" in text]
            close += [(said[a], said[b]) for a, b in itertools.pairwise(glances) if b - a <= 2]
    assert close == []


def test_a_script_author_names_the_families_and_the_lint_checks_their_words(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    lines = "".join(f'    - "Line {i} for {{player}}: {{role}}."\n' for i in range(10))
    (tmp_path / "en" / "reveal.yaml").write_text(
        "end.reveal:\n"
        "  families:\n"
        "    next: [\"Next,\", \"Then \"]\n"
        "    odd: [\"Nobody says this\"]\n"
        "  variants:\n"
        '    - "Next, {player}: {role}."\n'
        '    - "Then {player}: {role}."\n' + lines * 2 + "\n")
    problems = [p.relative() for p in lint_paths([tmp_path])]
    assert any("reveal.yaml:1: end.reveal: families: odd: no variant says 'Nobody says this'" in p for p in problems)
    broken = 'end.reveal:\n  families: [Next]\n  variants: ["{player}: {role}."]\n'
    (tmp_path / "en" / "reveal.yaml").write_text(broken)
    problems = [p.relative() for p in lint_paths([tmp_path])]
    assert any("reveal.yaml:2: end.reveal: families: must map a name" in p for p in problems), problems
