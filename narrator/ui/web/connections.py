"""The pages connected to the hub: the host, the seats' phones and the watchers, and the screen each may see.

Every screen is computed for its receiver from the engine's `view()` and the question the narrator asks,
as the game's way to play draws it (narrator/ui/web/ways/, frames.py, screens.py); a living phone is sent
its frame together with every other's (shape.py).
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import (
    Refused,
    State,
    recommended,
    ruleset,
)
from narrator.audio.mixer import Levels
from narrator.config import Config
from narrator.game.clock import Clock, RealClock, VirtualClock
from narrator.game.desk import Desk, Stale
from narrator.game.evening import recall
from narrator.game.historystore import HistoryStore, open_history
from narrator.game.inputs import Question
from narrator.game.journal import Journal, JournalError
from narrator.game.session import (
    Session,
    Table,
    latest_unfinished,
)
from narrator.speech.lines import Lines, Seat
from narrator.speech.picker import Picker
from narrator.speech.scenes import LANGUAGES
from narrator.speech.script import Script
from narrator.ui.web import shape
from narrator.ui.web.claims import Claims
from narrator.ui.web.draft import MODES, Draft
from narrator.ui.web.frames import OWN, Frames
from narrator.ui.web.guard import (
    Bucket,
    Refusal,
    Tokens,
    new_code,
    question_number,
)
from narrator.ui.web.historyimport import Tickets
from narrator.ui.web.ports import Conn, Hooks, Send
from narrator.ui.web.screens import Screens
from narrator.ui.web.soundsetup import SoundSetup
from narrator.ui.web.strings import strings
from narrator.ui.web.takeover import Takeover
from narrator.ui.web.voicedownload import VoiceDownload
from narrator.ui.web.ways.way import Way
from narrator.ui.web.webinput import WebInput

__all__ = ["HOST_FILE", "TURN", "Conn", "Connections"]

HOST_FILE = "host.token"  # in the data folder: the hash of the host's token, while a game can be continued
TURN = "turn"  # round the table: one seat's turn with the device (narrator/game/laps.py)


def waiting_lang(path: Path) -> str | None:
    """The language of the game waiting in journal `path` (None: its header does not say one we speak)."""
    try:
        lang = Journal.read(path).header.get("lang")
    except JournalError:
        return None
    return lang if lang in LANGUAGES else None


class Connections:
    """The pages at the table: who each is, what each may see now, and how each is told."""

    def __init__(self, cfg: Config, script: Script, data: Path, *, fast: bool = False, audio: str = "auto",
                 speaker_factory: Callable[[Any, Table], Any] | None = None, speed: float = 1.0,
                 lang: str | None = None, names: list[str] | None = None, voice: str | None = None,
                 hooks: Hooks | None = None, history: HistoryStore | None = None,
                 genders: list[str] | None = None) -> None:
        self.history = history if history is not None else open_history(data)  # where finished games are kept
        self.history_tickets = Tickets()  # the host pages' tickets to import a history file (historyimport.py)
        self.cfg, self.script, self.data, self.fast, self.audio = cfg, script, data, fast, audio
        self.hooks = hooks or Hooks()  # what an online room adds to the game (ports.py); nothing at home
        self._voices: list[dict[str, Any]] | None = None  # read on first use (voices())
        self.speed = speed
        self.speaker_factory = speaker_factory
        self.conns: dict[int, Conn] = {}
        waiting = latest_unfinished(data / "games")
        if waiting is None:  # no game to continue: the first page to open is the host, whoever held it before
            (data / HOST_FILE).unlink(missing_ok=True)
        elif lang is None and voice is None:  # its screens, and a new game's setup, speak the waiting game's language
            lang = waiting_lang(waiting)
        self.tokens = Tokens(keep=data / HOST_FILE)  # the tokens' hashes: a continued game keeps its host and seats
        self.claims = Claims()  # own devices: seats asked back by name, waiting for the host's yes
        self.takeover = Takeover()  # another device becomes the host with the code the table has (takeover.py)
        self.code = new_code()  # own devices: the room code a phone types (or reads in the QR code's address)
        self.peers: str = ""  # what the host was last told of who is connected
        self.ids = itertools.count(1)
        self.lock = threading.RLock()
        self.draft = Draft(cfg.players, [], recommended(ruleset(cfg.ruleset), cfg.players), cfg.house, cfg.language,
                           cfg.voice, ruleset=cfg.ruleset, levels=Levels.of(cfg.layers).to_json())
        self._draft_from_options(lang, names, voice, genders)
        self.evening = recall(data)  # the lines this table heard earlier this evening (narrator/game/evening.py)
        self.session: Session | None = None  # the game being narrated (its narrator holds what was heard)
        self.table: Table | None = None
        self.dealt: object = None  # the game in play: a new one at each deal and rematch (an ask for a seat is its)
        self.input: WebInput | None = None
        self.thread: threading.Thread | None = None
        self.clock: Callable[[], Clock] = VirtualClock if fast else lambda: RealClock(speed)  # each game's own
        self.state: State | None = None
        self.screen: dict[str, Any] = {"screen": "setup"}
        self.caption = ""
        self.clips: dict[int, bytes] = {}  # spoken clips for browser sound, by number
        self.lan_url: str | None = None  # with --lan: the address a phone opens (shown with a QR code)
        self.journal_path: Path | None = None
        self.labels: dict[int, str] = {}  # the seats' labels at the table in play ("Ana", "player four")
        self.day_started = 0.0  # when the day screen was first shown, on this server's monotonic clock
        self.voice_download = self._voice_offer() if speaker_factory is not None and not fast else None
        self.outputs = SoundSetup(cfg, audio, self.hooks.keeps_config)  # the setup's Sound section
        if waiting is not None:
            self.screen = {"screen": "resume"}
        self._way: tuple[str, Way] | None = None  # the way to play, and the mode it was made for (`way`)

    def console(self, text: str) -> None:
        """A line for whoever runs the server (`wolfcall play`'s terminal, a service's journal)."""
        print(f"wolfcall: {text}", file=sys.stderr, flush=True)

    @property
    def question(self) -> Question | None:
        """The question open now (narrator/game/desk.py), None while nobody is asked."""
        return self.input.desk.question if self.input is not None else None

    @question.setter
    def question(self, question: Question | None) -> None:
        if self.input is not None:
            self.input.desk.question = question

    @property
    def way(self) -> Way:
        """The way to play of the game in play (ways/), made afresh at its deal (gameloop.py); before a deal, the
        setup's mode's. A way is never asked about a table of another mode: one is made for it."""
        if self._way is None or self._way[0] != self.mode:
            self._way = (self.mode, self.way_for(self.mode))
        return self._way[1]

    @way.setter
    def way(self, way: Way) -> None:
        self._way = (self.mode, way)

    @property
    def games(self) -> Path:
        return self.data / "games"

    def connect(self, send: Send, *, host: bool = False, now: Callable[[], float] = time.monotonic,
                bucket: Bucket | None = None) -> int:
        """A new page: a watcher until it says who it is (`hello` with its token). `host`: a connection made
        inside this process (a test, the server's own use), trusted as the host. `bucket`: the page's allowance
        of messages, when it is counted elsewhere (an online room counts them as they arrive)."""
        with self.lock:
            client = next(self.ids)
            conn = self.conns[client] = Conn(send, bucket or Bucket(now), "host" if host else "spectator")
            send(self.ui_message(self.lang))
            send({"t": "nonce", "nonce": conn.nonce})  # the page answers it in its hello (claims.py)
            self._send_frame(conn, force=True)
            if host and self.voice_download is not None:
                send(self.voice_download.message())
            if self.caption:
                send({"t": "caption", "text": self.caption})
            self._tell_peers()
        return client

    def disconnect(self, client: int) -> None:
        with self.lock:
            conn = self.conns.pop(client, None)
            if conn is not None and conn.who == "seat" and conn.seat is not None and \
                    not any(c.seat == conn.seat for c in self.conns.values()):
                name = self._seat_name(conn.seat)
                for host in self._hosts():
                    host.send({"t": "dropped", "name": name, "seat": conn.seat})
            self._tell_peers()

    @property
    def lang(self) -> str:
        return self.table.lang if self.table else self.draft.lang

    @property
    def mode(self) -> str:
        return self.table.mode if self.table else self.draft.mode

    def broadcast(self, message: dict[str, Any]) -> None:
        """A message every page may see: the page's words, a caption (spoken lines hold no secret)."""
        if message.get("t") == "caption":
            self.caption = str(message["text"])
        for conn in list(self.conns.values()):
            conn.send(message)

    def to_host(self, message: dict[str, Any]) -> None:
        """A message for the host only: the table's sound, the natural-voice download."""
        for conn in self._hosts():
            conn.send(message)

    def is_host(self, client: int) -> bool:
        conn = self.conns.get(client)
        return conn is not None and conn.who == "host"

    def _hosts(self) -> list[Conn]:
        return [c for c in self.conns.values() if c.who == "host"]

    def send_to(self, client: int, message: dict[str, Any]) -> None:
        conn = self.conns.get(client)
        if conn is not None:
            conn.send(message)

    def tell_seat(self, seat: int, message: dict[str, Any]) -> None:
        """A secret for one seat's phones (a living phone's comes with every other's dummy, shape.py)."""
        shape.tell(self.conns.values(), self._living(), message, lambda c: c.who == "seat" and c.seat == seat)

    def frames(self) -> Frames:
        return self.way.frames()

    def frame_for(self, conn: Conn, frames: Frames | None = None) -> dict[str, Any]:
        """The screen this connection may see now, computed for it alone (by the way to play, ways/)."""
        if self.table is None:
            return self.current_screen() if conn.who == "host" else self._lobby(conn)
        frames = frames or self.frames()
        if conn.who == "host":
            return self.way.host(frames)
        if conn.who == "seat" and conn.seat is not None:
            return self.way.seat(frames, conn.seat)
        return self.way.watcher(frames)

    def _send_frame(self, conn: Conn, frames: Frames | None = None, force: bool = False) -> None:
        frames = frames or (self.frames() if self.table is not None else None)
        shape.send_screens([(conn, self._screen_of(conn, frames))], self._living(), force,
                           [(c, self._screen_of(c, frames)) for c in self.conns.values() if c.who == "seat"])

    def show_now(self, conn: Conn) -> None:
        """After a stale refusal: the page is sent the screen of now even where it has not changed (a page left on
        an old question would wait for ever); every other living phone a dummy of its size at that moment (shape.py)."""
        frames = self.frames() if self.table is not None else None
        everyone = [(c, self._screen_of(c, frames)) for c in list(self.conns.values()) if c.who == "seat"]
        shape.show_alone(conn, self._screen_of(conn, frames), self._living(), everyone)

    def _screen_of(self, conn: Conn, frames: Frames | None) -> dict[str, Any]:
        return {**self.frame_for(conn, frames), "t": "screen"}

    def _living(self) -> set[int]:
        """The seats whose phones are sent frames of one shape: the living, in a game on own devices."""
        return self.way.living()

    def refresh(self) -> None:
        """Every connection is sent its own screen, when it has changed (the living phones together); an
        online room's extras follow (`hooks`)."""
        changed = self.hooks.before_screens()
        frames = self.frames() if self.table is not None else None
        shape.send_screens([(c, self._screen_of(c, frames)) for c in list(self.conns.values())], self._living())
        self._tell_peers()
        self.hooks.after_screens(changed)

    def _tell_peers(self) -> None:
        """The host sees which seats have a phone connected (own devices)."""
        if self.mode != OWN:
            return
        online = {c.seat for c in self.conns.values() if c.who == "seat"}
        seats = len(self.table.players) if self.table else self.draft.players
        asked = self.claims.asked(self.dealt)
        peers = [{"seat": s, "name": self._seat_name(s), "joined": s in self.tokens.seats, "online": s in online,
                  "asks": s in asked} for s in range(1, seats + 1)]
        text = json.dumps(peers)
        if text != self.peers:
            self.peers = text
            self.to_host({"t": "peers", "seats": peers, "code": self.code})

    def _seat_name(self, seat: int) -> str:
        if self.table is not None:
            return self.name(seat)
        names = self.draft.names
        return names[seat - 1] if seat - 1 < len(names) and names[seat - 1] else str(seat)

    def _lobby(self, conn: Conn) -> dict[str, Any]:
        """Before a game: a phone of own devices waits in the lobby; anyone else may join with the code."""
        own = self.draft.mode == OWN
        screen: dict[str, Any] = {"screen": "lobby", "join": own and conn.who == "spectator"}
        if conn.who == "seat" and conn.seat is not None:
            screen.update(seat=conn.seat, name=self._seat_name(conn.seat))
        if own:
            screen["players"] = [self._seat_name(s) for s in sorted(self.tokens.seats)]
        return screen

    def current_screen(self) -> dict[str, Any]:
        if self.screen.get("screen") == "setup":
            self._look_for_voice()
            out = {"t": "screen", "screen": "setup", "draft": self.draft.to_json(self._odds_ready),
                   "voices": self.voices(), "lan": self.lan_url, "modes": list(MODES)}
            out.update(self.outputs.screen())  # outputs, device, volume (narrator/ui/web/soundsetup.py)
            if self.draft.mode == OWN:
                out["lobby"] = {"code": self.code, "seats": [
                    {"seat": s, "name": self._seat_name(s), "joined": s in self.tokens.seats}
                    for s in range(1, self.draft.players + 1)]}
            return out
        if self.screen.get("screen") == "day" and self.screen.get("timer"):
            # the seconds left as this server counts them: the page counts down from when it receives them
            passed = (time.monotonic() - self.day_started) * self.speed
            return {"t": "screen", **self.screen, "left": max(0, round(self.screen["timer"] * 60 - passed))}
        return {"t": "screen", **self.screen}

    def show(self, screen: dict[str, Any]) -> None:
        self.screen = screen
        self.refresh()

    def _odds_ready(self) -> None:
        """The odds of a deal have been estimated (narrator/balance/live.py): the setup screen shows them (if the
        table is still being set up: once a game is dealt its screens are the way to play's, frame_for)."""
        with self.lock:
            if self.table is None and self.screen.get("screen") == "setup":
                self.refresh()

    def name(self, seat: int) -> str:
        if self.table is None:
            return str(seat)
        if seat not in self.labels:
            self.labels[seat] = Lines(self.script, self.table.lang, Picker(0), self.table.players).player(seat)
        return self.labels[seat]

    def screens(self) -> Screens:
        return Screens(self.lang, self.name)

    def ui_message(self, lang: str) -> dict[str, Any]:
        """The page's words in `lang`; in a game, also how a seat's label is said inside a sentence where the
        language wants more ("jugador uno": "el jugador uno"), and the preposition it merges with ("al")."""
        message: dict[str, Any] = {"t": "ui", "lang": lang, "strings": strings(lang), "said": {}}
        if self.table is not None and self.table.lang == lang:
            lines = Lines(self.script, lang, Picker(0), self.table.players)
            said = {self.name(s): lines.value("player", "", Seat(s)) for s in range(1, len(self.table.players) + 1)}
            message["said"] = {label: words for label, words in said.items() if label != words}
            if (rule := lines.contraction()) is not None:
                message["contract"] = {"article": rule[0], "merged": rule[1]}
        return message

    def _phase(self) -> str:
        s = self.state
        return "night" if s is not None and s.phase == "night" else "day"

    def question_screen(self, q: Question, state: State) -> dict[str, Any]:
        return self.screens().question(q, state)

    def end_screen(self, state: State) -> dict[str, Any]:
        return self.screens().end(state)


    def _refuse_rule(self, conn: Conn, rule: str, detail: str) -> None:
        text = strings(self.lang).get(f"refusal.{rule}", detail)
        self._refused(conn, {"t": "refused", "rule": rule, "text": text})

    def _refused(self, conn: Conn | None, message: dict[str, Any]) -> None:
        """A refusal to the page that sent the message (a living phone's comes with every other's dummy)."""
        shape.tell(self.conns.values(), self._living(), message, lambda c: c is conn, shape.REFUSAL_BYTES)

    def refuse(self, client: int, exc: Refused) -> None:
        words = strings(self.lang)
        params = {k: self.name(v) if k == "player" and isinstance(v, int) else v for k, v in exc.params.items()}
        text = words.get(f"refusal.{exc.rule}", "")
        try:
            text = text.format(**params) if text else str(exc)
        except (KeyError, IndexError):
            text = str(exc)
        self._refused(self.conns.get(client), {"t": "refused", "rule": exc.rule, "text": text})

    def asked(self, message: dict[str, Any], *steps: str) -> Question:
        """The question a message answers: the one on screen, with the number the message names."""
        q = self.question
        if q is None or self.input is None or question_number(message) != q.number or (steps and q.step not in steps):
            raise Refusal("stale", "this screen has moved on")
        return q

    def input_desk(self) -> Desk:
        """The desk of the game in play: where every tap is checked and handed to the narrator."""
        if self.input is None:
            raise Stale
        return self.input.desk

    # -- what the parts of the hub give each other (each is made in the module named) ------------
    def _draft_from_options(self, lang: str | None, names: list[str] | None, voice: str | None = None,
                            genders: list[str] | None = None) -> None:
        raise NotImplementedError  # drafting.py

    def voices(self) -> list[dict[str, Any]]:
        raise NotImplementedError  # drafting.py

    def _look_for_voice(self) -> None:
        raise NotImplementedError  # drafting.py

    def _voice_offer(self) -> VoiceDownload:
        raise NotImplementedError  # hub.py

    def _speaker(self, table: Table) -> Any:
        raise NotImplementedError  # hub.py

    def _rejoin(self, conn: Conn, message: dict[str, Any]) -> None:
        raise NotImplementedError  # hub.py

    def _move(self, message: dict[str, Any]) -> None:
        raise NotImplementedError  # seating.py

    def _remove(self, message: dict[str, Any]) -> None:
        raise NotImplementedError  # seating.py

    def put(self, q: Question, value: object) -> None:
        raise NotImplementedError  # gameloop.py

    def way_for(self, mode: str) -> Way:
        raise NotImplementedError  # hub.py
