"""Own devices: the called step's actor gets its real question with the wake line, and its first tap counts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ..test_frames import own_table, play


@pytest.mark.parametrize(("rules", "lang", "players", "seed"), [("classic", "de", 6, 31), ("extended", "de", 8, 32)])
def test_a_wolfs_first_screen_in_his_step_is_the_real_question(tmp_path: Path, rules: str, lang: str, players: int,
                                                                seed: int) -> None:
    """A wolf's phone showed a look-alike list titled "Werwölfe" while the pack was called, answered his tap with
    "Erledigt. Warte auf die anderen." and then asked again: his first tap was thrown away."""
    hub, table, host, phones = own_table(tmp_path, players, rules, lang, seed)
    host.send(t="deal")
    play(hub, table, phones, host, None, random.Random(seed))
    checked = 0
    for phone in phones:
        night = None
        for f in phone.frames:
            m, public, state = f.message, f.public, f.state
            if m["t"] != "screen" or public is None or state is None or public.called != "werewolves":
                continue
            if phone.seat not in state.wolves or phone.seat not in state.alive or m.get("screen") != "night":
                continue
            if night == m["night"]:
                continue  # only his first screen of the step
            night = m["night"]
            checked += 1
            assert not m.get("decoy") and m["step"] == "werewolves", f"{phone.name} was first shown a decoy: {m}"
            assert not m.get("done"), f"{phone.name} was told he was done before he tapped: {m}"
    assert checked, "no wolf's phone was shown the pack's step"
    end = host.screen()
    assert end is not None and end["screen"] == "end"
