"""Chance: the game's random draws, all reproducible from the game's seed, and all made here.

A draw happens only while deciding (the deal, what the little girl glimpses), and its outcome is written
into the event it leads to (CardsDealt's cards, Peeked's wolves), as OpenSpiel's chance nodes: folding
the log never draws, so the log alone gives the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .state import State


def shuffled(cards: Sequence[str], seed: int | str) -> tuple[str, ...]:
    """The cards in seat order, shuffled reproducibly from `seed`."""
    deck = list(cards)
    random.Random(str(seed)).shuffle(deck)
    return tuple(deck)


def draws(state: State, what: str) -> random.Random:
    """The draws for `what` tonight (a role's id), the same for the same seed, deal and night."""
    return random.Random(f"{state.seed}:{state.game}:{state.night}:{what}")
