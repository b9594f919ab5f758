"""Round the table, in Spanish: the witch's first screen heals the wolves' victim (the name "for the witch only");
a tap on anyone else was refused as "Esa elección no está permitida." with no word of why. It now gets the rules'
reason, to her alone: there is nobody to heal tonight, or the potion saves only the wolves' victim."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.game.inputs import TURN
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from tests.ui.web.tables import Phone, Table
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
    before = len(host.refusals())
    host.send(t="tap", q=s["q"], value=other["value"])  # healing someone the wolves did not attack ...
    host.send(t="tap", q=s["q"], value="witch:none")  # ... and poisoning nobody: the answer is whole
    assert len(host.refusals()) == before + 1, "a heal of someone not attacked taken"
    refused = host.refusals()[-1]
    hub.stop_game()
    assert refused["rule"] in REASONS, (refused, s["clue"])
    assert refused["text"] == REASONS[refused["rule"]]


def guards_second_night(data: Path, seed: int) -> tuple[Hub, Table, Phone, dict[str, Any], int] | None:
    """A German table round the table with a guard, played by a bot up to the guard's first screen on a night
    after one he protected someone; None if the game ends first (the deal and the draws are random)."""
    from engine.roles.guard import last_protected

    rng = random.Random(seed)
    hub = Hub(Config(), SCRIPT, data, fast=True)
    table = Table(hub, seed)
    host = table.connect("host")
    host.send(t="lang", lang="de")
    host.send(t="mode", mode="round_table")
    host.send(t="players", players=7)
    host.send(t="adjust", role="guard", delta=1)
    host.send(t="deal")
    while True:
        q, s, state = hub.question, host.screen() or {}, hub.state
        if state is not None and state.over:
            hub.stop_game()
            return None
        if q is not None and q.step == TURN and q.task == "guard" and s.get("turn") and s.get("part") == 0:
            last = last_protected(state) if state is not None else None
            if last is not None and any(c.get("target") == last for c in s.get("choices", [])):  # alive
                return hub, table, host, s, last
        with table.changed:
            total = len(host.frames)
            if host.frames and host.frames[-1].message["t"] == "refused":
                host.acted.clear()
        if not host_turn(host, rng):
            table.wait(lambda total=total: len(host.frames) > total or (hub.state is not None and hub.state.over))


def test_the_guards_turn_says_why_last_nights_pick_is_refused_in_german(tmp_path: Path) -> None:
    """The guard's turn lists last night's pick like any name; his tap on it was refused as "Diese Wahl ist nicht
    erlaubt.", not with the reason the README promises."""
    found = None
    for seed in range(20):
        found = guards_second_night(tmp_path / str(seed), seed)
        if found is not None:
            break
    assert found is not None, "no guard's turn after a night he protected someone, in 20 games"
    hub, _, host, s, last = found
    before = len(host.refusals())
    host.send(t="tap", q=s["q"], value=f"guard:{last}")
    if len(host.refusals()) == before:  # a turn of two screens: the answer is whole with the second
        host.send(t="tap", q=s["q"], value="guard:none")
    assert len(host.refusals()) == before + 1, "last night's pick taken again"
    refused = host.refusals()[-1]
    hub.stop_game()
    assert refused["rule"] == "guard.repeat", refused
    assert refused["text"].startswith("Der Leibwächter hat ") and refused["text"].endswith(
        " letzte Nacht beschützt; wähle jemand anderen."), refused
