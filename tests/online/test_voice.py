"""Voice chat's rules (who hears whom), the open/close messages a change sends, and the relay's checks."""

from __future__ import annotations

import base64
import hashlib
import hmac
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from narrator.online.voice import Voice, VoiceRefused, channels, hearing, ice_servers
from narrator.ui.web.refusals import Refusal


def fs(*seats: int) -> frozenset[int]:
    return frozenset(seats)


def all_pairs(seats: set[int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in combinations(seats, 2)}


# -- the rules -------------------------------------------------------------------------------------------
SEATED = {0, 1, 2, 3, 4, 5, 6}
ALIVE = {0, 1, 2, 3, 4}  # 5 and 6 are dead
WOLVES = {0, 1, 5}  # 5 is a dead wolf
LOVERS = fs(2, 3)


def test_day_the_living_together_and_the_dead_together() -> None:
    pairs = hearing(ALIVE, WOLVES, LOVERS, "day", False, SEATED)
    assert pairs == all_pairs(ALIVE) | {fs(5, 6)}


def test_deal_is_like_day() -> None:
    assert hearing(ALIVE, WOLVES, LOVERS, "deal", True, SEATED) == hearing(ALIVE, WOLVES, LOVERS, "day", True,
                                                                          SEATED)


def test_night_only_living_wolves_and_the_dead() -> None:
    assert hearing(ALIVE, WOLVES, LOVERS, "night", False, SEATED) == {fs(0, 1), fs(5, 6)}


def test_night_lovers_while_open_and_both_alive() -> None:
    assert hearing(ALIVE, WOLVES, LOVERS, "night", True, SEATED) == {fs(0, 1), fs(2, 3), fs(5, 6)}
    assert fs(2, 3) not in hearing(ALIVE - {3}, WOLVES, LOVERS, "night", True, SEATED)
    assert hearing(ALIVE, WOLVES, None, "night", True, SEATED) == {fs(0, 1), fs(5, 6)}


def test_a_wolf_lover_hears_the_pack_and_the_lover() -> None:
    pairs = hearing(ALIVE, WOLVES, fs(1, 4), "night", True, SEATED)
    assert pairs == {fs(0, 1), fs(1, 4), fs(5, 6)}
    assert channels(ALIVE, WOLVES, fs(1, 4), "night", True, SEATED) == {
        0: "wolves", 1: "lovers", 2: "none", 3: "none", 4: "lovers", 5: "beyond", 6: "beyond"}


def test_lobby_and_over_everyone_seated() -> None:
    for phase in ("lobby", "over"):
        assert hearing(ALIVE, WOLVES, LOVERS, phase, False, SEATED) == all_pairs(SEATED)
        assert set(channels(ALIVE, WOLVES, LOVERS, phase, False, SEATED).values()) == {"village"}


def test_only_seated_seats() -> None:
    assert hearing(ALIVE, WOLVES, LOVERS, "day", False, {0, 2, 6}) == {fs(0, 2)}
    assert hearing(ALIVE, WOLVES, LOVERS, "lobby", False, set()) == frozenset()


def test_unknown_phase() -> None:
    with pytest.raises(ValueError):
        hearing(ALIVE, WOLVES, LOVERS, "dusk", False, SEATED)


def test_channels_by_day_and_night() -> None:
    assert channels(ALIVE, WOLVES, LOVERS, "day", False, SEATED) == {
        0: "village", 1: "village", 2: "village", 3: "village", 4: "village", 5: "beyond", 6: "beyond"}
    assert channels(ALIVE, WOLVES, LOVERS, "night", True, SEATED) == {
        0: "wolves", 1: "wolves", 2: "lovers", 3: "lovers", 4: "none", 5: "beyond", 6: "beyond"}


@st.composite
def tables(draw: Any) -> tuple[set[int], set[int], frozenset[int] | None, str, bool, set[int]]:
    seats = set(range(draw(st.integers(0, 18))))
    seated = draw(st.sets(st.sampled_from(sorted(seats)))) if seats else set()
    alive = draw(st.sets(st.sampled_from(sorted(seats)))) if seats else set()
    wolves = draw(st.sets(st.sampled_from(sorted(seats)))) if seats else set()
    lovers = None
    if len(seats) >= 2 and draw(st.booleans()):
        lovers = frozenset(draw(st.lists(st.sampled_from(sorted(seats)), min_size=2, max_size=2, unique=True)))
    phase = draw(st.sampled_from(["lobby", "deal", "day", "night", "over"]))
    return alive, wolves, lovers, phase, draw(st.booleans()), seated


@given(tables())
def test_the_rules_hold_on_any_table(table: tuple[set[int], set[int], frozenset[int] | None, str, bool,
                                                  set[int]]) -> None:
    alive, wolves, lovers, phase, lovers_open, seated = table
    pairs = hearing(alive, wolves, lovers, phase, lovers_open, seated)
    labels = channels(alive, wolves, lovers, phase, lovers_open, seated)
    assert set(labels) == seated
    for pair in pairs:
        assert len(pair) == 2 and pair <= seated
    dead = seated - alive
    if phase in ("lobby", "over"):
        assert pairs == all_pairs(seated)
        return
    assert all_pairs(dead) <= pairs  # the Jenseits always hear each other
    for a, b in (sorted(p) for p in pairs):
        assert (a in alive) == (b in alive), "a dead seat and a living seat are never paired"
        assert labels[a] != "none" and labels[b] != "none"
        if a in alive and phase == "night":
            assert {a, b} <= wolves or (lovers_open and frozenset((a, b)) == lovers), "night: wolves, lovers"
    living = seated & alive
    if phase in ("deal", "day"):
        assert all_pairs(living) <= pairs
    else:
        assert all_pairs(living & wolves) <= pairs
    for seat in seated:
        assert (labels[seat] == "beyond") == (seat in dead)


# -- open and close --------------------------------------------------------------------------------------
class Pages:
    """What each seat's page was sent."""

    def __init__(self) -> None:
        self.log: list[tuple[int, dict[str, Any]]] = []

    def __call__(self, seat: int, message: dict[str, Any]) -> None:
        self.log.append((seat, message))

    def take(self) -> list[tuple[int, dict[str, Any]]]:
        out, self.log = self.log, []
        return out


def test_update_opens_new_pairs_the_lower_seat_offers() -> None:
    pages = Pages()
    voice = Voice(pages)
    voice.update({fs(1, 2), fs(3, 0)})
    sent = pages.take()
    assert sorted(sent, key=lambda s: (s[0], s[1]["peer"])) == [
        (0, {"t": "rtc", "kind": "open", "peer": 3, "offer": True}),
        (1, {"t": "rtc", "kind": "open", "peer": 2, "offer": True}),
        (2, {"t": "rtc", "kind": "open", "peer": 1, "offer": False}),
        (3, {"t": "rtc", "kind": "open", "peer": 0, "offer": False}),
    ]
    voice.update({fs(1, 2), fs(3, 0)})
    assert pages.take() == []  # nothing changed, nothing sent


def test_update_closes_removed_pairs_before_opening() -> None:
    pages = Pages()
    voice = Voice(pages)
    voice.update({fs(0, 1), fs(0, 2), fs(1, 2)})
    pages.take()
    voice.update({fs(0, 1), fs(2, 3)})
    sent = pages.take()
    assert sent[:4] == [(0, {"t": "rtc", "kind": "close", "peer": 2}), (2, {"t": "rtc", "kind": "close", "peer": 0}),
                        (1, {"t": "rtc", "kind": "close", "peer": 2}), (2, {"t": "rtc", "kind": "close", "peer": 1})]
    assert sorted(sent[4:], key=lambda s: s[0]) == [(2, {"t": "rtc", "kind": "open", "peer": 3, "offer": True}),
                                                    (3, {"t": "rtc", "kind": "open", "peer": 2, "offer": False})]
    assert voice.peers(2) == [3] and voice.peers(0) == [1]


def test_update_refuses_a_pair_of_one() -> None:
    with pytest.raises(ValueError):
        Voice(Pages()).update({fs(1)})


def test_day_to_night_closes_the_villagers() -> None:
    pages = Pages()
    voice = Voice(pages)
    voice.update(hearing(ALIVE, WOLVES, LOVERS, "day", False, SEATED))
    pages.take()
    voice.update(hearing(ALIVE, WOLVES, LOVERS, "night", False, SEATED))
    sent = pages.take()
    assert all(m["kind"] == "close" for _, m in sent)
    closed = {frozenset((seat, m["peer"])) for seat, m in sent}
    assert closed == all_pairs(ALIVE) - {fs(0, 1)}
    assert len(sent) == 2 * len(closed)


def test_channel_labels() -> None:
    voice = Voice(Pages())
    assert voice.channel(3) == "none"
    args = (ALIVE, WOLVES, LOVERS, "night", True, SEATED)
    voice.update(hearing(*args), channels(*args))
    assert [voice.channel(s) for s in (0, 2, 4, 5, 9)] == ["wolves", "lovers", "none", "beyond", "none"]


# -- relay -----------------------------------------------------------------------------------------------
HAND_COMPUTED = "f3sUNCxlXeNfk1XqSA9wuXPkYIE="
SDP = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n"
ICE = {"candidate": "candidate:1 1 udp 2122260223 192.0.2.2 40000 typ host", "sdpMid": "0", "sdpMLineIndex": 0}


def relay_voice() -> tuple[Voice, Pages]:
    pages = Pages()
    voice = Voice(pages)
    voice.update({fs(0, 1)})
    pages.take()
    return voice, pages


def test_relay_passes_an_allowed_pairs_signalling() -> None:
    voice, pages = relay_voice()
    voice.relay(0, {"t": "rtc", "kind": "sdp", "to": 1, "data": SDP})
    voice.relay(1, {"t": "rtc", "kind": "ice", "to": 0, "data": ICE})
    voice.relay(1, {"t": "rtc", "kind": "ice", "to": 0, "data": {**ICE, "sdpMid": None, "usernameFragment": "ab"}})
    assert pages.take() == [(1, {"t": "rtc", "kind": "sdp", "peer": 0, "data": SDP}),
                            (0, {"t": "rtc", "kind": "ice", "peer": 1, "data": ICE}),
                            (0, {"t": "rtc", "kind": "ice", "peer": 1,
                                 "data": {**ICE, "sdpMid": None, "usernameFragment": "ab"}})]


@pytest.mark.parametrize("sender,to", [(0, 2), (2, 0), (0, 0), (5, 6)])
def test_relay_refuses_a_pair_not_allowed(sender: int, to: int) -> None:
    voice, pages = relay_voice()
    with pytest.raises(VoiceRefused) as refused:
        voice.relay(sender, {"t": "rtc", "kind": "sdp", "to": to, "data": SDP})
    assert refused.value.rule == "voice.not_allowed" and refused.value.text
    assert isinstance(refused.value, Refusal)
    assert pages.take() == []


def test_relay_refuses_after_the_pair_is_closed() -> None:
    voice, pages = relay_voice()
    voice.update(set())
    pages.take()
    with pytest.raises(VoiceRefused, match="may not"):
        voice.relay(0, {"t": "rtc", "kind": "ice", "to": 1, "data": ICE})
    assert pages.take() == []


@pytest.mark.parametrize("message", [
    None, [], "sdp", {"t": "rtc"}, {"t": "other", "kind": "sdp", "to": 1, "data": SDP},
    {"t": "rtc", "kind": "open", "to": 1, "data": SDP},
    {"t": "rtc", "kind": "sdp", "to": "1", "data": SDP},
    {"t": "rtc", "kind": "sdp", "to": True, "data": SDP},
    {"t": "rtc", "kind": "sdp", "to": 1, "data": SDP, "peer": 1},
    {"t": "rtc", "kind": "sdp", "to": 1, "data": ""},
    {"t": "rtc", "kind": "sdp", "to": 1, "data": {"sdp": SDP}},
    {"t": "rtc", "kind": "sdp", "to": 1, "data": "x" * (16 * 1024 + 1)},
    {"t": "rtc", "kind": "ice", "to": 1, "data": SDP},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "candidate": "x" * 1025}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "candidate": 5}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {"sdpMid": "0", "sdpMLineIndex": 0}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "sdpMid": "m" * 65}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "sdpMid": 0}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "sdpMLineIndex": 65}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "sdpMLineIndex": -1}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "sdpMLineIndex": "0"}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "sdpMLineIndex": True}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "sdpMid": None, "sdpMLineIndex": None}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "extra": 1}},
    {"t": "rtc", "kind": "ice", "to": 1, "data": {**ICE, "usernameFragment": "u" * 257}},
])
def test_relay_refuses_a_malformed_message(message: Any) -> None:
    voice, pages = relay_voice()
    with pytest.raises(VoiceRefused) as refused:
        voice.relay(0, message)
    assert refused.value.rule == "voice.form"
    assert pages.take() == []


