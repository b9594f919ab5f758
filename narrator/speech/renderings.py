"""Every way a line may be said: filled with each card, seat words and names, a woman's and a man's forms. The lint
reads them for slips of grammar; a voice pack holds a clip of each stretch of script words they contain."""

from __future__ import annotations

import string
from collections.abc import Iterator, Sequence

from narrator.speech.cardforms import CARD_AFTER_FORM, CARD_FORM
from narrator.speech.lines import Cards, Digits, Lines, Part, RoleName, Seat, Seats
from narrator.speech.picker import Picker
from narrator.speech.script import Script
from narrator.speech.wording import literal, selector

_FORMATTER = string.Formatter()

SAMPLE_NAMES = ("Ana", "Ben", "Carla", "Inés", "Óscar")
SAMPLE_GENDERS = ("f", "m", "f", "f", "m")


def renderings(script: Script, lang: str, template: str,
               roles: Sequence[str]) -> Iterator[tuple[str, tuple[Part, ...]]]:
    """Every way `template` may be said (not yet capitalised): with each role for `{role}`, dealt once and
    with copies, one and two of each card for `{roles}` (one said as "the" card and as "a" card), and
    `{player}`/`{players}` with seat words and with names (what the lint reads), and a card said of a woman and
    of a man ("una aldeana"), for `{cards}` too. Slots fill independently, so the names are tried with one role."""
    fields = {f for _, f, _, _ in _FORMATTER.parse(template) if f is not None and selector(f) is None}
    if "card" in fields:
        fields = (fields - {"card"}) | {"role"}
    base: dict[str, object] = {"player": Seat(3), "players": Seats((1, 2, 3)), "night": 1, "minutes": 5,
                               "number": 2, "role": RoleName(roles[0]), "roles": Cards(tuple(roles[:1])),
                               "cards": (RoleName(roles[0]),), "host": "wolfcall", "address": Digits("192.168.1.23"),
                               "port": Digits("8765")}
    cases: list[dict[str, object]] = [{}]
    if fields & {"role", "roles"}:
        cases = [{"role": RoleName(r), "roles": Cards((r,))} for r in roles]
        cases += [{"role": RoleName(r, 2), "roles": Cards((r,), frozenset((r,)))} for r in roles]
    if "roles" in fields:
        cases += [{"role": RoleName(r), "roles": Cards((r, r))} for r in roles]
        cases.append({"roles": Cards(("werewolf", "werewolf", "seer", "witch"))})
    if "cards" in fields:  # each card as printed, as a woman's and as a man's, alone and listed after another
        cases += [{"cards": (RoleName(r, 1, p),)} for r in roles for p in ("", "f", "m")]
        cases.append({"cards": tuple(RoleName(r) for r in roles[:3])})
    seated = Lines(script, lang, Picker(0))
    runs = [(seated, case) for case in cases]
    if fields & {"player", "players"}:
        named = Lines(script, lang, Picker(0), SAMPLE_NAMES, SAMPLE_GENDERS)
        runs += [(named, {**cases[0], "player": Seat(seat)}) for seat in (3, 4, 5)]  # "e Inés", "u Óscar"
        women = Lines(script, lang, Picker(0), (), ("f",) * 5)  # "la jugadora tres", "Spielerin drei"
        runs.append((women, {**cases[0], "player": Seat(3)}))
        if "role" in fields:  # the card as what a woman (Ana) and a man (Ben) was
            runs += [(lines, {**case, "player": Seat(seat)}) for case in cases
                     for lines, seat in ((named, 1), (named, 2), (women, 3))]
    for lines, case in runs:
        values = {**base, **case}
        text, parts = lines.words.fill(template, {f: values.get(f, "") for f in fields})
        yield text, tuple(parts)


def spoken_texts(script: Script, lang: str, roles: Sequence[str]) -> dict[str, tuple[str, int]]:
    """Every stretch of script words a line of `lang` may say, with a scene and variant it comes from:
    the literal words and also what filling in makes of them ("al jugador", "del cazador", every role
    form), so a voice pack can hold a clip of each (the same shape as `audio.packs.texts`)."""
    out: dict[str, tuple[str, int]] = {}
    for scene_id, scene in script.scenes.get(lang, {}).items():
        for index, variant in enumerate(scene.variants):
            for chunk, _, _, _ in _FORMATTER.parse(variant.text):
                for part in literal(chunk):
                    if part.kind == "text":
                        out.setdefault(part.text, (scene_id, index))
            if "{" in variant.text:
                for _, parts in renderings(script, lang, variant.text, roles):
                    for part in parts:
                        if part.kind == "text":
                            out.setdefault(part.text, (scene_id, index))
    for role in roles:  # a {card} said of a player whose gender is not said: the card's own name ("aldeano")
        for form in (CARD_FORM, CARD_AFTER_FORM):
            bare = script.form(lang, f"roles.{role}", form)
            if bare:
                out.setdefault(bare, (f"roles.{role}", 0))
    return out


