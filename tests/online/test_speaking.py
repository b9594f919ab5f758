"""The speaking list: hands in the order raised, the host and the timer move on, the penalty before the first vote.
The clock is a number handed in: nothing here reads the time."""

from __future__ import annotations

from narrator.online.speaking import SpeakingList

NAMES = {1: "Ana", 2: "Ben", 3: "Carla", 4: "Dario", 5: "Eva"}


def test_hands_are_called_in_the_order_raised() -> None:
    s = SpeakingList()
    for seat in (3, 1, 4):
        assert s.raise_hand(seat, now=0)
    assert not s.raise_hand(1, now=1), "a raised hand is queued once"
    assert s.hands == [3, 1, 4] and s.speaker is None
    assert s.next(now=2) == 3 and s.hands == [1, 4]
    assert s.next(now=3) == 1
    assert s.next(now=4) == 4 and s.hands == []
    assert s.next(now=5) is None and s.speaker is None, "nobody left: the floor is open"


def test_the_timer_moves_on_when_the_turn_is_up() -> None:
    s = SpeakingList(turn_seconds=30)
    s.raise_hand(2, now=100)
    s.raise_hand(5, now=101)
    s.next(now=110)
    assert s.left(now=110) == 30 and s.left(now=139.5) == 1
    assert not s.tick(now=139.9) and s.speaker == 2
    assert s.tick(now=140) and s.speaker == 5 and s.left(now=140) == 30
    assert s.tick(now=170) and s.speaker is None and s.left(now=170) is None
    assert not s.tick(now=500), "nobody speaking: nothing to move on"


def test_a_hand_raised_after_the_turn_ran_out_finds_the_timer_moved_on() -> None:
    s = SpeakingList(turn_seconds=10)
    s.raise_hand(1, now=0)
    s.next(now=0)
    s.raise_hand(2, now=5)
    assert s.raise_hand(3, now=12)
    assert s.speaker == 2 and s.hands == [3]


def test_lowering_a_hand_and_the_speaker_yielding() -> None:
    s = SpeakingList()
    for seat in (1, 2, 3):
        s.raise_hand(seat, now=0)
    assert s.lower_hand(2) and s.hands == [1, 3]
    assert not s.lower_hand(4)
    s.next(now=1)
    assert not s.raise_hand(1, now=2), "the speaker's own hand is not queued"
    assert s.lower_hand(1) and s.speaker is None and s.hands == [3]
    assert 2 in s.spoke, "a lowered hand was still raised"


def test_only_the_speaker_may_talk_and_everyone_while_nobody_is_called() -> None:
    s = SpeakingList()
    assert all(s.may_talk(seat) for seat in NAMES)
    s.raise_hand(4, now=0)
    s.next(now=0)
    assert [seat for seat in NAMES if s.may_talk(seat)] == [4]


def test_a_dead_seat_leaves_the_queue_and_the_word() -> None:
    s = SpeakingList()
    for seat in (1, 2, 3):
        s.raise_hand(seat, now=0)
    s.next(now=0)
    s.dead(2)
    assert s.hands == [3]
    s.dead(1)
    assert s.speaker is None and s.left(now=1) is None
    assert not s.tick(now=1000)


def test_the_public_fragment() -> None:
    s = SpeakingList(turn_seconds=45)
    assert s.public(0, NAMES.__getitem__) == {"speaking": {"on": True, "now": None, "seat": None, "left": None,
                                                           "hands": []}}
    s.raise_hand(2, now=0)
    s.raise_hand(5, now=0)
    s.next(now=10)
    assert s.public(20, NAMES.__getitem__) == {"speaking": {
        "on": True, "now": "Ben", "seat": 2, "left": 35, "hands": [{"seat": 5, "name": "Eva"}]}}


def test_the_penalty_falls_on_the_living_who_never_raised_a_hand_before_the_first_vote() -> None:
    s = SpeakingList()
    s.raise_hand(1, now=0)
    s.raise_hand(3, now=0)
    s.lower_hand(3)  # raised, then lowered without being called: it still counts as raised
    assert s.penalty({1, 2, 3, 4}) == {2: 1, 4: 1}
    assert s.penalty({1, 3, 4}) == {4: 1}, "only the living"
    s.vote_closed()
    assert s.first_vote_done
    assert s.penalty({1, 2, 3, 4}) == {}, "after the first vote nobody gets one"


def test_a_called_speaker_counts_as_having_raised_a_hand() -> None:
    s = SpeakingList()
    s.raise_hand(2, now=0)
    s.next(now=0)
    assert s.penalty({1, 2}) == {1: 1}
