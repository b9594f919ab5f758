"""One online room's voice chat and what every screen of the room carries besides the game (the speaking list,
the debate's sundial): who may hear whom as the game is said, and every page told when it changes.

The channels follow the game at the moment it changes (the hub tells the room before every change of
screen): a verdict, nightfall and dawn close and open the pairs as the narrator says them, not at the next
question (narrator/online/voice.py says who may hear whom). The room's seats are seen through `Seats`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine import State, view
from narrator.game.inputs import REVEAL, START, VOTE, VOTE_CALLED
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
    shows_host: bool = False  # the page shows its host connection's screen: what it taps there answers the table

    def screen(self, extra: dict[str, Any]) -> dict[str, Any]:
        """The opener sees the table's question when their own seat has none, and their seat's otherwise."""
        seat, host = self.seat_screen, self.host_screen
        self.shows_host = self.host_client is not None and (
            not seat or seat.get("screen") == "lobby" or bool(seat.get("watch")) or ("q" in host and "q" not in seat)
            or ("q" in host and seat.get("screen") == "day"))  # a seat's day asks it nothing: the table's may
        screen = {**(host if self.shows_host else seat), **extra, "t": "screen"}
        if "left" in screen:  # the sundial counts from the server's clock: its time when the frame was made
            screen["ends"] = screen["now"] + 1000 * screen["left"]
            screen.pop("debate", None)  # the day's own screen draws it
        elif "debate" not in screen:
            screen.pop("now", None)
        return screen


class Seats(Protocol):
    """The room's seats as its channels see them (room.py)."""

    def seated(self) -> int: ...  # how many members sit (seats 1 to that)

    def talking(self) -> set[int]: ...  # the seats whose voice chat is open on a page

    def resend(self) -> None: ...  # every page is sent its screen again, with the room's extras

    def to_seat_page(self, seat: int, message: dict[str, Any]) -> None: ...  # to the page holding the seat's chat


class Channels:
    """The room's voice channels and the extras every screen carries (the speaking list, the sundial)."""

    def __init__(self, hub: Hub, seats: Seats, now: Callable[[], float], speaking: bool) -> None:
        self.hub, self.seats, self.now = hub, seats, now
        self.voice = Voice(seats.to_seat_page)
        self.speaking: SpeakingList | None = SpeakingList() if speaking else None
        self.game: object = None  # the game the speaking list counts for (a rematch starts a new list)
        self.night_began: float | None = None
        self.extras: object = None  # the channels and speaking list the pages were last sent

    def afresh(self, seat: int) -> None:
        """The seat's voice page has changed: its peers close their connections to it, and the refresh opens
        them again, once, with the new page (a second round of offers would race the first)."""
        self.voice.update(frozenset(p for p in self.voice.pairs if seat not in p))
        self.hub.pages.refresh()
        self.seats.resend()

    def extra(self) -> dict[str, Any]:
        """What every screen of the room carries besides the game's: the debate's sundial, the speaking list."""
        out: dict[str, Any] = {"now": round(self.now() * 1000)}
        hub = self.hub
        if hub.screen.get("screen") == "day" and hub.screen.get("timer"):  # the debate's sundial, on every screen
            left = hub.stage.table_screen().get("left", 0)
            out["debate"] = {"ends": out["now"] + 1000 * left, "total": 60 * hub.screen["timer"]}
        if self.speaking is not None and hub.state is not None and self.phase() == "day":
            out.update(self.speaking.public(self.now(), hub.stage.name))
        return out

    def tick(self) -> None:
        """Once a second: the speaking list's timer, the lovers' thirty seconds, the debate's end."""
        if self.speaking is not None and self.speaking.tick(self.now()):
            self.hub.pages.refresh()
        elif self.night_began is not None and self.changed():
            self.seats.resend()
        self.debate_over()

    def debate_over(self) -> None:
        """The sundial has run out: the table goes to the vote, as if the host had said so."""
        hub = self.hub
        q = hub.question
        if q is None or q.step != VOTE or hub.screen.get("screen") != "day" or not hub.screen.get("timer"):
            return
        if hub.stage.table_screen().get("left", 1) <= 0:
            hub.stage.hand((q, VOTE_CALLED))

    def kept(self, record: dict[str, Any], game: object) -> None:
        """The speaking list's counts as a room's record kept them, for `game` (a room reopened after a restart)."""
        if self.speaking is not None:
            self.game = game  # the speaking list counts on for the game continued
            self.speaking.spoke = {int(seat) for seat in record["spoke"]}
            self.speaking.first_vote_done = bool(record["first_vote_done"])

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

    def pairs(self, phase: str, state: State | None,
              now: float) -> tuple[frozenset[frozenset[int]], dict[int, str]]:
        """Who may hear whom now (only seats with a page open), and each seat's channel (narrator/online/voice.py).
        The game as each seat's own view gives it: the living as the table sees them, a wolf with the pack its
        view lists, a lover with the lover its view names; nothing else of the state is read."""
        seated = set(range(1, self.seats.seated() + 1))
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
        online = self.seats.talking()
        return frozenset(p for p in hearing(*args) if p <= online), channels(*args)
