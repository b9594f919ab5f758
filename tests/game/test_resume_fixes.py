"""Resume and undo: instant after any replay, an undo tapped mid-line is kept, a journal with a gap is refused."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

from engine import Choice, Game, HouseRules, State
from narrator.game.clock import Clock, VirtualClock
from narrator.game.inputs import Answer, Question, RandomInput
from narrator.game.journal import Journal, JournalError
from narrator.game.narrator import Narrator, ReplayMismatch
from narrator.game.session import Session, Table, latest_unfinished, open_journal
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Line, Lines
from narrator.speech.picker import Picker

from ..journals import record, rewritten, without_line
from ..narration import NAMES, ROLES, SCRIPT, answers, opening

NIGHT1 = [("werewolves:6", 2.0), ("witch:pass", 10.0), ("seer:1", 3.0)]


class Asked(Exception):
    """The live table was asked a question it has no answer for: the test stops the game here."""


class FirstQuestion:
    """A live table that notes the live clock's time and the question when first asked, then stops the game."""

    def __init__(self, live: VirtualClock) -> None:
        self.live = live
        self.question: Question | None = None
        self.at: float | None = None

    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        self.question, self.at = question, self.live.now()
        raise Asked


def resume(replay: list[Answer], live: VirtualClock, resumed: bool) -> tuple[Narrator, FirstQuestion]:
    table = FirstQuestion(live)
    game = Game.new(NAMES, roles=ROLES, house=HouseRules(), seed=1)
    narrator = Narrator(game, Lines(SCRIPT, "en", Picker(1), NAMES), CaptionSpeaker(None), live, table, seed=1,
                        replay=replay, resumed=resumed)
    with pytest.raises(Asked):
        narrator.run()
    return narrator, table


def spoken(narrator: Narrator) -> list[tuple[str, float]]:
    speaker = narrator.live_speaker
    assert isinstance(speaker, CaptionSpeaker)
    return [(c.scene, c.end - c.t) for c in speaker.captions]


@pytest.mark.parametrize("start", [5.0, 10_000.0])
def test_resume_asks_at_once_on_a_live_clock_that_started_elsewhere(start: float) -> None:
    live = VirtualClock(start)
    narrator, table = resume(opening() + answers(*NIGHT1, ("vote", 30.0)), live, resumed=True)
    assert table.question is not None and table.question.step == "day_vote"
    lines = spoken(narrator)
    assert [scene for scene, _ in lines] == ["game.resume", "day.vote.start"]
    assert table.at == pytest.approx(start + sum(seconds for _, seconds in lines))  # only what was said live
    said = narrator.live_speaker.captions  # type: ignore[attr-defined]
    assert said[0].t > 100  # the narrator's time goes on from the replay's ...
    assert narrator.clock.now() - live.now() == pytest.approx(said[0].t - start)  # ... counted on the live clock


@pytest.mark.parametrize("start", [5.0, 10_000.0])
def test_a_window_open_when_the_replay_ends_keeps_only_its_own_rest(start: float) -> None:
    """Undo back into a night step: the 6 s window goes on from the replayed answer (2 s in), no more, no less."""
    live = VirtualClock(start)
    narrator, table = resume(opening() + answers(("werewolves:6", 2.0)), live, resumed=False)
    assert table.question is not None and table.question.step == "witch"
    lines = spoken(narrator)
    assert [scene for scene, _ in lines] == ["night.werewolves.sleep", "night.witch.wake"]
    assert table.at == pytest.approx(start + 4.0 + sum(seconds for _, seconds in lines))


class TappingTable:
    """Live answers in order; ↶ can be tapped at any moment (`undo_asked`), kept until the narrator takes it."""

    def __init__(self, items: list[Answer]) -> None:
        self.items = deque(items)
        self.undo_asked = False
        self.asked: list[Question] = []

    def take_undo(self) -> bool:
        asked, self.undo_asked = self.undo_asked, False
        return asked

    def answer(self, question: Question, state: State, clock: Clock, asked_at: float, until: float) -> Answer | None:
        self.asked.append(question)
        if not self.items:
            raise Asked
        item = self.items.popleft()
        clock.sleep_until(asked_at + item.delay)
        return item


class TapWhileSaying(CaptionSpeaker):
    """Taps ↶ while `scene` is being said, the first time it is said."""

    def __init__(self, table: TappingTable, scene: str) -> None:
        super().__init__(None)
        self.table, self.scene = table, scene

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        if line.scene == self.scene and not any(c.scene == self.scene for c in self.captions):
            self.table.undo_asked = True
        return super().say(line, at, seconds)


