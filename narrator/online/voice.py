"""Voice chat: who may hear whom, and the WebRTC signalling relayed between the pages (no I/O here).

The pages talk in a mesh: one RTCPeerConnection per allowed pair of seats. The server decides the pairs
(`hearing`), tells both seats of a pair to open or close their connection (`Voice.update`), and passes
their offers, answers and ICE candidates to each other only while the pair is allowed (`Voice.relay`).
A pair that is no longer allowed is closed on both sides, so nothing more flows between them.

Messages to a page (each also has `"t": "rtc"`):
    {"kind": "open", "peer": seat, "offer": bool}   connect to `peer`; exactly one side (the lower seat) offers
    {"kind": "close", "peer": seat}                 close the connection to `peer` and forget it
    {"kind": "sdp" | "ice", "peer": seat, "data": ...}  the peer's signalling
Messages from a page: {"t": "rtc", "kind": "sdp" | "ice", "to": seat, "data": ...}, where `data` is an SDP
string (the offer or the answer: the offering side knows which) or an ICE candidate
{"candidate": str, "sdpMid": str | None, "sdpMLineIndex": int | None[, "usernameFragment": str | None]}.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable, Iterable, Mapping
from itertools import combinations
from typing import Any

from narrator.ui.web.refusals import Refusal

Pair = frozenset[int]
Send = Callable[[int, dict[str, Any]], None]

PHASES = ("lobby", "deal", "day", "night", "over")
CHANNELS = ("village", "wolves", "lovers", "beyond", "none")
MAX_SDP = 16 * 1024  # characters of one SDP; a browser's audio-only offer is 2-6 KB
MAX_CANDIDATE = 1024
MAX_MID = 64
MAX_MLINE = 64
MAX_UFRAG = 256
TURN_TTL = 24 * 3600  # seconds a TURN credential stays valid


class VoiceRefused(Refusal):
    """A signalling message that is not passed on; `rule` is "voice.form" or "voice.not_allowed"."""

    def __init__(self, rule: str, text: str) -> None:
        super().__init__(rule, text)
        self.text = text


def _pairs(seats: Iterable[int]) -> set[Pair]:
    return {frozenset(p) for p in combinations(sorted(seats), 2)}


def hearing(alive: set[int], wolves: set[int], lovers: frozenset[int] | None, phase: str, lovers_open: bool,
            seated: set[int]) -> frozenset[Pair]:
    """The pairs of seated seats that may hear each other now.

    "lobby" and "over" (before the game, after its end): everyone seated, dead or alive, together.
    "deal" is treated like "day": talking while looking at the cards is fine at a real table too.
    "day": the living together. "night": the living wolves among themselves, and the two lovers together
    while `lovers_open` (the caller decides when: from night 2, 30 s each night) and both are alive.
    In "deal", "day" and "night" the dead (every seated seat not alive: the "Jenseits") hear each other, and a
    dead seat is never paired with a living one.
    """
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    if phase in ("lobby", "over"):
        return frozenset(_pairs(seated))
    living = seated & alive
    pairs = _pairs(seated - alive)  # the Jenseits, always
    if phase in ("deal", "day"):
        pairs |= _pairs(living)
    else:
        pairs |= _pairs(living & wolves)
        if lovers_open and lovers is not None and len(lovers) == 2 and lovers <= living:
            pairs.add(frozenset(lovers))
    return frozenset(pairs)


def channels(alive: set[int], wolves: set[int], lovers: frozenset[int] | None, phase: str, lovers_open: bool,
             seated: set[int]) -> dict[int, str]:
    """Each seated seat's channel, for the page's label (the same rules as `hearing`).

    A living lover at night while the lovers' window is open is "lovers" even when also a wolf (the window is
    short and it is what changed); a living seat that hears nobody at night is "none".
    """
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    out: dict[int, str] = {}
    for seat in seated:
        if phase in ("lobby", "over"):
            out[seat] = "village"
        elif seat not in alive:
            out[seat] = "beyond"
        elif phase in ("deal", "day"):
            out[seat] = "village"
        elif lovers_open and lovers is not None and len(lovers) == 2 and lovers <= alive and seat in lovers:
            out[seat] = "lovers"
        elif seat in wolves:
            out[seat] = "wolves"
        else:
            out[seat] = "none"
    return out


def _other(pair: Pair, seat: int) -> int:
    return next(s for s in pair if s != seat)


def _open(seat: int, peer: int) -> dict[str, Any]:
    return {"t": "rtc", "kind": "open", "peer": peer, "offer": seat < peer}


def _close(peer: int) -> dict[str, Any]:
    return {"t": "rtc", "kind": "close", "peer": peer}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_form(message: Any) -> tuple[str, int, Any]:
    """(kind, to, data) of a well-formed signalling message; VoiceRefused("voice.form") otherwise."""
    def bad(text: str) -> VoiceRefused:
        return VoiceRefused("voice.form", text)

    if not isinstance(message, dict) or message.get("t") != "rtc":
        raise bad("a signalling message is an object with t = rtc")
    if set(message) != {"t", "kind", "to", "data"}:
        raise bad("a signalling message has exactly t, kind, to and data")
    kind, to, data = message["kind"], message["to"], message["data"]
    if kind not in ("sdp", "ice"):
        raise bad("kind is sdp or ice")
    if not _is_int(to):
        raise bad("to is a seat number")
    if kind == "sdp":
        if not isinstance(data, str) or not data:
            raise bad("an sdp's data is a string")
        if len(data) > MAX_SDP:
            raise bad(f"an sdp is at most {MAX_SDP} characters")
        return kind, to, data
    if not isinstance(data, dict) or "candidate" not in data or not set(data) <= {
            "candidate", "sdpMid", "sdpMLineIndex", "usernameFragment"}:
        raise bad("an ice candidate is {candidate, sdpMid, sdpMLineIndex}")
    candidate, mid, index = data["candidate"], data.get("sdpMid"), data.get("sdpMLineIndex")
    ufrag = data.get("usernameFragment")
    if not isinstance(candidate, str) or len(candidate) > MAX_CANDIDATE:
        raise bad(f"a candidate is a string of at most {MAX_CANDIDATE} characters")
    if mid is not None and (not isinstance(mid, str) or len(mid) > MAX_MID):
        raise bad(f"sdpMid is a string of at most {MAX_MID} characters")
    if index is not None and (not _is_int(index) or not 0 <= index <= MAX_MLINE):
        raise bad(f"sdpMLineIndex is a number from 0 to {MAX_MLINE}")
    if mid is None and index is None:
        raise bad("a candidate names its sdpMid or its sdpMLineIndex")
    if ufrag is not None and (not isinstance(ufrag, str) or len(ufrag) > MAX_UFRAG):
        raise bad(f"usernameFragment is a string of at most {MAX_UFRAG} characters")
    return kind, to, dict(data)


class Voice:
    """The allowed pairs now, and the signalling between the pages; `send(seat, message)` reaches a seat's
    page(s). Every message to a seat is sent in order, so a page sees `open` before its peer's offer."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.pairs: frozenset[Pair] = frozenset()
        self.channels: dict[int, str] = {}

    def update(self, pairs: Iterable[Pair], channels: Mapping[int, str] | None = None) -> None:
        """Make `pairs` the allowed pairs: close the pairs no longer allowed (first, on both sides), then open
        the new ones (both sides; the lower seat offers). `channels` (see `channels()`) labels the seats."""
        new = frozenset(frozenset(p) for p in pairs)
        if any(len(p) != 2 for p in new):
            raise ValueError("a pair is two different seats")
        old, self.pairs = self.pairs, new
        if channels is not None:
            self.channels = dict(channels)
        for pair in sorted(old - new, key=sorted):
            low, high = sorted(pair)
            self.send(low, _close(high))
            self.send(high, _close(low))
        for pair in sorted(new - old, key=sorted):
            low, high = sorted(pair)
            self.send(high, _open(high, low))  # the answering side first: it is ready before the offer comes
            self.send(low, _open(low, high))

    def allowed(self, a: int, b: int) -> bool:
        return a != b and frozenset((a, b)) in self.pairs

    def relay(self, from_seat: int, message: Any) -> None:
        """Pass a page's offer, answer or ICE candidate on to the seat it names, if that pair is allowed now."""
        kind, to, data = _check_form(message)
        if not self.allowed(from_seat, to):
            raise VoiceRefused("voice.not_allowed", f"seat {from_seat} may not talk with seat {to} now")
        self.send(to, {"t": "rtc", "kind": kind, "peer": from_seat, "data": data})

    def joined(self, seat: int) -> None:
        """A page of `seat` (re)connected: it opens each of its pairs again, and each peer closes its old
        connection and opens a fresh one, so both sides restart cleanly."""
        for peer in sorted(_other(p, seat) for p in self.pairs if seat in p):
            self.send(seat, _open(seat, peer))
            self.send(peer, _close(seat))
            self.send(peer, _open(peer, seat))

    def peers(self, seat: int) -> list[int]:
        """The seats `seat` may hear now."""
        return sorted(_other(p, seat) for p in self.pairs if seat in p)

    def channel(self, seat: int) -> str:
        """The seat's channel for its page's label: "village", "wolves", "lovers", "beyond" or "none"; a seat
        that hears nobody and has no label is "none"."""
        return self.channels.get(seat, "none")


def ice_servers(stun: list[str], turn: list[str], turn_secret: str | None, user: str, now: float,
                ttl: int = TURN_TTL) -> list[dict[str, Any]]:
    """RTCIceServer dicts for the pages. With `turn_secret`, coturn's REST-API credentials
    (`use-auth-secret`): username "<expiry>:<user>", credential base64(HMAC-SHA1(secret, username)), valid
    until `now` + `ttl` (Unix seconds). TURN without a secret is left out: it would need a fixed password."""
    servers: list[dict[str, Any]] = []
    if stun:
        servers.append({"urls": list(stun)})
    if turn and turn_secret:
        username = f"{int(now) + ttl}:{user}"
        digest = hmac.new(turn_secret.encode(), username.encode(), hashlib.sha1).digest()
        servers.append({"urls": list(turn), "username": username, "credential": base64.b64encode(digest).decode()})
    return servers
