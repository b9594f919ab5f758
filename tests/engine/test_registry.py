"""What the registry derives from the role modules is what the game had written out before.

The recommended deals: each row is the deal of the old `_CLASSIC_DEAL` and `_EXTENDED_STEPS` tables
(computed from them before the rows moved into the role modules), cards in the order the deal lists them.
"""

from __future__ import annotations

import pytest

from engine import RULESETS, Setup, recommended
from engine.roles import ROLES
from engine.roles._base import WOLF_CARDS

CLASSIC = {
    6: "werewolf 2 seer 1 witch 1 villager 2",
    7: "werewolf 2 seer 1 witch 1 hunter 1 villager 2",
    8: "werewolf 2 seer 1 witch 1 hunter 1 villager 3",
    9: "werewolf 3 seer 1 witch 1 hunter 1 villager 3",
    10: "werewolf 3 seer 1 witch 1 hunter 1 villager 4",
    11: "werewolf 3 seer 1 witch 1 hunter 1 guard 1 villager 4",
    12: "werewolf 4 seer 1 witch 1 hunter 1 guard 1 villager 4",
}

EXTENDED = {
    3: "werewolf 1 seer 1 villager 1",
    4: "werewolf 1 seer 1 villager 2",
    5: "werewolf 1 seer 1 villager 2 witch 1",
    6: "werewolf 2 seer 1 villager 2 witch 1",
    7: "werewolf 2 seer 1 villager 2 witch 1 hunter 1",
    8: "werewolf 2 seer 1 villager 2 witch 1 hunter 1 cupid 1",
    9: "werewolf 2 seer 1 villager 2 witch 1 hunter 1 cupid 1 guard 1",
    10: "werewolf 2 seer 1 villager 2 witch 1 hunter 1 cupid 1 guard 1 elder 1",
    11: "werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1",
    12: "werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1",
    13: "werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1",
    14: "werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1",
    15: "werewolf 2 seer 1 villager 2 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 sister 2",
    16: "werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 sister 2",
    17: ("werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1"),
    18: ("werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1"),
    19: ("werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1"),
    20: ("werewolf 2 seer 1 villager 1 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3"),
    21: ("werewolf 2 seer 1 villager 2 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3"),
    22: ("werewolf 2 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3"),
    23: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3"),
    24: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1"),
    25: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1"),
    26: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1"),
    27: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1"),
    28: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1"),
    29: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1"),
    30: ("werewolf 3 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1"),
    31: ("werewolf 4 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1"),
    32: ("werewolf 4 seer 1 villager 3 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    33: ("werewolf 4 seer 1 villager 4 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    34: ("werewolf 4 seer 1 villager 5 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    35: ("werewolf 5 seer 1 villager 5 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    36: ("werewolf 5 seer 1 villager 6 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    37: ("werewolf 5 seer 1 villager 7 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    38: ("werewolf 5 seer 1 villager 8 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    39: ("werewolf 6 seer 1 villager 8 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
    40: ("werewolf 6 seer 1 villager 9 witch 1 hunter 1 cupid 1 guard 1 elder 1 wolf_father 1 fox 1 raven 1 "
         "sister 2 big_bad_wolf 1 knight 1 scapegoat 1 brother 3 dog_handler 1 village_idiot 1 wild_child 1 "
         "white_werewolf 1 wolf_dog 1 angel 1 pied_piper 1 little_girl 1"),
}


def _rows(table: str) -> list[tuple[str, int]]:
    words = table.split()
    return [(words[i], int(words[i + 1])) for i in range(0, len(words), 2)]


@pytest.mark.parametrize(("rules", "table"), [("classic", CLASSIC), ("extended", EXTENDED)])
def test_every_recommended_deal_is_the_old_table(rules: str, table: dict[int, str]) -> None:
    ruleset = RULESETS[rules]
    assert sorted(table) == list(range(ruleset.min_players, ruleset.max_players + 1))
    for players, row in table.items():
        assert list(recommended(ruleset, players).items()) == _rows(row), f"{rules}, {players} players"
        assert dict(Setup.recommended(ruleset, players).counts) == dict(_rows(row))


def test_the_wolf_cards_are_the_cards_on_the_wolves_side() -> None:
    old = {"werewolf", "wolf_father", "big_bad_wolf", "white_werewolf"}  # the list kept by hand before
    assert set(WOLF_CARDS) == old == {r.id for r in ROLES.values() if r.card and r.side == "wolves"}
