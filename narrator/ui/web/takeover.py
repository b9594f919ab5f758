"""Taking over the table: another device becomes the host with a code only the people at the table have.

The table device's browser can break or be lost, and after a restart a game waits for a host that may never
come back. A page that only watches asks to run the table (`takeover`); a code of four digits is made and
given where only the table has it: on the host's page, on the console `wolfcall play` runs in, and, when no
host's page is connected at all, spoken aloud by the table's own voice (never as a caption: captions reach
every page, the asker's too). Typing it on the asking page makes that page the host, under a new token (the old
host's stops working, its page watches). Three wrong codes void the code and a new one is made.

Wrong codes are counted for each connection and each address: one over its tries (CONN_TRIES, ADDRESS_TRIES) is
refused, every other may still take over, so a watcher guessing cannot lock out the table's own device. After
LOCK_AFTER wrong codes in all (many addresses), no code is taken. Each code stands at most three tries, so every
guess is one in 10,000 and a device gets at most ADDRESS_TRIES of them. The host's page (a button under the
notice) or the console (Enter, server.py) lets every device try again.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol

from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Digits, Line, Lines
from narrator.speech.picker import Picker
from narrator.speech.script import Script
from narrator.ui.web.address import in_background, say_aside
from narrator.ui.web.claims import Conn
from narrator.ui.web.claims import Hub as Seats
from narrator.ui.web.guard import same
from narrator.ui.web.refusals import Refusal
from narrator.ui.web.strings import strings

SCENE = "table.takeover"
DIGITS = 4
TRIES = 3  # wrong codes one code stands: then it is void and a new one is made
CONN_TRIES = 6  # wrong codes one connection may type ...
ADDRESS_TRIES = 12  # ... and every connection from one address together ...
LOCK_AFTER = 60  # ... and every address together, until the host's page or the console lets them try again


class Hub(Seats, Protocol):
    """What a takeover needs of the hub besides its pages and tokens (claims.py): its script and the console."""

    @property
    def script(self) -> Script: ...

    def console(self, text: str) -> None: ...


def new_code() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(DIGITS))


def typed_code(typed: object) -> str:
    return "".join(ch for ch in str(typed)[:32] if ch.isdigit())


class Takeover:
    """The code open now (None: nobody asked), the wrong codes tried against it and in all; `voice` says a
    line at the table (injectable: tests, and a server without a voice of its own)."""

    def __init__(self, voice: Callable[[Hub, Line], None] | None = None) -> None:
        self.code: str | None = None
        self.wrong = 0
        self.wrong_all = 0
        self.by_conn: Counter[int] = Counter()  # wrong codes of each connection ...
        self.by_address: Counter[str] = Counter()  # ... and of each address
        self.voice = voice or say_at_table
        self.picker = Picker(secrets.randbelow(2**31))

    @property
    def locked(self) -> bool:
        """Is any connection, address, or every one, past its tries (the host's page and console are told)?"""
        return self.wrong_all >= LOCK_AFTER or any(n >= CONN_TRIES for n in self.by_conn.values()) or \
            any(n >= ADDRESS_TRIES for n in self.by_address.values())

    def barred(self, client: int, address: str) -> bool:
        return self.wrong_all >= LOCK_AFTER or self.by_conn[client] >= CONN_TRIES or \
            self.by_address[address] >= ADDRESS_TRIES

    def handle(self, hub: Hub, conn: Conn, client: int, typed: object) -> None:
        """A watcher asks to run the table (no code), or types the code it was given."""
        address = conn.address
        if self.barred(client, address):
            raise Refusal("takeover.locked", "too many wrong codes from this device: the host can allow it again")
        if typed is None:
            if self.code is None:
                self._make(hub)
            conn.send({"t": "takeover", "asked": True})
            return
        if self.code is None:
            raise Refusal("takeover.none", "ask to run the table first")
        if not same(typed_code(typed), self.code):
            self._wrong(hub, client, address)
        self._hand_over(hub, conn)

    def clear(self, hub: Hub) -> None:
        """The host's page or the console lets every device try again."""
        self.wrong = self.wrong_all = 0
        self.by_conn.clear()
        self.by_address.clear()
        self._to_hosts(hub, {"t": "takeover_lock", "locked": False})
        hub.console(strings(hub.lang)["cli.takeover_cleared"])

    def show(self, conn: Conn) -> None:
        """A page that has just become the host sees the code open now, if any, and whether a device is barred."""
        if self.code is not None:
            conn.send({"t": "takeover_code", "code": self.code})
        if self.locked:
            conn.send({"t": "takeover_lock", "locked": True})

    def _make(self, hub: Hub) -> None:
        """A new code: on the host's page and the console, and said at the table when no host's page is there."""
        self.code, self.wrong = new_code(), 0
        words = strings(hub.lang)
        self._to_hosts(hub, {"t": "takeover_code", "code": self.code})
        hub.console(words["cli.takeover"].format(code=self.code))
        if not any(c.who == "host" for c in hub.conns.values()):
            self.voice(hub, self._line(hub))

    def _line(self, hub: Hub) -> Line:
        assert self.code is not None
        return Lines(hub.script, hub.lang, self.picker).say(SCENE, code=Digits(self.code))

    def _wrong(self, hub: Hub, client: int, address: str) -> None:
        self.wrong += 1
        self.wrong_all += 1
        self.by_conn[client] += 1
        self.by_address[address] += 1
        if self.barred(client, address):
            self.code = None  # the code this device saw tried is void for everyone
            self._to_hosts(hub, {"t": "takeover_code", "code": None})
            self._to_hosts(hub, {"t": "takeover_lock", "locked": True})
            hub.console(strings(hub.lang)["cli.takeover_locked"])
            raise Refusal("takeover.locked", "too many wrong codes from this device: the host can allow it again")
        if self.wrong >= TRIES:
            self._make(hub)
            raise Refusal("takeover.void", "three wrong codes: a new code has been made")
        raise Refusal("takeover.wrong", "wrong code")

    def _hand_over(self, hub: Hub, conn: Conn) -> None:
        """The asker is the host now, under a new token; every page that was the host watches."""
        self.code, self.wrong = None, 0
        for other in hub.conns.values():
            if other.who == "host":
                other.who, other.seat, other.last = "spectator", None, ""
                other.send({"t": "takeover_code", "code": None})
                other.send({"t": "you", "as": "spectator", "seat": None})
        conn.who, conn.seat, conn.last = "host", None, ""
        conn.send({"t": "token", "token": hub.tokens.claim_host()})
        conn.send({"t": "you", "as": "host", "seat": None})
        self.show(conn)  # a device still barred, to let it try again
        hub.pages.refresh()

    @staticmethod
    def _to_hosts(hub: Hub, message: dict[str, Any]) -> None:
        for conn in hub.conns.values():
            if conn.who == "host":
                conn.send(message)


def say_at_table(hub: Any, line: Line) -> None:
    """The code said by the server's own voice, in the background; with no voice (--fast, a test, sound in the
    browser) nothing is said: the console has it. Never captioned on the pages."""
    if hub.fast or hub.speaker_factory is None or hub.audio == "none":
        return

    def make() -> Any:
        from narrator.audio.table import build_speaker

        lines = Lines(hub.script, hub.lang, Picker(0))
        return build_speaker(hub.lang, hub.draft.voice, hub.audio, None, CaptionSpeaker(None), lines,
                             device=hub.cfg.audio_device, volume=hub.cfg.volume, words=strings(hub.lang))

    in_background(lambda: say_aside(make, line), "the code")  # a voice that fails: the console has the code
