"""How the values of a line are said in one language: names, seat numbers, lists, role names, numbers.

A filled line keeps its parts: the script's own words (which a voice pack holds as clips), the
players' names (synthesized once per game), and the pauses of punctuation between them.
The placeholder grammar (what the lines may write, and what it says):
- `{player}`: a name, or the seat word (`names.seat`: "player four", "Spieler vier", "el jugador
  cuatro"). Spanish "a"/"de" before a seat word or a role said with "el" contract: "al jugador
  cuatro", "del cazador" (never inside a name).
- `{players}`: "Ana, Ben and Carla" (`names.and`; Spanish `names.and_i` "e" before an i-sound).
- `{role}`: a card of this deal, with the article its copies ask for (a `RoleName`'s `copies`): a card dealt
  once is *the* card ("Luis was the seer", form `the` of `roles.<id>`), a card with copies in the deal is
  one of them ("Carla was a werewolf", form `a`); German `{role:acc}` and `{role:dat}` choose between
  `the_acc`/`acc` and `the_dat`/`dat` alike. `{role:the}` (German `{role:the_acc}`, `{role:the_dat}`) is
  always definite. A card of a group (the sisters, the brothers) is "one of the sisters" either way.
- `{card}`: the same card, in lines built to need no agreement ("La carta de Yolanda: {card}"): said of a player
  whose gender is known it takes the same form as `{role}` ("la cazadora"), so a player is one thing all game;
  where the gender is not said, or the card has no form for it, it is the card ("el cazador", "der Urwolf").
  German `{card:acc}`, `{card:dat}` (and `the_` forms) are the card held or shown, always as printed ("Ana hatte
  den Jäger auf der Hand"): one holds a card, one *is* "die Jägerin".
- `{roles}`: the cards in play, "two werewolves, the seer and the witch": a count and the form `plural`,
  a card dealt once with `the`, or with `a` when it is one that may come in copies (a `Cards`' `counted`):
  "a werewolf, the seer and the witch".
- `{cards}`: cards each said as `{role}` of its holder (its specs too), listed as the language lists (CLDR's, with
  Babel): "die Hexe und den Seher".
- `{night}`: the night as an ordinal ("first", "erste", `ordinals.<n>`; Spanish with its noun: "primera noche",
  "noche número trece"); German
  `{night:dat}` its dative weak form ("ersten").
- `{minutes}`, `{number}`: numbers in words (`numbers.<n>`).
- `{address}`, `{port}` (a `Digits`): one digit at a time, each as `numbers.<d>`, with `address.dot` for a
  dot: "one nine two dot one six eight", "eins neun zwei Punkt eins sechs acht".
A line that starts with a placeholder starts with a capital.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from narrator.speech.cardforms import CARD_AFTER_FORM, CARD_FORM, SEAT_CARD_AGREES, after_named, joins
from narrator.speech.script import Script
from narrator.speech.spelling import sentence_case, starts_with_i_sound, starts_with_o_sound

_FORMATTER = string.Formatter()
_WORDLESS = re.compile(r"^[\W_]*$")

# The forms each language's words have: the contract with scripts/<lang>/words.yaml. A role entry maps
# these names to its words (`roles.hunter: {a: ein Jäger, the: der Jäger, acc: einen Jäger, ...}`).
ROLE_FORMS = {
    "en": ("a", "the", "plural"),
    "de": ("a", "the", "acc", "dat", "the_acc", "the_dat", "plural", "gender"),
    "es": ("a", "the", "plural", "gender"),
}
# forms a group card (the sisters, the brothers) may have: a second card of its group said in one reveal ("die zweite
# Schwesternkarte"), so the end does not say "eine der beiden Schwesternkarten" twice; "again_dat" for the dative;
# "third"/"third_dat" for the third card of a group of three ("die dritte Brüderkarte", never "eine weitere" twice)
AGAIN_FORMS = ("again", "again_dat", "third", "third_dat")
ORDINAL_FORMS = {"en": ("nom",), "de": ("nom", "dat"), "es": ("nom",)}  # German "dat" is "ersten"
GENDERS = {"de": ("m", "f", "n"), "es": ("m", "f")}
PERSON = ("f", "m")  # how a player may be spoken of; anything else is not said
# an unnamed seat is said with the seat word ("Spieler vier", "el jugador cuatro"), a masculine noun, so the line
# agrees with it in the masculine unless its player said otherwise ("Spielerin vier", `names.seat_f`)
SEAT_GENDER = {"de": "m", "es": "m"}
MAX_ORDINAL = 40  # nights said as ordinals up to this; later ones as plain numbers
_NOT_A_SPEC = ("a", "nom", "plural", "gender")  # forms a placeholder reaches without a spec, or never
# Spanish contracts a preposition with the article "el" of a filled-in seat word or role: "a el" -> "al"
_CONTRACTIONS = {"es": ("el", {"a": "al", "de": "del"})}
# the definite form a deal-aware form takes for a card dealt once ("a" -> "the": "Luis was the seer")
_DEFINITE = {"a": "the", "acc": "the_acc", "dat": "the_dat"}
# a German {card} in the accusative or dative is the card a player held, showed or played ("Pia hatte einen Werwolf
# auf der Hand", "die Karte zeigt den Jäger"): a card is held as printed, only what she was agrees ("eine Werwölfin")
_HELD = {"de": ("acc", "dat", "the_acc", "the_dat")}
_LEADING_ARTICLE = re.compile(r"^(?:el|la|los|las|the|der|die|das)\s+")


@dataclass(frozen=True)
class Seat:
    """A player, said by name or, without one, as "player four"."""

    n: int


@dataclass(frozen=True)
class Seats:
    """Several players, in seat order: "Ana, Ben and Carla"; with `most`, a long list says that many names and how
    many more ("Ana, Ben, Carla and seven more": thirty names take half a minute to hear)."""

    ns: tuple[int, ...]
    most: int | None = None


@dataclass(frozen=True)
class Number:
    n: int


@dataclass(frozen=True)
class Digits:
    """A network address or a port, said one digit at a time with the language's word for a dot between
    the groups (`address.dot`): "one nine two dot one six eight dot one dot two three"."""

    text: str


@dataclass(frozen=True)
class RoleName:
    """A card, said as one of the `copies` of it in the deal: one is "the seer", several "a werewolf"; with a
    `person` ("f", "m"), as what a woman or a man was ("una aldeana")."""

    role: str
    copies: int = 1
    person: str = ""
    again: int = 0  # how many other cards of its group were said before it in the same sequence (AGAIN_FORMS)


@dataclass(frozen=True)
class Cards:
    """The cards in play, one id per card ("werewolf", "werewolf", "seer"): "two werewolves and the seer"."""

    roles: tuple[str, ...]
    counted: frozenset[str] = frozenset()  # cards that may come in copies: one of them is "a werewolf"


@dataclass(frozen=True)
class Ordinal:
    """A number said as an ordinal adjective: "first", "erste", "primera" (what `{night}` says)."""

    n: int


@dataclass(frozen=True)
class Part:
    """A piece of a spoken line: the script's words ("text"), a player's name ("name") or a pause."""

    kind: str  # text | name | pause
    text: str
    seat: int = 0  # for names: the seat, said instead when no voice can say the name


def literal(chunk: str) -> list[Part]:
    if not chunk:
        return []
    if _WORDLESS.match(chunk):
        return [Part("pause", chunk)] if chunk.strip() else []
    return [Part("text", chunk.strip())]


def selector(field: str) -> tuple[str, str] | None:
    """`{elegida|elegido}`: the words for a woman and for a man, as the line's {player} is spoken of."""
    if "|" not in field:
        return None
    feminine, _, masculine = field.partition("|")
    return feminine, masculine


