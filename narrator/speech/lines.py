"""A scene's line for one table and one language: the variant that fits the moment (its `when:` conditions, the
most specific first), picked so that nothing repeats (picker.py), and filled in with its values as the language
says them (wording.py, where the placeholder grammar is)."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.events import Said
from engine.roles import ROLES
from engine.state import State
from narrator.speech.moment import FACTS, Moment, When, holds, specificity
from narrator.speech.picker import Picker, key_of
from narrator.speech.script import Script, Variant
from narrator.speech.wording import (
    GENDERS,
    PERSON,
    Cards,
    Digits,
    Number,
    Ordinal,
    Part,
    RoleName,
    Seat,
    Seats,
    Wording,
    agrees,
    held,
    named_card,
    says_role,
)

APART = 2  # a family of lines (a scene's `families:`) is not heard again within this many lines of its scene
# a line does not open (its first words) or end (its last sentence) as one of this many lines before it, of any
# scene: "Die Melodie verklingt. Flötenspieler, …" then "Die Melodie verklingt. Verzauberte, …" (read_de_B6 C)
RECENT = 12
OPENED = 8  # among the least heard: none opens as one of this many of its scene (groups open alike, night 1 and 3)
OPENER = 3  # the words that make a line's opening
TAIL = 4  # a last sentence this long or longer is heard as the line's ending ("Öffne die Augen und sammle dich.")
_WORD = re.compile(r"\{[^}]*\}|[^\W_]+")
_SENTENCE = re.compile(r"(?<=[.!?:])\s+")


@lru_cache(maxsize=8192)
def marks(template: str) -> frozenset[str]:
    """What a table hears again when two lines share it: the first words of a line, and its last sentence when that
    is long enough to be more than an "Augen zu." (placeholders as written, so "{player}, du bist dran" is one)."""
    words = [w.lower() for w in _WORD.findall(template)]
    found = {"^" + " ".join(words[:OPENER])} if len(words) >= OPENER else set()
    last = [w.lower() for w in _WORD.findall(_SENTENCE.split(template.strip())[-1])]
    if len(last) >= TAIL and len(last) < len(words):
        found.add("$" + " ".join(last))
    return frozenset(found)


@dataclass(frozen=True)
class Line:
    """One spoken line: its scene, which variant, the language, the words, and its parts."""

    scene: str
    variant: int
    lang: str
    text: str
    parts: tuple[Part, ...] = ()


class Lines:
    """The lines of one table in one language: the variant of a scene that fits the moment, picked so that
    nothing repeats (picker.py), and filled in with its values as the language says them (`words`)."""

    def __init__(self, script: Script, lang: str, picker: Picker, names: Sequence[str] = (),
                 genders: Sequence[str] = ()) -> None:
        self.script, self.lang, self.picker = script, lang, picker
        self.words = Wording(script, lang, names, genders)
        # the marks of the last lines said (`RECENT`), of any scene; rebuilt as a game is replayed (undo, resume)
        self.recent: deque[frozenset[str]] = deque(maxlen=RECENT)

    # -- what the table's pages and voices ask of the words --------------------------------------------
    def gender_of(self, seat: int) -> str:
        return self.words.gender_of(seat)

    def person_of(self, seat: int) -> str:
        return self.words.person_of(seat)

    def player(self, seat: int) -> str:
        return self.words.player(seat)

    def value(self, field: str, spec: str, value: object) -> str:
        return self.words.value(field, spec, value)

    def contraction(self) -> tuple[str, dict[str, str]] | None:
        return self.words.contraction()

    def seat_words(self, seat: int) -> list[str]:
        return self.words.seat_words(seat)

    def render(self, template: str, values: Mapping[str, object]) -> tuple[str, tuple[Part, ...]]:
        return self.words.render(template, values)

    # -- the lines ---------------------------------------------------------------------------------------
    def _line(self, scene: str, index: int, values: Mapping[str, object]) -> Line:
        template = self.script.variants(self.lang, scene)[index]
        text, parts = self.render(template, values)
        return Line(scene, index, self.lang, text, parts)

    def moment_of(self, moment: Moment | None, values: Mapping[str, object]) -> Moment:
        """The moment with what the line's own values tell: its {player}'s gender as the person is known (a seat
        word's player as `unsaid`: "Spieler vierzehn" is a man's word, not a man, so no line says "er" of them)."""
        moment = moment or Moment()
        player = values.get("player")
        if moment.gender is None and isinstance(player, (Seat, int)) and not isinstance(player, bool):
            moment = moment.but(gender=self.person_of(player if isinstance(player, int) else player.n))
        role = values.get("role")
        card = named_card(role)
        if card is not None and moment.gender in PERSON and not self.agreeing(card, moment.gender or ""):
            moment = moment.but(gender="unsaid")  # "Ana era el padre de los lobos": say the card, not what she was
        return moment

    def agreeing(self, role: str, person: str) -> bool:
        """Whether the card can be said as what a woman ("f") or a man ("m") was: its word is of that gender, or
        it has a form that agrees ("la cazadora"); a card of the other gender ("una de las hermanas" of a man)
        cannot."""
        scene = f"roles.{role}"
        return (self.words.gender(role) in ("", person) or self.script.form(self.lang, scene, f"a.{person}") is not None
                or self.script.form(self.lang, scene, f"the.{person}") is not None)

    def fitting(self, scene: str, moment: Moment | None = None) -> list[int]:
        """The variants of `scene` to choose from at this moment: of those whose conditions hold, the most
        specific; a variant that agrees with the player's gender only when it is known."""
        variants = self.script.scenes[self.lang][scene].variants
        moment = moment or Moment()
        # a moment no script foresaw: its unknown facts fit any line, never a line its known facts rule out (a gone
        # card's call, which needs its `{role}`, at a way to play a module added: test_way)
        return (best_fitting(variants, moment, self.lang) or best_fitting(variants, moment, self.lang, loose=True)
                or list(range(len(variants))))

    def apart(self, scene: str, pool: list[int]) -> list[int]:
        """The variants of `pool` of no family heard in the scene's last lines (`APART`), or in fewer of them when
        every variant is: "Einen Platz weiter" twice in a row is what a table hears as a machine."""
        entry = self.script.scenes[self.lang][scene]
        recent = self.latest(scene, max(APART, OPENED))
        for last in range(len(recent), 0, -1):
            # a shared opening is a family of its own, kept apart longer: the groups of a scene may start alike ("Im
            # Rudel ist einer älter als alle anderen" on night 1 and night 3, read_de_B6 C4)
            avoided = frozenset().union(*(entry.families_of(t) for t in recent[:min(last, APART)]),
                                        *(marks(t) for t in recent[:last]))
            kept = [i for i in pool if not (entry.families_of(entry.variants[i].text) | marks(entry.variants[i].text))
                    & avoided]
            if kept:
                return kept
        return pool

    def latest(self, scene: str, most: int, near: bool = False) -> list[str]:
        """The texts of the scene's last `most` lines said this evening, the latest first; `near`: only those said
        within the last `RECENT` lines of any scene (a night call a night back is not "said a moment ago")."""
        heard = self.picker.heard.get(scene, {})
        texts = {key_of(v.text): v.text for v in self.script.scenes[self.lang][scene].variants}
        latest = sorted(heard, key=lambda k: heard[k][1], reverse=True)
        if near:
            latest = [k for k in latest if heard[k][1] > self.picker.tick - RECENT]
        return [texts[k] for k in latest if k in texts][:most]

    def unheard(self, scene: str, pool: list[int]) -> list[int]:
        """The least heard variants of `pool` this evening among those that clash with nothing said a moment ago (no
        opening or ending of the last `RECENT` lines of any scene, no family of the scene's last `APART` lines among
        them), or with fewer of those lines when every variant clashes. So no line comes again while another that
        fits is unheard (read_es_B8 G0: keeping alike openings apart over a whole game sent the wolf father's call
        round four of twenty lines); the scene's alike openings of earlier nights are kept apart among those."""
        entry = self.script.scenes[self.lang][scene]
        families = [entry.families_of(t) for t in self.latest(scene, APART, True)]
        seen = self.picker.heard.get(scene, {})
        clear = pool
        for last in range(len(self.recent), 0, -1):
            avoided = frozenset().union(*list(self.recent)[-last:], *families)
            clear = [i for i in pool if not (entry.families_of(entry.variants[i].text)
                                             | marks(entry.variants[i].text)) & avoided]
            if clear:
                break
        clear = clear or pool
        counts = {i: seen.get(key_of(entry.variants[i].text), (0, 0))[0] for i in clear}
        least = min(counts.values())
        return self.apart(scene, [i for i in clear if counts[i] == least])

    def printed_differs(self, values: Mapping[str, object]) -> bool:
        """Whether the line's player was something else than the card as printed says ("der Seher", holding "die
        Seherin"): the card has a form for the player's known gender."""
        player, role = values.get("player"), values.get("role")
        card = named_card(role)
        if card is None or not isinstance(player, (Seat, int)) or isinstance(player, bool):
            return False
        person = self.person_of(player if isinstance(player, int) else player.n)
        return person in PERSON and self.script.form(self.lang, f"roles.{card}", f"a.{person}") is not None

    def no_person(self, values: Mapping[str, object]) -> bool:
        """Whether, in a language whose lines do not agree (English), the line's card has a person form for one
        gender only (a.f "one of the sisters") and its player is not known to be of it: the card is said then."""
        player, card = values.get("player"), named_card(values.get("role"))
        if self.lang in GENDERS or card is None or not isinstance(player, (Seat, int)) or isinstance(player, bool):
            return False
        forms = [self.script.form(self.lang, f"roles.{card}", f"a.{p}") for p in PERSON]
        person = self.person_of(player if isinstance(player, int) else player.n)
        return any(forms) and (person not in PERSON or forms[PERSON.index(person)] is None)

    def _choose(self, scene: str, moment: Moment | None, values: Mapping[str, object], use: bool,
                avoid: Collection[int] = ()) -> Line:
        pool = self.fitting(scene, self.moment_of(moment, values))
        variants = self.script.scenes[self.lang][scene].variants
        pool = [i for i in pool if i not in avoid] or pool
        if self.printed_differs(values):  # one player is one thing all game: "der Seher", never then "die Seherin"
            pool = [i for i in pool if not held(variants[i].text, self.lang)] or pool
        if self.no_person(values):  # "Ben was one of the sisters": the card is said ("Ben? One of the sisters' cards")
            pool = [i for i in pool if not says_role(variants[i].text)] or pool
        pool = self.unheard(scene, pool)
        texts = [variants[i].text for i in pool]
        index = pool[(self.picker.pick if use else self.picker.peek)(scene, texts)]
        if use:
            self.recent.append(marks(variants[index].text))
        return self._line(scene, index, values)

    def say(self, scene: str, moment: Moment | None = None, *, avoid: Collection[int] = (), **values: object) -> Line:
        """Pick the next variant of `scene` that fits the moment and fill it in; none of the variants `avoid` (their
        indexes) while another fits."""
        return self._choose(scene, moment, values, True, avoid)

    def peek(self, scene: str, moment: Moment | None = None, **values: object) -> Line:
        """The line `say` would give next, without using it up (to prepare its audio early)."""
        return self._choose(scene, moment, values, False)


