"""Round the table: a turn's screen gives no role away, whether it is a task or a decoy (ways/round_table.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import Game, shape_of
from narrator.game import laps
from narrator.game.inputs import TURN, Question
from narrator.ui.web.screens import Screens
from narrator.ui.web.ways.round_table import turn_view

from ....browser import free_port, server

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Ines", "Jon", "Kira", "Lola"]
# every night role of the 28 whose turn on the first lap is a choice of one player (the pack's wolves pick there)
SEAT_ROLES = ["werewolf", "big_bad_wolf", "white_werewolf", "wolf_father", "guard", "seer", "fox", "raven",
              "wild_child"]

# The rendered screen: every element in order, its tag, classes, disabled or not, its box and its own text.
LAYOUT = """() => [...document.querySelectorAll('#screen *')].map((e) => {
  const r = e.getBoundingClientRect();
  const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('');
  return [e.tagName, e.className, e.disabled === true, Math.round(r.x), Math.round(r.y), Math.round(r.width),
          Math.round(r.height), own, e.getAttribute('src')];
})"""


def both_turns(role: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 1's turn holding `role` (its task) and seat 12's (a villager's decoy), on night 1 of a German game."""
    pack = ["werewolf"] if role == "werewolf" else ["werewolf", "werewolf"]
    roles = [role, *pack, *["villager"] * (len(NAMES) - 1 - len(pack))]
    state = Game.new(NAMES, ruleset="extended", seed=1, mode="round_table", roles=roles).state
    screens = Screens("de", lambda s: NAMES[s - 1])
    task = laps.task(state, 1, {})
    assert task is not None and shape_of(task) == "seat", (role, task)
    action = Question(TURN, tuple(laps.legal(state, task)), 1, 7, task)
    decoy = Question(TURN, laps.decoys(sorted(state.alive)), 12, 7, None)
    return turn_view(screens, state, action, "Ana"), turn_view(screens, state, decoy, "Ana")


def drawn(page: Any, screen: dict[str, Any]) -> list[Any]:
    page.evaluate(f"render({json.dumps({**screen, 't': 'screen'})})")
    return list(page.evaluate(LAYOUT))


@pytest.mark.parametrize("role", SEAT_ROLES)
def test_a_turns_task_and_decoy_look_the_same_in_chromium(page: Any, tmp_path: Path, role: str) -> None:
    """The wolf's turn was titled "Werwölfe" and a decoy "Du bist dran"; the decoy always showed the werewolf's
    picture; "Niemand" came first on the wolf's turn and last on the decoy. Rendered in German, both kinds of
    turn have the same elements, classes, boxes, words and pictures."""
    action, decoy = both_turns(role)
    port = free_port()
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        page.select_option("#lang", "de")
        page.wait_for_function("document.querySelector('h1').textContent === 'Neue Partie'")
        task_drawn, decoy_drawn = drawn(page, action), drawn(page, decoy)
    assert any(row[7] == "Du bist dran" for row in task_drawn)
    assert task_drawn == decoy_drawn, [(a, b) for a, b in zip(task_drawn, decoy_drawn, strict=False) if a != b][:4]
