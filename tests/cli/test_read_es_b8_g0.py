"""What the Madrid reader B found at stop 47 (notes/s47/read_es_B8.md G0) in the whole game it names, played with
`demo` on the shipped scripts: it failed on 772f207."""

from __future__ import annotations

import re

import pytest

from narrator.cli.main import main


def test_the_wolf_fathers_sixteen_nights_say_sixteen_calls(capsys: pytest.CaptureFixture[str]) -> None:
    """G0: g38 (40 players, own phones, 16 nights) went round four of the wolf father's twenty later-night calls
    («Ahora tú…», «Te toca…», «Es tu turno…» twice or three times each): no call comes again while one is unheard."""
    assert main(["demo", "--fast", "--audio", "none", "--lang", "es", "--ruleset", "extended", "--players", "40",
                 "--mode", "own_devices", "--seed", "216"]) == 0
    out = capsys.readouterr().out
    calls = [t for t in out.splitlines() if re.search(r"padre de los lobos", t, re.I)
             and re.search(r"abre los ojos", t, re.I)]
    texts = [re.sub(r"^\s*\d+:\d\d\s+", "", t) for t in calls]
    assert len(texts) == 16 and len(set(texts)) == len(texts), texts
