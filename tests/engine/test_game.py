"""The decider: flow, view, undo, rematch and the journal form of events."""

from __future__ import annotations

import pytest

from engine import NARRATOR, Choice, Game, HouseRules, Refused, WrongStep, event_from_json, fold, night_plan, view

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala"]
ROLES = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager"]


def game(**house: object) -> Game:
    return Game.new(NAMES, roles=ROLES, house=HouseRules(**house))  # type: ignore[arg-type]


def play(g: Game, *texts: str) -> None:
    for t in texts:
        g.choose(Choice.from_text(t))


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


def test_witch_sees_the_victim_only_while_she_has_the_heal() -> None:
    g = game()
    play(g, "werewolves:6")
    assert view(g.state, 4)["attacked"] == 6
    play(g, "witch:heal:6", "seer:1", "day_vote:none", "werewolves:7")
    assert "attacked" not in view(g.state, 4)
    assert "witch:heal:7" not in view(g.state, 4)["choices"]


def test_witch_is_shown_nobody_when_nobody_was_attacked() -> None:
    g = game()
    play(g, "werewolves:none")
    v = view(g.state, 4)
    assert "attacked" in v and v["attacked"] is None
    assert v["choices"][0] == "witch:pass" and not any("heal" in c for c in v["choices"])


def test_witch_legal_list_never_offers_both_potions() -> None:
    g = game()
    play(g, "werewolves:6")
    assert all("+" not in c.text() for c in g.legal())
    assert Choice("witch", heal=6) in g.legal() and Choice("witch", poison=1) in g.legal()


def test_only_the_seer_sees_her_answer() -> None:
    g = game()
    play(g, "werewolves:none", "witch:pass", "seer:1")
    assert view(g.state, 3)["checks"] == [{"night": 1, "target": 1, "result": "werewolf"}]
    for seat in (1, 2, 4, 5, 6, 7, NARRATOR):
        assert "checks" not in view(g.state, seat)


def test_wolves_know_each_other_villagers_know_themselves() -> None:
    g = game()
    assert view(g.state, 1)["cards"] == {"1": "werewolf", "2": "werewolf"}
    assert view(g.state, 6)["cards"] == {"6": "villager"}
    assert view(g.state, NARRATOR)["cards"] == {}


def test_only_the_actor_gets_choices() -> None:
    g = game()
    assert view(g.state, 1)["choices"] and view(g.state, 2)["choices"]
    assert not view(g.state, 3)["choices"] and not view(g.state, NARRATOR)["choices"]


def test_all_cards_and_log_revealed_at_the_end() -> None:
    g = game()
    play(g, "werewolves:none", "witch:poison:1", "seer:2", "day_vote:2")
    v = view(g.state, NARRATOR)
    assert v["winner"] == "village" and v["cards"] == {str(i): r for i, r in enumerate(ROLES, 1)}
    assert [e["kind"] for e in v["log"]] == ["poison", "check", "expel"]


def test_deaths_are_announced_in_seat_order() -> None:
    g = game()
    play(g, "werewolves:7", "witch:poison:6", "seer:1")
    assert g.state.latest_deaths == (6, 7)


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


def test_the_ravens_mark_reaches_the_view_with_the_dawns_news_not_during_the_hunters_shot() -> None:
    g = Game.new(NAMES[:6], roles=["werewolf", "hunter", "raven", "villager", "villager", "villager"],
                 ruleset="extended")
    play(g, "raven:4", "werewolves:2")
    assert g.state.current is not None and g.state.current.step == "hunter"
    assert "raven_mark" not in view(g.state, 4)
    play(g, "hunter:5")
    assert g.state.phase == "day" and view(g.state, 4)["raven_mark"] == 4
