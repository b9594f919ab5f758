"""The day's count: ballots, hands, marks and extra votes weighed in one place (engine.count_votes)."""

from __future__ import annotations

from engine import Choice, Count, Game, HouseRules, State, count_votes, decide, voters
from engine.events import fold
from engine.vote import Verdict

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"]


def day(roles: list[str], ruleset: str = "extended", captain: int | None = None,
        night: dict[str, str] | None = None) -> State:
    """The first day's vote, every night step passed unless `night` answers it; `captain` elected at dawn."""
    house = HouseRules(captain=captain is not None, witch_one_potion_per_night=ruleset == "classic")
    g = Game.new(NAMES, ruleset=ruleset, roles=roles, house=house)
    answers = {**(night or {}), "captain_election": f"captain_election:{captain}"}
    while g.state.phase != "day":
        pending = g.state.current
        assert pending is not None
        g.choose(Choice.from_text(answers.get(pending.step, f"{pending.step}:none")))
    return g.state


def verdict_of(state: State, choice: Choice) -> int | None:
    """The seat the engine executes for `choice` (None: nobody leaves)."""
    return next(e.target for e in decide(state, choice) if isinstance(e, Verdict))


def test_classic_is_the_plurality_and_a_tie_is_nobody() -> None:
    state = day(["werewolf", "seer", "villager", "villager", "villager", "villager"], "classic")
    assert count_votes(state, {1: 3, 2: 3, 4: 1}) == Count(Choice("day_vote", target=3), {3: 2, 1: 1})
    assert count_votes(state, {1: 3, 2: 4}).choice == Choice("day_vote")
    assert count_votes(state, {1: None}) == Count(Choice("day_vote"), {})


def test_the_captains_ballot_counts_twice_in_the_tally_and_the_verdict() -> None:
    state = day(["werewolf", "seer", "villager", "villager", "villager", "villager"], captain=2)
    ballots: dict[int, int | None] = {2: 5, 1: 4}
    counted = count_votes(state, ballots)
    assert counted.tally == {5: 2, 4: 1}
    assert counted.choice == Choice("day_vote", ballots=((1, 4), (2, 5)))
    assert verdict_of(state, counted.choice) == 5


def test_the_ravens_mark_weighs_in_the_verdict_and_the_extra_on_top() -> None:
    roles = ["werewolf", "raven", "villager", "villager", "villager", "villager"]
    state = day(roles, night={"raven": "raven:3"})
    ballots: dict[int, int | None] = {1: 4, 2: 4, 5: 6}
    assert count_votes(state, ballots).tally == {4: 2, 6: 1}, "the table is shown the ballots, not the mark"
    assert verdict_of(state, count_votes(state, ballots).choice) is None, "4 and the marked 3 tie at two"
    pushed = count_votes(state, ballots, {6: 1})  # three-way tie: told as a tally the engine reads the same
    assert pushed.choice == Choice("day_vote", tally=((4, 2), (6, 2)))
    assert pushed.tally == {4: 2, 6: 2}
    assert verdict_of(state, pushed.choice) is None
    assert verdict_of(state, count_votes(state, ballots, {4: 1}).choice) == 4


def test_hands_counted_by_the_table_are_scored_with_the_same_marks() -> None:
    roles = ["werewolf", "raven", "villager", "villager", "villager", "villager"]
    state = day(roles, night={"raven": "raven:3"})
    assert verdict_of(state, Choice("day_vote", tally=((4, 2),))) is None, "two hands tie with the raven's two"
    assert verdict_of(state, Choice("day_vote", tally=((4, 3),))) == 4


def test_a_pardoned_idiot_casts_no_ballot() -> None:
    roles = ["werewolf", "village_idiot", "villager", "villager", "villager", "villager"]
    state = day(roles)
    after = fold(decide(state, Choice("day_vote", 2)), state)
    assert 2 in after.alive and 2 not in voters(after) and 2 in voters(state)
