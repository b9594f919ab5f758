"""The game behind the page: the parts of the table's server, and the one table of what a page may send.

Every screen is computed on the server (narrator/ui/web/screens.py) from the engine's `view()` and the question the
narrator asks; the page only renders it. Secrets (a card, the seer's answer) go only to the screen that tapped for
them, in a message the page drops when the card is covered.

The hub holds its parts, each given the narrow port it needs (ports.py), none reaching into another:

- `pages` (connections.py): the pages connected, and how each is sent its screen;
- `setup` (drafting.py): the setup's choices before the deal;
- `seats` (seating.py): who sits where;
- `stage` (stage.py): the game in play, its question, its one state, its way to play (ways/), its screens; the one
  place an answer reaches the narrator (`Stage.hand`);
- `loop` (gameloop.py): the games one after another, the narrator's thread, the journals on their shelf;
- `claims` (claims.py) and `takeover` (takeover.py): a seat asked back by name, the table taken over.

What a page sends is routed by MESSAGES, one row a kind (messages.py): who may send it, the question it answers,
what takes it. A refusal of any part is worded once, in the table's language (refusals.py). An online room adds
to the game through the hub's `hooks` (ports.py `Hooks`) and the parts' public methods.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import State
from narrator.config import Config
from narrator.game.clock import Clock, RealClock, VirtualClock
from narrator.game.historystore import HistoryStore, open_history
from narrator.game.inputs import START, STARTED, VOTE, VOTE_CALLED, Question
from narrator.game.session import Table
from narrator.game.shelf import Folder, Shelf
from narrator.speech.script import Script
from narrator.ui.web.address import say_address
from narrator.ui.web.claims import Claims
from narrator.ui.web.connections import Pages
from narrator.ui.web.draft import Draft
from narrator.ui.web.drafting import Drafting
from narrator.ui.web.gameloop import GameLoop
from narrator.ui.web.guard import Bucket, Tokens, new_code
from narrator.ui.web.historyimport import Tickets, history_screen
from narrator.ui.web.messages import ANYONE, HOST, SEAT, WATCHER, Messages, Route
from narrator.ui.web.ports import Conn, Handed, Hooks, Send
from narrator.ui.web.refusals import STALE, Refusal, as_refusal, refused
from narrator.ui.web.seating import Seating
from narrator.ui.web.soundsetup import SoundSetup
from narrator.ui.web.stage import Stage
from narrator.ui.web.strings import strings
from narrator.ui.web.tablevoice import PageCaptions
from narrator.ui.web.takeover import Takeover
from narrator.ui.web.voicedownload import VoiceDownload
from narrator.ui.web.ways import WAYS, Way
from narrator.ui.web.webinput import WebInput

__all__ = ["HOST_FILE", "MESSAGES", "Conn", "Hub", "PageCaptions", "Send"]

HOST_FILE = "host.token"  # in the data folder: the hash of the host's token, while a game can be continued
Take = Callable[["Hub", Conn, int, dict[str, Any], Any], Handed | None]
BOTH = frozenset({HOST, SEAT})
ONLY_HOST = frozenset({HOST})


class Hub:
    """The game behind the page: its parts, and what a page sends routed to the part that takes it."""

    pages: Pages
    setup: Drafting
    seats: Seating
    stage: Stage
    loop: GameLoop
    claims: Claims
    takeover: Takeover
    outputs: SoundSetup

    def __init__(self, cfg: Config, script: Script, data: Path, *, fast: bool = False, audio: str = "auto",
                 speaker_factory: Callable[[Hub, Table], Any] | None = None, speed: float = 1.0,
                 lang: str | None = None, names: list[str] | None = None, voice: str | None = None,
                 hooks: Hooks | None = None, history: HistoryStore | None = None,
                 genders: list[str] | None = None, shelf: Shelf | None = None) -> None:
        self.cfg, self.script, self.data, self.fast, self.audio = cfg, script, data, fast, audio
        self.speed, self.speaker_factory = speed, speaker_factory
        self.hooks = hooks or Hooks()  # what an online room adds to the game (ports.py); nothing at home
        self.history = history if history is not None else open_history(data)  # where finished games are kept
        self.history_tickets = Tickets()  # the host pages' tickets to import a history file (historyimport.py)
        self.lock = threading.RLock()
        self.lan_url: str | None = None  # with --lan: the address a phone opens (shown with a QR code)
        self.clips: dict[int, bytes] = {}  # spoken clips for browser sound, by number
        shelf = shelf if shelf is not None else Folder(data / "games")  # where its games' journals are kept
        waiting = shelf.waiting()
        if waiting is None:  # no game to continue: the first page to open is the host, whoever held it before
            (data / HOST_FILE).unlink(missing_ok=True)
        elif lang is None and voice is None:  # its screens, and a new game's setup, speak the waiting game's language
            lang = shelf.lang(waiting)
        # the tokens' hashes: a continued game keeps its host and seats (an online room's seats are its accounts')
        self.tokens = Tokens(keep=data / HOST_FILE if self.hooks.keeps_tokens else None)
        self.code = new_code()  # own devices: the room code a phone types (or reads in the QR code's address)
        self.claims = Claims()  # own devices: seats asked back by name, waiting for the host's yes
        self.takeover = Takeover()  # another device becomes the host with the code the table has (takeover.py)
        offered = speaker_factory is not None and not fast and self.hooks.offers_voices
        self.voice_download = VoiceDownload(self) if offered else None
        self.outputs = SoundSetup(cfg, audio, self.hooks.keeps_config)  # the setup's Sound section
        self.pages = Pages(self.hooks)
        self.setup = Drafting(cfg, modes=lambda: WAYS, show=lambda screen: self.stage.show(screen),
                              at_setup=lambda: self.table is None and self.screen.get("screen") == "setup",
                              broadcast=self.pages.broadcast, lan=lambda: self.lan_url, lock=self.lock,
                              outputs=self.outputs, offer=lambda: self.voice_download,
                              keeps_config=self.hooks.keeps_config)
        self.setup.from_options(lang, names, voice, genders)
        self.stage = Stage(self.pages, self.setup, WAYS, script=script, hooks=self.hooks, tokens=self.tokens,
                         code=self.code, asked_back=self.claims.asked, lock=self.lock, speed=speed,
                         screen={"screen": "resume"} if waiting is not None else None)
        self.pages.draw_with(self.stage)
        self.seats = Seating(self.pages, self.stage, lambda: self.setup.draft, self.tokens, self.code,
                             ask_back=lambda conn, seat: self.claims.ask(self, conn, seat), hello_host=self._hello_host)
        clock: Callable[[], Clock] = VirtualClock if fast else lambda: RealClock(speed)  # each game's own
        self.loop = GameLoop(self.stage, self.pages, lambda: self.setup.draft, shelf, script=script, clock=clock,
                             speaker=self._speaker, history=self.history, hooks=self.hooks, data=data)
        self.messages: Messages[Hub, Conn] = Messages(MESSAGES)

    # -- what a page sends --------------------------------------------------------------------------------
    def connect(self, send: Send, *, host: bool = False, now: Callable[[], float] = time.monotonic,
                bucket: Bucket | None = None, address: str = "-") -> int:
        """A new page: a watcher until it says who it is (`hello` with its token). `host`: a connection made
        inside this process (a test, the server's own use), trusted as the host. `bucket`: the page's allowance
        of messages, when it is counted elsewhere (an online room counts them as they arrive)."""
        with self.lock:
            client = self.pages.add(send, host, bucket or Bucket(now))
            conn = self.pages.conns[client]
            conn.address = address
            send(self.stage.ui_message(self.stage.lang))
            send({"t": "nonce", "nonce": conn.nonce})  # the page answers it in its hello (claims.py)
            self.pages.send_frame(conn, force=True)
            if host and self.voice_download is not None:
                send(self.voice_download.message())
            self.pages.greet(conn)
            self.pages.tell_peers()
        return client

    def disconnect(self, client: int) -> None:
        with self.lock:
            self.pages.drop(client)

    def handle(self, client: int, message: object) -> None:
        """One message from a page: checked against its sender, its size and rate, and the question on its
        screen, and taken by its row of the table; anything else is refused with a reason and changes nothing."""
        with self.lock:
            conn = self.pages.conns.get(client)
            if conn is None:
                return
            try:
                if not conn.bucket.take():
                    raise Refusal("message.rate", "too many messages; wait a moment")
                route = self.messages.find(conn.who, message)
                assert isinstance(message, dict)
                handed = route.take(self, conn, client, message, self._question(route, message))
                if handed is not None:
                    self.stage.hand(handed)
            except Exception as exc:
                refusal = as_refusal(exc)
                if refusal is None:
                    raise
                self.pages.refuse(conn, refused(refusal, strings(self.stage.lang), self.stage.name))
                if refusal.rule == STALE:
                    self.pages.show_now(conn)

    def _question(self, route: Route[Hub, Conn], message: dict[str, Any]) -> Question | None:
        """The question a message of this row answers (its way's, for a tap); a setup change once the game runs is
        refused."""
        if route.setup and self.table is not None and self.screen.get("screen") != "setup":
            raise Refusal("setup.running", "the game is running; start a new game to change the setup")
        if route.answers is None:
            return None
        return self.stage.asked(message, *route.answers) if route.answers else self.stage.way.question(message)

    # -- what the parts are given -----------------------------------------------------------------------
    def _hello_host(self, conn: Conn) -> None:
        """A page has just become the host: the voice offer's banner, and the takeover's code if one is open."""
        if self.voice_download is not None:
            conn.send(self.voice_download.message())
        self.takeover.show(conn)

    def _speaker(self, table: Table) -> Any:
        """What says the narrator's lines: the server's voice, or captions (and clips) on the pages."""
        return self.speaker_factory(self, table) if self.speaker_factory else PageCaptions(self.stage)

    def console(self, text: str) -> None:
        """A line for whoever runs the server (`wolfcall play`'s terminal, a service's journal)."""
        import sys

        print(f"wolfcall: {text}", file=sys.stderr, flush=True)

    def stop_game(self) -> None:
        """The game's narrator stops (the server shuts down, a test is over)."""
        self.loop.stop()

    # -- the table as its helpers read it -----------------------------------------------------------------
    @property
    def draft(self) -> Draft:
        return self.setup.draft

    @property
    def table(self) -> Table | None:
        return self.stage.table

    @property
    def screen(self) -> dict[str, Any]:
        return self.stage.screen

    @property
    def question(self) -> Question | None:
        return self.stage.question

    @property
    def state(self) -> State | None:
        return self.stage.state

    @property
    def way(self) -> Way:
        return self.stage.way

    @property
    def lang(self) -> str:
        return self.stage.lang

    @property
    def conns(self) -> dict[int, Conn]:
        return self.pages.conns

    @property
    def input(self) -> WebInput | None:
        return self.stage.live

    @property
    def dealt(self) -> object:
        return self.stage.dealt

    @property
    def thread(self) -> threading.Thread | None:
        return self.loop.thread

    @property
    def journal_name(self) -> str | None:
        """The game in play's journal, by its key on the shelf."""
        return self.loop.key


def _row(kind: str, take: Take, senders: frozenset[str] = ONLY_HOST, **column: Any) -> Route[Hub, Conn]:
    return Route(kind, senders, take, **column)


def _setup(kind: str) -> Route[Hub, Conn]:
    """A change of the setup, taken by the method of its name (drafting.py)."""
    return _row(kind, lambda hub, conn, client, m, q: getattr(hub.setup, kind)(m), setup=True,
                online=kind in ("ruleset", "adjust", "house", "lang", "voice", "levels"))


def _sound(hub: Hub, change: Callable[[object], None], value: object) -> None:
    """The Sound section's output or volume, kept and shown on the setup screen (soundsetup.py)."""
    change(value)
    hub.setup.shown()


def _voice_offer(hub: Hub, action: str) -> None:
    """A button of the natural voice's banner (voicedownload.py)."""
    if hub.voice_download is not None:
        hub.voice_download.handle(action)


MESSAGES: list[Route[Hub, Conn]] = [
    # who a page is, and who sits where
    _row("hello", lambda hub, conn, client, m, q: hub.seats.hello(conn, m.get("proof")), ANYONE),
    _row("join", lambda hub, conn, client, m, q: hub.seats.join(conn, m), frozenset({WATCHER})),
    _row("takeover", lambda hub, conn, client, m, q: hub.takeover.handle(hub, conn, client, m.get("code")),
         frozenset({WATCHER})),  # with the code only the table has (takeover.py)
    _row("takeover_clear", lambda hub, conn, client, m, q: hub.takeover.clear(hub)),  # the host lets them try again
    _row("allow", lambda hub, conn, client, m, q: hub.claims.answer(hub, True, m.get("seat"))),
    _row("deny", lambda hub, conn, client, m, q: hub.claims.answer(hub, False, m.get("seat"))),
    _row("move", lambda hub, conn, client, m, q: hub.seats.move(m), setup=True),
    _row("remove", lambda hub, conn, client, m, q: hub.seats.remove(m), setup=True),
    # the setup
    *(_setup(kind) for kind in ("ruleset", "players", "adjust", "house", "names", "lang", "voice", "sound", "levels",
                                "mode")),
    _row("sound_device", lambda hub, conn, client, m, q: _sound(hub, hub.outputs.choose, m.get("device")), setup=True),
    _row("sound_volume", lambda hub, conn, client, m, q: _sound(hub, hub.outputs.set_volume, m.get("volume")),
         setup=True),
    _row("sound_test", lambda hub, conn, client, m, q: hub.outputs.test(hub.draft.lang, hub.draft.voice),
         setup=True),
    _row("voice_download", lambda hub, conn, client, m, q: _voice_offer(hub, str(m.get("action", "")))),
    _row("say_address", lambda hub, conn, client, m, q: say_address(hub)),  # where phones join (address.py)
    _row("history", lambda hub, conn, client, m, q: hub.pages.send_to(client, history_screen(hub, client, m))),
    # the games
    _row("deal", lambda hub, conn, client, m, q: hub.loop.deal(), online=True),
    _row("continue", lambda hub, conn, client, m, q: hub.loop.resume()),
    _row("new", lambda hub, conn, client, m, q: hub.loop.new(), online=True),
    _row("rematch", lambda hub, conn, client, m, q: hub.loop.rematch(), online=True),
    _row("undo", lambda hub, conn, client, m, q: hub.stage.undo(), online=True),
    # the answers: the narrator's own questions, and what the way to play takes (ways/)
    _row("start", lambda hub, conn, client, m, q: (q, STARTED), answers=(START,), online=True),
    _row("vote", lambda hub, conn, client, m, q: (q, VOTE_CALLED), answers=(VOTE,), online=True),
    _row("tap", lambda hub, conn, client, m, q: hub.stage.way.tap(client, conn, q, m), BOTH, answers=(), online=True),
    _row("show", lambda hub, conn, client, m, q: hub.stage.way.show(client, conn, m), BOTH, online=True),
    _row("cover", lambda hub, conn, client, m, q: hub.stage.way.cover(conn, m), BOTH, online=True),
    _row("open", lambda hub, conn, client, m, q: hub.stage.way.open(q), answers=()),
    _row("count", lambda hub, conn, client, m, q: hub.stage.way.count(q), answers=(), online=True),
]