def held_unsaid(lines: Lines, line: Line) -> None:
    """A line whose time is held unsaid (a gone call's reminder): the lines after it are chosen as if it had been
    said, so the game goes on with the same words either way."""
    lines.recent.append(marks(lines.script.variants(lines.lang, line.scene)[line.variant]))


def best_fitting(variants: Sequence[Variant], moment: Moment, lang: str, loose: bool = False) -> list[int]:
    """The indexes of the most specific variants that fit `moment` (empty when none does); `loose`: a fact whose
    value no script knows (a way to play a module added) fits any line, the facts it knows still choose."""
    known = moment.gender in PERSON
    def loosely(when: When) -> bool:
        return loose and all(moment.fact(name) in values or moment.fact(name) not in (None, *FACTS.get(name, ()))
                             for name, values in when)
    fit = [i for i, v in enumerate(variants)
           if (holds(v.when, moment) or loosely(v.when)) and (known or not agrees(v.text, lang))]
    if not fit:
        return []
    most = max(specificity(variants[i].when) for i in fit)
    return [i for i in fit if specificity(variants[i].when) == most]


def card_of(state: State, role: str) -> RoleName:
    """A card as the deck holds it: said "the seer" when dealt once, "a werewolf" among its copies. A plain card
    that any number of may be dealt (werewolf, villager) is "a villager" even when the deal has one, as
    `deal.cards` says it ("un hombre lobo, la vidente y un aldeano")."""
    copies = (*state.dealt, *state.extra).count(role)
    return RoleName(role, max(copies, 2) if role in ROLES and ROLES[role].many else copies)


def scene_values(said: Said, state: State) -> tuple[str, dict[str, object]]:
    """A scene an event names and its placeholders as the lines want them."""
    values: dict[str, object] = {}
    if said.player is not None:
        values["player"] = Seat(said.player)
    if said.players:
        values["players"] = Seats(said.players)
    if said.role is not None:
        values["role"] = card_of(state, said.role)
    return said.scene, values


__all__ = ["Cards", "Digits", "Line", "Lines", "Number", "Ordinal", "Part", "RoleName", "Seat", "Seats", "best_fitting",
           "card_of", "scene_values"]
