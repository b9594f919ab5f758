"""The card form said after a sentence that named the card already (narrator/speech/cardforms.py)."""

from __future__ import annotations

import pytest

from narrator.speech.cardforms import after_named


@pytest.mark.parametrize(("before", "expected"), [
    ("La carta de Kim: ", True),  # «La carta de Kim: la de aldeano»
    ("Lo que escondía Kim: ", False),  # «…: la carta de aldeano», no card named before
    ("Primero, la de Kim: ", False),  # no «la de Kim: la de aldeano»
    ("Y la carta de Kim es... ", True),  # an ellipsis does not end the sentence
    ("La carta de Ana era otra. Lo que escondía Kim: ", False),  # only the sentence the card is in
])
def test_the_short_form_follows_a_named_card(before: str, expected: bool) -> None:
    assert after_named("la carta de aldeano", "la de aldeano", before) is expected
