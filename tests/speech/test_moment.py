"""The moment a line is said in, and the conditions a script writes for it (narrator/speech/moment.py)."""

from __future__ import annotations

from narrator.speech.moment import Moment, contexts, holds, parse_when, position, specificity


def test_a_condition_holds_when_the_moment_has_one_of_its_values() -> None:
    when, problems = parse_when({"night": "first", "mode": ["one_device", "round_table"]})
    assert problems == []
    assert holds(when, Moment(night="first", mode="round_table"))
    assert not holds(when, Moment(night="later", mode="round_table"))
    assert not holds(when, Moment(night="first", mode="own_devices"))
    assert not holds(when, Moment(mode="one_device")), "a fact the moment does not know holds for no condition"
    assert holds((), Moment())  # no condition: any moment


def test_yes_and_no_read_by_yaml_as_booleans_are_the_words() -> None:
    when, problems = parse_when({"revealed": True, "spared": False})
    assert problems == [] and dict(when) == {"revealed": frozenset({"yes"}), "spared": frozenset({"no"})}


def test_an_unknown_fact_or_value_is_said_in_plain_words() -> None:
    _, problems = parse_when({"nigth": "first", "pack": "three"})
    messages = [m for _, m in problems]
    assert any("unknown fact 'nigth'" in m and "night" in m for m in messages), messages
    assert any("'three' is not a value of pack" in m and "one, many" in m for m in messages), messages
    assert parse_when(["night"])[1]  # not a mapping


def test_gender_narrows_a_line_without_making_it_more_specific() -> None:
    assert specificity(parse_when({"night": "first", "pack": "one"})[0]) == 2
    assert specificity(parse_when({"gender": "f"})[0]) == 0


def test_a_sequence_has_a_first_a_middle_and_a_last() -> None:
    assert [position(i, 4) for i in range(4)] == ["first", "middle", "middle", "last"]
    assert position(0, 1) == "first"


def test_contexts_are_every_combination_of_the_facts_named() -> None:
    moments = contexts(["night", "pack"], {"night": ("first", "later")})
    assert {(m.night, m.pack) for m in moments} == {("first", "one"), ("first", "many"), ("later", "one"),
                                                   ("later", "many")}
