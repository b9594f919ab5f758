"""Where answers come from: a script in order, or a table that plays at random but legally, each answer given when
it is due on the clock, or none once the question's time runs out."""

from __future__ import annotations

import random

import pytest

from engine import Choice, Game
from narrator.game.clock import VirtualClock
from narrator.game.inputs import (
    ANSWER_TO,
    COVERED,
    PROMPTS,
    REVEAL,
    START,
    STARTED,
    TURN,
    UNDO,
    VOTE,
    VOTE_CALLED,
    Answer,
    Exhausted,
    Question,
    RandomInput,
    ScriptedInput,
    tap_delay,
)

from ..narration import NAMES, ROLES

STATE = Game.new(NAMES, roles=ROLES, seed=1).state
WOLVES = Question("werewolves", (Choice("werewolves"), Choice("werewolves", 5), Choice("werewolves", 6)), None, 3)


def test_each_prompt_is_written_as_its_word_and_read_back_by_it() -> None:
    assert [p.text() for p in (STARTED, VOTE_CALLED, COVERED, UNDO)] == ["start", "vote", "covered", "undo"]
    assert all(PROMPTS[p.text()] is p for p in (STARTED, VOTE_CALLED, COVERED, UNDO))  # a journal reads each back
    assert ANSWER_TO == {START: STARTED, VOTE: VOTE_CALLED, REVEAL: COVERED}


def test_a_scripted_answer_comes_when_due_and_waits_when_the_time_runs_out_first() -> None:
    late, soon = Answer(Choice("werewolves", 5), 8.0), Answer(Choice("witch"), 1.0)
    script, clock = ScriptedInput([late, soon]), VirtualClock(100.0)
    assert script.answer(WOLVES, STATE, clock, 100.0, 105.0) is None  # due at 108: the window closed at 105
    assert clock.now() == 105.0 and script.used == 0
    assert script.answer(WOLVES, STATE, clock, 100.0, 200.0) is late and clock.now() == 108.0
    assert script.answer(WOLVES, STATE, clock, 108.0, 200.0) is soon and clock.now() == 109.0
    with pytest.raises(Exhausted) as dry:
        script.answer(WOLVES, STATE, clock, 109.0, 200.0)
    assert dry.value.question is WOLVES


def test_a_random_table_answers_legally_and_the_same_for_the_same_seed_and_question() -> None:
    drawn = {RandomInput(7).answer(WOLVES, STATE, VirtualClock(), 0.0, 1e9) for _ in range(3)}
    assert len(drawn) == 1
    answer = drawn.pop()
    assert answer is not None and answer.value in WOLVES.legal and 1.0 <= answer.delay <= 15.0
    others = {RandomInput(seed).answer(WOLVES, STATE, VirtualClock(), 0.0, 1e9) for seed in range(20)}
    assert len({a.value for a in others if a is not None}) > 1


def test_a_random_answer_not_due_in_time_is_the_same_answer_when_asked_again() -> None:
    table, clock = RandomInput(7), VirtualClock()
    assert table.answer(WOLVES, STATE, clock, 0.0, 0.5) is None and 3 in table.pending
    again = table.answer(WOLVES, STATE, clock, 0.0, 1e9)
    assert again == RandomInput(7).answer(WOLVES, STATE, VirtualClock(), 0.0, 1e9) and table.pending == {}


def test_a_random_table_answers_the_narrators_own_questions_with_their_prompts() -> None:
    table = RandomInput(2)
    said = [table.answer(Question(step, (), None, n), STATE, VirtualClock(), 0.0, 1e9)
            for n, step in enumerate((VOTE, REVEAL, START))]
    assert [a.value for a in said if a is not None] == [VOTE_CALLED, COVERED, STARTED]


def test_a_turn_round_the_table_answers_its_task_or_any_decoy() -> None:
    decoys = (Choice("decoy"), Choice("decoy", 1), Choice("decoy", 2))
    for n in range(20):
        decoy = RandomInput(n).answer(Question(TURN, decoys, 4, n), STATE, VirtualClock(), 0.0, 1e9)
        task = RandomInput(n).answer(Question(TURN, WOLVES.legal, 4, n, "werewolves"), STATE, VirtualClock(), 0, 1e9)
        assert decoy is not None and decoy.value in decoys
        assert task is not None and task.value in WOLVES.legal


def test_a_tap_takes_one_to_fifteen_seconds_mostly_under_eight() -> None:
    rng = random.Random(0)
    delays = [tap_delay(rng) for _ in range(2000)]
    assert min(delays) >= 1.0 and max(delays) <= 15.0
    assert sum(d <= 8.0 for d in delays) > 0.85 * len(delays) and max(delays) > 8.0


@pytest.mark.parametrize("step", ["werewolves", "big_bad_wolf"])
def test_a_random_pack_never_attacks_a_wolf_though_the_rules_allow_it(step: str) -> None:
    """Read A6, H (g16, g03): the demo's lone wolf attacked itself. RULES.md lets the pack attack a wolf, so the
    engine takes it; a table never does, so the demo's random table draws its victim among the others (or nobody)."""
    wolves = sorted(STATE.wolves)
    legal = (*(Choice(step, seat) for seat in sorted(STATE.alive)), Choice(step))
    drawn = [RandomInput(seed, spare_kin=True).answer(Question(step, legal, None, 3), STATE, VirtualClock(), 0.0, 1e9)
             for seed in range(200)]
    targets = {a.value.target for a in drawn if a is not None and isinstance(a.value, Choice)}
    assert wolves and targets and not targets & set(wolves), targets
    only_wolves = (*(Choice(step, seat) for seat in wolves), Choice(step))
    alone = RandomInput(1, spare_kin=True).answer(Question(step, only_wolves, None, 3), STATE, VirtualClock(), 0.0,
                                                   1e9)
    assert alone is not None and alone.value == Choice(step)
