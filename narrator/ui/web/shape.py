"""Frames of one size at one moment for every living phone: what a phone is sent tells nobody its role.

Someone on the Wi-Fi sees each phone's frames go by, encrypted or not: their sizes and their number.
So in a game on the players' own phones, whenever one living player's phone is sent a screen, every
living player's phone is sent its screen at that moment (the same one again where it did not change),
all padded to one size; a secret for one phone (a card, the seer's answer) is padded to a fixed size,
and every other living phone is sent a dummy of that size at the same moment. The padding is a field
the page never sees (spaces after the JSON), and a dummy is a kind of message it does not know.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, Protocol

DUMMY = {"t": "pad"}  # the message every other living phone gets while one phone is told something alone
SCREEN_STEP = 256  # a screen's size is rounded up to a multiple of this: its content moves it by a step at most
PRIVATE_BYTES = 4096  # every secret's size (the largest card, picture and help text, in any language, fits)
REFUSAL_BYTES = 256  # every refusal's size (a sentence)
NIGHT_BYTES = 4096  # every night screen's size (any step's, any number of players): not the actor's, nor how many live
ROOM_BYTES = 512  # what an online room adds to the hub's screen (its voice channel, its speaking list)


class Padded(dict[str, Any]):
    """A message the socket sends at `size` bytes: its JSON, then spaces (JSON ignores them). To everything
    else (the page, the tests, an online room) it is the message as it was."""

    def __init__(self, message: dict[str, Any], size: int, text: str | None = None) -> None:
        super().__init__(message)
        self.size = size
        self.text = json.dumps(message, ensure_ascii=False) if text is None else text  # the JSON, made once


class ScreenPad(Padded):
    """A dummy at the size of this moment's screens, sent while one living phone alone is sent its screen: an
    online room sends it at the size it sends its screens (`room_size`)."""


class Receiver(Protocol):
    """A page connected to the hub, as the hub keeps it."""

    last: str  # the last screen sent, as JSON

    @property
    def who(self) -> str: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def send(self) -> Callable[[dict[str, Any]], None]: ...


def wire_text(message: dict[str, Any]) -> str:
    """The text the socket sends for `message` (narrator/ui/web/app.py, narrator/online/site.py)."""
    if isinstance(message, Padded):
        return message.text + " " * (message.size - len(message.text.encode("utf-8")))
    return json.dumps(message, ensure_ascii=False)


def wire_size(message: dict[str, Any]) -> int:
    """The bytes the socket sends for `message`."""
    return len(wire_text(message).encode("utf-8"))


def padded(message: dict[str, Any], size: int, text: str | None = None) -> Padded:
    """`message`, sent at exactly `size` bytes (or its own size, when that is more); `text`: its JSON, when the
    caller has made it already (a screen's, `encoded`: each screen is made into JSON once)."""
    text = json.dumps(message, ensure_ascii=False) if text is None else text
    return Padded(message, max(size, len(text.encode("utf-8"))), text)


def rounded(size: int, step: int) -> int:
    return -(-size // step) * step


def screen_size(screens: Iterable[dict[str, Any]], texts: Iterable[str] | None = None) -> int:
    """The one size for the screens of one moment: the largest, rounded up; at night to a night screen's size,
    so a step's moments are one size whether an actor's screen is among them or not (its role dead). `texts`:
    the screens' JSON (`encoded`), when the caller has it."""
    screens = list(screens)
    night = any(s.get("screen") == "night" for s in screens)
    made = [encoded(s) for s in screens] if texts is None else texts
    return rounded(max(len(t.encode("utf-8")) for t in made), NIGHT_BYTES if night else SCREEN_STEP)


def room_size(screen: dict[str, Any], hub_size: int | None, text: str | None = None) -> int:
    """An online room's screen (the hub's, with the room's own parts: voice, speaking list) at one size for
    every living phone: the hub's size and room for the room's parts, or more when they do not fit."""
    own = screen_size([screen], None if text is None else [text])
    return own if hub_size is None else max(own, rounded(hub_size + ROOM_BYTES, SCREEN_STEP))


def private(message: dict[str, Any]) -> Padded:
    """A secret for one phone at the size of every other secret."""
    return padded(message, rounded(wire_size(dict(message)), PRIVATE_BYTES))


def encoded(screen: dict[str, Any]) -> str:
    """A screen's JSON, made once: what the socket sends (and spaces) and what tells whether it has changed (its
    keys sorted, so the same screen built in another order is the same text)."""
    return json.dumps(screen, sort_keys=True, ensure_ascii=False)


def send_screens(shown: list[tuple[Receiver, dict[str, Any]]], living: Collection[int], force: bool = False,
                 everyone: list[tuple[Receiver, dict[str, Any]]] | None = None) -> None:
    """Send each page its screen where it has changed (or `force`). The living players' phones go together:
    when one of them is sent its screen, all of them are, padded to one size. `everyone`: every living
    phone's screen of this moment, when `shown` holds only some of them (a page that has just connected)."""
    texts: dict[int, str] = {}

    def text(screen: dict[str, Any]) -> str:  # each screen made into JSON once, however often it is looked at
        made = texts.get(id(screen))
        if made is None:
            made = texts[id(screen)] = encoded(screen)
        return made
    phones = [(c, s) for c, s in shown if c.who == "seat" and c.seat in living]
    for conn, screen in shown:
        if any(conn is c for c, _ in phones):
            continue
        if force or text(screen) != conn.last:
            conn.last = text(screen)
            conn.send(screen)
    if not phones or not (force or any(text(s) != c.last for c, s in phones)):
        return
    pool = [(c, s) for c, s in everyone or () if c.who == "seat" and c.seat in living] or phones
    size = screen_size([s for _, s in pool], [text(s) for _, s in pool])
    if everyone is None:
        phones = pool  # a change for one living phone is a frame for every living phone
    for conn, screen in phones:
        conn.last = text(screen)
        conn.send(padded(screen, size, text(screen)))


def show_alone(page: Receiver, screen: dict[str, Any], living: Collection[int],
               everyone: Sequence[tuple[Receiver, dict[str, Any]]]) -> None:
    """`screen` to `page` alone, sent even where it has not changed (a page refused for an old question). A
    living phone's goes at the size of every living phone's screen of this moment (`everyone`), and every other
    living phone is sent a dummy of that size: none of them is sent a screen, so none answers it again."""
    page.last = encoded(screen)
    if not (page.who == "seat" and page.seat in living):
        page.send(screen)
        return
    size = screen_size([screen, *(s for c, s in everyone if c.who == "seat" and c.seat in living)])
    page.send(padded(screen, size))
    dummy = ScreenPad(DUMMY, size)
    for other, _ in everyone:
        if other is not page and other.who == "seat" and other.seat in living:
            other.send(dummy)


def dummies(pages: Iterable[Receiver], living: Collection[int], size: int = PRIVATE_BYTES) -> None:
    """Every living phone is sent a dummy of `size`, as when one of them is told a secret and nobody was (a
    dead seer's step: a living one's answer comes with every other phone's dummy)."""
    dummy = padded(DUMMY, size)
    for page in pages:
        if page.who == "seat" and page.seat in living:
            page.send(dummy)


def tell(pages: Iterable[Receiver], living: Collection[int], message: dict[str, Any],
         told: Callable[[Receiver], bool], size: int = PRIVATE_BYTES) -> None:
    """`message` to the pages `told` picks (a secret to its seat's phone, a refusal to the page that tapped),
    padded to `size` (or its next multiple); while a living phone is told, every other living phone is sent
    a dummy of that size at the same moment."""
    pages = list(pages)
    said = padded(message, rounded(wire_size(dict(message)), size))
    dummy = padded(DUMMY, wire_size(said))
    mute = not any(told(p) and p.who == "seat" and p.seat in living for p in pages)
    for page in pages:
        if told(page):
            page.send(said)
        elif not mute and page.who == "seat" and page.seat in living:
            page.send(dummy)
