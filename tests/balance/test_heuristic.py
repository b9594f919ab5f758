"""The heuristic player decides from its own screen and the legal choices only, and always legally."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest

from engine import Game, Setup, legal_choices, ruleset, view
from engine.house import defaults
from narrator.balance import heuristic, mind
from narrator.balance.mind import Mind
from narrator.balance.playout import Table, play


def test_the_decision_takes_only_a_view_the_choices_its_memory_and_dice() -> None:
    assert list(inspect.signature(heuristic.decide).parameters) == ["view", "choices", "mind", "rng"]


@pytest.mark.parametrize("module", [heuristic, mind])
def test_the_player_cannot_reach_the_game_state(module: object) -> None:
    tree = ast.parse(Path(inspect.getfile(module)).read_text())  # type: ignore[arg-type]
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "State" not in names and "engine.state" not in modules and "view" not in names
    assert "fold" not in names and "Game" not in names


@pytest.mark.parametrize(("rules", "players"), [("classic", 6), ("classic", 12), ("extended", 10), ("extended", 16)])
def test_every_decision_is_legal_and_made_from_the_seats_view(rules: str, players: int) -> None:
    seen: list[tuple[int, int]] = []

    def spying(v, choices, m, rng):  # type: ignore[no-untyped-def]
        state = table.game.state
        assert v == view(state, m.seat)  # exactly what this seat's screen shows, nothing more
        assert list(choices) == legal_choices(state)
        choice = heuristic.decide(v, choices, m, rng)
        assert choice in choices
        seen.append((m.seat, state.night))
        return choice

    setup = Setup.recommended(ruleset(rules), players)
    for seed in range(6):
        game = Game.new([f"P{i}" for i in range(1, players + 1)], ruleset=rules, house=defaults(rules),
                        seed=seed, setup=setup)
        table = Table(game, random.Random(seed), spying)
        while not game.state.over:
            game.choose(table.next_choice())
            table.after()
    assert seen


def test_the_seer_claims_a_wolf_she_found_and_the_village_follows() -> None:
    seer = Mind(3)
    v = {"alive": [1, 2, 3, 4, 5], "cards": {"3": "seer"}, "pack": [],
         "checks": [{"night": 1, "target": 4, "result": "werewolf"}]}
    claim = heuristic.talk(v, seer, random.Random(0))
    assert claim is not None and (4, True) in claim.looks
    villager = Mind(1)
    villager.observe({"alive": [1, 2, 3, 4, 5], "cards": {"1": "villager"}, "pack": []})
    villager.hear(claim)
    assert max([2, 4, 5], key=villager.belief) == 4


def test_the_witch_saves_the_first_victim() -> None:
    from engine import Choice

    witch = Mind(2)
    v = {"alive": [1, 2, 3, 4, 5, 6], "cards": {"2": "witch"}, "pack": [], "attacked": 5}
    choices = [Choice("witch"), Choice("witch", heal=5), Choice("witch", poison=1), Choice("witch", poison=3)]
    assert heuristic.decide(v, choices, witch, random.Random(0)) == Choice("witch", heal=5)


def test_wolves_never_attack_their_pack() -> None:
    from engine import Choice

    wolf = Mind(1)
    v = {"alive": [1, 2, 3, 4], "cards": {"1": "werewolf", "2": "werewolf"}, "pack": [1, 2]}
    choices = [Choice("werewolves"), *(Choice("werewolves", s) for s in (1, 2, 3, 4))]
    picks = {heuristic.decide(v, choices, wolf, random.Random(s)).target for s in range(30)}
    assert picks <= {3, 4}


def test_random_and_heuristic_players_both_finish() -> None:
    setup = Setup.recommended(ruleset("classic"), 9)
    for players in ("random", "heuristic"):
        assert play(setup, defaults("classic"), 1, players) in ("village", "wolves", "draw")