def test_the_biggest_allowed_sizes_pass() -> None:
    voice, pages = relay_voice()
    voice.relay(0, {"t": "rtc", "kind": "sdp", "to": 1, "data": "x" * (16 * 1024)})
    voice.relay(0, {"t": "rtc", "kind": "ice", "to": 1,
                    "data": {"candidate": "c" * 1024, "sdpMid": "m" * 64, "sdpMLineIndex": 64}})
    assert len(pages.take()) == 2


def test_form_is_checked_before_the_pair() -> None:
    voice, _ = relay_voice()
    with pytest.raises(VoiceRefused) as refused:
        voice.relay(0, {"t": "rtc", "kind": "sdp", "to": 7, "data": "x" * 20000})
    assert refused.value.rule == "voice.form"


# -- a page reconnects -----------------------------------------------------------------------------------
def test_joined_reopens_each_pair_and_the_peers_restart() -> None:
    pages = Pages()
    voice = Voice(pages)
    voice.update({fs(1, 0), fs(1, 4), fs(2, 3)})
    pages.take()
    voice.joined(1)
    assert pages.take() == [
        (1, {"t": "rtc", "kind": "open", "peer": 0, "offer": False}),
        (0, {"t": "rtc", "kind": "close", "peer": 1}),
        (0, {"t": "rtc", "kind": "open", "peer": 1, "offer": True}),
        (1, {"t": "rtc", "kind": "open", "peer": 4, "offer": True}),
        (4, {"t": "rtc", "kind": "close", "peer": 1}),
        (4, {"t": "rtc", "kind": "open", "peer": 1, "offer": False}),
    ]
    voice.joined(7)
    assert pages.take() == []


