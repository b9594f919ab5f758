"""One online room: a table of own devices whose players sit anywhere, each signed in with an account.

The game is the page's hub (narrator/ui/web/hub.py) in the "own devices" way: every screen is computed
for its receiver there. The room adds who sits where (by account, in the order they joined), the host's
rights for the player who opened it, the narrator's clips played in every browser, the voice chat's
channels and the speaking list (channels.py).

The room adds to the hub's game only through its hooks (`RoomHooks`, narrator/ui/web/ports.py `Hooks`) and the
public methods of the hub's parts: the channels and speaking list follow every change of screen, the speaking
list's penalty counts on the first vote, and what a page sends is routed by the room's message table, made of
the hub's rows a room passes on and its own (roommessages.py).

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

from engine import Mode, State, parse_house, ruleset
from engine.house import defaults
from narrator.audio.mixer import LAYERS
from narrator.config import Config, volume_level
from narrator.game.historystore import HistoryStore
from narrator.game.session import Table
from narrator.game.shelf import Shelf
from narrator.online.channels import Channels, Client, Member
from narrator.online.roommessages import room_messages
from narrator.speech.script import Script
from narrator.ui.web import shape
from narrator.ui.web.arrivals import CountedAtTheSocket
from narrator.ui.web.hub import Hub, Send
from narrator.ui.web.messages import HOST, SEAT
from narrator.ui.web.ports import Hooks
from narrator.ui.web.refusals import STALE, Refusal, as_refusal, refused
from narrator.ui.web.strings import strings

__all__ = ["Client", "Member", "Room", "RoomHooks", "start_ticking"]

MIN_PLAYERS, MAX_PLAYERS = 5, 14  # an online round, as the German text says
DEBATE_MINUTES = 5  # the debate's length when the host sets none: the sundial needs an end
FROM_HOST = ("screen", "peers", "dropped", "refused", "tally")  # what the opener's host connection passes on


class RoomHooks(Hooks):
    """What one room adds to its hub's game: every change of screen also updates the room's channels and
    extras, and the speaking list counts on the first vote."""

    keeps_config = False  # the site's config.yaml is every room's: a room's sound levels are kept with the room
    keeps_tokens = False  # a room's seats are its members' accounts', not tokens kept in a file
    offers_voices = False  # the narrator speaks in every browser: no voice to download on a server's setup

    def __init__(self, room: Room) -> None:
        self.room = room

    def before_screens(self) -> bool:
        """The room's channels first, then every page's screen (each sent only when it has changed)."""
        return self.room.channels.changed()

    def after_screens(self, changed: bool) -> None:
        if changed:  # a channel or the speaking list changed where the game's screens did not
            self.room.resend()

    def extra_votes(self, state: State) -> dict[int, int] | None:
        """The speaking list's penalty on the first vote of the game: one vote against each living player
        who never raised a hand."""
        speaking = self.room.channels.speaking
        if speaking is None or speaking.first_vote_done:
            return None
        return speaking.penalty(set(state.alive))

    def accounts(self) -> dict[int, int] | None:
        return {seat: member.user for seat, member in enumerate(self.room.members, 1)}

    def vote_closed(self) -> None:
        if self.room.channels.speaking is not None:
            self.room.channels.speaking.vote_closed()


class Room:
    """One room's table: its members and their pages, the hub's game, and what the room adds to the screens."""

    def __init__(self, code: str, owner: Member, cfg: Config, script: Script, data: Path, *,
                 ruleset: str = "classic", lang: str = "en", voice: str | None = None, speaking: bool = False,
                 fast: bool = False, speed: float = 1.0, now: Callable[[], float] = time.time,
                 speaker_factory: Callable[[Hub, Table], Any] | None = None,
                 history: HistoryStore | None = None, shelf: Shelf | None = None) -> None:
        self.code, self.owner, self.now = code, owner.user, now
        self.members: list[Member] = []
        self.removed: set[int] = set()
        self.clients: dict[int, Client] = {}
        self.ids = iter(range(1, 1 << 62))
        self.created = self.active = now()
        self.talker: dict[int, Client] = {}  # by account: the page that holds its voice chat, the last one opened
        hub = Hub(cfg, script, data, fast=fast, audio="none", speaker_factory=speaker_factory, speed=speed,
                  lang=lang, hooks=RoomHooks(self), history=history, shelf=shelf)
        self.hub = hub
        self.channels = Channels(hub, self, now, speaking)  # the voice chat, the speaking list, the sundial
        self.messages = room_messages(hub.messages)
        hub.tokens.claim_host()  # nobody's: no page can claim this table by saying hello
        setup = hub.setup
        setup.mode({"mode": Mode.OWN_DEVICES})
        setup.sound({"sound": "browser"})
        setup.ruleset({"ruleset": ruleset})
        if voice is not None and setup.voices_by_name().get(voice) == hub.draft.lang:
            setup.voice({"voice": voice})
        if hub.draft.house.day_timer_minutes is None:
            setup.house({"day_timer_minutes": DEBATE_MINUTES})
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

    def seated(self) -> int:
        return len(self.members)

    def talking(self) -> set[int]:
        """The seats whose voice chat is open on a page."""
        return {seat for user in self.talker if (seat := self.seat_of(user)) is not None}

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
            self.seats_changed()
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
                    client.send(refused(Refusal("room.removed", "removed"), strings(self.hub.lang)))
                    client.send({"t": "gone"})
                    self.drop(client)
            self.seats_changed()
            self.keep()

    def seats_changed(self) -> None:
        """The hub's seats are the members in the order they joined; every page is told its seat again."""
        hub = self.hub
        n = len(self.members)
        hub.tokens.seat_all(n)
        low, high = self.limits()
        players = min(max(n, low), high)
        if players != hub.draft.players:
            hub.setup.players({"players": players})
        hub.draft.seat_all([m.name for m in self.members])
        for client in self.clients.values():
            mine = self.seat_of(client.user)
            if client.seat_client is not None and mine is not None:
                hub.seats.place(client.seat_client, mine)
            client.send({"t": "you", "as": HOST if client.host_client is not None else SEAT, "seat": mine,
                         "room": self.code})
        hub.setup.shown()

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
            hub.seats.place(client.seat_client, seat)
            if user == self.owner:
                client.host_client = hub.connect(self._relay(client, host=True), host=True, now=now,
                                                 bucket=bucket)
            send({"t": "you", "as": HOST if user == self.owner else SEAT, "seat": seat, "room": self.code})
            self.active = self.now()
            # A page of this seat starts its voice chat afresh: its peers close their connections to the seat,
            # and the refresh opens them again, once (a second round of offers would race the first).
            self.talker[user] = client
            self.channels.afresh(seat)
            self.send_screen(client, force=True)
            return number

    def disconnect(self, number: int) -> None:
        with self.lock:
            client = self.clients.get(number)
            if client is not None:
                seat = self.seat_of(client.user)
                self.drop(client)
                others = [c for c in self.clients.values() if c.user == client.user]
                if seat is not None and others and client.user not in self.talker:
                    self.talker[client.user] = others[-1]  # the account's other device takes the voice chat
                    self.channels.afresh(seat)
                if self.channels.changed():  # a seat without a page has no voice pairs: its peers close theirs
                    self.resend()
            self.active = self.now()

    def drop(self, client: Client) -> None:
        """A page of the room has gone (closed, removed, the room closing): its hub connections with it."""
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
                self.send_screen(client, size=message.size if isinstance(message, shape.Padded) else None)
            elif isinstance(message, shape.ScreenPad):  # another phone was sent its screen: a dummy of a screen's size
                client.send(shape.padded(message, shape.room_size({}, message.size)))
            elif kind in FROM_HOST if host else kind not in ("you", "token", "nonce"):  # the cookie says who
                client.send(message)
                if kind == "refused" and message.get("rule") == STALE:
                    client.last = ""  # the hub sends the screen of now next: the page gets it, changed or not
        return send

    def send_screen(self, client: Client, force: bool = False, size: int | None = None) -> None:
        """The page's one screen, when it has changed; `size`: the hub sent every living phone its screen at
        once at this size (narrator/ui/web/shape.py), so this page is sent its own again too."""
        seat = self.seat_of(client.user)
        channel = self.channels.voice.channel(seat) if seat is not None else "none"
        if seat is not None and self.talker.get(client.user) is not client:
            channel = "elsewhere"  # the seat's voice chat is on its other page
        screen = client.screen({**self.channels.extra(), "voice": channel})
        if screen.get("screen") == "setup":
            screen["room"] = self.room_card()
        text = shape.encoded(screen)
        if force or size is not None or text != client.last:
            client.last = text
            client.send(shape.padded(screen, shape.room_size(screen, size, text), text))

    def resend(self) -> None:
        for client in list(self.clients.values()):
            self.send_screen(client)

    def to_seat_page(self, seat: int, message: dict[str, Any]) -> None:
        """The voice chat's messages for a seat go to the one page that holds its voice chat."""
        client = self.talker.get(self.members[seat - 1].user) if 1 <= seat <= len(self.members) else None
        if client is not None:
            client.send(message)

    def room_card(self) -> dict[str, Any]:
        """The setup's room section: the code and who has joined (public to the room)."""
        low, high = self.limits()
        return {"code": self.code, "min": low, "max": high, "speaking": self.channels.speaking is not None,
                "players": [{"seat": i, "name": m.name, "user": m.user == self.owner}
                            for i, m in enumerate(self.members, 1)]}

    # -- what a page sends ---------------------------------------------------------------------
    def handle(self, number: int, message: object) -> None:
        """One message from a member's page, routed by the room's table (roommessages.py); anything else is
        refused with a reason and changes nothing."""
        with self.lock:
            client = self.clients.get(number)
            if client is None:
                return
            self.active = self.now()
            try:
                route = self.messages.find(HOST if client.host_client is not None else SEAT, message)
                assert isinstance(message, dict)
                route.take(self, client, number, message, None)
            except Exception as exc:
                refusal = as_refusal(exc)
                if refusal is None:
                    raise
                client.send(refused(refusal, strings(self.hub.lang), self.hub.stage.name))
            self.keep()

    def tick(self) -> None:
        """Once a second: the speaking list's timer, the lovers' thirty seconds, the debate's end."""
        with self.lock:
            self.channels.tick()

    def idle_since(self) -> float:
        return self.active if not self.clients else self.now()

    def close(self) -> None:
        with self.lock:
            for client in list(self.clients.values()):
                client.send({"t": "gone"})
                self.drop(client)
            self.hub.stop_game()

    # -- what a restart keeps (narrator/online/openrooms.py; Rooms.reopen reads it back) --------------------------
    def record(self) -> dict[str, Any]:
        """Who sits where, the setup and the speaking list's counts; the game is in the journal. No secret."""
        d, speaking, key = self.hub.draft, self.channels.speaking, self.hub.loop.key
        return {"code": self.code, "owner": self.owner, "members": [[m.user, m.name] for m in self.members],
                "removed": sorted(self.removed), "ruleset": d.ruleset, "lang": d.lang, "voice": d.voice,
                "counts": d.counts, "house": d.house.to_json(), "levels": d.levels, "speaking": speaking is not None,
                "spoke": sorted(speaking.spoke) if speaking else [],
                "first_vote_done": bool(speaking and speaking.first_vote_done),
                "journal": key if self.hub.table and key else None}

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
        from its journal (replayed silently up to the question it was at, as `wolfcall play --resume` does) at
        its question or its end; a room that was at its setup (no journal named) is at its setup again; "": a
        record kept before it was named, the latest unfinished game."""
        with self.lock:
            d = self.hub.draft
            self.members = [Member(int(user), str(name)) for user, name in record["members"]]
            self.removed = {int(user) for user in record["removed"]}
            self.seats_changed()
            d.restore({str(role): int(n) for role, n in record["counts"].items()},
                      parse_house(d.ruleset, record["house"], defaults(d.ruleset)),
                      {layer: volume_level(record.get("levels", d.levels)[layer]) for layer in LAYERS})
            journal = record.get("journal", "")
            if journal is None:
                self.hub.setup.shown()
            elif not isinstance(journal, str) or Path(journal).name != journal:
                raise ValueError(f"the room's record names no journal: {journal!r}")
            else:
                self.hub.loop.resume(journal or None)
            self.channels.kept(record, self.hub.dealt)
            self.stored = json.dumps(self.record(), sort_keys=True, ensure_ascii=False)

    def suspend(self) -> threading.Thread | None:
        """The server restarts: every page is told so (it reconnects by itself), and the narrator stops at its
        next question, once it has journaled every answer it was handed; the thread to wait for."""
        with self.lock:
            for client in list(self.clients.values()):
                client.send({"t": "restarting"})
                self.drop(client)
            thread, live = self.hub.thread, self.hub.input
            if live is not None:
                live.stop()
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
