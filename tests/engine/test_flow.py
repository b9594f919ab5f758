"""The game's flow (engine/flow.py): the night's plan, the step asked, the legal choices, the deaths in order."""

from __future__ import annotations

import pytest

from engine import Choice, WrongStep, night_plan

from .test_game import game, play


def test_night_one_asks_the_dealt_roles_in_order() -> None:
    g = game()
    assert [p.step for p in g.state.queue] == ["werewolves"]
    assert [s.step for s in night_plan(g.state)] == ["werewolves", "witch", "seer"]
    play(g, "werewolves:none")
    assert g.state.current is not None and g.state.current.step == "witch"
    play(g, "witch:pass")
    assert g.state.current is not None and g.state.current.step == "seer"


def test_dead_roles_stay_in_the_night_plan_but_are_not_asked() -> None:
    g = game()
    play(g, "werewolves:3", "witch:pass", "seer:1", "day_vote:none")
    assert [(s.step, s.alive) for s in night_plan(g.state)] == [
        ("werewolves", True), ("witch", True), ("seer", False)]
    play(g, "werewolves:none", "witch:pass")
    assert g.state.phase == "day", "the dead seer is never asked"


def test_wrong_step_names_both() -> None:
    with pytest.raises(WrongStep, match="expected a choice for 'werewolves', got 'seer'"):
        game().choose(Choice("seer", 1))


def test_witch_legal_list_never_offers_both_potions() -> None:
    g = game()
    play(g, "werewolves:6")
    assert all("+" not in c.text() for c in g.legal())
    assert Choice("witch", heal=6) in g.legal() and Choice("witch", poison=1) in g.legal()


def test_deaths_are_announced_in_seat_order() -> None:
    g = game()
    play(g, "werewolves:7", "witch:poison:6", "seer:1")
    assert g.state.latest_deaths == (6, 7)