def undo_while_the_verdict_is_said(path: Path) -> tuple[TappingTable, TapWhileSaying]:
    """Day 1 expels Carla; ↶ is tapped while that is being said; then the table keeps everyone."""
    table = Table(NAMES, ROLES, HouseRules(), seed=1, lang="en")
    live = TappingTable(opening() + answers(*NIGHT1, ("vote", 30.0), ("day_vote:3", 2.0), ("day_vote:none", 2.0)))
    speaker = TapWhileSaying(live, "day.vote.out")
    session = Session(table, SCRIPT, speaker, VirtualClock(), live, Journal.create(path, table.to_json(), "a game"))
    with pytest.raises(Asked):
        session.run()
    return live, speaker


def test_undo_tapped_while_the_verdict_is_said_takes_the_vote_back(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    live, speaker = undo_while_the_verdict_is_said(path)
    scenes = [c.scene for c in speaker.captions]
    out = scenes.index("day.vote.out")
    assert scenes[out + 1:out + 3] == ["game.undo", "day.vote.start"], "night 2 began: the undo was dropped"
    assert scenes[out + 3] == "day.vote.nobody" and "night.start" in scenes[out + 4:]
    assert not live.undo_asked  # taken, once
    assert [q.step for q in live.asked].count("day_vote") == 2
    kinds = [r["kind"] for r in Journal.read(path).records]
    assert kinds.count("undo") == 1
    assert open_journal(path).answers[-1].value == Choice("day_vote")


# -- a journal with a line missing ---------------------------------------------------------


def test_every_record_carries_its_number_and_every_answer_its_question(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path)
    records = Journal.read(path).records
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
    answered = [r for r in records if r["kind"] == "answer"]
    assert [r["n"] for r in answered] == list(range(len(answered)))
    assert {"step", "n", "seq"} <= answered[0].keys() and records[-1]["kind"] == "over"


def test_a_deleted_line_is_refused_naming_it_and_the_file_is_untouched(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, seed=11)
    middle = len(path.read_bytes().splitlines()) // 2
    cut = without_line(path, middle)
    with pytest.raises(JournalError, match=f"^line {middle}: .*missing or out of order"):
        open_journal(path)
    assert path.read_bytes() == cut
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_a_deleted_and_renumbered_line_is_refused_by_the_replay(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    table = record(path, seed=11)
    middle = len(path.read_bytes().splitlines()) // 2
    before = rewritten(path, drop=middle)
    resumed = open_journal(path)
    session = Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), RandomInput(table.seed), None,
                      resumed.answers, resumed=True)
    with pytest.raises(ReplayMismatch, match=f"^line {middle}: .*question") as refused:
        session.run()
    assert refused.value.line == middle
    assert path.read_bytes() == before


def test_an_old_journal_without_numbers_is_refused_plainly(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path)
    rewritten(path, numbers=False)
    with pytest.raises(JournalError, match=r"^line 2: .*older wolfcall"):
        open_journal(path)


def test_a_resumed_game_numbers_on_and_resumes_again(tmp_path: Path) -> None:
    """A resumed game appends records numbered after the last one in the file; it can be resumed again."""
    path = tmp_path / "g.jsonl"
    table = record(path, seed=12, stop=12)
    resumed = open_journal(path)
    assert len(resumed.answers) == 12
    Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), RandomInput(12), Journal(path), resumed.answers,
            resumed=True).run()
    records = Journal.read(path).records
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1)) and records[-1]["kind"] == "over"
    assert len(open_journal(path).answers) > 12


def test_a_deleted_undo_line_is_a_gap_too(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    undo_while_the_verdict_is_said(path)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    undo = next(i for i, row in enumerate(rows, 1) if row["kind"] == "undo")
    without_line(path, undo)
    with pytest.raises(JournalError, match=f"^line {undo}: "):
        open_journal(path)


def test_the_copy_of_a_damaged_journal_is_not_offered_as_a_waiting_game(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, stop=12)
    path.write_bytes(path.read_bytes()[:-20])  # torn by a crash
    assert open_journal(path).note is not None  # cut back; the torn copy is kept beside it
    path.unlink()  # (as if the game had been finished and put away)
    assert [p.name for p in tmp_path.iterdir()] == ["g.damaged.jsonl"]
    assert latest_unfinished(tmp_path) is None
