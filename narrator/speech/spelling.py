"""How words join in a spoken or shown sentence: the capital a filled-in word takes at a sentence's start, and
Spanish "e" and "u" for "y" and "o" before an i- or o-sound."""

from __future__ import annotations

import re
import unicodedata


def sentence_case(text: str) -> str:
    """Capitalise a sentence that now starts with a filled-in word ("player four was ..."); an ellipsis goes on
    with the same sentence ("soplarás y soplarás... y derribarás"), so what follows it keeps its case. A Spanish
    "¡" or "¿" after a full stop opens the next sentence ("Nadie queda. ¡El jugador dieciséis gana!")."""
    return re.sub(r"(^[¡¿]?|(?<!\.\.)[.!?]\s+[¡¿]?)([a-zà-ÿ])", lambda m: m.group(1) + m.group(2).upper(), text)


def _plain(word: str) -> str:
    plain = unicodedata.normalize("NFD", word.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def spanish_euphony(text: str) -> str:
    """A Spanish sentence as it is said: "y" before an i-sound is "e" ("Ana e Inés"), "o" before an o-sound is "u"
    ("siete u ocho"), wherever a filled-in word put one after the other (a screen's sentence)."""
    def said(m: re.Match[str]) -> str:
        conj, word = m.group(1), m.group(2)
        if conj in "yY" and starts_with_i_sound(word):
            new = "e"
        elif conj in "oO" and starts_with_o_sound(word):
            new = "u"
        else:
            return m.group(0)
        return (new.upper() if conj.isupper() else new) + " " + word
    return re.sub(r"\b([yYoO]) (\w+)", said, text)


def starts_with_o_sound(word: str) -> bool:
    """ "Óscar", "Horacio", "ocho" (RAE: "u" before a word that begins with the sound o)."""
    return _plain(word).startswith(("o", "ho"))


def starts_with_i_sound(word: str) -> bool:
    """ "Inés", "Hilario", "Íñigo", but not "Hierro" or "Yolanda" (RAE: "y" before hie-, hia- and y-)."""
    plain = _plain(word)
    if plain.startswith("hi"):
        return not plain.startswith(("hia", "hie", "hio", "hiu"))
    return plain.startswith("i") and not plain.startswith(("ia", "ie", "io", "iu"))