@functools.lru_cache(maxsize=65536)
def resolve_selectors(template: str, person: str) -> str:
    """The template with each `{f|m}` choice made for `person` (a man's words when it is not known), so the
    chosen words join the script's own words around them ("Dorfbewohner{in|}" says "Dorfbewohnerin")."""
    if "|" not in template:
        return template
    out = []
    for chunk, field, spec, conversion in _FORMATTER.parse(template):
        out.append(chunk.replace("{", "{{").replace("}", "}}"))
        if field is None:
            continue
        choice = selector(field)
        if choice is not None:
            said = choice[0] if person == "f" else choice[1]
            out.append(said.replace("{", "{{").replace("}", "}}"))
        else:
            out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


@functools.lru_cache(maxsize=65536)
def agrees(text: str, lang: str) -> bool:
    """Whether a variant's words agree with its {player}'s gender: it names the player and says {role} in a language
    whose card words agree (the card as what the player was: "Ana era aldeana"), or makes a `{f|m}` choice. Such a
    variant is said only when the player's gender is known (said, or the seat word's); `{card}` needs no agreement
    (it is the card where the gender is not said)."""
    try:
        fields = {f for _, f, _, _ in _FORMATTER.parse(text) if f is not None}
    except ValueError:
        return False
    return "player" in fields and (("role" in fields and lang in GENDERS) or any(selector(f) for f in fields))


