"""What stops a narration short: a journal that does not fit its game names the line it stopped at."""

from __future__ import annotations

from narrator.game.faults import ReplayMismatch


def test_a_mismatch_names_its_journal_line_when_known() -> None:
    at = ReplayMismatch("the answer is for another question", line=7)
    assert (str(at), at.line) == ("line 7: the answer is for another question", 7)
    nowhere = ReplayMismatch("the journal ends before its game")
    assert (str(nowhere), nowhere.line) == ("the journal ends before its game", None)
