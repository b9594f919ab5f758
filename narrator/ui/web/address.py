"""The device in the middle of the table says where to join: "open wolfcall dot local, or one nine two dot
one six eight dot one dot two three, port eight seven six five", in the table's language.

It is said when the server starts with `--lan` and the network is up, again whenever the address changes
(a `Watcher` polls it), and when the host taps "Say the address" (`say_address`). Outside a game there is no
narrator: a speaker is built for the one line (the draft's language and voice), or, with `--fast` and in
tests, the captions alone, shown on every page. It is never said over a game's narrator: only on the setup
and resume screens; asked for at another time, it waits until then.
"""

from __future__ import annotations

import random
import socket
import sys
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from narrator.speech.lines import Digits, Line, Lines
from narrator.speech.picker import Picker
from narrator.ui.web.ports import HubLike
from narrator.ui.web.refusals import Refusal
from narrator.ui.web.strings import strings
from narrator.ui.web.tablevoice import PageCaptions, table_voice

SCENE = "address.say"
INTERVAL = 10.0  # seconds between two looks at the address
QUIET = ("setup", "resume")  # the screens on which no narrator speaks


@dataclass(frozen=True)
class Where:
    """Where a phone on the same network reaches this machine."""

    host: str  # the machine's name, said before "dot local"
    address: str  # its IPv4 address on the network
    port: int

    @property
    def up(self) -> bool:
        """On a network: an address other than this machine's own loopback."""
        return bool(self.address) and not self.address.startswith("127.")

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}/"


def host_name() -> str:
    """This machine's name without its domain ("wolfcall" of "wolfcall.lan")."""
    return socket.gethostname().split(".")[0] or "wolfcall"


def lan_address() -> str:
    """This machine's address on the local network, as a phone on the same Wi-Fi would reach it."""
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                return address
    except OSError:
        pass
    return "127.0.0.1"


def changed(old: Where | None, new: Where | None) -> bool:
    """Whether the address is to be said (again): the network has come up, or this machine is reached
    somewhere else now. Nothing while it is off the network, nothing while it stays the same."""
    return new is not None and new.up and new != old


def line_for(lines: Lines, where: Where) -> Line:
    """The spoken line, the next of the scene's variants."""
    return lines.say(SCENE, host=where.host, address=Digits(where.address), port=Digits(str(where.port)))


def quiet(hub: HubLike) -> bool:
    """No game's narrator is speaking: the setup or resume screen, and no narrator thread left running."""
    narrating = hub.thread is not None and hub.thread.is_alive()
    return hub.stage.screen.get("screen") in QUIET and not narrating


def table_speaker(hub: HubLike) -> Any:
    """A speaker for one line outside a game: captions on every page, and with the sound on, the table's
    voice for the draft's language (`table_voice`, as the game's is built)."""
    if hub.fast or hub.speaker_factory is None:
        return PageCaptions(hub.stage)
    return table_voice(hub, hub.lang)


def say_aside(make: Callable[[], Any], line: Line) -> None:
    """One line outside a game, by a speaker made for it, which lets the sound card go once it is heard."""
    speaker = make()
    seconds = speaker.say(line, 0.0)
    if hasattr(speaker, "close"):  # the sound card is let go once the line has been heard
        closing = threading.Timer(seconds + 1.0, speaker.close)
        closing.daemon = True
        closing.start()


def in_background(job: Callable[[], None], what: str = "the address") -> None:
    """`job` (a line said aloud) on a thread of its own; a voice that fails is told on the console."""
    def run() -> None:
        try:
            job()
        except Exception as exc:  # a voice that fails must not take the server down: the caption says it
            print(f"wolfcall: {what} could not be said aloud ({exc})", file=sys.stderr)

    threading.Thread(target=run, name="wolfcall-aside", daemon=True).start()


def _at_once(job: Callable[[], None]) -> None:
    job()


