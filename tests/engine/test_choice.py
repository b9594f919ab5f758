from __future__ import annotations

import pytest

from engine import Choice, Malformed, NotAChoice


@pytest.mark.parametrize("text", ["seer:5", "werewolves:none", "witch:pass", "witch:heal:3",
                                  "witch:poison:4", "witch:heal:3+poison:4", "rematch", "day_vote:12"])
def test_text_round_trip(text: str) -> None:
    assert Choice.from_text(text).text() == text


def test_pass_and_none_read_the_same() -> None:
    assert Choice.from_text("witch:none") == Choice.from_text("witch:pass") == Choice("witch")


@pytest.mark.parametrize("text", ["seer", "seer:x", "witch:heal:3+heal:4", "witch:brew:2", ":3"])
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Choice.from_text(text)


def test_choice_is_hashable_value() -> None:
    assert {Choice("seer", 2), Choice("seer", 2)} == {Choice("seer", 2)}


@pytest.mark.parametrize("text", ["seer", "seer:x", "witch:heal:3+heal:4", "witch:brew:2", ":3", "x" * 5000])
def test_bad_text_is_a_typed_refusal_a_player_can_read(text: str) -> None:
    with pytest.raises(NotAChoice, match=r"^not a choice: .* such as seer:3") as caught:
        Choice.from_text(text)
    assert isinstance(caught.value, Malformed) and len(str(caught.value)) < 200
