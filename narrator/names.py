"""Player names, checked in one place: a scenario's `players:`, `--names` and the setup page all come here.

A name is plain text of at most MAX_LENGTH characters, stored NFC-normalised and stripped. Two names
that read the same (the same letters in another Unicode form, other upper/lower case, full-width
forms) are refused, and so are control and format characters (an ESC would drive the terminal).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_LENGTH = 24
GENDERS = ("f", "m")  # how a player may ask to be spoken of: as a woman, as a man; "" is not said
MAX_PLAYERS = 1000  # any seat list past this is malformed, refused before the rules' own range check
_REFUSED = {"Cc", "Cf", "Cs", "Zl", "Zp"}  # control, format (bidi overrides, zero-width), surrogates, line breaks


class NameProblem(ValueError):
    """A name that cannot be used; the message says which seat and why. `kind` (long, plain, empty, same) and
    `params` (seat, first, name, most) say it again for a page in the table's language."""

    def __init__(self, message: str, kind: str, **params: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.params = params


def _quoted(name: str) -> str:
    text = repr(name[:MAX_LENGTH])
    return text if len(name) <= MAX_LENGTH else text[:-1] + "...'"


def clean_name(raw: object, seat: int, *, blank_ok: bool = False) -> str:
    """One name made plain: NFC, stripped; NameProblem when it is empty, too long or not plain text."""
    text = str(raw)
    if len(text) > 4 * MAX_LENGTH:  # refused before any normalisation work on it
        raise _too_long(text, seat)
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        if blank_ok:
            return ""
        raise NameProblem(f"player {seat}'s name is empty", "empty", seat=seat)
    for char in name:
        if unicodedata.category(char) in _REFUSED:
            raise NameProblem(f"player {seat}'s name {_quoted(name)} contains U+{ord(char):04X}, "
                              f"a control or invisible character; a name is plain text", "plain", seat=seat)
    if len(name) > MAX_LENGTH:
        raise _too_long(name, seat)
    return name


def _too_long(name: str, seat: int) -> NameProblem:
    return NameProblem(f"player {seat}'s name {_quoted(name)} is longer than {MAX_LENGTH} characters", "long",
                       seat=seat, name=_quoted(name)[1:-1], most=MAX_LENGTH)


def _same(name: str, first: int, seat: int) -> NameProblem:
    return NameProblem(f"players {first} and {seat} have the same name {_quoted(name)} "
                       f"(names must differ in more than upper/lower case)", "same", first=first, seat=seat, name=name)


def same_name_key(name: str) -> str:
    """What two names are compared by: the letters, whatever their case or Unicode form."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def clean_names(names: Sequence[object], *, blank_ok: bool = False) -> list[str]:
    """The names in seat order, each made plain; NameProblem for a bad name or two that read the same.

    With `blank_ok`, an empty name stays empty (an unnamed seat) and is not compared with the others.
    """
    out: list[str] = []
    seen: dict[str, int] = {}
    for seat, raw in enumerate(names, 1):
        name = clean_name(raw, seat, blank_ok=blank_ok)
        out.append(name)
        if not name:
            continue
        key = same_name_key(name)
        if key in seen:
            raise _same(name, seen[key], seat)
        seen[key] = seat
    return out


def standing_names(typed: Sequence[object], before: Sequence[str]) -> list[str]:
    """The setup's names after a change that clean_names refused: each seat's typed name where it can stand,
    else the name it had before (or none), so one bad name loses no other."""
    out: list[str] = []
    seen: set[str] = set()
    for seat in range(1, max(len(typed), len(before)) + 1):
        kept = before[seat - 1] if seat <= len(before) else ""
        for raw in [typed[seat - 1], kept] if seat <= len(typed) else [kept]:
            try:
                name = clean_name(raw, seat, blank_ok=True)
            except NameProblem:
                continue
            if same_name_key(name) not in seen:
                break
        else:
            name = ""
        out.append(name)
        if name:
            seen.add(same_name_key(name))
    return out


def split_gender(raw: str) -> tuple[str, str]:
    """A name as `--names` writes it, with how its player is spoken of after a colon: "Ana:f" -> ("Ana", "f"),
    "Ben:m" -> ("Ben", "m"), "Carla" -> ("Carla", "")."""
    name, colon, said = raw.rpartition(":")
    if colon and said.strip().casefold() in GENDERS:
        return name, said.strip().casefold()
    return raw, ""


def clean_gender(raw: object, seat: int) -> str:
    """One player's gender as the setup, a scenario or a phone sends it: "f", "m", or "" (not said)."""
    said = "" if raw is None else str(raw).strip().casefold()
    if said not in ("", *GENDERS):
        raise NameProblem(f"player {seat}'s gender {str(raw)[:12]!r} is not f or m (or not said)", "gender",
                          seat=seat)
    return said