# -- ICE servers -----------------------------------------------------------------------------------------
def test_ice_servers_stun_only() -> None:
    assert ice_servers(["stun:stun.example.org:3478"], [], None, "seat3", 1000) == [
        {"urls": ["stun:stun.example.org:3478"]}]
    assert ice_servers([], ["turn:t.example.org"], None, "u", 0) == []  # TURN needs its secret
    assert ice_servers([], [], "s", "u", 0) == []


def test_ice_servers_turn_rest_credentials() -> None:
    servers = ice_servers(["stun:s.example.org"], ["turn:t.example.org:3478?transport=udp", "turns:t.example.org"],
                          "north", "room7-seat2", 1_700_000_000.9, ttl=3600)
    assert servers[0] == {"urls": ["stun:s.example.org"]}
    turn = servers[1]
    assert turn["urls"] == ["turn:t.example.org:3478?transport=udp", "turns:t.example.org"]
    assert turn["username"] == "1700003600:room7-seat2"
    expected = base64.b64encode(hmac.new(b"north", b"1700003600:room7-seat2", hashlib.sha1).digest()).decode()
    assert turn["credential"] == expected
    # Computed once by hand: printf '1700003600:room7-seat2' | openssl dgst -sha1 -hmac north -binary | base64
    assert turn["credential"] == HAND_COMPUTED
