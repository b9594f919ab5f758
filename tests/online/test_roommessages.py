"""An online room's message table (narrator/online/roommessages.py): the hub's rows it passes on and its own, each
with its own limits: a voice chat's offer is a few kilobytes, a name a few dozen characters."""

from __future__ import annotations

import pytest

from narrator.online.roommessages import room_messages
from narrator.online.voice import MAX_SDP
from narrator.ui.web.hub import MESSAGES
from narrator.ui.web.messages import LONGEST, SEAT, Messages
from narrator.ui.web.refusals import Refusal

ROOM = room_messages(Messages(MESSAGES))
OFFER = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n" + "a=candidate:1 1 udp 2122260223 10.0.0.2\r\n" * 120


def test_a_voice_chat_offer_of_a_browsers_size_is_routed() -> None:
    assert 2000 < len(OFFER) < MAX_SDP
    assert ROOM.find(SEAT, {"t": "rtc", "kind": "sdp", "to": 2, "data": OFFER}).kind == "rtc"


def test_an_offer_past_its_limit_and_a_long_value_elsewhere_are_refused() -> None:
    with pytest.raises(Refusal) as too_long:
        ROOM.find(SEAT, {"t": "rtc", "kind": "sdp", "to": 2, "data": "a" * (MAX_SDP + 1)})
    assert too_long.value.rule == "message.form"
    with pytest.raises(Refusal) as tap:
        ROOM.find(SEAT, {"t": "tap", "q": 1, "value": "x" * (LONGEST + 1)})
    assert tap.value.rule == "message.form"


def test_a_room_passes_on_the_hubs_rows_marked_online_and_adds_its_own() -> None:
    passed = {r.kind for r in MESSAGES if r.online}
    assert passed <= {r.kind for r in ROOM} and {"rtc", "hand", "hello"} <= {r.kind for r in ROOM}
    assert "say_address" not in {r.kind for r in ROOM}, "a row the hub keeps to itself is not a room's"
