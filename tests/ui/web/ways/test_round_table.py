"""Round the table: a turn's screen gives no role away, whether it is a task or a decoy (ways/round_table.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import Choice, Game, shape_of
from narrator.game import laps
from narrator.game.inputs import TURN, Question
from narrator.ui.web.screens import Screens
from narrator.ui.web.strings import strings
from narrator.ui.web.ways.round_table import turn_view

from ....browser import free_port, german_setup, server

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
    """`screen` drawn and read in one go: no message of the server's can come in between and redraw the page."""
    return list(page.evaluate(f"(() => {{ render({json.dumps({**screen, 't': 'screen'})}); return ({LAYOUT})(); }})()"))


@pytest.mark.parametrize("role", SEAT_ROLES)
def test_a_turns_task_and_decoy_look_the_same_in_chromium(page: Any, tmp_path: Path, role: str) -> None:
    """The wolf's turn was titled "Werwölfe" and a decoy "Du bist dran"; the decoy always showed the werewolf's
    picture; "Niemand" came first on the wolf's turn and last on the decoy. Rendered in German, both kinds of
    turn have the same elements, classes, boxes, words and pictures."""
    action, decoy = both_turns(role)
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        task_drawn, decoy_drawn = drawn(page, action), drawn(page, decoy)
    assert any(row[7] == "Du bist dran" for row in task_drawn)
    assert task_drawn == decoy_drawn, [(a, b) for a, b in zip(task_drawn, decoy_drawn, strict=False) if a != b][:4]


# every other night role of the extended ruleset, whose turn is not one seat picked on the first lap
TWO_PICK_ROLES = ["cupid", "dog_handler", "pied_piper", "witch"]
OPTION_ROLES = ["thief", "wolf_dog", "wolf_father"]  # a card, a side, an infection: one of tonight's options
EXTRA = ["hunter", "elder"]  # the thief's two cards
DRAWN = ("seer", "big_bad_wolf")  # the two cards a decoy is shown on the thief's night (drawn at random in play)


def turn_of(role: str) -> tuple[Any, Question, Question]:
    """Night 1 of a German game with `role` in seat 1: the state at seat 1's own task (the witch's and the wolf
    father's after the pack has picked seat 12), seat 1's task turn and seat 11's decoy turn (a villager) of the
    same lap."""
    pack = ["werewolf"] if role == "werewolf" else ["werewolf", "werewolf"]
    roles = [role, *pack, *["villager"] * (len(NAMES) - 1 - len(pack))]
    game = Game.new(NAMES, ruleset="extended", seed=1, mode="round_table", roles=roles,
                    extra=EXTRA if role == "thief" else ())
    while laps.task(game.state, 1, {}) != role:  # the steps seat 1's waits for (the pack's pick)
        assert game.state.current is not None and game.state.current.step == "werewolves", game.state.current
        game.choose(Choice("werewolves", 12))
    state = game.state
    task = laps.task(state, 1, {})
    assert task is not None
    return state, Question(TURN, tuple(laps.legal(state, task)), 1, 7, task), \
        Question(TURN, laps.decoys(sorted(state.alive)), 11, 7, None)


def mask(text: str) -> str:
    """`text` with every player's name (and "Niemand", a clue may name nobody) and every card's name (the thief's
    two cards are drawn on a decoy's turn) as "·"."""
    words = strings("de")
    for name in sorted([*NAMES, "Niemand", *(v for k, v in words.items() if k.startswith("role."))], key=len,
                       reverse=True):
        text = text.replace(name, "·")
    return text


def masked(rows: list[Any]) -> list[Any]:
    """The drawn rows with names masked (`mask`)."""
    return [[*row[:7], mask(row[7] or ""), row[8]] for row in rows]


def every_screen(state: Any, q: Question) -> list[dict[str, Any]]:
    """A turn's screens, one a pick, as many as a turn takes (every turn tonight the same number)."""
    screens = Screens("de", lambda s: NAMES[s - 1])
    first = turn_view(screens, state, q, "Ana", 0, 5, DRAWN)
    return [first, *(turn_view(screens, state, q, "Ana", k, 5, DRAWN) for k in range(1, first.get("parts", 1)))]


def draw_turns(tmp_path: Path, page: Any, turns: list[list[dict[str, Any]]]) -> list[list[list[Any]]]:
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        return [[masked(drawn(page, screen)) for screen in turn] for turn in turns]


@pytest.mark.parametrize("role", [*TWO_PICK_ROLES, *OPTION_ROLES])
def test_a_two_pick_or_option_turn_looks_like_a_decoy_in_chromium(page: Any, tmp_path: Path, role: str) -> None:
    """Cupid's, the dog handler's and the piper's turn showed "pick 2" and a confirm button, the witch's her
    potions and the wolves' victim, the thief's his cards, the wolf-dog's and the wolf father's their own
    buttons: each told its role from a decoy. Now every turn of a night is the same number of pick-one screens,
    each drawn (text, names and cards aside, and boxes) like a decoy's: tonight's options are buttons on every
    turn, the thief's cards and the wolves' victim lines on every turn, drawn at random on a decoy's."""
    state, action, decoy = turn_of(role)
    task_turn, decoy_turn = every_screen(state, action), every_screen(state, decoy)
    task_drawn, decoy_drawn = draw_turns(tmp_path, page, [task_turn, decoy_turn])
    for a, b in zip(task_drawn, decoy_drawn, strict=False):
        assert a == b, [(x, y) for x, y in zip(a, b, strict=False) if x != y][:4]
    assert len(task_drawn) == len(decoy_drawn) == (2 if role in TWO_PICK_ROLES else 1)  # the same time taken
    if role in ("witch", "wolf_father"):  # their clue is the pack's victim
        assert task_turn[0]["clue"] == "Lola"
    if role == "thief":  # his own cards; a decoy's drawn
        assert task_turn[0]["turn_cards"] == ["Karte 1: Jäger", "Karte 2: Ältester"] != decoy_turn[0]["turn_cards"]
