"""A game as its log: undo, rematch and the journal form of events (engine/game.py)."""

from __future__ import annotations

import pytest

from engine import Choice, Game, HouseRules, Refused, WrongStep, event_from_json, fold

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala"]
ROLES = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager"]


def game(**house: object) -> Game:
    return Game.new(NAMES, roles=ROLES, house=HouseRules(**house))  # type: ignore[arg-type]


def play(g: Game, *texts: str) -> None:
    for t in texts:
        g.choose(Choice.from_text(t))


def test_undo_walks_back_through_every_choice() -> None:
    g = game()
    states = [g.state]
    for t in ("werewolves:5", "witch:pass", "seer:1", "hunter:6", "day_vote:1"):
        play(g, t)
        states.append(g.state)
    for expected in reversed(states[:-1]):
        g.undo()
        assert g.state == expected
    with pytest.raises(Refused, match="nothing to undo"):
        g.undo()


def test_rematch_deals_the_same_cards_again_and_can_be_undone() -> None:
    g = game(win="side")
    play(g, "werewolves:none", "witch:poison:1", "seer:2", "day_vote:2")
    over = g.state
    play(g, "rematch")
    assert g.state.game == 2 and sorted(g.state.roles) == sorted(ROLES)
    assert g.state.house.win == "side" and g.state.log == () and len(g.state.alive) == 7
    g.undo()
    assert g.state == over


def test_rematch_refused_while_playing() -> None:
    with pytest.raises(WrongStep):
        game().choose(Choice("rematch"))


def test_events_survive_their_journal_form() -> None:
    g = game(step_seconds=4)
    play(g, "werewolves:5", "witch:poison:1", "seer:2", "hunter:6")
    again = [event_from_json(e.to_json()) for e in g.events]
    assert again == g.events
    assert fold(again) == g.state