def says_role(text: str) -> bool:
    """Whether a variant says its {player}'s card as {role}, what the player was ("Ben was {role}"), not {card}."""
    try:
        fields = {f for _, f, _, _ in _FORMATTER.parse(text) if f is not None}
    except ValueError:
        return False
    return "player" in fields and "role" in fields


def held(text: str, lang: str) -> bool:
    """Whether a variant says its card as held, as printed (German `{card:acc}`: "Bernd hatte die Seherin")."""
    specs = _HELD.get(lang, ())
    try:
        return any(f == "card" and (s or "") in specs for _, f, s, _ in _FORMATTER.parse(text) if f is not None)
    except ValueError:
        return False


def _agreeing(value: object, person: str) -> object:
    """The card of a line's {role}, said as what its player was (a woman, a man)."""
    if isinstance(value, RoleName):
        return RoleName(value.role, value.copies, person, value.again)
    if isinstance(value, str):
        return RoleName(value, 1, person)
    return value


def _again(script: Script, lang: str, role: str, form: str, person: str, before: int = 1) -> str | None:
    """A group's second card in one sequence ("die zweite Schwesternkarte"), or its third (`before`: 2, "die dritte
    Brüderkarte"), where the words give such a form."""
    ordinal = AGAIN_FORMS[2:] if before >= 2 else AGAIN_FORMS[:2]
    scene, key = f"roles.{role}", ordinal[1] if form in ("dat", "the_dat") else ordinal[0]
    agreeing = script.form(lang, scene, f"{key}.{person}") if person in PERSON else None
    return agreeing or script.form(lang, scene, key)


def named_card(value: object) -> str | None:
    """The card a line's `{role}` or `{card}` value names (a `RoleName` or its id), or None for anything else."""
    return value.role if isinstance(value, RoleName) else value if isinstance(value, str) else None


def _bare(script: Script, lang: str, value: object, person: str, before: str = "") -> str | None:
    """`{card}` of a player it cannot agree with (a gender not said, a sister's card of a man): its `card` form («la
    carta de aldeano»), `card_after` where `before` named the card («…: la de aldeano»); None: the usual or ordinal."""
    role, again = named_card(value), value.again if isinstance(value, RoleName) else 0
    if role is None or (again and _again(script, lang, role, "a", person, again)):
        return None
    scene = f"roles.{role}"
    if person in PERSON and ((script.form(lang, scene, "gender") or "") in ("", person)
                             or script.form(lang, scene, f"a.{person}") is not None):
        return None
    card, after = script.form(lang, scene, CARD_FORM), script.form(lang, scene, CARD_AFTER_FORM)
    return after if card and after and after_named(card, after, before) else card


def _seat(value: object) -> int | None:
    """The seat a line's {player} value names, if any."""
    seat = value.n if isinstance(value, Seat) else value if isinstance(value, int) else None
    return None if seat is None or isinstance(seat, bool) else seat


def _at(said: Sequence[str], seat: int) -> str:
    """What was said for `seat` (its name, its gender), or "" for a seat nothing was said for."""
    return said[seat - 1] if 0 < seat <= len(said) else ""


