"""The win reasons on the screen say the rule as RULES.md has it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

UI = Path(__file__).resolve().parents[2] / "narrator" / "ui" / "web" / "ui"


def reason(lang: str, key: str) -> str:
    text = yaml.safe_load((UI / f"{lang}.yaml").read_text(encoding="utf-8"))[key]
    assert isinstance(text, str)
    return text


@pytest.mark.parametrize(("lang", "wolf"), [("en", r"werewol"), ("de", r"werw[oö]l"), ("es", r"lobo")])
def test_the_village_win_is_not_told_as_the_wolves_dead_alone(lang: str, wolf: str) -> None:
    # the village wins once no opponent lives: no wolf, and no white werewolf or pied piper either
    assert not re.search(wolf, reason(lang, "reason.wolves_dead"), re.IGNORECASE)


def test_spanish_wolves_number_says_at_least_as_many() -> None:
    assert "tantos como" not in reason("es", "reason.wolves_number")
