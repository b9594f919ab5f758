from __future__ import annotations

import pytest

from engine import Refused, Setup, recommended, ruleset
from engine.setup import shuffled

CLASSIC = ruleset("classic")


@pytest.mark.parametrize("players", range(6, 13))
def test_recommended_deal_is_valid_and_sums(players: int) -> None:
    setup = Setup.recommended(CLASSIC, players)
    setup.validate()
    assert sum(setup.counts.values()) == players
    assert 2 * setup.counts["werewolf"] < players


def test_recommended_table_matches_the_rules() -> None:
    assert recommended(CLASSIC, 6) == {"werewolf": 2, "seer": 1, "witch": 1, "villager": 2}
    assert recommended(CLASSIC, 9) == {"werewolf": 3, "seer": 1, "witch": 1, "hunter": 1, "villager": 3}
    assert recommended(CLASSIC, 12) == {"werewolf": 4, "seer": 1, "witch": 1, "hunter": 1, "guard": 1,
                                        "villager": 4}


def test_adjust_adds_a_special_in_place_of_a_villager() -> None:
    setup = Setup.recommended(CLASSIC, 9).adjusted("guard", +1)
    assert setup.counts["guard"] == 1 and setup.counts["villager"] == 2


def test_adjust_removes_a_wolf_for_a_villager() -> None:
    setup = Setup.recommended(CLASSIC, 9).adjusted("werewolf", -1)
    assert setup.counts["werewolf"] == 2 and setup.counts["villager"] == 4


def test_adjust_refuses_half_wolves_with_the_reason() -> None:
    with pytest.raises(Refused, match="fewer than half"):
        Setup.recommended(CLASSIC, 8).adjusted("werewolf", +1).adjusted("werewolf", +1)


def test_adjust_refuses_a_second_seer() -> None:
    with pytest.raises(Refused, match="Only one seer"):
        Setup.recommended(CLASSIC, 9).adjusted("seer", +1)


def test_adjust_refuses_removing_what_is_not_there() -> None:
    with pytest.raises(Refused, match="no guard card left"):
        Setup.recommended(CLASSIC, 9).adjusted("guard", -1)


def test_adjust_refuses_villagers() -> None:
    with pytest.raises(Refused, match="Only werewolves and special roles"):
        Setup.recommended(CLASSIC, 9).adjusted("villager", +1)


def test_player_count_changes_restore_the_recommendation() -> None:
    adjusted = Setup.recommended(CLASSIC, 9).adjusted("hunter", -1)
    assert Setup.recommended(CLASSIC, 10).counts == recommended(CLASSIC, 10)
    assert adjusted.counts != recommended(CLASSIC, 9)


def test_shuffle_is_reproducible_and_depends_on_seed() -> None:
    cards = Setup.recommended(CLASSIC, 12).cards()
    assert shuffled(cards, 1) == shuffled(cards, 1)
    assert {shuffled(cards, s) for s in range(20)} != {shuffled(cards, 1)}
    assert sorted(shuffled(cards, 5)) == sorted(cards)
