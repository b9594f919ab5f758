"""Fill a scene's placeholders for one language: names, seat numbers, lists, role names, numbers.

A filled line keeps its parts: the script's own words (which a voice pack holds as clips), the
players' names (synthesized once per game), and the pauses of punctuation between them.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from .picker import Picker
from .script import Script

_FORMATTER = string.Formatter()
_WORDLESS = re.compile(r"^[\W_]*$")


@dataclass(frozen=True)
class Seat:
    """A player, said by name or, without one, as "player four"."""

    n: int


@dataclass(frozen=True)
class Seats:
    """Several players, in seat order: "Ana, Ben and Carla"."""

    ns: tuple[int, ...]


@dataclass(frozen=True)
class Number:
    n: int


@dataclass(frozen=True)
class RoleName:
    role: str


@dataclass(frozen=True)
class Part:
    """A piece of a spoken line: the script's words ("text"), a player's name ("name") or a pause."""

    kind: str  # text | name | pause
    text: str
    seat: int = 0  # for names: the seat, said instead when no voice can say the name


@dataclass(frozen=True)
class Line:
    """One spoken line: its scene, which variant, the language, the words, and its parts."""

    scene: str
    variant: int
    lang: str
    text: str
    parts: tuple[Part, ...] = ()


def _literal(chunk: str) -> list[Part]:
    if not chunk:
        return []
    if _WORDLESS.match(chunk):
        return [Part("pause", chunk)] if chunk.strip() else []
    return [Part("text", chunk.strip())]


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
        return self._render(Seat(seat))[0]

    def players(self, seats: Sequence[int]) -> str:
        return self._render(Seats(tuple(seats)))[0]

    def role(self, role: str) -> str:
        return self.word(f"roles.{role}")

    def _fill(self, template: str, values: dict[str, object]) -> tuple[str, list[Part]]:
        text, parts = "", []
        for chunk, field, _, _ in _FORMATTER.parse(template):
            text += chunk
            parts += _literal(chunk)
            if field is not None:
                said, more = self._render(values[field])
                text += said
                parts += more
        return text, parts

    def _render(self, value: object) -> tuple[str, list[Part]]:
        if isinstance(value, Seat):
            name = self.names[value.n - 1] if 0 < value.n <= len(self.names) else ""
            if name:
                return name, [Part("name", name, value.n)]
            return self._fill(self.word("names.seat"), {"number": Number(value.n)})
        if isinstance(value, Seats):
            return self._join(value.ns)
        if isinstance(value, Number):
            word = self.number(value.n)
            return word, [Part("text", word)]
        if isinstance(value, RoleName):
            word = self.role(value.role)
            return word, [Part("text", word)]
        return str(value), [Part("name", str(value))]

    def _join(self, seats: Sequence[int]) -> tuple[str, list[Part]]:
        """"Ana, Ben and Carla"; Spanish says "e" before an i-sound ("Ana e Inés")."""
        rendered = [self._render(Seat(s)) for s in seats]
        if len(rendered) <= 1:
            return rendered[0] if rendered else ("", [])
        last_text = rendered[-1][0]
        conj = self.word("names.and")
        if self.script.has(self.lang, "names.and_i") and _starts_with_i_sound(last_text):
            conj = self.word("names.and_i")
        text, parts = "", []
        for i, (said, more) in enumerate(rendered):
            if i == len(rendered) - 1:
                text += f" {conj} "
                parts.append(Part("text", conj))
            elif i:
                text += ", "
                parts.append(Part("pause", ","))
            text += said
            parts += more
        return text, parts

    def seat_words(self, seat: int) -> list[str]:
        """The script's words for "player N" (what a pack holds clips of)."""
        _, parts = self._fill(self.word("names.seat"), {"number": Number(seat)})
        return [p.text for p in parts if p.kind == "text"]

    def _line(self, scene: str, index: int, values: dict[str, object]) -> Line:
        template = self.script.variants(self.lang, scene)[index]
        text, parts = self._fill(template, values)
        return Line(scene, index, self.lang, sentence_case(text), tuple(parts))

    def say(self, scene: str, **values: object) -> Line:
        """Pick the next variant of `scene` and fill it in."""
        n = len(self.script.variants(self.lang, scene))
        return self._line(scene, self.picker.pick(scene, n), values)

    def peek(self, scene: str, **values: object) -> Line:
        """The line `say` would give next, without using it up (to prepare its audio early)."""
        n = len(self.script.variants(self.lang, scene))
        return self._line(scene, self.picker.peek(scene, n), values)


def sentence_case(text: str) -> str:
    """Capitalise a sentence that now starts with a filled-in word ("player four was ...")."""
    return re.sub(r"(^|[.!?¡¿]\s+|^[¡¿])([a-zà-ÿ])", lambda m: m.group(1) + m.group(2).upper(), text)


def _starts_with_i_sound(word: str) -> bool:
    plain = unicodedata.normalize("NFD", word.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    if plain.startswith("hi"):
        return not plain.startswith(("hia", "hie", "hio", "hiu"))
    return plain.startswith("i") and not plain.startswith(("ia", "ie", "io", "iu"))
