"""The setup's choices before the deal, kept by seat: names and genders cut or filled to the table's size, seats
taken, swapped and freed."""

from __future__ import annotations

from engine import HouseRules, Mode
from narrator.names import MAX_LENGTH
from narrator.ui.web.draft import Draft, seated


def test_a_list_by_seat_is_cut_or_filled_to_the_players() -> None:
    assert seated(["Ana"], 3) == ["Ana", "", ""]
    assert seated(["Ana", "Ben", "Carla"], 2) == ["Ana", "Ben"]


def test_seats_are_taken_swapped_and_freed_with_their_genders() -> None:
    d = Draft(players=4)
    d.seat(3, "Carla", "f")
    d.seat(1, "Ana", "")
    assert (d.names, d.genders) == (["Ana", "", "Carla", ""], ["", "", "f", ""])
    d.swap(1, 3)
    assert (d.names, d.genders) == (["Carla", "", "Ana", ""], ["f", "", "", ""])
    d.free(1)
    d.free(9)  # past the names kept: nothing to free
    assert (d.names, d.genders) == (["", "", "Ana", ""], ["", "", "", ""])


def test_an_online_rooms_members_and_kept_setup_are_taken_whole() -> None:
    d = Draft()
    d.seat_all(members := ["Ana", "Ben"])
    members.append("Eve")  # the room's own list changes later: the draft keeps its copy
    counts, levels = {"werewolf": 2}, {"voice": 80, "bed": 20, "cues": 50}
    d.restore(counts, HouseRules(step_seconds=10), levels)
    counts["werewolf"], levels["bed"] = 9, 0
    assert d.names == ["Ana", "Ben"] and d.counts == {"werewolf": 2} and d.levels["bed"] == 20
    assert d.house.step_seconds == 10


def test_the_screen_shows_the_range_of_the_rules_and_the_thiefs_two_cards() -> None:
    plain = Draft(counts={"werewolf": 2, "villager": 7}).to_json()
    assert plain["range"] == [6, 12] and plain["left_over"] == 0 and plain["name_max"] == MAX_LENGTH
    assert plain["mode"] == Mode.ONE_DEVICE and "villager" in [r["id"] for r in plain["roles"]] and "balance" in plain
    extended = Draft(players=10, ruleset="extended", counts={"werewolf": 2, "thief": 1, "villager": 9}).to_json()
    assert extended["range"] == [3, 40] and extended["left_over"] == 2 and "captain" in extended["house_rules"]