class Announcer:
    """Says the address: when asked (`request`), and at each `tick` when it has changed; waits while a
    game is being narrated. `find`, `name`, `speaker` and `spawn` are injectable (tests: no network, no
    sound, no threads)."""

    def __init__(self, hub: HubLike, port: int, *, find: Callable[[], str] = lan_address,
                 name: Callable[[], str] = host_name, speaker: Callable[[HubLike], Any] = table_speaker,
                 spawn: Callable[[Callable[[], None]], None] | None = None, seed: int | None = None) -> None:
        self.hub, self.port = hub, port
        self.find, self.name, self.speaker = find, name, speaker
        captions_only = hub.fast or hub.speaker_factory is None
        self.spawn = spawn or (_at_once if captions_only else in_background)
        self.picker = Picker(seed if seed is not None else random.randrange(2**31))
        self.last: Where | None = None  # the address last said
        self.pending = False  # asked for while a narrator spoke: said once the table is quiet
        self.said: list[Line] = []
        self.moved = False  # the address has changed since the server started (the QR code is made anew)

    def where(self) -> Where:
        return Where(self.name(), self.find(), self.port)

    def request(self) -> bool:
        """The host asked: said now if no narrator speaks, else as soon as none does. True: said now."""
        where = self.where()
        if not where.up:
            raise Refusal("address.offline", "this device is not on a network yet")
        self.pending = True
        return self.flush(where)

    def tick(self) -> bool:
        """One look at the address (the watcher's): a new one is followed (the page's address and QR code)
        and said; a request that waited is said once the table is quiet. True: something was said."""
        where = self.where()
        if changed(self.last, where):
            self.pending = True
            self._follow(where)
        return self.flush(where)

    def flush(self, where: Where | None = None) -> bool:
        hub = self.hub
        with hub.lock:
            if not self.pending or not quiet(hub):
                return False
            where = where or self.where()
            if not where.up:
                return False
            self.pending, self.last = False, where
            line = line_for(Lines(hub.script, hub.lang, self.picker), where)
            self.said.append(line)
            make = self._maker()
        self.spawn(lambda: say_aside(make, line))
        return True

    def _maker(self) -> Callable[[], Any]:
        """The speaker to build: captions are made here, under the hub's lock (they belong to no game); a
        voice is built where the line is said, off the lock (opening a sound card takes a moment)."""
        hub, speaker = self.hub, self.speaker
        if hub.fast or hub.speaker_factory is None:
            made = speaker(hub)
            return lambda: made
        return lambda: speaker(hub)

    def _follow(self, where: Where) -> None:
        """The page's address (and its QR code) follow this machine's; only while serving the network."""
        hub = self.hub
        with hub.lock:
            if hub.lan_url is not None and hub.lan_url != where.url:
                hub.lan_url, self.moved = where.url, True
                hub.pages.refresh()


class Watcher:
    """Looks at the address every `interval` seconds until stopped. `wait(seconds)` is injectable: it
    returns True to stop (by default, the stop event's wait), so a test drives the looks itself."""

    def __init__(self, announcer: Announcer, interval: float = INTERVAL,
                 wait: Callable[[float], bool] | None = None) -> None:
        self.announcer, self.interval = announcer, interval
        self.stopped = threading.Event()
        self.wait = wait or self.stopped.wait

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                self.announcer.tick()
            except Exception as exc:  # a look that fails is tried again at the next one
                print(f"wolfcall: could not look up this device's address ({exc})", file=sys.stderr)
            if self.wait(self.interval):
                return

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=self.run, name="wolfcall-address-watch", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        self.stopped.set()


_ANNOUNCERS: weakref.WeakKeyDictionary[HubLike, Announcer] = weakref.WeakKeyDictionary()


def port_of(hub: HubLike) -> int:
    """The port phones reach: the one in the served address, else config.yaml's `web_port`."""
    port = urlsplit(hub.lan_url).port if hub.lan_url else None
    return port or hub.cfg.web_port


def attach(hub: HubLike, announcer: Announcer) -> Announcer:
    _ANNOUNCERS[hub] = announcer
    return announcer


def announcer(hub: HubLike) -> Announcer:
    """The hub's announcer, made on first use."""
    found = _ANNOUNCERS.get(hub)
    return found if found is not None else attach(hub, Announcer(hub, port_of(hub)))


def say_address(hub: HubLike) -> None:
    """The host tapped "Say the address" (`say_address`): only where phones can reach the page (`--lan`)."""
    if hub.lan_url is None:
        raise Refusal("address.no_lan", strings(hub.lang).get("setup.no_lan", "not on the network (--lan)"))
    announcer(hub).request()


def moved(hub: HubLike) -> bool:
    """The address has changed since the server started: the QR code is drawn from the new one."""
    found = _ANNOUNCERS.get(hub)
    return found is not None and found.moved


def join_card(hub: HubLike) -> dict[str, Any]:
    """What the full-screen QR page (/join) shows: the address in big letters, the name this machine
    answers to on the network, and the room code when each player joins on their own phone."""
    words = strings(hub.lang)
    card: dict[str, Any] = {"lang": hub.lang, "title": words.get("lan", ""), "lan": hub.lan_url,
                            "address": "", "local": "", "code": None, "code_label": words.get("setup.lobby", "")}
    if hub.lan_url:
        port = port_of(hub)
        card["address"] = f"{urlsplit(hub.lan_url).hostname}:{port}"
        card["local"] = f"{host_name()}.local:{port}"
    if hub.stage.way.joins and (hub.table is None or len(hub.tokens.seats) < len(hub.table.players)):
        card["code"] = hub.code
    return card


def watch(hub: HubLike, interval: float = INTERVAL) -> Watcher:
    """`wolfcall play --lan`: say the address once the network is up, and again whenever it changes."""
    watcher = Watcher(announcer(hub), interval)
    watcher.start()
    return watcher
