"""Every room of one server, by code: opened by a signed-in player, joined with the code, closed when idle.

A code is eight letters from an alphabet read aloud without doubt (20^8, about 2.6e10 codes), so guessing
one is hopeless at the rate joins are allowed (`JOIN_TRIES` a minute for each address and each account),
counted in the store when the server has one, so that every process sharing it shares one count.
Several processes may share one store (PostgreSQL), and nothing else: each holds its rooms by a lease in the
store's registry (holding.py), renewed by `watch`, and keeps each room's record and journals in the store
(roomstore.py), every write fenced by its claim's token; a room another process holds is answered
`room.elsewhere` (HTTP 503: a proxy tries the next process, nginx's `proxy_next_upstream http_503`), and a room
whose lease has expired (its process died) is taken over from its record and journal by the next `watch` round.
A room whose write was refused (another process claimed it while this one stalled) is let go at once. Without a
shared store, a host routes each code to its own server by its first letter (see the README, "Running many
rooms").
"""

from __future__ import annotations

import shutil
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.game.historystore import HistoryStore, open_history
from narrator.game.journal import Fence, JournalError
from narrator.game.session import Table
from narrator.online.holding import Alone, Holds
from narrator.online.openrooms import OpenRooms, RoomFiles
from narrator.online.room import Member, Room
from narrator.online.roomregistry import Crowded, Opener
from narrator.online.roomstore import StoredRooms
from narrator.online.store import Store
from narrator.speech.script import Script
from narrator.ui.web.arrivals import JOIN_TRIES, Window
from narrator.ui.web.guard import CODE_LETTERS, normal_code, same
from narrator.ui.web.refusals import Refusal

CODE_LENGTH = 8
IDLE_SECONDS = 30 * 60  # a room nobody is connected to closes after this long; its code stops working
MAX_ROOMS = 500  # rooms one server opens at most (memory is bounded; measured in `make bench`)
# Rooms open at once, counted in the store over every process that shares it (roomregistry.py Opener), per account
# and per address as the server trusts it (the proxy's X-Forwarded-For only with --proxy). A family behind one home
# router has a few accounts and opens a room or two (a game with friends far away, one for the children); a shared
# house or a club's room behind one address a few more: six leaves room for that. One address opening rooms as fast
# as it can from fresh accounts filled all 500 rooms of a server in 30 s; now it holds six until one closes (idle).
ROOMS_EACH = 3
ROOMS_PER_ADDRESS = 6
RULESETS = ("classic", "extended")
LANGS = ("en", "de", "es")
SUSPEND_S = 10.0  # a restart waits at most this long for the narrators to journal what they were handed


