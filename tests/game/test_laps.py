"""The round-table night's planning: whose turn answers which step, before the engine asks for it."""

from __future__ import annotations

import pytest

from engine import Choice, Game, State
from engine.flow import ALL_STEPS
from engine.roles import CALLS
from narrator.game import laps
from narrator.game.inputs import TURN, Answer, Question
from narrator.game.session import decode, encode

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala"]
# seat 1 the witch and seat 2 the seer come before the pack (5, 6) round the table
WITCH_FIRST = ["witch", "seer", "villager", "hunter", "werewolf", "werewolf", "villager"]


def classic(roles: list[str] = WITCH_FIRST) -> Game:
    return Game.new(NAMES, roles=roles, seed=3, mode="round_table")


def test_each_seat_answers_its_own_step_and_the_witch_waits_for_the_pack() -> None:
    state = classic().state
    assert state.current is not None and state.current.step == "werewolves"
    assert laps.tonight(state) == ("werewolves", "witch", "seer")
    assert laps.task(state, 1, {}) is None  # the witch: the pack has not chosen yet
    assert not laps.ready(state, "witch")
    assert laps.task(state, 2, {}) == "seer"  # the seer reads nothing of tonight's: answered ahead
    assert [laps.task(state, s, {}) for s in (5, 6)] == ["werewolves", "werewolves"]
    assert laps.task(state, 3, {}) is None and laps.task(state, 4, {}) is None
    assert laps.task(state, 5, {"werewolves": {5: Choice("werewolves", 3)}}) is None  # picked already


def test_a_future_steps_legal_choices_and_answer_are_the_engines_when_it_gets_there() -> None:
    game = classic()
    early = game.state
    legal = laps.legal(early, "seer")
    assert Choice("seer", 2) not in legal and Choice("seer", 5) in legal
    assert laps.private_answer(early, Choice("seer", 5)) == "werewolf"
    assert laps.private_answer(early, Choice("seer", 3)) == "village"
    assert laps.private_answer(early, Choice(laps.DECOY, 3)) is None
    game.choose(Choice("werewolves", 3))
    assert laps.ready(game.state, "witch") and laps.task(game.state, 1, {}) == "witch"
    game.choose(Choice("witch"))
    assert game.state.current is not None and game.state.current.step == "seer"
    assert laps.legal(early, "seer") == game.legal()


def test_the_witch_is_shown_the_packs_victim_in_her_choices() -> None:
    game = classic()
    game.choose(Choice("werewolves", 3))
    assert Choice("witch", heal=3) in laps.legal(game.state, "witch")
    assert laps.legal(game.state, "witch") == game.legal()


@pytest.mark.parametrize(("picks", "victim"), [
    ([3, 3, 4], 3),
    ([3, 4], None),  # a tie: nobody
    ([3, None, None], None),  # "nobody" is a pick like any other
    ([None, 4, 4, 3], 4),
    ([5], 5),
    ([3, 4, 3, 4], None),
])
def test_the_pack_takes_the_seat_most_wolves_picked(picks: list[int | None], victim: int | None) -> None:
    assert laps.pack_pick("werewolves", [Choice("werewolves", p) for p in picks]) == Choice("werewolves", victim)


def test_the_pack_is_due_once_every_living_wolf_has_picked() -> None:
    state = classic().state
    assert laps.due(state, {"werewolves": {5: Choice("werewolves", 3)}}) is None
    both = {"werewolves": {5: Choice("werewolves", 3), 6: Choice("werewolves", 4)}}
    assert laps.due(state, both) == Choice("werewolves")
    assert laps.due(state, {"seer": {2: Choice("seer", 5)}}) is None  # not the engine's step yet


def test_decoys_look_like_a_seat_step_and_survive_the_journal() -> None:
    decoys = laps.decoys([1, 2, 4])
    assert decoys == (Choice("decoy"), Choice("decoy", 1), Choice("decoy", 2), Choice("decoy", 4))
    assert [c.text() for c in decoys] == ["decoy:none", "decoy:1", "decoy:2", "decoy:4"]
    for c in decoys:
        assert Choice.from_text(c.text()) == c
        q = Question(TURN, decoys, 3, 17, None)
        back = decode({**encode(q, Answer(c, 2.5)), "kind": "answer"}, line=9)
        assert back.value == c and back.origin is not None and (back.origin.step, back.origin.number) == (TURN, 17)


