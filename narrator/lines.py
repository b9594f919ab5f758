"""Fill a scene's placeholders for one language: names, seat numbers, lists, role names, numbers."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from .picker import Picker
from .script import Script


@dataclass(frozen=True)
class Line:
    """One spoken line: its scene, which variant, the language and the words."""

    scene: str
    variant: int
    lang: str
    text: str


class Lines:
    def __init__(self, script: Script, lang: str, picker: Picker, names: Sequence[str] = ()) -> None:
        self.script, self.lang, self.picker = script, lang, picker
        self.names = list(names)

    def word(self, scene: str) -> str:
        """A fixed word (a number, a role name): always its first variant."""
        return self.script.variants(self.lang, scene)[0]

    def number(self, n: int) -> str:
        scene = f"numbers.{n}"
        return self.word(scene) if self.script.has(self.lang, scene) else str(n)

    def player(self, seat: int) -> str:
        """The player's name when one was given, else "player four"."""
        name = self.names[seat - 1] if 0 < seat <= len(self.names) else ""
        return name or self.word("names.seat").format(number=self.number(seat))

    def players(self, seats: Sequence[int]) -> str:
        return self.join([self.player(s) for s in seats])

    def join(self, items: Sequence[str]) -> str:
        """"Ana, Ben and Carla"; Spanish says "e" before an i-sound ("Ana e Inés")."""
        if len(items) <= 1:
            return "".join(items)
        last = items[-1]
        conj = self.word("names.and")
        if self.script.has(self.lang, "names.and_i") and _starts_with_i_sound(last):
            conj = self.word("names.and_i")
        return f"{', '.join(items[:-1])} {conj} {last}"

    def role(self, role: str) -> str:
        return self.word(f"roles.{role}")

    def say(self, scene: str, **values: object) -> Line:
        """Pick the next variant of `scene` and fill it in."""
        variants = self.script.variants(self.lang, scene)
        index = self.picker.pick(scene, len(variants))
        return Line(scene, index, self.lang, sentence_case(variants[index].format(**values)))


def sentence_case(text: str) -> str:
    """Capitalise a sentence that now starts with a filled-in word ("player four was ...")."""
    return re.sub(r"(^|[.!?¡¿]\s+|^[¡¿])([a-zà-ÿ])", lambda m: m.group(1) + m.group(2).upper(), text)


def _starts_with_i_sound(word: str) -> bool:
    plain = unicodedata.normalize("NFD", word.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    if plain.startswith("hi"):
        return not plain.startswith(("hia", "hie", "hio", "hiu"))
    return plain.startswith("i") and not plain.startswith(("ia", "ie", "io", "iu"))
