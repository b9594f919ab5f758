"""Role memory: each role declares its own typed memory, read and written through the state."""

from __future__ import annotations

from engine import Choice, Game, event_from_json, fold
from engine.events import Remembered
from engine.roles.elder import ElderMemory
from engine.roles.seer import SeerMemory

ROLES = ["werewolf", "elder", "seer", "judge", "villager", "villager", "villager"]


def test_a_role_remembers_through_its_own_memory() -> None:
    g = Game.new([f"P{i}" for i in range(1, 8)], ruleset="extended", roles=ROLES, mode="own_devices")
    assert g.state.memory(ElderMemory) == ElderMemory(), "a role that did nothing yet remembers its defaults"
    for text in ("werewolves:2", "seer:1"):
        g.choose(Choice.from_text(text))
    assert g.state.memory(ElderMemory).wounds == 1 and 2 in g.state.alive
    assert g.state.memory(SeerMemory).checks == ((1, 1, "werewolf"),)
    g.choose(Choice("day_vote", 5))
    g.choose(Choice("judge", option="second_vote"))
    assert any(isinstance(e, Remembered) for e in g.events)
    again = [event_from_json(e.to_json()) for e in g.events]
    assert again == g.events, "a memory survives the journal form of its event"
    assert fold(again) == g.state
