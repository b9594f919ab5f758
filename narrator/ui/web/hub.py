"""The game behind the page: the setup, the narrator's thread, and what each screen may see.

Every screen is computed on the server (narrator/ui/web/screens.py) from the engine's `view()` and the
question the narrator asks; the page only renders it. Secrets (a card, the seer's answer) go only to
the screen that tapped for them, in a message the page drops when the card is covered.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine import (
    Choice,
    HouseRules,
    Malformed,
    NotAChoice,
    Refused,
    Setup,
    State,
    Unknown,
    WrongStep,
    actor_of,
    decide,
    recommended,
    ruleset,
    shape_of,
    view,
)
from engine.flow import ALL_STEPS
from engine.house import RULES_OF
from narrator.config import Config
from narrator.game.clock import Clock, RealClock, VirtualClock
from narrator.game.desk import Desk, Stale
from narrator.game.inputs import COVERED, REVEAL, START, UNDO, VOTE, Question
from narrator.game.journal import Journal, JournalError
from narrator.game.narrator import ReplayMismatch
from narrator.game.records import set_aside
from narrator.game.session import (
    Session,
    Table,
    drop_last_choice,
    latest_unfinished,
    new_journal_path,
    open_journal,
    random_seed,
)
from narrator.speech.lines import Line, Lines
from narrator.speech.picker import Picker
from narrator.speech.script import Script
from narrator.ui.web import shape
from narrator.ui.web.address import say_address
from narrator.ui.web.calls import TableSignals
from narrator.ui.web.claims import Claims
from narrator.ui.web.frames import CALLED, OWN, Frames, secret_step
from narrator.ui.web.gather import Gather, tally, verdict, voters
from narrator.ui.web.guard import (
    Bucket,
    Refusal,
    Tokens,
    check_message,
    new_code,
    new_nonce,
    normal_code,
    question_number,
    same,
)
from narrator.ui.web.screens import Screens, cards_of, inline_picture, offices_of
from narrator.ui.web.soundsetup import SoundSetup
from narrator.ui.web.strings import strings
from narrator.ui.web.tablevoice import PageCaptions
from narrator.ui.web.unresumable import unresumable_screen
from narrator.ui.web.voicedownload import VoiceDownload
from narrator.ui.web.webinput import Stopped, WebInput

Send = Callable[[dict[str, Any]], None]
MODES = ("one_device", "round_table", OWN)
HOST_FILE = "host.token"  # in the data folder: the hash of the host's token, while a game can be continued
TURN = "turn"  # round the table: one seat's turn with the device (narrator/game/laps.py)


@dataclass
class Conn:
    """One page connected to the hub: who it is (the host, a seat's phone, or a watcher) and what it was last shown."""

    send: Send
    bucket: Bucket
    who: str = "spectator"  # host | seat | spectator
    seat: int | None = None
    last: str = ""  # the last screen sent, as JSON: a screen is sent again only when it changes
    wrong_codes: int = 0
    nonce: str = field(default_factory=new_nonce)  # what its page answers with its token's proof (guard.py)


@dataclass
class Draft:
    """The setup screen's choices before the cards are dealt."""

    players: int = 9
    names: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    house: HouseRules = field(default_factory=HouseRules)
    lang: str = "en"
    voice: str = "joe"
    sound: str = "server"  # server | browser
    ruleset: str = "classic"
    mode: str = "one_device"  # one_device | round_table | own_devices

    def to_json(self) -> dict[str, Any]:
        rules = ruleset(self.ruleset)
        return {"players": self.players, "names": self.names, "counts": self.counts, "house": self.house.to_json(),
                "lang": self.lang, "voice": self.voice, "sound": self.sound, "ruleset": self.ruleset, "mode": self.mode,
                "range": [rules.min_players, rules.max_players], "roles": cards_of(self.ruleset),
                "offices": offices_of(self.ruleset), "house_rules": list(RULES_OF[self.ruleset])}


def listening(scene: str) -> str | None:
    """What the table does while a scene is said: eyes closed at night, the device going round at the deal,
    eyes open by day (the dawn, the debate, the reveals); None: no change (a welcome, an undo)."""
    part = scene.split(".", 1)[0]
    return {"night": "night", "deal": "deal", "game": None}.get(part, "day")


class Hub:
    def __init__(self, cfg: Config, script: Script, data: Path, *, fast: bool = False, audio: str = "auto",
                 speaker_factory: Callable[[Hub, Table], Any] | None = None, speed: float = 1.0,
                 lang: str | None = None, names: list[str] | None = None, voice: str | None = None) -> None:
        self.cfg, self.script, self.data, self.fast, self.audio = cfg, script, data, fast, audio
        self._voices: list[dict[str, Any]] | None = None  # read on first use (voices())
        self.speed = speed
        self.speaker_factory = speaker_factory
        self.conns: dict[int, Conn] = {}
        waiting = latest_unfinished(data / "games")
        if waiting is None:  # no game to continue: the first page to open is the host, whoever held it before
            (data / HOST_FILE).unlink(missing_ok=True)
        self.tokens = Tokens(keep=data / HOST_FILE)  # the tokens' hashes: a continued game keeps its host and seats
        self.claims = Claims()  # own devices: seats asked back by name, waiting for the host's yes
        self.code = new_code()  # own devices: the room code a phone types (or reads in the QR code's address)
        self.gather: Gather | None = None  # own devices: the phones' taps for the question on screen
        self.seen: set[int] = set()  # own devices: the seats that have looked at their card
        self.opened: int | None = None  # round the table: the turn whose player has taken the device
        self.called: str | None = None  # own devices: the night step being called, between its wake and sleep
        self.called_done: set[int] = set()  # the seats that have tapped the called step's decoy
        self.learned: dict[int, dict[str, Any]] = {}  # own devices: what a seat's actor learned this step
        self.peers: str = ""  # what the host was last told of who is connected
        self.ids = itertools.count(1)
        self.lock = threading.RLock()
        self.draft = Draft(cfg.players, [], recommended(ruleset(cfg.ruleset), cfg.players), cfg.house, cfg.language,
                           cfg.voice, ruleset=cfg.ruleset)
        self._draft_from_options(lang, names, voice)
        self.table: Table | None = None
        self.input: WebInput | None = None
        self.thread: threading.Thread | None = None
        self.state: State | None = None
        self.screen: dict[str, Any] = {"screen": "setup"}
        self.caption = ""
        self.clips: dict[int, bytes] = {}  # spoken clips for browser sound, by number
        self.lan_url: str | None = None  # with --lan: the address a phone opens (shown with a QR code)
        self.journal_path: Path | None = None
        self.labels: dict[int, str] = {}  # the seats' labels at the table in play ("Ana", "player four")
        self.day_started = 0.0  # when the day screen was first shown, on this server's monotonic clock
        self.voice_download = self._voice_offer() if speaker_factory is not None and not fast else None
        self.outputs = SoundSetup(cfg, audio)  # the setup's Sound section: output, volume, test line
        if waiting is not None:
            self.screen = {"screen": "resume"}

    def _draft_from_options(self, lang: str | None, names: list[str] | None, voice: str | None = None) -> None:
        """`wolfcall play --lang/--names/--players/--voice`: the setup the page starts from (a voice without
        --lang brings its own language)."""
        d = self.draft
        if voice is not None:
            from narrator.config import OptionError

            known = self.voices_by_name()
            if voice not in known:
                raise OptionError(f"--voice: there is no voice '{voice}' (voices: {', '.join(sorted(known))})")
            d.voice = voice
            if lang is None:
                d.lang = known[voice]
        if names is not None:
            d.players, d.counts = len(names), recommended(ruleset(d.ruleset), len(names))
            d.names = list(names) if any(names) else []
        if lang is not None:
            d.lang = lang
            from narrator.audio.table import DEFAULTS

            if self.voices_by_name().get(d.voice) != d.lang:
                d.voice = DEFAULTS[d.lang][0]  # --voice in another language than --lang: the language wins

    @property
    def question(self) -> Question | None:
        """The question open now (narrator/game/desk.py), None while nobody is asked."""
        return self.input.desk.question if self.input is not None else None

    @question.setter
    def question(self, question: Question | None) -> None:
        if self.input is not None:
            self.input.desk.question = question

    @property
    def games(self) -> Path:
        return self.data / "games"

    # -- connections -------------------------------------------------------------------
    def connect(self, send: Send, *, host: bool = False, now: Callable[[], float] = time.monotonic,
                bucket: Bucket | None = None) -> int:
        """A new page: a watcher until it says who it is (`hello` with its token). `host`: a connection made
        inside this process (a test, the server's own use), trusted as the host. `bucket`: the page's allowance
        of messages, when it is counted elsewhere (an online room counts them as they arrive)."""
        with self.lock:
            client = next(self.ids)
            conn = self.conns[client] = Conn(send, bucket or Bucket(now), "host" if host else "spectator")
            send({"t": "ui", "lang": self.lang, "strings": strings(self.lang)})
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

    def _hosts(self) -> list[Conn]:
        return [c for c in self.conns.values() if c.who == "host"]

    def send_to(self, client: int, message: dict[str, Any]) -> None:
        conn = self.conns.get(client)
        if conn is not None:
            conn.send(message)

    def frames(self) -> Frames:
        return Frames(self.screens(), self.state if self.table else None, self.question, self.current_screen(),
                      self.mode, self.gather, self.called, self.called_done, self.seen)

    def frame_for(self, conn: Conn, frames: Frames | None = None) -> dict[str, Any]:
        """The screen this connection may see now, computed for it alone."""
        if self.table is None:
            return self.current_screen() if conn.who == "host" else self._lobby(conn)
        frames = frames or self.frames()
        if conn.who == "host":
            if self.mode == "round_table" and self.question is not None and self.question.step == TURN:
                return self._turn_screen()
            return frames.host()
        if conn.who == "seat" and conn.seat is not None:
            return frames.seat(conn.seat)
        if self.mode == OWN and not self.table_over() and len(self.tokens.seats) < len(self.table.players):
            return {"screen": "lobby", "join": True}  # a continued game: players take their seats back
        return frames.watcher()

    def table_over(self) -> bool:
        return self.state is not None and self.state.over

    def _send_frame(self, conn: Conn, frames: Frames | None = None, force: bool = False) -> None:
        frames = frames or (self.frames() if self.table is not None else None)
        shape.send_screens([(conn, self._screen_of(conn, frames))], self._living(), force,
                           [(c, self._screen_of(c, frames)) for c in self.conns.values() if c.who == "seat"])

    def _screen_of(self, conn: Conn, frames: Frames | None) -> dict[str, Any]:
        return {**self.frame_for(conn, frames), "t": "screen"}

    def _living(self) -> set[int]:
        """The seats whose phones are sent frames of one shape: the living, in a game on own devices."""
        state = self.state
        return set(state.alive) if self.mode == OWN and state is not None and not state.over else set()

    def refresh(self) -> None:
        """Every connection is sent its own screen, when it has changed (the living phones together)."""
        frames = self.frames() if self.table is not None else None
        shape.send_screens([(c, self._screen_of(c, frames)) for c in list(self.conns.values())], self._living())
        self._tell_peers()

    def _tell_peers(self) -> None:
        """The host sees which seats have a phone connected (own devices)."""
        if self.mode != OWN:
            return
        online = {c.seat for c in self.conns.values() if c.who == "seat"}
        seats = len(self.table.players) if self.table else self.draft.players
        asked = self.claims.asked(self.table)
        peers = [{"seat": s, "name": self._seat_name(s), "joined": s in self.tokens.seats, "online": s in online,
                  "asks": s in asked} for s in range(1, seats + 1)]
        text = json.dumps(peers)
        if text != self.peers:
            self.peers = text
            self.to_host({"t": "peers", "seats": peers, "code": self.code})

    def _seat_name(self, seat: int) -> str:
        if self.table is not None:
            return self._name(seat)
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
            out = {"t": "screen", "screen": "setup", "draft": self.draft.to_json(), "voices": self.voices(),
                   "lan": self.lan_url, "modes": list(MODES)}
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

    def voices_by_name(self) -> dict[str, str]:
        """Each narrator's language, by voice name."""
        return {str(v["name"]): str(v["lang"]) for v in self.voices()}

    def voices(self) -> list[dict[str, Any]]:
        """The narrators, read from voices/*.yaml once (the setup screen is redrawn at every tap)."""
        if self._voices is None:
            from narrator.audio.packs import pack_for
            from narrator.audio.voices import all_voices, installed

            # a voice not on this machine (no model, no pack) is listed as what speaks for it: espeak-ng
            self._voices = [{"name": v.name, "persona": v.persona, "lang": v.language,
                             "installed": installed(v) or pack_for(v) is not None}
                            for v in all_voices().values()]
        return self._voices

    # -- the natural-voice download offered on the setup screen (narrator/ui/web/voicedownload.py) ----
    def _voice_offer(self) -> VoiceDownload:
        return VoiceDownload(self)

    def _look_for_voice(self) -> None:
        if self.voice_download is not None:
            with self.lock:
                self.voice_download.look(self.draft.lang, self.draft.voice)
    # -- end of the voice download block ----------------------------------------------------

    # -- what the page sends -------------------------------------------------------------
    def handle(self, client: int, message: object) -> None:
        """One message from a page: checked against its sender, its size and rate, and the question on its
        screen; anything else is refused with a reason and changes nothing."""
        with self.lock:
            conn = self.conns.get(client)
            if conn is None:
                return
            try:
                if not conn.bucket.take():
                    raise Refusal("message.rate", "too many messages; wait a moment")
                kind = check_message(conn.who, message)
                assert isinstance(message, dict)
                self._dispatch(client, conn, kind, message)
            except Refusal as exc:
                self._refuse_rule(conn, exc.rule, str(exc))
            except Refused as exc:
                self.refuse(client, exc)
            except Malformed as exc:  # a choice of the wrong form: say why, change nothing
                self.refuse(client, Refused("other", str(exc)))
            except (WrongStep, Unknown, Stale):
                self._refuse_rule(conn, "stale", "this screen has moved on")
            except (KeyError, ValueError, TypeError):
                self._refuse_rule(conn, "message.form", "a malformed message")

    def _dispatch(self, client: int, conn: Conn, kind: str, message: dict[str, Any]) -> None:
        if kind == "hello":
            self._hello(conn, message.get("proof"))
        elif kind == "join":
            self._join(conn, message)
        elif kind in ("allow", "deny"):  # the host answers a seat asked back by name (claims.py)
            self.claims.answer(self, kind == "allow", message.get("seat"))
        elif kind in ("ruleset", "players", "adjust", "house", "names", "lang", "voice", "sound", "mode", "move",
                      "remove"):
            if self.table is not None and self.screen.get("screen") != "setup":
                raise Refusal("setup.running", "the game is running; start a new game to change the setup")
            self._setup(kind, message)
        elif kind == "deal":
            self._deal()
        elif kind == "continue":
            self._continue()
        elif kind == "new":
            self._new()
        elif kind == "rematch":
            self._rematch()
        elif kind == "show":
            self._show_card(client, conn)
        elif kind == "cover":
            self._cover(conn, message)
        elif kind == "open":
            self._open(message)
        elif kind in ("start", "vote"):
            self._answer_plain(kind, message)
        elif kind == "undo":
            self._answer(UNDO)
        elif kind == "count":
            self._count_now(message)
        elif kind == "tap":
            self._tap(client, conn, message)
        elif kind == "voice_download" and self.voice_download is not None:
            self.voice_download.handle(str(message.get("action", "")))
        elif kind == "sound_device":
            self.outputs.choose(self, message.get("device"))
        elif kind == "sound_volume":
            self.outputs.set_volume(self, message.get("volume"))
        elif kind == "sound_test":
            self.outputs.test(self)
        elif kind == "say_address":  # the device on the table says where phones join (address.py)
            say_address(self)

    def too_big(self, client: int) -> None:
        """A message over the size limit: refused unread."""
        with self.lock:
            conn = self.conns.get(client)
            if conn is not None:
                self._refuse_rule(conn, "message.size", "a message is too big")

    def _refuse_rule(self, conn: Conn, rule: str, detail: str) -> None:
        text = strings(self.lang).get(f"refusal.{rule}", detail)
        self._refused(conn, {"t": "refused", "rule": rule, "text": text})

    def _refused(self, conn: Conn | None, message: dict[str, Any]) -> None:
        """A refusal to the page that sent the message (a living phone's comes with every other's dummy)."""
        shape.tell(self.conns.values(), self._living(), message, lambda c: c is conn, shape.REFUSAL_BYTES)

    def _hello(self, conn: Conn, proof: object) -> None:
        """A page says who it is with the proof of the token its browser kept (its connection's nonce, sealed
        with the token: a hello seen on the Wi-Fi proves nothing on another connection); the first page to ask
        becomes the host."""
        holder = self.tokens.proven(proof, conn.nonce)
        was = (conn.who, conn.seat)
        if holder is not None:
            conn.who, conn.seat = holder
        elif conn.who != "host" and self.tokens.host is None:
            conn.who, conn.seat = "host", None
            conn.send({"t": "token", "token": self.tokens.claim_host()})
        elif conn.who == "seat":
            conn.who, conn.seat = "spectator", None
        conn.send({"t": "you", "as": conn.who, "seat": conn.seat})
        if (conn.who, conn.seat) != was:
            conn.last = ""
            if conn.who == "host" and self.voice_download is not None:
                conn.send(self.voice_download.message())
        self._send_frame(conn)
        if conn.seat is not None:
            self._resend_private(conn)
        self._tell_peers()

    def _join(self, conn: Conn, message: dict[str, Any]) -> None:
        """Own devices: a guest types the room code and a name, and takes the first free seat."""
        from narrator.names import NameProblem, clean_name, same_name_key

        if self.mode != OWN or (self.table is None and self.screen.get("screen") != "setup"):
            raise Refusal("join.closed", "there is no table to join now")
        if conn.wrong_codes >= 10:
            raise Refusal("join.code", "wrong room code")
        if not same(normal_code(str(message.get("code", ""))), self.code):
            conn.wrong_codes += 1
            raise Refusal("join.code", "wrong room code")
        if self.table is not None:
            self._rejoin(conn, message)
            return
        free = [s for s in range(1, self.draft.players + 1) if s not in self.tokens.seats]
        if not free:
            raise Refusal("join.full", "every seat is taken")
        seat = free[0]
        try:
            name = clean_name(message.get("name", ""), seat)
        except NameProblem as exc:
            raise Refusal("join.name", str(exc)) from None
        names = (self.draft.names + [""] * self.draft.players)[: self.draft.players]
        taken = [n for i, n in enumerate(names) if n and i + 1 in self.tokens.seats]
        if any(same_name_key(n) == same_name_key(name) for n in taken):
            raise Refusal("join.same_name", "someone at the table already has that name")
        names[seat - 1] = name
        self.draft.names = names
        conn.who, conn.seat, conn.last = "seat", seat, ""
        conn.send({"t": "token", "token": self.tokens.seat_token(seat)})
        conn.send({"t": "you", "as": "seat", "seat": seat})
        self.show({"screen": "setup"})

    def _rejoin(self, conn: Conn, message: dict[str, Any]) -> None:
        """A player whose phone lost its token asks for their seat back by name: the host is asked, and only
        the host's yes gives it (claims.py); a phone that kept its token needs no asking (its hello)."""
        from narrator.names import same_name_key

        assert self.table is not None
        typed = same_name_key(str(message.get("name", ""))[:96].strip())
        seat = next((i for i, n in enumerate(self.table.players, 1) if n and same_name_key(n) == typed), None)
        if seat is None:
            raise Refusal("join.closed", "there is no free seat of that name at this table")
        self.claims.ask(self, conn, seat)

    def _move(self, message: dict[str, Any]) -> None:
        """Own devices: the host swaps two seats (players sit in another order); each token follows its player."""
        n = self.draft.players
        a, b = int(message["seat"]), int(message["to"])
        if not (1 <= a <= n and 1 <= b <= n):
            raise Refusal("message.form", "no such seat")
        order = list(range(1, n + 1))
        order[a - 1], order[b - 1] = b, a
        names = (self.draft.names + [""] * n)[:n]
        names[a - 1], names[b - 1] = names[b - 1], names[a - 1]
        self.draft.names = names
        self.tokens.move(order)
        for conn in self.conns.values():
            if conn.who == "seat" and conn.seat in (a, b):
                conn.seat = b if conn.seat == a else a
                conn.send({"t": "you", "as": "seat", "seat": conn.seat})

    def _remove(self, message: dict[str, Any]) -> None:
        """The host frees a seat before the game: its token stops working, its phone watches."""
        seat = int(message["seat"])
        self.tokens.forget(seat)
        if seat - 1 < len(self.draft.names):
            self.draft.names[seat - 1] = ""
        for conn in self.conns.values():
            if conn.who == "seat" and conn.seat == seat:
                conn.who, conn.seat, conn.last = "spectator", None, ""
                conn.send({"t": "you", "as": "spectator", "seat": None})

    def _new(self) -> None:
        """Back to the setup: the old game's table, state and caption go; the page speaks the setup's language."""
        self._stop_game()
        self.table, self.state, self.labels, self.journal_path = None, None, {}, None
        self.broadcast({"t": "ui", "lang": self.draft.lang, "strings": strings(self.draft.lang)})
        self.show({"screen": "setup"})

    def spoken(self, live: WebInput | None, line: Line) -> None:
        """A line said by the narrator of game `live`: its caption, and what the listen screen asks of the table."""
        if live is not self.input:
            return  # a line of a game that has been replaced (its thread may be joined under the lock)
        with self.lock:
            if live is not self.input:
                return  # a line of a game that has been replaced: not this table's
            self.broadcast({"t": "caption", "text": line.text})
            phase = listening(line.scene)
            if phase is not None and self.screen.get("screen") == "listen" and self.screen.get("phase") != phase:
                self.show({"screen": "listen", "phase": phase})

    def calling(self, live: object, step: str | None) -> None:
        """Own devices: from a night step's wake line to its sleep line (`step` None) every living phone shows
        that step's screen (a decoy until its actor is asked), so a dead role's step looks like a living one's."""
        with self.lock:
            if live is not self.input or self.mode != OWN or (step is not None and step not in ALL_STEPS):
                return  # a scene of the night that no one answers (the lovers waking) changes no screen
            self.called = step
            self.called_done, self.learned = set(), {}
            self.refresh()

    def changed(self, live: object, state: State) -> None:
        """The narrator is about to say what changed (a verdict, a dawn, nightfall): every screen and an online
        room's voice chat follow the game now, not when the next question comes."""
        with self.lock:
            if live is not self.input:
                return
            self.state = state
            self.refresh()

    def refuse(self, client: int, exc: Refused) -> None:
        words = strings(self.lang)
        params = {k: self._name(v) if k == "player" and isinstance(v, int) else v for k, v in exc.params.items()}
        text = words.get(f"refusal.{exc.rule}", "")
        try:
            text = text.format(**params) if text else str(exc)
        except (KeyError, IndexError):
            text = str(exc)
        self._refused(self.conns.get(client), {"t": "refused", "rule": exc.rule, "text": text})

    def _setup(self, kind: str, m: dict[str, Any]) -> None:
        d = self.draft
        rules = ruleset(d.ruleset)
        if kind == "ruleset" and m.get("ruleset") in ("classic", "extended") and m["ruleset"] != d.ruleset:
            new = ruleset(str(m["ruleset"]))
            d.ruleset = new.id
            d.players = min(max(d.players, new.min_players), new.max_players)
            d.counts = recommended(new, d.players)
            shared = {k: getattr(d.house, k) for k in RULES_OF[new.id] if k in RULES_OF[rules.id]}
            d.house = replace(new.defaults, **shared)
            d.names = d.names[: d.players]
        elif kind == "players":
            n = int(m["players"])
            Setup.recommended(rules, n)
            d.players, d.counts = n, recommended(rules, n)
            d.names = d.names[:n]
        elif kind == "adjust":
            d.counts = dict(Setup(rules, d.players, d.counts).adjusted(str(m["role"]), int(m["delta"])).counts)
        elif kind == "house":
            from engine import HouseError, parse_house

            try:
                d.house = parse_house(rules.id, {k: v for k, v in m.items() if k != "t"}, d.house)
            except HouseError as exc:
                raise Refused(f"house.{exc.key}", str(exc)) from None
        elif kind == "names":
            from narrator.names import NameProblem, clean_names

            typed = m.get("names", [])
            if not isinstance(typed, list):
                raise TypeError("names: not a list")  # a malformed message, ignored
            try:
                d.names = clean_names(typed[: d.players], blank_ok=True)  # "" is an unnamed seat
            except NameProblem as exc:
                self.show({"screen": "setup"})  # back to the names that stand
                raise Refused("setup.names", str(exc), detail=str(exc)) from None
            return  # the page already shows what was typed; redrawing would lose the cursor
        elif kind == "lang" and m.get("lang") in ("en", "de", "es"):
            d.lang = str(m["lang"])
            from narrator.audio.table import DEFAULTS

            if self.voices_by_name().get(d.voice) != d.lang:  # the language's own narrator, as it will speak
                d.voice = DEFAULTS[d.lang][0]
            self.broadcast({"t": "ui", "lang": d.lang, "strings": strings(d.lang)})
        elif kind == "voice":
            d.voice = str(m["voice"])
        elif kind == "sound" and m.get("sound") in ("server", "browser"):
            d.sound = str(m["sound"])
        elif kind == "mode" and m.get("mode") in MODES:
            d.mode = str(m["mode"])
        elif kind == "move":
            self._move(m)
        elif kind == "remove":
            self._remove(m)
        self.show({"screen": "setup"})

    def _deal(self) -> None:
        d = self.draft
        setup = Setup(ruleset(d.ruleset), d.players, d.counts, d.mode)
        setup.validate()
        names = (d.names + [""] * d.players)[: d.players]
        if d.mode == OWN:
            free = [s for s in range(1, d.players + 1) if s not in self.tokens.seats]
            if free:
                raise Refused("setup.seats_free", f"{len(free)} seats have no phone yet", count=len(free))
        table = Table.deal(names, d.house, random_seed(), d.lang, ruleset=d.ruleset, setup=setup, mode=d.mode)
        self._start(table, [], resumed=False)

    def _rematch(self) -> None:
        if self.table is None:
            return
        old = self.table
        cards: dict[str, int] = {}
        for card in (*old.roles, *old.extra):
            cards[card] = cards.get(card, 0) + 1
        setup = Setup(ruleset(old.ruleset), len(old.players), cards, old.mode)
        table = Table.deal(old.players, old.house, random_seed(), old.lang, ruleset=old.ruleset, mode=old.mode,
                           setup=setup)  # the engine's deal, with the same cards and house rules
        self._start(table, [], resumed=False)

    def _continue(self) -> None:
        path = latest_unfinished(self.games)
        if path is None:
            self.show({"screen": "setup"})
            return
        try:
            resumed = open_journal(path)
        except JournalError as exc:
            self._unresumable(path, exc)
            return
        self._start(resumed.table, resumed.answers, resumed=True, path=path)

    def _unresumable(self, path: Path, exc: Exception) -> None:
        """A journal that cannot be replayed: the page says why and offers a new game; the file is set aside."""
        self._stop_game()
        self.journal_path = None
        self.show(unresumable_screen(exc, set_aside(path)))

    def _undo_the_end(self) -> None:
        """Undo pressed on the end screen: the game comes back to before its last choice."""
        if self.table is None or self.journal_path is None:
            return
        path = self.journal_path
        try:
            answers = drop_last_choice(open_journal(path).answers)
        except JournalError as exc:
            self._unresumable(path, exc)
            return
        self._start(self.table, answers, resumed=False, path=path, taken_back=True)  # the session journals it

    # -- the game's thread ---------------------------------------------------------------
    def _start(self, table: Table, answers: list[Any], resumed: bool, path: Path | None = None,
               taken_back: bool = False) -> None:
        self._stop_game()
        self.table, self.labels, self.state = table, {}, None
        self.seen, self.gather, self.opened, self.learned, self.called = set(), None, None, {}, None
        self.broadcast({"t": "ui", "lang": table.lang, "strings": strings(table.lang)})
        if path is None:
            path = new_journal_path(self.games, table)
            journal = Journal.create(path, table.to_json(), f"a game for {len(table.players)} players")
        else:
            journal = Journal(path)
        self.journal_path = path
        live = self.input = WebInput(self.publish)
        speaker = self.speaker_factory(self, table) if self.speaker_factory else PageCaptions(self)
        clock: Clock = VirtualClock() if self.fast else RealClock(self.speed)
        session = Session(table, self.script, speaker, clock, live, journal, answers, resumed,
                          over=lambda state: self._over(live, state), listener=TableSignals(self, live),
                          taken_back=taken_back)
        self.show({"screen": "listen", "phase": "wait" if answers else "deal"})
        self.thread = threading.Thread(target=self._run, args=(session, journal, speaker), daemon=True)
        self.thread.start()

    def _run(self, session: Session, journal: Journal, speaker: Any) -> None:
        failure: Exception | None = None
        try:
            narrator = session.run()
        except Stopped:
            return
        except (ReplayMismatch, JournalError) as exc:
            failure = exc  # the journal does not replay: told on the page below, never a silent hang
        finally:
            journal.close()
            if hasattr(speaker, "close"):
                speaker.close()
        with self.lock:
            if self.input is not session.live:
                return  # another game has replaced this one meanwhile
            if failure is not None:
                self._unresumable(journal.path, failure)
                return
            if self.input.take_undo():  # ↶ tapped just as the last line ended
                self._undo_the_end()
                return
            self.state = narrator.state
            self.question = None
            if self.screen.get("screen") != "end":
                self.show(self.end_screen(narrator.state))

    def _over(self, live: WebInput, state: State) -> None:
        """The game is over: the end screen at once, while the narrator still reveals the cards aloud."""
        with self.lock:
            if live is not self.input:
                return
            self.state, self.question = state, None
            self.show(self.end_screen(state))

    def _stop_game(self) -> None:
        if self.input is not None:
            self.input.stop()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout=0.5)
        self.input, self.thread, self.question = None, None, None
        if self.caption:
            self.broadcast({"t": "caption", "text": ""})  # the old game's last line leaves every page

    def publish(self, question: Question, state: State) -> None:
        """The narrator asks: show the question's screen (called from the narrator's thread)."""
        with self.lock:
            if self.question == question:
                return  # asked again after the window ran out: the screen already shows it
            if self.input is None or not self.input.desk.open(question, state):
                return  # answered while the reminder was said: a question once answered stays closed
            self.state = state
            if self.gather is None or self.gather.number != question.number:
                self.gather = Gather(question.number)
            if question.step == TURN:  # round the table: the host's screen is built for the turn (frame_for)
                self.opened = None
                screen = {"screen": "turn", "q": question.number}
            else:
                screen = {**self.question_screen(question, state), "q": question.number}
            if screen["screen"] == "day" and self.screen.get("screen") != "day":
                self.day_started = time.monotonic()
            if self.mode == OWN and question.step == REVEAL and question.seat in self.seen:
                self._put(question, COVERED)  # this seat's phone has already shown its card
                return
            self.show(screen)

    def _put(self, q: Question, value: object) -> None:
        """Hand the narrator the answer to question `q`; the screens go back to listening."""
        if self.input is None:
            return
        q = self.input.desk.hand(value)
        if self.gather is not None:  # own devices: who has answered stays "done" until the sleep line
            self.called_done |= self.gather.done | set(self.gather.picks)
        # the device goes round at the deal; then eyes closed by night, open by day (lines said change it); a
        # turn round the table is the night's until the last lap ends, even once the engine's night is over
        phase = "deal" if value == COVERED else "night" if value == START or q.step == TURN else self._phase()
        self.show({"screen": "listen", "phase": phase})

    def _asked(self, message: dict[str, Any], *steps: str) -> Question:
        """The question a message answers: the one on screen, with the number the message names."""
        q = self.question
        if q is None or self.input is None or question_number(message) != q.number or (steps and q.step not in steps):
            raise Refusal("stale", "this screen has moved on")
        return q

    def _answer_plain(self, kind: str, message: dict[str, Any]) -> None:
        q = self._asked(message, START if kind == "start" else VOTE)
        self._put(q, q.step)

    def _answer(self, value: object) -> None:
        """↶ from the host: kept even while a line is said, honoured before the next one."""
        if value != UNDO:
            return
        if self.screen.get("screen") == "end":
            if self.input is not None and self.thread is not None and self.thread.is_alive():
                self.input.request_undo()  # the cards are still revealed aloud: taken before the next one
            else:
                self._undo_the_end()
            return
        if self.input is not None:
            self.input.request_undo()

    def _cover(self, conn: Conn, message: dict[str, Any]) -> None:
        """A card has been seen and covered: the device moves on (one device) or this seat is done (own devices)."""
        if conn.who == "seat" and conn.seat is not None:
            if self.mode != OWN or self.table is None:
                raise Refusal("message.not_yours", "not a seat's message now")
            self.seen.add(conn.seat)
            q = self.question
            if q is not None and q.step == REVEAL and q.seat in self.seen:
                self._put(q, COVERED)
                return
            self.refresh()
            return
        if self.mode == OWN:
            raise Refusal("message.not_yours", "each player covers their card on their own phone")
        self._put(self._asked(message, REVEAL), COVERED)

    def _open(self, message: dict[str, Any]) -> None:
        """Round the table: the called player has taken the device; their task (or a decoy) is shown."""
        q = self._asked(message, TURN)
        self.opened = q.number
        self.refresh()

    def _count_now(self, message: dict[str, Any]) -> None:
        """Own devices: the host closes the vote with the ballots cast (a phone that dropped out abstains)."""
        q = self._asked(message, "day_vote")
        self._close_vote(q)

    def _close_vote(self, q: Question) -> None:
        state = self.state
        assert state is not None and self.gather is not None
        ballots = dict(self.gather.ballots)
        extra = self.extra_votes(state)
        choice = verdict(state, ballots, extra)
        decide(state, choice)
        self.vote_closed()
        counts = tally(state, ballots, extra)
        self.broadcast({"t": "tally", "counts": [{"name": self._name(s), "votes": n}
                                                 for s, n in sorted(counts.items(), key=lambda x: -x[1])]})
        self._put(q, choice)

    def extra_votes(self, state: State) -> dict[int, int] | None:
        """Votes counted against a seat on top of the ballots (an online room's speaking list); none here."""
        return None

    def vote_closed(self) -> None:
        """The day's vote has been decided (an online room's speaking list counts its first vote)."""

    def _tap(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        if message.get("q") == CALLED and self.question is None and self.called and conn.seat is not None \
                and str(message.get("value", "")).startswith("decoy:") and self.state is not None \
                and conn.seat in self.state.alive:
            self.called_done.add(conn.seat)  # a decoy tapped while no one is asked: kept by nobody
            self.refresh()
            return
        q = self._asked(message)
        state = self.state
        assert state is not None
        text = message.get("value")
        if not isinstance(text, str):
            raise Refusal("message.form", "a tap carries its value")
        try:
            choice = Choice.from_text(text)
        except NotAChoice:
            raise Refused("other", f"not a choice: {text[:40]}") from None
        if conn.who == "seat" and conn.seat is not None:
            self._seat_tap(conn.seat, q, state, choice)
            return
        if self.mode == OWN and not self._table_answers(q, state):
            raise Refusal("message.not_yours", "this is answered on the players' own phones")
        if q.step == TURN:
            self._turn_tap(client, q, state, choice)
            return
        choice = self.input_desk().check(choice)  # the rules say no with a reason, or yes: recorded once below
        result = self.input_desk().learns(choice)
        if result is not None:  # what the actor learns at once: only to the screen that tapped
            self.send_to(client, self._private_answer(choice, result))
        self._put(q, choice)

    def input_desk(self) -> Desk:
        """The desk of the game in play: where every tap is checked and handed to the narrator."""
        if self.input is None:
            raise Stale
        return self.input.desk

    def _table_answers(self, q: Question, state: State) -> bool:
        """Own devices: the host answers only what the whole table decides (the captain's election)."""
        current = state.current
        return current is not None and current.seat is None and q.step not in ("werewolves", "day_vote")

    def _private_answer(self, choice: Choice, result: str) -> dict[str, Any]:
        return shape.private({"t": "private", "kind": "answer", "target": self._name(choice.target or 0),
                              **self.screens().answer(result)})

    def _turn_tap(self, client: int, q: Question, state: State, choice: Choice) -> None:
        """Round the table: the player holding the device answers their task, or taps their decoy."""
        if self.opened != q.number:
            raise Refusal("stale", "the device has not been taken yet")
        desk = self.input_desk()
        choice = desk.check(choice)  # a task's choices or the decoys: only those on this screen
        result = desk.learns(choice)
        if result is not None:
            self.send_to(client, self._private_answer(choice, result))
        self.opened = None
        self._put(q, choice)

    def _seat_tap(self, seat: int, q: Question, state: State, choice: Choice) -> None:
        """Own devices: a phone answers for its own seat only; a seat with nothing to do taps a decoy."""
        gather = self.gather
        assert gather is not None
        current = state.current
        if seat not in state.alive and not (current is not None and current.seat == seat):
            raise Refusal("message.not_yours", "the dead watch; they do not act")  # but the dying hunter shoots
        if q.step == "day_vote":
            if seat not in voters(state):
                raise Refusal("message.not_yours", "you have no vote today")
            plain = choice.is_pass or choice == Choice("day_vote", choice.target)
            if choice.step != "day_vote" or not plain or choice.target not in (None, *state.alive):
                raise Refusal("message.form", "a ballot names a living player or nobody")
            gather.ballots[seat] = choice.target
            gather.done.add(seat)
            if len(gather.ballots) == len(voters(state)):
                self._close_vote(q)
            else:
                self.refresh()
            return
        acting = current is not None and seat in actor_of(state) and \
            (current.seat is not None or q.step == "werewolves")
        if acting:
            desk = self.input_desk()
            choice = desk.check(choice)
            if q.step == "werewolves":
                gather.picks[seat] = choice.text()
                agreed = gather.pack(actor_of(state))
                if agreed is not None:
                    self._put(q, Choice.from_text(agreed))
                else:
                    self.refresh()  # every wolf sees the pack's picks live
                return
            result = desk.learns(choice)
            if result is not None:
                self.learned[seat] = self._private_answer(choice, result)
                shape.tell(self.conns.values(), self._living(), self.learned[seat],
                           lambda c: c.who == "seat" and c.seat == seat)
            gather.done.add(seat)
            self._put(q, choice)
            return
        if choice.step == "decoy" and secret_step(q.step, state):
            gather.done.add(seat)  # kept by nobody: the screen says "done" like an action's
            self.refresh()
            return
        raise Refusal("message.not_yours", "it is not your turn")

    def _show_card(self, client: int, conn: Conn) -> None:
        """A card is shown to the screen that holds it: the table device at its seat's turn, or a seat's own phone."""
        q, state = self.question, self.state
        if state is None or self.table is None:
            return
        if conn.who == "seat" and conn.seat is not None:
            if self.mode != OWN:
                raise Refusal("message.not_yours", "not a seat's message now")
            self.send_to(client, self._card(state, conn.seat))
            return
        if self.mode == OWN:
            raise Refusal("message.not_yours", "each player sees their card on their own phone")
        if q is None or q.step != REVEAL or q.seat is None:
            raise Refusal("stale", "this screen has moved on")
        self.send_to(client, self._card(state, q.seat))

    def _card(self, state: State, seat: int) -> dict[str, Any]:
        seen = view(state, seat)
        card = seen["cards"][str(seat)]
        words = strings(self.lang)
        pack = [self._name(s) for s in seen["pack"] if s != seat]
        return shape.private({"t": "private", "kind": "card", "name": self._name(seat),
                              "role": words.get(f"role.{card}", card), "help": words.get(f"help.{card}", ""),
                              "picture": inline_picture(card), "pack": pack})

    def _resend_private(self, conn: Conn) -> None:
        """A phone back after a reload while its step is still called: what its actor learned (the seer's
        answer) is shown again, to this seat's phone only. Forgotten at the step's sleep line."""
        if conn.seat is not None and conn.seat in self.learned:
            conn.send(self.learned[conn.seat])

    def _turn_screen(self) -> dict[str, Any]:
        """Round the table: "pass the device to Ana", then, once she holds it, her task or a decoy."""
        q, state = self.question, self.state
        assert q is not None and state is not None and q.seat is not None
        name = self._name(q.seat)
        if self.opened != q.number:
            return {"screen": "turn", "q": q.number, "seat": q.seat, "name": name, "night": state.night}
        legal = [c.text() for c in q.legal]
        task = getattr(q, "task", None)
        screens = self.screens()
        if task is None:
            frames = Frames(screens, state, q, self.screen, self.mode, None)
            screen = frames.decoy(Question("werewolves", q.legal, q.seat, q.number), state, night=True)
            screen["step"] = "decoy"
        else:
            screen = screens.step(Question(task, q.legal, q.seat, q.number), state, q.seat, shape_of(task),
                                  screens.listed(legal))
        return {**screen, "q": q.number, "turn": name}

    # -- screens (built in screens.py) ---------------------------------------------------
    def _name(self, seat: int) -> str:
        if self.table is None:
            return str(seat)
        if seat not in self.labels:
            self.labels[seat] = Lines(self.script, self.table.lang, Picker(0), self.table.players).player(seat)
        return self.labels[seat]

    def screens(self) -> Screens:
        return Screens(self.lang, self._name)

    def _phase(self) -> str:
        s = self.state
        return "night" if s is not None and s.phase == "night" else "day"

    def question_screen(self, q: Question, state: State) -> dict[str, Any]:
        return self.screens().question(q, state)

    def end_screen(self, state: State) -> dict[str, Any]:
        return self.screens().end(state)
