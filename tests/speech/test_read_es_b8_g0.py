"""What the Madrid reader B found at stop 47 (notes/s47/read_es_B8.md G0), on the shipped scripts, in the moment it is
said: it failed on 772f207."""

from __future__ import annotations

from collections import Counter

import pytest

from narrator.speech.lines import Lines, marks
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_the_wolf_fathers_later_calls_open_differently(mode: str) -> None:
    """G0: twelve of the twenty later-night calls opened «Padre de los lobos, abre los ojos», heard as one line."""
    lines = Lines(SCRIPT, "es", Picker(1), ["Ana"], ["f"])
    scene = "night.wolf_father.wake"
    pool = lines.fitting(scene, Moment(mode=mode, narrator="no", night="later", gone="no", order="middle"))
    texts = [SCRIPT.variants("es", scene)[i] for i in pool]
    openings = Counter(m for t in texts for m in marks(t) if m.startswith("^"))
    assert len(pool) >= 20 and max(openings.values()) <= 3, openings.most_common(3)
