"""What the narrator knows of the moment a line is said in: the public facts the scripts' conditions name
(narrator/speech/moment.py). Nothing here reads a secret: the cards announced at the deal, the night's number,
the way of playing, and what the table has already heard."""

from __future__ import annotations

from engine import State
from engine.roles._base import WOLF_CARDS
from narrator.speech.moment import Moment

# cards that can bring another player into the pack: the wolf-dog's choice, the wild child's turn, an infection
JOINERS = frozenset({"wolf_dog", "wild_child", "wolf_father"})


def pack(state: State) -> str:
    """"one" when the cards announced at the deal hold one wolf card and none that can join the pack, so the
    pack is one player all game long; else "many" (said in the plural, whoever is alive: the rhythm and the
    words stay the same when wolves die)."""
    cards = (*state.dealt, *state.extra)
    wolves = sum(1 for card in cards if card in WOLF_CARDS)
    return "one" if wolves == 1 and not JOINERS & set(cards) else "many"


def moment(state: State, position: str | None = None, revealed: bool | None = None) -> Moment:
    """The facts of a line said now; `position` in a sequence, and whether its {player}'s card was said."""
    narrated = state.mode == "one_device" and not state.extended  # seed 000: a person holds the phone and taps
    return Moment(mode=state.mode, narrator="yes" if narrated else "no",
                  night="first" if state.night <= 1 else "later", pack=pack(state),
                  position=position, revealed=None if revealed is None else "yes" if revealed else "no")
