"""What each seat may know, decided in one place (engine/view.py): its card, its pack, its answer, its choices;
every card and the log at the end."""

from __future__ import annotations

from engine import NARRATOR, Game, view

from .test_game import NAMES, ROLES, game, play


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


def test_the_ravens_mark_reaches_the_view_with_the_dawns_news_not_during_the_hunters_shot() -> None:
    g = Game.new(NAMES[:6], roles=["werewolf", "hunter", "raven", "villager", "villager", "villager"],
                 ruleset="extended")
    play(g, "raven:4", "werewolves:2")
    assert g.state.current is not None and g.state.current.step == "hunter"
    assert "raven_mark" not in view(g.state, 4)
    play(g, "hunter:5")
    assert g.state.phase == "day" and view(g.state, 4)["raven_mark"] == 4
