"""Round the table, in Spanish: the witch's first screen heals the wolves' victim (the name "for the witch only");
a tap on anyone else was refused as "Esa elección no está permitida." with no word of why. It now gets the rules'
reason, to her alone: there is nobody to heal tonight, or the potion saves only the wolves' victim."""

from __future__ import annotations

import random
from pathlib import Path

from narrator.config import Config
from narrator.game.inputs import TURN
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from tests.ui.web.tables import Table
from tests.ui.web.test_turns import host_turn

SCRIPT = load(SHIPPED)
REASONS = {"witch.no_victim": "Esta noche no han atacado a nadie, así que no hay a quién curar.",
           "witch.heal_other": "La poción de cura solo puede salvar a la víctima de los lobos."}


def test_the_witchs_first_screen_says_why_a_name_is_refused(tmp_path: Path) -> None:
    rng = random.Random(5)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub, 5)
    host = table.connect("host")
    host.send(t="lang", lang="es")
    host.send(t="mode", mode="round_table")
    host.send(t="players", players=7)
    host.send(t="deal")
    for _ in range(20_000):
        q, s = hub.question, host.screen() or {}
        if q is not None and q.step == TURN and q.task == "witch" and s.get("turn") and s.get("part") == 0:
            break
        with table.changed:
            total = len(host.frames)
            if host.frames and host.frames[-1].message["t"] == "refused":
                host.acted.clear()  # a random pick the rules refused: the same screen is answered again
        if not host_turn(host, rng):
            table.wait(lambda total=total: len(host.frames) > total)  # type: ignore[misc]
    else:
        raise AssertionError("no witch's turn")
    names = [c for c in s["choices"] if c.get("target")]
    other = next(c for c in names if c["name"] != s["clue"])
    host.send(t="tap", q=s["q"], value=other["value"])  # healing someone the wolves did not attack ...
    host.send(t="tap", q=s["q"], value="witch:none")  # ... and poisoning nobody: the answer is whole
    refused = host.refusals()[-1]
    hub.stop_game()
    assert refused["rule"] in REASONS, (refused, s["clue"])
    assert refused["text"] == REASONS[refused["rule"]]
