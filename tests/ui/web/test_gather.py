"""The phones' ballots as the engine takes them, with extra votes on top (the speaking list's penalty)."""

from __future__ import annotations

import pytest

from engine import Choice, Game, Refused, State, decide
from engine.events import Event, fold
from engine.vote import Verdict
from narrator.ui.web.gather import tally, verdict

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"]
PLAIN = ["werewolf", "seer", "villager", "villager", "villager", "villager"]
GOAT = ["werewolf", "seer", "villager", "villager", "villager", "scapegoat"]


def day(ruleset: str = "extended", roles: list[str] = PLAIN, attack: int | None = None) -> State:
    """The first day's vote, everyone alive (or the pack's victim dead), every night step passed."""
    g = Game.new(NAMES, ruleset=ruleset, roles=roles, mode="own_devices" if ruleset == "extended" else "one_device")
    while g.state.phase != "day":
        pending = g.state.current
        assert pending is not None
        g.choose(Choice(pending.step, attack if pending.step == "werewolves" else None))
    assert g.state.current is not None and g.state.current.step == "day_vote"
    return g.state


def outcome(state: State, choice: Choice) -> tuple[int | None, list[int]]:
    """What the engine makes of a choice: the verdict's seat (None: nobody) and who died by the vote."""
    events: list[Event] = decide(state, choice)
    verdicts = [e for e in events if isinstance(e, Verdict)]
    after = fold(events, state)
    return verdicts[0].target if verdicts else None, sorted(state.alive - after.alive)


def test_without_extra_nothing_changes() -> None:
    state = day()
    ballots: dict[int, int | None] = {4: None, 1: 2, 3: 2}
    plain = Choice("day_vote", ballots=((1, 2), (3, 2), (4, None)))
    assert verdict(state, ballots) == plain == verdict(state, ballots, None) == verdict(state, ballots, {})
    assert verdict(state, {}) == Choice("day_vote")
    assert tally(state, ballots) == {2: 2} == tally(state, ballots, {})
    classic = day("classic")
    assert verdict(classic, ballots) == Choice("day_vote", target=2)
    assert verdict(classic, {1: 2, 3: 4}) == Choice("day_vote"), "a tie is nobody"


def test_classic_a_penalty_turns_a_tie() -> None:
    state = day("classic")
    ballots: dict[int, int | None] = {1: 2, 3: 4, 5: None}
    choice = verdict(state, ballots, {4: 1, 6: 1})
    assert choice == Choice("day_vote", target=4)
    assert outcome(state, choice) == (4, [4])
    assert tally(state, ballots, {4: 1, 6: 1}) == {2: 1, 4: 2, 6: 1}
    assert verdict(state, {1: 2}, {3: 1}) == Choice("day_vote"), "the penalty can make a tie: nobody"


def test_extended_a_penalty_turns_a_tie() -> None:
    state = day()
    ballots: dict[int, int | None] = {1: 2, 2: 3}
    assert outcome(state, verdict(state, ballots)) == (None, []), "without the penalty: a tie"
    choice = verdict(state, ballots, {3: 1, 5: 1})
    assert choice == Choice("day_vote", target=3)
    assert outcome(state, choice) == (3, [3])


def test_no_ballot_naming_anyone_means_no_penalty() -> None:
    for state in (day(), day("classic")):
        abstained: dict[int, int | None] = {1: None, 2: None}
        choice = verdict(state, abstained, {3: 1, 4: 1})
        assert choice == verdict(state, abstained)
        assert outcome(state, choice) == (None, [])
        assert tally(state, abstained, {3: 1}) == {}
        assert verdict(state, {}, {3: 1}) == Choice("day_vote")


def test_a_penalty_that_changes_nothing_keeps_the_ballots() -> None:
    state = day()
    ballots: dict[int, int | None] = {1: 2, 3: 2, 4: 2}
    assert verdict(state, ballots, {5: 1, 6: 1}) == verdict(state, ballots)


def test_a_penalty_making_a_tie_leaves_it_to_the_scapegoat() -> None:
    state = day(roles=GOAT)
    ballots: dict[int, int | None] = {1: 2}
    choice = verdict(state, ballots, {3: 1})
    assert choice.tally is not None and dict(choice.tally) == {2: 1, 3: 1}
    assert outcome(state, choice) == (6, [6]), "tied: the scapegoat dies instead"
    plain = day()
    assert outcome(plain, verdict(plain, ballots, {3: 1})) == (None, []), "no scapegoat: nobody"
    events = decide(plain, verdict(plain, ballots, {3: 1}))
    assert any(isinstance(e, Verdict) and e.tie for e in events), "the table hears it was a tie"


def test_more_votes_than_voters_still_reach_the_engine() -> None:
    state = day()  # six vote; two more against seat 1 would be a tally the engine refuses as too many
    ballots: dict[int, int | None] = {1: 2, 2: 1, 3: 2, 4: 1, 5: 3, 6: 3}
    choice = verdict(state, ballots, {1: 1})
    assert choice == Choice("day_vote", target=1)
    assert outcome(state, choice) == (1, [1])
    assert tally(state, ballots, {1: 1}) == {1: 3, 2: 2, 3: 2}


def test_only_living_seats_are_charged_and_refused_ballots_stay_refused() -> None:
    state = day(attack=3)
    assert 3 not in state.alive
    ballots: dict[int, int | None] = {1: 2, 2: 4}
    assert verdict(state, ballots, {3: 5}) == verdict(state, ballots)
    assert tally(state, ballots, {3: 5}) == {2: 1, 4: 1}
    dead_voter: dict[int, int | None] = {3: 1, 2: 4}
    choice = verdict(state, dead_voter, {1: 1})
    assert choice == verdict(state, dead_voter)
    with pytest.raises(Refused):
        decide(state, choice)
