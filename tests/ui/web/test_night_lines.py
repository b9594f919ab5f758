"""What a night step's screen says besides its buttons (screens.py `seen_step`, static/app.js `night`): the wolf
father is told whom he could infect, and nothing of the thief's cards; the guard is told why last night's pick is
not on his list, on his own screen only. In German, as the findings of issue 18 were made."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import Choice, Game
from engine.flow import legal_choices
from narrator.game import laps
from narrator.game.inputs import TURN, Question
from narrator.ui.web.screens import Screens
from narrator.ui.web.strings import strings
from narrator.ui.web.ways.own_frames import OwnFrames
from narrator.ui.web.ways.round_table import turn_view

from ...browser import free_port, german_setup, server

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo"]
W = strings("de")


def until(game: Game, step: str, night: int, picks: dict[str, int]) -> Game:
    """`game` played on to `step` on `night`: the steps named in `picks` choose that seat, the thief takes card 1,
    every other step its first legal choice."""
    while not (game.state.night == night and game.state.current is not None and game.state.current.step == step):
        current = game.state.current
        assert current is not None, game.state.phase
        if current.step == "thief":
            game.choose(Choice("thief", option="1"))
        elif current.step in picks:
            game.choose(Choice(current.step, picks[current.step]))
        else:
            game.choose(legal_choices(game.state)[0])
    return game


def drawn(page: Any, tmp_path: Path, screen: dict[str, Any]) -> dict[str, Any]:
    """`screen` rendered on the page of a German table: its words in order, and the labels of its buttons."""
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"render({json.dumps({**screen, 'q': 5, 't': 'screen'})})")
        return {"text": page.inner_text("#screen"),
                "buttons": page.eval_on_selector_all("#screen button", "(bs) => bs.map((b) => b.textContent)"),
                "infect": page.eval_on_selector_all("#infect", "(ps) => ps.map((p) => p.textContent)"),
                "note": page.eval_on_selector_all("#note", "(ps) => ps.map((p) => p.textContent)")}


def wolf_father_game() -> Game:
    """Seat 1 is dealt the thief, takes card 1 (the wolf father) and so hunts with the pack, which picks Dario."""
    game = Game.new(NAMES, ruleset="extended", seed=1, mode="one_device",
                    roles=["thief", "werewolf", "seer", *["villager"] * 5], extra=["wolf_father", "villager"])
    return until(game, "wolf_father", 1, {"werewolves": 4})


def test_the_wolf_fathers_screen_names_the_victim_and_not_the_thiefs_cards(page: Any, tmp_path: Path) -> None:
    """It showed "Karte 1: Urwolf, Karte 2: Dorfbewohner" (the thief's leftovers, he had been the thief) and never
    said whom "Das Opfer infizieren" would infect."""
    state = wolf_father_game().state
    screen = Screens("de", lambda s: NAMES[s - 1]).question(Question("wolf_father", (), 1, 5), state)
    seen = drawn(page, tmp_path, screen)
    assert seen["infect"] == ["Dario infizieren?"]
    assert "Karte" not in seen["text"] and W["role.villager"] not in seen["text"], seen["text"]
    assert seen["buttons"] == [W["option.pass"], W["option.infect"]]


def test_the_thief_still_sees_his_two_cards() -> None:
    game = Game.new(NAMES, ruleset="extended", seed=1, mode="one_device",
                    roles=["thief", "werewolf", "seer", *["villager"] * 5], extra=["wolf_father", "villager"])
    screen = Screens("de", lambda s: NAMES[s - 1]).question(Question("thief", (), 1, 1), game.state)
    assert [c["role"] for c in screen["cards"]] == [W["role.wolf_father"], W["role.villager"]]
    assert "infect" not in screen


def guard_game(mode: str) -> Game:
    """Night 2: the guard (seat 1) protected Dario on night 1."""
    game = Game.new(NAMES, ruleset="extended", seed=1, mode=mode,
                    roles=["guard", "werewolf", "werewolf", *["villager"] * 5])
    return until(game, "guard", 2, {"guard": 4, "werewolves": 5})


def test_the_guards_screen_says_why_last_nights_pick_is_not_listed(page: Any, tmp_path: Path) -> None:
    """His list dropped Dario, whom he protected last night, without a word."""
    state = guard_game("one_device").state
    screen = Screens("de", lambda s: NAMES[s - 1]).question(Question("guard", (), 1, 5), state)
    seen = drawn(page, tmp_path, screen)
    assert "Dario" not in seen["buttons"]
    assert seen["note"] == ["Dario kannst du heute Nacht nicht beschützen – das hast du schon letzte Nacht getan."]


def test_the_guards_reason_is_on_his_own_phone_only() -> None:
    """Own phones: the guard's screen says it; no other phone's (a decoy's) says anything of the kind."""
    state = guard_game("own_devices").state
    screens = Screens("de", lambda s: NAMES[s - 1])
    frames = OwnFrames(screens, state, Question("guard", tuple(legal_choices(state)), 1, 5), {"screen": "listen"})
    assert frames.seat(1)["note"] == ("Dario kannst du heute Nacht nicht beschützen – "
                                      "das hast du schon letzte Nacht getan.")
    others = [frames.seat(s) for s in sorted(state.alive) if s != 1]
    assert others and all(s.get("decoy") and "note" not in s for s in others)
    assert not any("beschützt" in json.dumps(s, ensure_ascii=False) for s in others)


def test_round_the_table_the_guards_turn_has_no_such_line() -> None:
    """Round the table a decoy cannot say it, so the guard's turn does not either: his tap on Dario is refused
    with the reason, to him alone."""
    state = guard_game("round_table").state
    screens = Screens("de", lambda s: NAMES[s - 1])
    task = laps.task(state, 1, {})
    assert task == "guard"
    action = turn_view(screens, state, Question(TURN, tuple(laps.legal(state, task)), 1, 7, task), "Ana")
    decoy = turn_view(screens, state, Question(TURN, laps.decoys(sorted(state.alive)), 2, 7, None), "Ben")
    assert "note" not in action and set(action) == set(decoy)
    assert "beschützt" not in json.dumps(action, ensure_ascii=False)
