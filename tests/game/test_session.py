"""The session: one deal per game, a rematch journaled like any other choice and replayed on resume, and undo
across a rematch back to the end of the game before it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Game, HouseRules
from engine.flow import REMATCH
from narrator.game.clock import VirtualClock
from narrator.game.inputs import UNDO, Answer, Question, RandomInput
from narrator.game.journal import Journal
from narrator.game.session import Session, Table, open_journal
from narrator.speech.captions import CaptionSpeaker

from ..journals import Crash, CrashAfter
from ..narration import NAMES, SCRIPT


def test_a_deal_builds_its_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[Any] = []
    new = Game.new

    def counted(*args: Any, **kwargs: Any) -> Game:
        built.append(args)
        return new(*args, **kwargs)

    monkeypatch.setattr(Game, "new", staticmethod(counted))
    table = Table.deal(NAMES, HouseRules(), 5, "en")
    game = table.game()
    assert len(built) == 1, "the deal built a game only to read its cards, and the session built it again"
    assert list(game.state.dealt) == table.roles and list(game.state.extra) == table.extra
    assert game.state.dealt == new(NAMES, seed=5).state.dealt  # the same cards the engine deals from the seed


def played(path: Path, stop: int, seed: int = 11) -> tuple[Table, CaptionSpeaker]:
    """A table that plays at random, rematch after rematch, cut off when question `stop` comes."""
    table = Table.deal(NAMES, HouseRules(), seed, "en")
    speaker = CaptionSpeaker(None)
    session = Session(table, SCRIPT, speaker, VirtualClock(), CrashAfter(seed, stop),
                      Journal.create(path, table.to_json(), "a game"), rematches=True)
    with pytest.raises(Crash):
        session.run()
    assert session.journal is not None
    session.journal.close()
    return table, speaker


def rematch_line(path: Path) -> int:
    """The question number of the first rematch in the journal."""
    return next(r["n"] for r in Journal.read(path).records if r["kind"] == "answer" and r["step"] == REMATCH)


def test_a_rematch_is_journaled_and_a_resumed_journal_goes_on_with_the_second_game(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    played(path, 200)
    records = Journal.read(path).records
    rematches = [i for i, r in enumerate(records) if r["kind"] == "answer" and r["step"] == REMATCH]
    assert rematches, "no rematch is an answer in the game's journal"
    first = records[rematches[0]]["n"]
    assert records[rematches[0]]["value"] == REMATCH and records[rematches[0] - 1]["kind"] == "over"
    # the same table, cut off in its second game, and resumed from its journal
    cut = tmp_path / "cut.jsonl"
    table, uninterrupted = played(cut, first + 12)
    resumed = open_journal(cut)
    speaker = CaptionSpeaker(None)
    asked: list[Question] = []

    class Stop(Exception):
        pass

    class Note(RandomInput):
        def answer(self, question: Question, *args: Any) -> Answer | None:  # type: ignore[override]
            asked.append(question)
            raise Stop

    session = Session(resumed.table, SCRIPT, speaker, VirtualClock(), Note(table.seed), Journal(cut),
                      resumed.answers, resumed=True, rematches=True)
    with pytest.raises(Stop):
        session.run()
    assert session.narrator is not None and session.narrator.state.game == 2, "the resumed game is not the second"
    assert asked[0].number == first + 12
    assert speaker.captions[0].scene == "game.resume"
    said = [(c.scene, c.text) for c in speaker.captions[1:]]
    heard = [(c.scene, c.text) for c in uninterrupted.captions]
    assert heard[len(heard) - len(said):] == said, "the resumed second game says what the uninterrupted one said"


def test_undo_on_the_first_screen_after_a_rematch_goes_back_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    played(path, 200)
    first = rematch_line(path)
    cut = tmp_path / "cut.jsonl"
    table, _ = played(cut, first + 1)  # the new game's first question: its first card to look at
    resumed = open_journal(cut)
    over: list[Any] = []
    asked: list[Question] = []

    class Undo(RandomInput):
        def answer(self, question: Question, *args: Any) -> Answer | None:  # type: ignore[override]
            asked.append(question)
            if len(asked) == 1:
                return Answer(UNDO)
            raise Crash

    session = Session(resumed.table, SCRIPT, CaptionSpeaker(None), VirtualClock(), Undo(table.seed), Journal(cut),
                      resumed.answers, resumed=True, rematches=True, over=over.append)
    with pytest.raises(Crash):
        session.run()
    assert asked[0].step == "reveal" and asked[1].step == REMATCH, "undo did not go back to the end question"
    assert asked[1].number == first and len(over) == 1 and over[0].game == 1 and over[0].over
    assert [r["kind"] for r in Journal.read(cut).records][-2:] == ["undo", "over"]
    assert len(open_journal(cut).answers) == first  # the rematch is taken back; game 1 stands at its end


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_end_screen_comes_with_the_line_that_says_who_won(seed: int) -> None:
    """Screens follow the voice: the end (every card revealed) is told as the winner's line begins, after the
    dawn's or the verdict's news has been said, never while the dawn line is still heard."""
    table = Table.deal(NAMES, HouseRules(), seed, "de")
    speaker = CaptionSpeaker(None)
    heard: list[int] = []
    session = Session(table, SCRIPT, speaker, VirtualClock(), RandomInput(seed), None,
                      over=lambda state: heard.append(len(speaker.captions)))
    session.run()
    assert len(heard) == 1, "the end was told more or less than once"
    after = [c.scene for c in speaker.captions[heard[0]:]]
    assert after and after[0].startswith("end.") and after[0] != "end.reveal", \
        f"the end screen came before {after[:2]}: the cards were shown before the table heard who won"
    assert not any(s.startswith(("dawn.", "day.")) for s in after), "news of the game was still to come"
