"""The scene catalogue: every scene the narrator may say, with its placeholders, where and when it is said, and the
facts its lines may be chosen by; a role's scenes come from its module."""

from __future__ import annotations

from engine import Mode
from engine.roles import CALLS, ROLES
from narrator.speech.scenes import ONCE, RECURRING, WORD, SceneSpec, catalogue

CATALOGUE = catalogue()


def test_a_line_that_names_the_role_may_name_the_card_instead() -> None:
    assert CATALOGUE["end.reveal"].allowed == {"player", "role", "card"}
    assert CATALOGUE["dawn.death"].allowed == {"player"}


def test_a_scene_has_only_the_facts_of_where_and_when_it_is_said() -> None:
    deal = CATALOGUE["deal.pass"].domains()
    assert deal["mode"] == (Mode.ONE_DEVICE, Mode.ROUND_TABLE) and "position" not in deal  # a sequence: it has one
    quiet = CATALOGUE["dawn.quiet"].domains()
    assert quiet["position"] == () and quiet["gender"] == () and quiet["revealed"] == ()  # names nobody
    assert quiet["again"] == () and CATALOGUE["night.reminder"].domains().get("again") is None  # its own fact only


def test_a_moment_comes_once_a_game_when_rare_on_the_first_night_or_at_a_games_sequences_ends() -> None:
    rare, recurring = SceneSpec("x.rare", ONCE), CATALOGUE["end.reveal"]
    assert rare.once_a_game({}) and CATALOGUE["night.seer.wake"].once_a_game({"night": "first"})
    assert recurring.once_a_game({"position": "first"}) and recurring.once_a_game({"position": "last"})
    assert not recurring.once_a_game({"position": "middle"})
    assert not CATALOGUE["round.turn"].once_a_game({"position": "first", "night": "later"})  # a night's sequence


def test_every_roles_calls_lines_and_name_are_in_the_catalogue() -> None:
    for role, call in CALLS:
        assert {f"night.{call.step}.wake", f"night.{call.step}.sleep"} <= set(CATALOGUE), role.id
    for role in ROLES.values():
        assert all(line.id in CATALOGUE for line in role.scenes), role.id
    assert CATALOGUE["roles.seer"].minimum == WORD and CATALOGUE["dawn.quiet"].minimum == RECURRING


def test_a_call_is_said_on_the_nights_it_is_made_and_by_a_narrator_only_in_the_classic_rules() -> None:
    cupid, seer = CATALOGUE["night.cupid.wake"], CATALOGUE["night.seer.wake"]
    assert cupid.nights == ("first",) and seer.nights == ("first", "later")
    assert cupid.narrated == ("no",) and seer.narrated == ("yes", "no")  # cupid is an extended card
    # a pack is never gone; every call has its place in the night (order)
    assert seer.facts == {"gone", "order"} and CATALOGUE["night.werewolves.wake"].facts == {"order"}
    assert CATALOGUE["deal.own"].modes == (Mode.OWN_DEVICES,)