class Wording:
    """How the values of a line are said in one language: a seat's name or its seat word, a card in the form its
    sentence wants, numbers and ordinals, lists of names and cards, agreement with a player's gender, Spanish's
    contractions and e/u; a template filled with them (`fill`, `render`)."""

    def __init__(self, script: Script, lang: str, names: Sequence[str] = (), genders: Sequence[str] = ()) -> None:
        self.script, self.lang = script, lang
        self.names = list(names)
        self.genders = list(genders)

    def gender_of(self, seat: int) -> str:
        """The gender a line's words agree with for this seat: "f", "m", or "unsaid" (a named player who did not
        say); an unnamed seat who did not say agrees with its seat word ("el jugador cuatro", masculine)."""
        said = self.person_of(seat)
        if said == "unsaid" and not _at(self.names, seat):
            return SEAT_GENDER.get(self.lang, "unsaid")
        return said

    def person_of(self, seat: int) -> str:
        """How the person in this seat is known, for choosing a line: "f" or "m" as they said, else "unsaid". A seat
        word has the word's gender, not the person's: no line that says "er" of "Spieler vierzehn" is chosen, while
        the words of a line that is still agree with the seat word ("Spieler vierzehn war der Seher")."""
        said = _at(self.genders, seat)
        return said if said in PERSON else "unsaid"

    def word(self, scene: str) -> str:
        """A fixed word (a number, a role name): always its first variant."""
        return self.script.variants(self.lang, scene)[0]

    def number(self, n: int) -> str:
        scene = f"numbers.{n}"
        return self.word(scene) if self.script.has(self.lang, scene) else str(n)

    def player(self, seat: int) -> str:
        """The player's name when one was given, else the seat word as a label: "player four",
        "Spieler vier", "jugador cuatro" (a line's `{player}` says "el jugador cuatro" in Spanish)."""
        said = self._render("player", "", Seat(seat))[0]
        return said if _at(self.names, seat) else _LEADING_ARTICLE.sub("", said, count=1)

    def players(self, seats: Sequence[int]) -> str:
        return self._render("players", "", Seats(tuple(seats)))[0]

    def role(self, role: str, spec: str = "", copies: int = 1, person: str = "", again: int = 0) -> str:
        """A card's word as `{role:spec}` says it, one of `copies` in the deal: "the seer", "a werewolf";
        `spec` as in a line: "the", and in German "acc", "the_dat", ...; `person` ("f", "m"): as what a woman or a
        man was ("una aldeana", "ein Seher"), where the language has such a form."""
        form = self.form_of("role", spec) or "a"
        said = _again(self.script, self.lang, role, form, person, again) if again else None
        return said or self._role(role, _DEFINITE.get(form, form) if copies <= 1 else form, person)

    def gender(self, role: str) -> str:
        """The role word's grammatical gender ("m", "f", "n"), "" where the language has none."""
        return self.script.form(self.lang, f"roles.{role}", "gender") or ""

    def form_of(self, field: str, spec: str) -> str | None:
        """The word form that `{field:spec}` says in this language; None for a spec it has no form for."""
        if field in ("role", "card", "cards"):
            forms = ROLE_FORMS.get(self.lang, ROLE_FORMS["en"])
            return "a" if not spec else spec if spec in forms and spec not in _NOT_A_SPEC else None
        if field == "night":
            forms = ORDINAL_FORMS.get(self.lang, ORDINAL_FORMS["en"])
            return "nom" if not spec else spec if spec in forms and spec not in _NOT_A_SPEC else None
        return "" if not spec else None

    def value(self, field: str, spec: str, value: object) -> str:
        """What one placeholder `{field:spec}` says for `value`, on its own."""
        return self._render(field, spec, value)[0]

    def _role(self, role: str, form: str, person: str = "") -> str:
        scene = f"roles.{role}"
        agreeing = self.script.form(self.lang, scene, f"{form}.{person}") if person in PERSON else None
        return (agreeing or self.script.form(self.lang, scene, form) or self.script.form(self.lang, scene, "a")
                or (self.word(scene) if self.script.has(self.lang, scene) else role.replace("_", " ")))

    def ordinal(self, n: int, spec: str = "") -> str:
        """ "first", "erste", "primera"; German `spec` "dat": "ersten". Past the last: the number."""
        scene = f"ordinals.{n}"
        form = self.form_of("night", spec) or "nom"
        return self.script.form(self.lang, scene, form) or self.script.form(self.lang, scene, "nom") or self.number(n)

    def fill(self, template: str, values: Mapping[str, object]) -> tuple[str, list[Part]]:
        """A template filled with `values`, and its parts (not yet capitalised)."""
        text, parts = "", []
        person = self._person(values.get("player"))
        seat = _seat(values.get("player"))
        own = "" if seat is None else self.person_of(seat)  # the person, not the seat word's gender
        template = resolve_selectors(template, person)
        for chunk, field, spec, _ in _FORMATTER.parse(template):
            if field is None:
                text += chunk
                parts += literal(chunk)
                continue
            value = values["role" if field == "card" and "card" not in values else field]
            held = field == "card" and (spec or "") in _HELD.get(self.lang, ())
            unnamed = seat is not None and not _at(self.names, seat) and self.lang in SEAT_CARD_AGREES
            if field in ("role", "card") and person in PERSON and not held and (field == "role" or own in PERSON
                                                                                 or unnamed):
                # one player is one thing all game: "die Jägerin" by day and at the end; a card with no form for
                # her ("der Urwolf" of Ana) stays the card, in every line (English: only the group cards' person).
                # A seat word's card is the card: "Die Karte von Spieler dreizehn: eine der drei Brüderkarten", not
                # "einer der Brüder" (read_de_B6 A1), while "Spieler dreizehn war einer der Brüder" agrees with the word
                value = _agreeing(value, person)
            bare = _bare(self.script, self.lang, value, person, text + chunk) if field == "card" and not spec else None
            said, more = (bare, [Part("text", bare)]) if bare else self._render(field, spec or "", value)
            chunk, said, more = self._contract(chunk, said, more)
            chunk = self._euphony(chunk, said)
            text += chunk + said
            parts += literal(chunk) + more
        return text, parts

    def _person(self, value: object) -> str:
        """The gender a line's words agree with: its {player}'s, when known (a seat word's own)."""
        seat = value.n if isinstance(value, Seat) else value if isinstance(value, int) else None
        if seat is None or isinstance(seat, bool):
            return ""
        gender = self.gender_of(seat)
        return gender if gender in PERSON else ""

    def _contract(self, before: str, said: str, parts: list[Part]) -> tuple[str, str, list[Part]]:
        """Spanish "a el jugador" -> "al jugador", "de el cazador" -> "del cazador": only where the
        article comes from a filled-in word, never from a name."""
        rule = _CONTRACTIONS.get(self.lang)
        if rule is None or not parts or parts[0].kind != "text":
            return before, said, parts
        article, merged = rule
        if not (said.startswith(article + " ") and parts[0].text.startswith(article + " ")):
            return before, said, parts
        m = re.search(r"\b(" + "|".join(merged) + r")\s+$", before, re.IGNORECASE)
        if m is None:
            return before, said, parts
        prep = m.group(1)
        joined = merged[prep.lower()]
        joined = joined[:1].upper() + joined[1:] if prep[:1].isupper() else joined
        rest = len(article)
        return (before[:m.start()], joined + said[rest:],
                [Part("text", joined + parts[0].text[rest:]), *parts[1:]])

    def _euphony(self, before: str, said: str) -> str:
        """Spanish "y" before an i-sound is "e" ("e Inés"), "o" before an o-sound is "u" ("u Óscar"): the
        words `names.and`/`names.and_i` and `names.or`/`names.or_o`, wherever a filled-in word follows them."""
        for plain, sound, changed in (("names.and", starts_with_i_sound, "names.and_i"),
                                      ("names.or", starts_with_o_sound, "names.or_o")):
            if not (self.script.has(self.lang, plain) and self.script.has(self.lang, changed)):
                continue
            word, other = self.word(plain), self.word(changed)
            m = re.search(r"(?:^|(?<=\W))(" + re.escape(word) + r")(\s+)$", before, re.IGNORECASE)
            if word != other and m is not None and sound(said):
                other = other[:1].upper() + other[1:] if m.group(1)[:1].isupper() else other
                return before[:m.start(1)] + other + m.group(2)
        return before

    def digits(self, text: str) -> list[str]:
        """The words of `text` said digit by digit: a digit as `numbers.<d>`, a dot as `address.dot`."""
        dot = self.word("address.dot") if self.script.has(self.lang, "address.dot") else "dot"
        return [self.number(int(ch)) if ch.isdigit() else dot for ch in text if ch.isdigit() or ch == "."]

    def _render(self, field: str, spec: str, value: object) -> tuple[str, list[Part]]:
        if isinstance(value, Digits):
            words = self.digits(value.text)
            return " ".join(words), [Part("text", w) for w in words]
        if isinstance(value, Ordinal) or (field == "night" and isinstance(value, (Number, int))):
            n = value if isinstance(value, int) else value.n
            word = self.ordinal(n, spec)
            return word, [Part("text", word)]
        if isinstance(value, Seat) or (field == "player" and isinstance(value, int)):
            seat = value if isinstance(value, int) else value.n
            name = _at(self.names, seat)
            if name:
                return name, [Part("name", name, seat)]
            return self.fill(self.word(self._seat_word(seat)), {"number": Number(seat)})
        if isinstance(value, Seats):
            named = value.ns if value.most is None or len(value.ns) <= value.most + 1 else value.ns[:value.most]
            more = len(value.ns) - len(named)
            return self._join([self._render("player", "", Seat(s)) for s in named]
                              + ([self.fill(self.word("names.more"), {"number": Number(more)})] if more else []))
        if isinstance(value, Number) or (isinstance(value, int) and not isinstance(value, bool)):
            word = self.number(value if isinstance(value, int) else value.n)
            return word, [Part("text", word)]
        if field == "cards" and isinstance(value, tuple):  # cards each said as `{role}`, listed CLDR's way
            return self._join([self._render("role", spec, card) for card in value], joins(self.lang, len(value)))
        if isinstance(value, RoleName) or (field in ("role", "card") and isinstance(value, str)):
            card = value if isinstance(value, RoleName) else RoleName(str(value))
            word = self.role(card.role, spec, card.copies, card.person, card.again)
            return word, [Part("text", word)]
        if isinstance(value, Cards) or (field == "roles" and isinstance(value, (Mapping, list, tuple))):
            return self._cards(value)
        if field == "players" and isinstance(value, (list, tuple)):
            return self._join([self._render("player", "", Seat(int(s))) for s in value])
        return str(value), [Part("name", str(value))]

    def _cards(self, value: object) -> tuple[str, list[Part]]:
        """ "two werewolves, the seer and the witch": a count and the plural, or the card alone."""
        counts: dict[str, int] = {}
        counted = value.counted if isinstance(value, Cards) else frozenset()
        if isinstance(value, Mapping):
            counts = {str(r): int(n) for r, n in value.items() if int(n) > 0}
        else:
            cards = value.roles if isinstance(value, Cards) else value
            for role in cards if isinstance(cards, (list, tuple)) else ():
                counts[str(role)] = counts.get(str(role), 0) + 1
        items = []
        for role, n in counts.items():
            if n == 1:
                word = self._role(role, "a" if role in counted else "the")
                items.append((word, [Part("text", word)]))
            else:
                count, plural = self.number(n), self._role(role, "plural")
                items.append((f"{count} {plural}", [Part("text", count), Part("text", plural)]))
        return self._join(items)

    def _join(self, rendered: Sequence[tuple[str, list[Part]]], between: Sequence[str] = ()) -> tuple[str, list[Part]]:
        """"Ana, Ben and Carla"; Spanish says "e" before an i-sound ("Ana e Inés"); `between`: what goes between
        the items instead (cardforms.joins)."""
        if len(rendered) <= 1:
            return rendered[0] if rendered else ("", [])
        conj = self.word("names.and")
        if self.script.has(self.lang, "names.and_i") and starts_with_i_sound(rendered[-1][0]):
            conj = self.word("names.and_i")
        between = between or [*([", "] * (len(rendered) - 2)), f" {conj} "]
        text, parts = rendered[0]
        for join, (said, more) in zip(between, rendered[1:], strict=True):
            text += join + said
            parts = [*parts, *([Part("pause", ",")] if "," in join else []),
                     *(Part("text", w) for w in join.replace(",", " ").split()), *more]
        return text, list(parts)

    def contraction(self) -> tuple[str, dict[str, str]] | None:
        """The article a preposition merges with in this language, and the merged words ("el": a -> "al")."""
        return _CONTRACTIONS.get(self.lang)

    def _seat_word(self, seat: int) -> str:
        """ "Spieler vier", or "Spielerin vier" for a seat whose player is spoken of as a woman."""
        said = _at(self.genders, seat)
        return "names.seat_f" if said == "f" and self.script.has(self.lang, "names.seat_f") else "names.seat"

    def seat_words(self, seat: int) -> list[str]:
        """The script's words for "player N" (what a pack holds clips of)."""
        _, parts = self.fill(self.word(self._seat_word(seat)), {"number": Number(seat)})
        return [p.text for p in parts if p.kind == "text"]

    def render(self, template: str, values: Mapping[str, object]) -> tuple[str, tuple[Part, ...]]:
        """Fill one template as a line says it (first letter capitalised), with its parts."""
        text, parts = self.fill(template, values)
        return sentence_case(text), tuple(parts)
