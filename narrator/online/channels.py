"""One online room's voice chat: who may hear whom as the game is said, and every page told when it changes.

The channels follow the game at the moment it changes (the hub tells the room before every change of
screen): a verdict, nightfall and dawn close and open the pairs as the narrator says them, not at the next
question (narrator/online/voice.py says who may hear whom).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import State, view
from narrator.game.inputs import REVEAL, START
from narrator.online.speaking import SpeakingList
from narrator.online.voice import Voice, channels, hearing
from narrator.ui.web.hub import Hub, Send

LOVERS_SECONDS = 30.0  # from night 2 the lovers whisper this long each night


@dataclass
class Member:
    user: int
    name: str


@dataclass
class Client:
    """One browser connected to the room: its hub connections and what its page was last sent."""

    user: int
    send: Send
    seat_client: int | None = None
    host_client: int | None = None
    host_screen: dict[str, Any] = field(default_factory=dict)
    seat_screen: dict[str, Any] = field(default_factory=dict)
    last: str = ""

    def screen(self, extra: dict[str, Any]) -> dict[str, Any]:
        """The opener sees the table's question when their own seat has none, and their seat's otherwise."""
        seat, host = self.seat_screen, self.host_screen
        if self.host_client is None:
            out = seat
        elif not seat or seat.get("screen") == "lobby" or seat.get("watch") or ("q" in host and "q" not in seat) \
                or ("q" in host and seat.get("screen") == "day"):  # a seat's day asks it nothing: the table's may
            out = host
        else:
            out = seat
        screen = {**out, **extra, "t": "screen"}
        if "left" in screen:  # the sundial counts from the server's clock: its time when the frame was made
            screen["ends"] = screen["now"] + 1000 * screen["left"]
            screen.pop("debate", None)  # the day's own screen draws it
        elif "debate" not in screen:
            screen.pop("now", None)
        return screen


class RoomChannels:
    """The room's voice channels and the extras every screen carries (the speaking list, the sundial)."""

    hub: Hub
    voice: Voice
    speaking: SpeakingList | None
    game: object  # the game the speaking list counts for (a rematch starts a new list)
    night_began: float | None
    extras: object  # the channels and speaking list the pages were last sent
    talker: dict[int, Client]  # by account: the page that holds its voice chat
    members: list[Member]
    clients: dict[int, Client]
    now: Callable[[], float]

    def seat_of(self, user: int) -> int | None:
        raise NotImplementedError  # room.py

    def _send_screen(self, client: Client, force: bool = False, size: int | None = None) -> None:
        raise NotImplementedError  # room.py

    def _voice_afresh(self, seat: int) -> None:
        """The seat's voice page has changed: its peers close their connections to it, and the refresh opens
        them again, once, with the new page (a second round of offers would race the first)."""
        self.voice.update(frozenset(p for p in self.voice.pairs if seat not in p))
        self.hub.refresh()
        self.resend()

    def phase(self) -> str:
        """What the voice chat follows: lobby, deal, night, day, over."""
        hub = self.hub
        state = hub.state
        if hub.table is None:
            return "lobby"
        if state is None:
            return "deal"
        if state.over or hub.screen.get("screen") == "end":
            return "over"
        q = hub.question
        if (q is not None and q.step in (REVEAL, START)) or hub.screen.get("phase") == "deal":
            return "deal"
        if q is None and hub.screen.get("screen") == "listen" and hub.screen.get("phase") in ("night", "day"):
            # while the narrator speaks: the table's eyes as its lines say (the verdict is heard by day, and
            # "night falls" closes the day's channels), with the game as it stands now (the dead are out)
            return str(hub.screen["phase"])
        return "night" if state.phase == "night" else "day"

    def changed(self) -> bool:
        """Before any change of screen: the voice channels, the speaking list's dead, the night's clock; True
        when what the room adds to the screens has changed."""
        phase = self.phase()
        state = self.hub.state
        now = self.now()
        if self.hub.dealt is not self.game:
            self.game = self.hub.dealt
            if self.speaking is not None:
                self.speaking = SpeakingList()
        if phase == "night":
            if self.night_began is None:
                self.night_began = now
        else:
            self.night_began = None
        if self.speaking is not None and state is not None:
            for seat in list(self.speaking.hands) + ([self.speaking.speaker] if self.speaking.speaker else []):
                if seat not in state.alive:
                    self.speaking.dead(seat)
        self.voice.update(*self.pairs(phase, state, now))
        debate = self.hub.screen.get("screen") == "day" and bool(self.hub.screen.get("timer"))
        extras = (dict(self.voice.channels), self.speaking.public(now, str) if self.speaking else None, debate)
        if extras == self.extras:
            return False
        self.extras = extras
        return True

    def resend(self) -> None:
        for client in list(self.clients.values()):
            self._send_screen(client)

    def pairs(self, phase: str, state: State | None,
              now: float) -> tuple[frozenset[frozenset[int]], dict[int, str]]:
        """Who may hear whom now (only seats with a page open), and each seat's channel (narrator/online/voice.py).
        The game as each seat's own view gives it: the living as the table sees them, a wolf with the pack its
        view lists, a lover with the lover its view names; nothing else of the state is read."""
        seated = set(range(1, len(self.members) + 1))
        if state is None:
            args: tuple[Any, ...] = (seated, set(), None, "lobby" if phase == "lobby" else "deal", False, seated)
        else:
            table = view(state)
            alive = set(table["alive"])
            known = {seat: view(state, seat) for seat in sorted(alive & seated)}
            wolves = {s for s, v in known.items() if s in v["pack"]}
            wolves = {s for s in wolves if wolves - {s} <= set(known[s]["pack"])}  # each knows the others
            lovers = next((frozenset((s, v["lover"])) for s, v in known.items()
                           if v.get("lover") in known and known[v["lover"]].get("lover") == s), None)
            open_ = (phase == "night" and table["night"] >= 2 and self.night_began is not None
                     and now - self.night_began < LOVERS_SECONDS)
            args = (alive, wolves, lovers, phase, open_, seated)
        online = {self.seat_of(user) for user in self.talker}
        return frozenset(p for p in hearing(*args) if p <= online), channels(*args)

    def _to_seat_pages(self, seat: int, message: dict[str, Any]) -> None:
        """The voice chat's messages for a seat go to the one page that holds its voice chat."""
        client = self.talker.get(self.members[seat - 1].user) if 1 <= seat <= len(self.members) else None
        if client is not None:
            client.send(message)