def test_steps_declare_what_they_read_of_the_night_before_them() -> None:
    order = {call.step: call.position("extended") for _, call in CALLS if isinstance(call.order, int)
             or "extended" in call.order}
    assert set(ALL_STEPS["witch"].after) == {"werewolves", "wolf_father", "big_bad_wolf"}
    assert ALL_STEPS["wolf_father"].after == ("werewolves",)
    assert ALL_STEPS["big_bad_wolf"].after == ("werewolves",)
    for step in ALL_STEPS.values():
        assert set(step.after) <= set(ALL_STEPS)
        for before in step.after:  # only earlier steps of the night: a later one could never be waited for
            assert order[before] < order[step.id]


def test_the_big_bad_wolf_waits_for_the_pack_then_may_not_take_its_victim() -> None:
    roles = ["big_bad_wolf", "werewolf", "seer", "witch", "villager", "villager", "villager", "villager"]
    game = Game.new([*NAMES, "Hugo"], roles=roles, ruleset="extended", seed=1, mode="round_table")
    state: State = game.state
    assert laps.task(state, 1, {}) == "werewolves"
    assert laps.task(state, 1, {"werewolves": {1: Choice("werewolves", 5)}}) is None  # his own step waits
    game.choose(Choice("werewolves", 5))
    assert laps.task(game.state, 1, {}) == "big_bad_wolf"
    assert Choice("big_bad_wolf", 5) not in laps.legal(game.state, "big_bad_wolf")


@pytest.mark.parametrize(("roles", "taps"), [
    (WITCH_FIRST, 2), (["seer", "villager", "villager", "hunter", "werewolf", "werewolf", "villager"], 1)])
def test_every_turn_takes_two_screens_when_a_card_in_play_picks_two(roles: list[str], taps: int) -> None:
    """The witch in play: every turn of the night is two pick-one screens, whoever holds the device."""
    assert laps.taps(classic(roles).state) == taps


def test_the_turns_after_the_engines_night_is_over_still_look_like_its_own() -> None:
    """Cupid and the pack answered on the first lap closed the engine's night (its dawn is in the state); the laps
    went on, and every later turn was drawn from the next night's cards (one screen instead of two, tonight's
    options gone) and listed the living after the dawn (a name fewer): it told the table the night's work was done."""
    roles = ["cupid", "thief", "werewolf", "werewolf", "villager", "villager", "villager", "villager"]
    game = Game.new([*NAMES, "Hugo"], roles=roles, ruleset="extended", seed=1, mode="round_table",
                    extra=["hunter", "seer"])
    before = (laps.taps(game.state), laps.options(game.state), laps.called(game.state), laps.nightfall(game.state))
    while game.state.phase == "night":
        game.choose(game.legal()[-1])
    assert game.state.night == 1 and game.state.phase != "night" and game.state.latest_deaths  # a death at dawn
    assert (laps.taps(game.state), laps.options(game.state), laps.called(game.state),
            laps.nightfall(game.state)) == before
    assert before[0] == 2 and ("thief", "1") in before[1] and before[3] == list(range(1, 9))


@pytest.mark.parametrize(("step", "shape", "picks", "choice"), [
    ("seer", "seat", [3], "seer:3"), ("seer", "seat", [3, 5], "seer:3"), ("seer", "seat", [None, 2], "seer:none"),
    ("cupid", "seats", [5, 2], "cupid:2,5"), ("pied_piper", "seats", [4, None], "pied_piper:4,"),
    ("cupid", "seats", [None, None], "cupid:none"), ("witch", "potions", [3, None], "witch:heal:3"),
    ("witch", "potions", [None, 6], "witch:poison:6"), ("witch", "potions", [3, 6], "witch:heal:3+poison:6"),
    ("witch", "potions", [None, None], "witch:none")])
def test_picks_one_a_screen_make_the_steps_answer(step: str, shape: str, picks: list[int | None], choice: str) -> None:
    """One seat is whole at the first pick (the second screen is its decoy); two seats or potions at the second."""
    first = laps.compose(step, shape, picks[:1])
    assert first == (Choice.from_text(choice) if shape == "seat" else None)
    assert laps.compose(step, shape, picks) == Choice.from_text(choice)