class Rooms:
    def __init__(self, cfg: Config, script: Script, data: Path, *, fast: bool = False, speed: float = 1.0,
                 now: Callable[[], float] = time.time, prefix: str = "",
                 speaker_factory: Callable[[Any, Table], Any] | None = None, store: Store | None = None,
                 kept: OpenRooms | None = None, holding: Holds | None = None,
                 history: HistoryStore | None = None) -> None:
        """`prefix`: the first letter of every code this server draws, so that a router in front of several
        servers sends `/r/<code>...` to the one that holds the room by that letter alone (README). `store`:
        where the join tries are counted (without one, in this process's memory). `kept`: where the open rooms'
        records and journals are kept for a restart or another process (default: in `store`; without one, a
        folder a room in `data/rooms`). `holding`: this process's leases in the store's registry (default: none,
        every room is this server's). `history`: where every room's finished games are kept (default:
        `history.sqlite` in `data`)."""
        if len(prefix) > 1 or (prefix and prefix not in CODE_LETTERS):
            raise ValueError(f"a code's first letter is one of {CODE_LETTERS}")
        self.cfg, self.script, self.data, self.fast, self.speed, self.now = cfg, script, data, fast, speed, now
        self.prefix = prefix
        self.speaker_factory = speaker_factory
        self.rooms: dict[str, Room] = {}
        # every room's finished games, each kept with its players' accounts (with a store, beside it: fenced)
        self.history = history if history is not None else store.open_history() if store else open_history(data)
        self.lock = threading.Lock()
        self.joins: Window | StoredWindow = Window(now, JOIN_TRIES) if store is None else StoredWindow(store, now)
        self.kept: OpenRooms = kept if kept is not None else StoredRooms(store) if store else RoomFiles(data / "rooms")
        self.fences: dict[str, Fence] = {}  # the claim of each room held here, every write of the room carries it
        self.closing = False  # the server is restarting: no room opens or is joined any more
        self.holding: Holds = holding if holding is not None else Alone()
        self.taking = threading.Lock()  # one takeover at a time: a room is never reopened twice in this process
        self.wake = threading.Event()  # a page asked for a room nobody holds: `watch` looks at once
        self.broken: set[str] = set()  # rooms whose record or journal cannot be read: not tried again

    def open(self, user: int, name: str, options: dict[str, Any], address: str = "-") -> Room:
        """A new room of account `user`, opened from `address`: refused (`room.many`, `room.crowded`) before
        anything is made for it when the account or the address has its most rooms open."""
        ruleset = options.get("ruleset", "classic")
        lang = options.get("lang", "en")
        voice = options.get("voice")
        if ruleset not in RULESETS or lang not in LANGS or (voice is not None and not isinstance(voice, str)):
            raise Refusal("message.form", "a room has a ruleset (classic, extended) and a language (en, de, es)")
        with self.lock:
            self._refuse_closing()
            self._close_idle()
            if len(self.rooms) >= MAX_ROOMS:
                raise Refusal("room.busy", "this server has no room left; try again later")
            if sum(room.owner == user for room in self.rooms.values()) >= ROOMS_EACH:  # this process's, and without
                raise _crowded("account")                                           # a store the only count
            fence = self._new_code(Opener(user, address, ROOMS_EACH, ROOMS_PER_ADDRESS))
            room = Room(fence.room, Member(user, name), self.cfg, self.script, self.data / "rooms" / fence.room,
                        ruleset=ruleset, lang=lang, voice=voice, speaking=bool(options.get("speaking", False)),
                        **self._room_options(fence))
            self.rooms[fence.room] = room
            self._keep(room, fence)
            return room

    def _room_options(self, fence: Fence) -> dict[str, Any]:
        """What every room of this server is made with, its journals and history written as the claim `fence`."""
        return {"fast": self.fast, "speed": self.speed, "now": self.now, "speaker_factory": self.speaker_factory,
                "shelf": self.kept.shelf(fence, self.wake.set),
                "history": self.kept.history(fence, self.history, self.wake.set)}

    def _keep(self, room: Room, fence: Fence) -> None:
        """The room's record is kept as the claim `fence` from now on; a refused write wakes `watch`, whose
        renewal fails and lets the room go."""
        self.fences[fence.room] = fence
        room.store = lambda record: self.kept.save(fence, record, self.wake.set)
        room.keep()

    def _refuse_closing(self) -> None:
        if self.closing:
            raise Refusal("server.restarting", "the server is restarting; try again in a moment")

    def reopen(self) -> list[str]:
        """At start: every room that was open when the server stopped (or was killed), with its members and
        its game from its journal, unless another process holds it now; the codes reopened. A room that cannot
        be reopened is named on stderr."""
        return [code for code in self.kept.codes() if self._take(code)]

    def _take(self, code: str) -> bool:
        """Claim room `code` and reopen it from its record and journal; False when another process holds it, it
        has no record (closed meanwhile), or it cannot be reopened."""
        with self.taking:
            if code in self.rooms or code in self.broken:
                return False
            token = self.holding.claim(code)
            if token is None:
                return False
            fence = Fence(code, token)
            record = self.kept.get(code)
            room = None if record is None else self._reopened(fence, record)
            if room is None:
                self.holding.release(code, token)
                return False
            with self.lock:
                self.rooms[code] = room
            self._keep(room, fence)  # kept as it was read: nothing is written again
            return True

    def _reopened(self, fence: Fence, record: dict[str, Any]) -> Room | None:
        code = fence.room
        try:
            names = {int(user): str(name) for user, name in record["members"]}
            room = Room(code, Member(int(record["owner"]), names[int(record["owner"])]), self.cfg, self.script,
                        self.data / "rooms" / code, ruleset=record["ruleset"], lang=record["lang"],
                        voice=record.get("voice"), speaking=bool(record["speaking"]), **self._room_options(fence))
            room.reseat(record)
        except (KeyError, TypeError, ValueError, JournalError, Refusal) as exc:
            print(f"wolfcall: the room {code} could not be reopened ({exc!r})", file=sys.stderr)
            self.broken.add(code)
            return None
        return room

    def watch(self, stop: threading.Event) -> None:
        """Until `stop`: every third of a lease, renew this process's leases (a room another process has taken
        meanwhile is let go: its pages reconnect to it), and take over every room nobody holds any more."""
        while not stop.is_set():
            try:
                self.round()
            except Exception as exc:  # the store is out of reach for a moment: the next round tries again
                print(f"wolfcall: the room registry: {type(exc).__name__}: {exc}", file=sys.stderr)
            self.wake.wait(self.holding.ttl / 3)
            self.wake.clear()

    def round(self) -> None:
        """One round of `watch`."""
        if self.closing:
            return
        with self.lock:
            held = [(code, room) for code, room in self.rooms.items() if code in self.fences]  # kept as claimed
            fences = {code: self.fences[code].token for code, _ in held}
        ours = self.holding.renew(fences)
        lost = [(code, room) for code, room in held if code not in ours]
        for code, room in lost:
            with self.lock:
                self.rooms.pop(code, None)
                self.fences.pop(code, None)
            room.store = None  # its record is the new holder's now
            room.suspend()
        if lost:
            print(f"wolfcall: {len(lost)} rooms are held by another process now", file=sys.stderr)
        left = [code for code in self.kept.codes() if code not in self.rooms and code not in self.broken]
        taken = [code for code in self.holding.takeable(left) if self._take(code)]
        if taken:
            print(f"wolfcall: took over {len(taken)} rooms", file=sys.stderr)

    def elsewhere(self, typed: object, user: int | None = None) -> bool:
        """Room `typed` is not here but open in the shared data folder (and `user` sits in it): another process
        holds it, or will once it takes it over. Asked only for a room `find` did not find."""
        code = normal_code(str(typed)[:64]) if isinstance(typed, str) else ""
        if len(code) != CODE_LENGTH or self.find(code) is not None:
            return False
        record = self.kept.get(code)
        if record is None or (user is not None and user not in {m[0] for m in record.get("members", [])}):
            return False
        if self.holding.free(code):
            self.wake.set()  # its process died or stopped: taken over now, not at the next round
        return True

    def suspend(self, wait: float = SUSPEND_S) -> None:
        """SIGTERM: no new rooms; every page is told the server restarts; each narrator journals what it was
        handed and stops. The rooms stay in the list: the next start reopens them (`reopen`)."""
        with self.lock:
            self.closing = True
            rooms = list(self.rooms.values())
        threads = [room.suspend() for room in rooms]
        deadline = time.monotonic() + wait
        for thread in threads:
            if thread is not None:
                thread.join(max(0.0, deadline - time.monotonic()))
        for room in rooms:  # every answer journaled: another process may take them over from now on
            fence = self.fences.get(room.code)
            if fence is not None:
                self.holding.release(*fence)

    def _new_code(self, opener: Opener) -> Fence:
        """A code no room has had (in the store's registry; in the data folder without one), claimed for `opener`
        (a Refusal when it has its most rooms open)."""
        import secrets

        while True:
            code = self.prefix + "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH - len(self.prefix)))
            if code in self.rooms or (self.data / "rooms" / code).exists():
                continue
            try:
                token = self.holding.claim_new(code, opener)
            except Crowded as exc:
                raise _crowded(exc.which) from None
            if token is not None:
                return Fence(code, token)

    def find(self, typed: object) -> Room | None:
        """The room of a typed code (spaces, dashes and case forgiven), compared in constant time."""
        code = normal_code(str(typed)[:64]) if isinstance(typed, str) else ""
        found = None
        with self.lock:
            self._close_idle()
            for known, room in self.rooms.items():
                if same(code, known):
                    found = room
        return found

    def guess(self, user: int | None, address: str) -> bool:
        """One more try at a code from this address (and account): False past JOIN_TRIES a minute. Every way
        of naming a room that is not its member's counts, opening its page or socket, live code or not, and a
        join with a wrong code (`join`)."""
        return self.joins.take(f"ip:{address}") and (user is None or self.joins.take(f"user:{user}"))

    def full(self, user: int | None, address: str) -> bool:
        """This address (or account) has tried JOIN_TRIES codes in the last minute (without trying one more)."""
        return self.joins.full(f"ip:{address}") or (user is not None and self.joins.full(f"user:{user}"))

    def join(self, typed: object, user: int, name: str, address: str) -> Room:
        """A join with the code typed: a wrong code counts as a try; a right one (a room here, or held by another
        process) goes in uncounted, as at the table's own server (a table behind one router joins, and a join
        that a proxy tries at both processes counts nothing twice), but only under the limit: past it a right
        code and a wrong one get the same refusal."""
        self._refuse_closing()
        room = self.find(typed)
        held = room is None and self.elsewhere(typed)
        if self.full(user, address) if room is not None or held else not self.guess(user, address):
            raise Refusal("room.slow", "too many tries; wait a minute")
        if held:
            raise Refusal("room.elsewhere", "the room is on another server of this site; try again")
        if room is None:
            raise Refusal("room.unknown", "there is no room with that code, or it has closed")
        room.join(Member(user, name))
        return room

    def _close_idle(self) -> None:
        t = self.now()
        for code, room in list(self.rooms.items()):
            if t - room.idle_since() > IDLE_SECONDS:
                del self.rooms[code]
                room.close()
                fence = self.fences.pop(code)
                self.kept.drop(fence)  # its lease, record and journals
                shutil.rmtree(self.data / "rooms" / code, ignore_errors=True)
                self.holding.release(*fence)

    def all(self) -> list[Room]:
        with self.lock:
            self._close_idle()
            return list(self.rooms.values())

    def close(self) -> None:
        with self.lock:
            for room in self.rooms.values():
                room.close()
            self.rooms.clear()


def _crowded(which: str) -> Refusal:
    if which == "account":
        return Refusal("room.many", f"you already have {ROOMS_EACH} rooms open; play in one of them")
    return Refusal("room.crowded", f"{ROOMS_PER_ADDRESS} rooms are open from your network already; play in one of "
                   "them, or try again once one has closed")


class StoredWindow:
    """`Window`'s count of the last minute's tries per key, kept in the store (one count for all processes)."""

    def __init__(self, store: Store, now: Callable[[], float], limit: int = JOIN_TRIES, seconds: float = 60.0) -> None:
        self.store, self.now, self.limit, self.seconds = store, now, limit, seconds

    def take(self, key: str) -> bool:
        t = self.now()
        return self.store.take_try(f"join:{key}", t, t - self.seconds, self.limit)

    def full(self, key: str) -> bool:
        return self.store.tries_since(f"join:{key}", self.now() - self.seconds) >= self.limit
