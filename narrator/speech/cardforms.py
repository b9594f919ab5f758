"""The forms a card takes when its player's words cannot agree with it: the contract with scripts/<lang>/words.yaml's
`card` and `card_after` forms (a Spanish reveal of a player who did not say how they are spoken of)."""

from __future__ import annotations

import re

from babel.lists import format_list

# a form any language's role may have, none must: `{card}` of a player it agrees with nobody for (a gender not said,
# a sister's card of a man) names the card with no article that would agree («Kim tenía la carta de aldeano»)
CARD_FORM = "card"
# and where its sentence already named the card (Spanish «La carta de Kim: la de aldeano», not «…: la carta de
# aldeano»): said when the words `card` has beyond it ("carta") came before it, and its own opening ("la de") did not
CARD_AFTER_FORM = "card_after"
# languages whose `{card}` of an unnamed seat agrees with the seat word as `{role}` does: Spanish names a card by
# its character («La carta del jugador dieciséis: uno de los hermanos», as «…: la vidente»); German says the card
# ("Die Karte von Spieler dreizehn: eine der drei Brüderkarten", read_de_B6 A1)
SEAT_CARD_AGREES = frozenset({"es"})
_SENTENCE = re.compile(r"(?<=[.!?…])\s+(?=[¡¿\"«]?[^\W\d_a-zñáéíóú])")  # "es... la" goes on; ". La" starts anew


def after_named(card: str, after: str, before: str) -> bool:
    """Whether `after` (the `card_after` form) is said rather than `card`, given the words `before` it in its line."""
    sentence = _SENTENCE.split(before)[-1].lower()
    extra = set(re.findall(r"\w+", card.lower())) - set(re.findall(r"\w+", after.lower()))
    opening = " ".join(after.lower().split()[:2])
    return extra <= set(re.findall(r"\w+", sentence)) and not re.search(rf"\b{re.escape(opening)}\b", sentence)


def joins(lang: str, items: int) -> list[str]:
    """What goes between `items` items of a list as `lang` writes it (CLDR's, with Babel): ", ", " und "."""
    marks = [f"\x00{i}\x00" for i in range(items)]
    return re.split(r"\x00\d+\x00", format_list(marks, locale=lang))[1:-1]
