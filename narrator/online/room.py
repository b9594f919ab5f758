"""One online room: a table of own devices whose players sit anywhere, each signed in with an account.

The game is the page's hub (narrator/ui/web/hub.py) in the "own devices" way: every screen is computed
for its receiver there. The room adds who sits where (by account, in the order they joined), the host's
rights for the player who opened it, the narrator's clips played in every browser, the voice chat's
channels (narrator/online/voice.py) and the speaking list (narrator/online/speaking.py).

The room adds to the hub's game only through its public hooks (`RoomHooks`, narrator/ui/web/ports.py
`Hooks`): the channels and speaking list follow every change of screen, and the speaking list's penalty
counts on the first vote.

The room's opener plays a seat like everyone else; their page also gets the table's own questions (the
start, the call to vote, the captain's election) and the setup. Inside, that page holds two hub
connections, the seat's and the host's, and sees one screen made of both (`Client.screen`).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import State, parse_house, ruleset
from engine.house import defaults
from narrator.audio.mixer import LAYERS
from narrator.config import Config, volume_level
from narrator.game.historystore import HistoryStore
from narrator.game.inputs import START, VOTE
from narrator.game.journal import Journals
from narrator.game.session import Table
from narrator.online.channels import Client, Member, RoomChannels
from narrator.online.speaking import SpeakingList
from narrator.online.voice import Voice
from narrator.speech.script import Script
from narrator.ui.web import shape
from narrator.ui.web.arrivals import CountedAtTheSocket
from narrator.ui.web.frames import OWN
from narrator.ui.web.guard import Refusal
from narrator.ui.web.hub import Hub, Send
from narrator.ui.web.ports import Hooks
from narrator.ui.web.strings import strings
from narrator.ui.web.ways.own_devices import table_answers

__all__ = ["Client", "Member", "Room", "RoomHooks", "start_ticking"]

MIN_PLAYERS, MAX_PLAYERS = 5, 14  # an online round, as the German text says
DEBATE_MINUTES = 5  # the debate's length when the host sets none: the sundial needs an end
# what the opener's page may send as the host (the rest of the hub's host messages belong to a table device)
HOST_KINDS = ("ruleset", "adjust", "house", "lang", "voice", "levels", "deal", "new", "rematch", "start", "vote",
              "undo", "count")
SEAT_KINDS = ("tap", "show", "cover")
FROM_HOST = ("screen", "peers", "dropped", "refused", "tally")  # what the opener's host connection passes on


class RoomHooks(Hooks):
    """What one room adds to its hub's game: every change of screen also updates the room's channels and
    extras, and the speaking list counts on the first vote."""

    keeps_config = False  # the site's config.yaml is every room's: a room's sound levels are kept with the room

    def __init__(self, room: Room) -> None:
        self.room = room

    def before_screens(self) -> bool:
        """The room's channels first, then every page's screen (each sent only when it has changed)."""
        return self.room.changed()

    def after_screens(self, changed: bool) -> None:
        if changed:  # a channel or the speaking list changed where the game's screens did not
            self.room.resend()

    def extra_votes(self, state: State) -> dict[int, int] | None:
        """The speaking list's penalty on the first vote of the game: one vote against each living player
        who never raised a hand."""
        speaking = self.room.speaking
        if speaking is None or speaking.first_vote_done:
            return None
        return speaking.penalty(set(state.alive))

    def accounts(self) -> dict[int, int] | None:
        return {seat: member.user for seat, member in enumerate(self.room.members, 1)}

    def vote_closed(self) -> None:
        if self.room.speaking is not None:
            self.room.speaking.vote_closed()


class Room(RoomChannels):
    """One room's table: its members and their pages, the hub's game, and what the room adds to the screens."""

    def __init__(self, code: str, owner: Member, cfg: Config, script: Script, data: Path, *,
                 ruleset: str = "classic", lang: str = "en", voice: str | None = None, speaking: bool = False,
                 fast: bool = False, speed: float = 1.0, now: Callable[[], float] = time.time,
                 speaker_factory: Callable[[Hub, Table], Any] | None = None,
                 history: HistoryStore | None = None, journals: Journals | None = None) -> None:
        self.code, self.owner, self.now = code, owner.user, now
        self.members: list[Member] = []
        self.removed: set[int] = set()
        self.clients: dict[int, Client] = {}
        self.ids = iter(range(1, 1 << 62))
        self.created = self.active = now()
        hub = Hub(cfg, script, data, fast=fast, audio="none", speaker_factory=speaker_factory, speed=speed,
                  lang=lang, hooks=RoomHooks(self), history=history, journals=journals)
        self.hub = hub
        self.speaking = SpeakingList() if speaking else None
        self.game: object = None  # the game the speaking list counts for (a rematch starts a new list)
        self.voice = Voice(self._to_seat_pages)
        self.talker: dict[int, Client] = {}  # by account: the page that holds its voice chat, the last one opened
        self.night_began: float | None = None
        self.extras: object = None  # the channels and speaking list the pages were last sent
        hub.voice_download = None
        hub.tokens.keep = None
        hub.tokens.claim_host()  # nobody's: no page can claim this table by saying hello
        d = hub.draft
        d.mode, d.sound = OWN, "browser"
        hub.change_setup("ruleset", {"ruleset": ruleset})
        if voice is not None and hub.voices_by_name().get(voice) == d.lang:
            d.voice = voice
        if d.house.day_timer_minutes is None:
            hub.change_setup("house", {"day_timer_minutes": DEBATE_MINUTES})
        self.lock = hub.lock
        self.store: Callable[[dict[str, Any]], None] | None = None  # where the room's record is kept (openrooms.py)
        self.stored = ""  # the record last kept
        self.join(owner)

    # -- who sits where ---------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.hub.table is not None

    def seat_of(self, user: int) -> int | None:
        """The members sit in the order they joined (a removal moves the later ones up, before the deal)."""
        return next((i for i, m in enumerate(self.members, 1) if m.user == user), None)

    def join(self, member: Member) -> int:
        """A signed-in player takes the next seat (or is back in their own)."""
        with self.lock:
            seat = self.seat_of(member.user)
            if seat is not None:
                return seat
            if member.user in self.removed:
                raise Refusal("room.removed", "the host has removed you from this room")
            if self.started:
                raise Refusal("room.started", "this room's game has started")
            if len(self.members) >= self.limits()[1]:
                raise Refusal("room.full", "this room is full")
            self.members.append(member)
            self._seats_changed()
            self.active = self.now()
            self.keep()
            return len(self.members)

    def limits(self) -> tuple[int, int]:
        """How many may play this room's ruleset online: 5 to 14, within what the rules allow (classic: 6-12)."""
        rules = ruleset(self.hub.draft.ruleset)
        return max(MIN_PLAYERS, rules.min_players), min(MAX_PLAYERS, rules.max_players)

    def remove(self, user: int) -> None:
        """The host removes a player before the start; the seats after theirs move up one."""
        with self.lock:
            if self.started:
                raise Refusal("room.started", "players can only be removed before the start")
            if user == self.owner:
                raise Refusal("message.form", "the host stays in the room")
            self.members = [m for m in self.members if m.user != user]
            self.removed.add(user)
            for client in list(self.clients.values()):
                if client.user == user:
                    client.send({"t": "refused", "rule": "room.removed",
                                 "text": self._words().get("refusal.room.removed", "removed")})
                    client.send({"t": "gone"})
                    self.disconnect_client(client)
            self._seats_changed()
            self.keep()

    def _seats_changed(self) -> None:
        """The hub's seats are the members in the order they joined; every page is told its seat again."""
        hub = self.hub
        n = len(self.members)
        hub.tokens.seats = {}
        for seat in range(1, n + 1):
            hub.tokens.seat_token(seat)
        d = hub.draft
        players = min(max(n, self.limits()[0]), self.limits()[1])
        if players != d.players:
            hub.change_setup("players", {"players": players})
        d.names = [m.name for m in self.members]
        for client in self.clients.values():
            mine = self.seat_of(client.user)
            conn = hub.conns.get(client.seat_client) if client.seat_client is not None else None
            if conn is not None and mine is not None:
                conn.seat, conn.last = mine, ""
            client.send({"t": "you", "as": "host" if client.host_client is not None else "seat", "seat": mine,
                         "room": self.code})
        hub.show({"screen": "setup"})

    # -- connections ------------------------------------------------------------------------
    def connect(self, user: int, send: Send, now: Callable[[], float] = time.monotonic,
                limited: bool = False) -> int:
        """A member's browser: a seat connection in the hub, and the host's too for the opener. The page's socket
        counts its messages as they arrive (narrator/online/site.py), so the hub does not count them again when
        it takes them, perhaps in a burst after a busy moment (`limited`: it does, for tests without a socket)."""
        with self.lock:
            seat = self.seat_of(user)
            if seat is None:
                raise Refusal("room.not_member", "join this room with its code first")
            number = next(self.ids)
            client = Client(user, send)
            self.clients[number] = client
            hub = self.hub
            bucket = None if limited else CountedAtTheSocket(now)
            client.seat_client = hub.connect(self._relay(client, host=False), now=now, bucket=bucket)
            conn = hub.conns[client.seat_client]
            conn.who, conn.seat, conn.last = "seat", seat, ""
            if user == self.owner:
                client.host_client = hub.connect(self._relay(client, host=True), host=True, now=now,
                                                 bucket=bucket)
            send({"t": "you", "as": "host" if user == self.owner else "seat", "seat": seat, "room": self.code})
            self.active = self.now()
            # A page of this seat starts its voice chat afresh: its peers close their connections to the seat,
            # and the refresh opens them again, once (a second round of offers would race the first).
            self.talker[user] = client
            self._voice_afresh(seat)
            self._send_screen(client, force=True)
            return number

    def disconnect(self, number: int) -> None:
        with self.lock:
            client = self.clients.get(number)
            if client is not None:
                seat = self.seat_of(client.user)
                self.disconnect_client(client)
                others = [c for c in self.clients.values() if c.user == client.user]
                if seat is not None and others and client.user not in self.talker:
                    self.talker[client.user] = others[-1]  # the account's other device takes the voice chat
                    self._voice_afresh(seat)
                if self.changed():  # a seat without a page has no voice pairs: its peers close theirs
                    self.resend()
            self.active = self.now()

    def disconnect_client(self, client: Client) -> None:
        for number, c in list(self.clients.items()):
            if c is client:
                del self.clients[number]
        if self.talker.get(client.user) is client:
            del self.talker[client.user]
        for hub_client in (client.host_client, client.seat_client):
            if hub_client is not None:
                self.hub.disconnect(hub_client)
        client.host_client = client.seat_client = None

    def _relay(self, client: Client, host: bool) -> Send:
        """What one of the page's hub connections is sent: its screen goes into the page's one screen; the
        seat's other messages pass (the room says who the page is), and of the host's only FROM_HOST."""
        def send(message: dict[str, Any]) -> None:
            kind = message.get("t")
            if kind == "screen":
                screen = {k: v for k, v in message.items() if k != "t"}
                if host:
                    client.host_screen = screen
                else:
                    client.seat_screen = screen
                self._send_screen(client, size=message.size if isinstance(message, shape.Padded) else None)
            elif isinstance(message, shape.ScreenPad):  # another phone was sent its screen: a dummy of a screen's size
                client.send(shape.padded(message, shape.room_size({}, message.size)))
            elif kind in FROM_HOST if host else kind not in ("you", "token", "nonce"):  # the cookie says who
                client.send(message)
                if kind == "refused" and message.get("rule") == "stale":
                    client.last = ""  # the hub sends the screen of now next: the page gets it, changed or not
        return send

    def _send_screen(self, client: Client, force: bool = False, size: int | None = None) -> None:
        """The page's one screen, when it has changed; `size`: the hub sent every living phone its screen at
        once at this size (narrator/ui/web/shape.py), so this page is sent its own again too."""
        seat = self.seat_of(client.user)
        channel = self.voice.channel(seat) if seat is not None else "none"
        if seat is not None and self.talker.get(client.user) is not client:
            channel = "elsewhere"  # the seat's voice chat is on its other page
        screen = client.screen({**self.extra(), "voice": channel})
        if screen.get("screen") == "setup":
            screen["room"] = self.room_card()
        text = json.dumps(screen, sort_keys=True, ensure_ascii=False)
        if force or size is not None or text != client.last:
            client.last = text
            client.send(shape.padded(screen, shape.room_size(screen, size)))

    def room_card(self) -> dict[str, Any]:
        """The setup's room section: the code and who has joined (public to the room)."""
        low, high = self.limits()
        return {"code": self.code, "min": low, "max": high, "speaking": self.speaking is not None,
                "players": [{"seat": i, "name": m.name, "user": m.user == self.owner}
                            for i, m in enumerate(self.members, 1)]}

    # -- what a page sends ---------------------------------------------------------------------
    def handle(self, number: int, message: object) -> None:
        with self.lock:
            client = self.clients.get(number)
            if client is None:
                return
            self.active = self.now()
            kind = message.get("t") if isinstance(message, dict) else None
            try:
                if not isinstance(message, dict) or not isinstance(kind, str):
                    raise Refusal("message.form", "a malformed message")
                self._dispatch(client, kind, message)
            except Refusal as exc:
                text = self._words().get(f"refusal.{exc.rule}", str(exc))
                client.send({"t": "refused", "rule": exc.rule, "text": text})
            except (KeyError, ValueError, TypeError):
                client.send({"t": "refused", "rule": "message.form",
                             "text": self._words().get("refusal.message.form", "a malformed message")})
            self.keep()

    def _dispatch(self, client: Client, kind: str, message: dict[str, Any]) -> None:
        seat = self.seat_of(client.user)
        hub = self.hub
        if kind == "hello":
            client.send({"t": "you", "as": "host" if client.host_client else "seat", "seat": seat,
                         "room": self.code})
            self._send_screen(client, force=True)
        elif kind == "rtc":
            if seat is None:
                raise Refusal("message.not_yours", "not seated")
            if self.talker.get(client.user) is not client:
                raise Refusal("voice.elsewhere", "your voice chat is open on another device")
            self.voice.relay(seat, message)  # its VoiceRefused is a Refusal: refused like any other message
        elif kind == "hand":
            self._hand(seat, bool(message.get("up")))
        elif kind == "next_speaker":
            if client.host_client is None:
                raise Refusal("message.not_yours", "the host calls the next speaker")
            if self.speaking is None:
                raise Refusal("speaking.off", "this room plays without the speaking list")
            self.speaking.next(self.now())
            hub.refresh()
        elif kind == "speaking":
            if client.host_client is None or self.started:
                raise Refusal("message.not_yours", "the host turns the speaking list on or off before the start")
            self.speaking = SpeakingList() if message.get("on") is True else None
            hub.refresh()
        elif kind == "remove":
            if client.host_client is None:
                raise Refusal("message.not_yours", "only the host removes players")
            target = int(message["seat"])
            if not 1 <= target <= len(self.members):
                raise Refusal("message.form", "no such seat")
            self.remove(self.members[target - 1].user)
        elif kind in SEAT_KINDS and not (kind == "tap" and client.host_client is not None and self._table_question()):
            assert client.seat_client is not None
            hub.handle(client.seat_client, message)
        elif kind in HOST_KINDS or kind == "tap":
            if client.host_client is None:
                raise Refusal("message.not_yours", "only the room's host may do that")
            low, high = self.limits()
            if kind == "deal" and not low <= len(self.members) <= high:
                raise Refusal("room.too_few", f"this room's rules need {low} to {high} players")
            hub.handle(client.host_client, message)
            if kind == "ruleset" and not self.started:
                self._seats_changed()  # the new rules' player range, with everyone still seated
        else:
            raise Refusal("message.not_yours", "not a message this page may send")

    def _table_question(self) -> bool:
        hub = self.hub
        q, state = hub.question, hub.state
        if q is None or state is None:
            return False
        return q.step in (START, VOTE) or table_answers(q, state)

    def _hand(self, seat: int | None, up: bool) -> None:
        state = self.hub.state
        if self.speaking is None:
            raise Refusal("speaking.off", "this room plays without the speaking list")
        if seat is None or state is None or seat not in state.alive or self.phase() != "day":
            raise Refusal("speaking.closed", "hands are raised by the living, by day")
        if up:
            self.speaking.raise_hand(seat, self.now())
        else:
            self.speaking.lower_hand(seat)
        self.hub.refresh()

    # -- the room's extras on every screen ------------------------------------------------------
    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {"now": round(self.now() * 1000)}
        hub = self.hub
        if hub.screen.get("screen") == "day" and hub.screen.get("timer"):  # the debate's sundial, on every screen
            left = hub.current_screen().get("left", 0)
            out["debate"] = {"ends": out["now"] + 1000 * left, "total": 60 * hub.screen["timer"]}
        state = self.hub.state
        if self.speaking is not None and state is not None and self.phase() == "day":
            out.update(self.speaking.public(self.now(), self.hub.name))
        return out

    def tick(self) -> None:
        """Once a second: the speaking list's timer, the lovers' thirty seconds, the debate's end."""
        with self.lock:
            if self.speaking is not None and self.speaking.tick(self.now()):
                self.hub.refresh()
            elif self.night_began is not None and self.changed():
                self.resend()
            self._debate_over()

    def _debate_over(self) -> None:
        """The sundial has run out: the table goes to the vote, as if the host had said so."""
        hub = self.hub
        q = hub.question
        if q is None or q.step != VOTE or hub.screen.get("screen") != "day" or not hub.screen.get("timer"):
            return
        if hub.current_screen().get("left", 1) <= 0:
            hub.put(q, VOTE)

    def _words(self) -> dict[str, str]:
        return strings(self.hub.lang)

    def idle_since(self) -> float:
        return self.active if not self.clients else self.now()

    def close(self) -> None:
        with self.lock:
            for client in list(self.clients.values()):
                client.send({"t": "gone"})
                self.disconnect_client(client)
            self.hub.stop_game()

    # -- what a restart keeps (narrator/online/openrooms.py; Rooms.reopen reads it back) --------------------------
    def record(self) -> dict[str, Any]:
        """Who sits where, the setup and the speaking list's counts; the game is in the journal. No secret."""
        d, speaking = self.hub.draft, self.speaking
        return {"code": self.code, "owner": self.owner, "members": [[m.user, m.name] for m in self.members],
                "removed": sorted(self.removed), "ruleset": d.ruleset, "lang": d.lang, "voice": d.voice,
                "counts": d.counts, "house": d.house.to_json(), "levels": d.levels, "speaking": speaking is not None,
                "spoke": sorted(speaking.spoke) if speaking else [],
                "first_vote_done": bool(speaking and speaking.first_vote_done),
                "journal": self.hub.journal_name if self.hub.table else None}

    def keep(self) -> None:
        """The room's record, kept when it has changed (after every message, join and removal)."""
        if self.store is None:
            return
        record = self.record()
        text = json.dumps(record, sort_keys=True, ensure_ascii=False)
        if text != self.stored:
            self.stored = text
            self.store(record)

    def reseat(self, record: dict[str, Any]) -> None:
        """A room reopened after a restart: its members, setup and speaking list as kept, and its game continued
        from its journal (replayed silently up to the question it was at, as `wolfcall play --resume` does)."""
        with self.lock:
            d = self.hub.draft
            self.members = [Member(int(user), str(name)) for user, name in record["members"]]
            self.removed = {int(user) for user in record["removed"]}
            self._seats_changed()
            d.counts = {str(role): int(n) for role, n in record["counts"].items()}
            d.house = parse_house(d.ruleset, record["house"], defaults(d.ruleset))
            d.levels = {layer: volume_level(record.get("levels", d.levels)[layer]) for layer in LAYERS}
            self._resume(record.get("journal", ""))
            if self.speaking is not None:
                self.game = self.hub.dealt  # the speaking list counts on for the game continued
                self.speaking.spoke = {int(seat) for seat in record["spoke"]}
                self.speaking.first_vote_done = bool(record["first_vote_done"])
            self.stored = json.dumps(self.record(), sort_keys=True, ensure_ascii=False)

    def _resume(self, journal: object) -> None:
        """The game the room was at (its journal's name; "": a record kept before it was named, the latest
        unfinished game), at its question or at its end; None: the room was at its setup, no game comes back."""
        if journal is None:
            self.hub.show({"screen": "setup"})
        elif not isinstance(journal, str) or Path(journal).name != journal:
            raise ValueError(f"the room's record names no journal: {journal!r}")
        else:
            self.hub._continue(journal or None)

    def suspend(self) -> threading.Thread | None:
        """The server restarts: every page is told so (it reconnects by itself), and the narrator stops at its
        next question, once it has journaled every answer it was handed; the thread to wait for."""
        with self.lock:
            for client in list(self.clients.values()):
                client.send({"t": "restarting"})
                self.disconnect_client(client)
            thread = self.hub.thread
            if self.hub.input is not None:
                self.hub.input.stop()
            return thread


def start_ticking(rooms: Callable[[], list[Room]], every: float = 1.0) -> threading.Event:
    """A thread that ticks every room once a second (the server's own clock); set the event to stop it."""
    stop = threading.Event()

    def run() -> None:
        while not stop.wait(every):
            for room in rooms():
                room.tick()

    threading.Thread(target=run, daemon=True, name="wolfcall-rooms").start()
    return stop
