"""An online room's message table: the rows of the hub's table a room passes on (narrator/ui/web/hub.py, its
`online` column) and the room's own (the voice chat's signals, a raised hand, the speaking list, removing a
member). Who may send a row is the hub's word for it: a kind only the host sends goes to the opener's host
connection, a kind a seat sends to the page's seat connection (or, for a tap on the table's own question that the
opener's page shows, to its host connection).
"""

from __future__ import annotations

from typing import Any, Protocol

from narrator.online.channels import Channels, Client, Member
from narrator.online.speaking import SpeakingList
from narrator.online.voice import MAX_SDP
from narrator.ui.web.hub import Hub
from narrator.ui.web.messages import HOST, SEAT, Messages, Route
from narrator.ui.web.refusals import Refusal

MEMBERS = frozenset({HOST, SEAT})
OPENER = frozenset({HOST})


class Room(Protocol):
    """The room as its messages see it (room.py)."""

    code: str
    hub: Hub
    channels: Channels
    members: list[Member]
    talker: dict[int, Client]

    @property
    def started(self) -> bool: ...

    def now(self) -> float: ...

    def seat_of(self, user: int) -> int | None: ...

    def send_screen(self, client: Client, force: bool = False, size: int | None = None) -> None: ...

    def limits(self) -> tuple[int, int]: ...

    def remove(self, user: int) -> None: ...

    def seats_changed(self) -> None: ...


Row = Route[Room, Client]


def room_messages(hub: Messages[Any, Any]) -> Messages[Room, Client]:
    """The room's table: the hub's rows a room passes on, then the room's own (a room's row of a kind the hub
    knows replaces the hub's)."""
    passed = [Route(r.kind, r.senders & MEMBERS, pass_on(r.senders)) for r in hub if r.online]
    return Messages([*passed, *ROWS])


def pass_on(senders: frozenset[str]) -> Any:
    """A row the hub takes: sent on the connection its sender may send it on."""
    def take(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
        to_host = SEAT not in senders or ("q" in message and client.shows_host)
        hub_client = client.host_client if to_host else client.seat_client
        assert hub_client is not None
        room.hub.handle(hub_client, message)
    return take


def _hello(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    client.send({"t": "you", "as": HOST if client.host_client else SEAT, "seat": room.seat_of(client.user),
                 "room": room.code})
    room.send_screen(client, force=True)


def _rtc(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    """The voice chat's signalling, from the page that holds the seat's voice chat (voice.py)."""
    seat = room.seat_of(client.user)
    if seat is None:
        raise Refusal("message.not_yours", "not seated")
    if room.talker.get(client.user) is not client:
        raise Refusal("voice.elsewhere", "your voice chat is open on another device")
    room.channels.voice.relay(seat, message)  # its VoiceRefused is a Refusal: refused like any other message


def _hand(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    """A hand raised or lowered on the speaking list, by the living, by day."""
    seat, state, speaking = room.seat_of(client.user), room.hub.state, room.channels.speaking
    if speaking is None:
        raise Refusal("speaking.off", "this room plays without the speaking list")
    if seat is None or state is None or seat not in state.alive or room.channels.phase() != "day":
        raise Refusal("speaking.closed", "hands are raised by the living, by day")
    if bool(message.get("up")):
        speaking.raise_hand(seat, room.now())
    else:
        speaking.lower_hand(seat)
    room.hub.pages.refresh()


def _next_speaker(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    if room.channels.speaking is None:
        raise Refusal("speaking.off", "this room plays without the speaking list")
    room.channels.speaking.next(room.now())
    room.hub.pages.refresh()


def _speaking(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    """The host turns the speaking list on or off, before the start."""
    if room.started:
        raise Refusal("message.not_yours", "the host turns the speaking list on or off before the start")
    room.channels.speaking = SpeakingList() if message.get("on") is True else None
    room.hub.pages.refresh()


def _remove(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    """The host removes a member before the start (room.py)."""
    target = int(message["seat"])
    if not 1 <= target <= len(room.members):
        raise Refusal("message.form", "no such seat")
    room.remove(room.members[target - 1].user)


def _deal(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    """The deal, once the room has as many members as its rules want."""
    low, high = room.limits()
    if not low <= len(room.members) <= high:
        raise Refusal("room.too_few", f"this room's rules need {low} to {high} players")
    pass_on(OPENER)(room, client, number, message, q)


def _ruleset(room: Room, client: Client, number: int, message: dict[str, Any], q: object) -> None:
    """Other rules: the new rules' player range, with everyone still seated."""
    pass_on(OPENER)(room, client, number, message, q)
    if not room.started:
        room.seats_changed()


ROWS: list[Row] = [
    Route("hello", MEMBERS, _hello),
    Route("rtc", MEMBERS, _rtc, longest=MAX_SDP),  # an offer's SDP, its form checked by voice.py
    Route("hand", MEMBERS, _hand),
    Route("next_speaker", OPENER, _next_speaker),
    Route("speaking", OPENER, _speaking),
    Route("remove", OPENER, _remove),
    Route("deal", OPENER, _deal),
    Route("ruleset", OPENER, _ruleset),
]
