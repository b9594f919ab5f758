"""One refusal type and one renderer (narrator/ui/web/refusals.py): whatever says no becomes a Refusal, worded once
from the page's words in the table's language, with the values its sentence names."""

from __future__ import annotations

import pytest

from engine import Refused, WrongStep
from narrator.game.desk import Stale
from narrator.ui.web.refusals import STALE, Refusal, as_refusal, refused
from narrator.ui.web.strings import strings


def test_the_rules_reason_keeps_every_value_its_sentence_names() -> None:
    """A refusal of the setup names a `detail` among its values (the names' check): it is a value like any other."""
    reason = Refused("setup.name_same", "players 1 and 2 have the same name", detail="same", first=1, seat=2,
                     name="ana")
    refusal = as_refusal(reason)
    assert refusal is not None and refusal.rule == "setup.name_same"
    assert refusal.params == {"detail": "same", "first": 1, "seat": 2, "name": "ana"}
    assert refused(refusal, strings("de"))["text"] == ("Spieler 1 und Spieler 2 heißen beide „ana“; die Namen dürfen "
                                                       "sich nicht nur in der Groß- und Kleinschreibung unterscheiden.")


@pytest.mark.parametrize(("error", "rule"), [
    (Stale(), STALE), (WrongStep("werewolves", "seer"), STALE), (KeyError("t"), "message.form"),
    (Refusal("join.code", "wrong room code"), "join.code")])
def test_every_no_is_one_refusal(error: Exception, rule: str) -> None:
    refusal = as_refusal(error)
    assert refusal is not None and refusal.rule == rule


def test_a_fault_is_no_refusal() -> None:
    assert as_refusal(RuntimeError("a bug")) is None


def test_a_refusal_without_words_says_its_own_detail_and_a_seat_by_its_name() -> None:
    assert refused(Refusal("nowhere.said", "no words for this"), {})["text"] == "no words for this"
    said = refused(Refusal("x", "", player=3), {"refusal.x": "Not {player}."}, name=lambda s: ["", "A", "B", "Cara"][s])
    assert said == {"t": "refused", "rule": "x", "text": "Not Cara."}
