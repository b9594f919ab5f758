"""Who may act: the host's and the seats' tokens, the room code, and the checks every message passes.

A token is 128 random bits, held by one browser (its localStorage), never put in an address that is shared,
and sent only once, when it is given: afterwards the page proves it holds it (`proof`). Proofs are compared
in constant time. A message is refused, with a reason, when it is too big, comes too fast (`Bucket`), is not
one this connection may send (the hub's message table, messages.py), or does not answer the question on screen
(`question_number`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.ui.web.refusals import STALE, Refusal

MAX_MESSAGE = 4096  # bytes of one message from a page; the longest real one (twelve names) is far below
RATE = 20.0  # messages per second a connection may keep sending ...
BURST = 40.0  # ... after a burst of this many
CODE_LETTERS = "ACDEFHJKMNPRTWXY3479"  # no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B: read aloud and typed without doubt
CODE_LENGTH = 6
WRONG_CODES = 10  # wrong room codes one connection may try


def new_token() -> str:
    """128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def same(a: str, b: str) -> bool:
    """Constant-time comparison (the time taken says nothing of how much of a token was right)."""
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def normal_code(typed: str) -> str:
    """A room code as typed: spaces and dashes dropped, in upper case."""
    return "".join(ch for ch in typed[:64].upper() if ch.isalnum())


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Tokens:
    """The hashes of the host's token and of each seat's; `proven` says whose token a page proved it holds.

    A page never sends its token again once given it: it answers its connection's nonce with
    `proof(token, nonce)`, so a hello seen on the Wi-Fi is worth nothing on another connection. The hashes
    are kept in `keep` (a file only its owner may read), so the phones that hold the tokens are still the host
    and the seats after the server restarts (a Pi unplugged and plugged in again)."""

    host: str | None = None  # the hash of the host's token
    seats: dict[int, str] = field(default_factory=dict)  # each seat's token's hash
    keep: Path | None = None

    def __post_init__(self) -> None:
        if self.keep is not None and self.host is None:
            try:
                kept = self.keep.read_text(encoding="ascii").strip()
            except (OSError, UnicodeDecodeError):
                kept = ""
            self.host, self.seats = kept_hashes(kept)

    def save(self) -> None:
        if self.keep is None:
            return
        try:
            self.keep.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.keep, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as out:
                json.dump({"host": self.host, "seats": {str(k): v for k, v in self.seats.items()}}, out)
        except OSError:
            pass  # not kept: after a restart the first page to open is the host again

    def claim_host(self) -> str:
        token = new_token()
        self.host = digest(token)
        self.save()
        return token

    def seat_token(self, seat: int) -> str:
        """A new token for the seat; the one it had before stops working."""
        token = new_token()
        self.seats[seat] = digest(token)
        self.save()
        return token

    def seat_all(self, seats: int) -> None:
        """New tokens for seats 1 to `seats`, every other seat's forgotten (an online room's seats are its
        members', in the order they joined: its pages never hold a seat's token)."""
        self.seats = {}
        for seat in range(1, seats + 1):
            self.seat_token(seat)

    def forget(self, seat: int) -> None:
        self.seats.pop(seat, None)
        self.save()

    def proven(self, answer: object, nonce: str) -> tuple[str, int | None] | None:
        """("host", None), ("seat", n) or None: whose token `answer` proves for this nonce. Every hash is
        compared, so the time taken is the same."""
        if not isinstance(answer, str) or len(answer) != 64:
            return None
        found: tuple[str, int | None] | None = None
        if self.host is not None and same(answer, sealed(self.host, nonce)):
            found = ("host", None)
        for seat, known in self.seats.items():
            if same(answer, sealed(known, nonce)):
                found = ("seat", seat)
        return found

    def move(self, order: Iterable[int]) -> None:
        """Seats renumbered: `order[i]` is the old seat of new seat i + 1; each token follows its player."""
        old = dict(self.seats)
        self.seats = {new: old[seat] for new, seat in enumerate(order, 1) if seat in old}
        self.save()


def kept_hashes(kept: str) -> tuple[str | None, dict[int, str]]:
    """The host's hash and the seats' from the kept file (an older file holds the host's hash alone)."""
    if len(kept) == 64:
        return kept, {}
    try:
        data = json.loads(kept)
        host, seats = data.get("host"), data.get("seats", {})
        return (host if isinstance(host, str) and len(host) == 64 else None,
                {int(k): v for k, v in seats.items() if isinstance(v, str) and len(v) == 64})
    except (ValueError, AttributeError, TypeError):
        return None, {}


def new_nonce() -> str:
    """What one connection's page answers with its token's proof; never used on another connection."""
    return secrets.token_urlsafe(16)


def sealed(hashed: str, nonce: str) -> str:
    """HMAC-SHA256 of the nonce under the token's hash (hex): what the page computes (static/seal.js)."""
    return hmac.new(hashed.encode("ascii"), nonce.encode("ascii", "replace"), hashlib.sha256).hexdigest()


def proof(token: str, nonce: str) -> str:
    """A page's answer to its connection's nonce: it proves the token without sending it."""
    return sealed(digest(token), nonce)


class Bucket:
    """A connection's allowance of messages: RATE per second after a burst of BURST (a token bucket)."""

    def __init__(self, now: Callable[[], float], rate: float = RATE, burst: float = BURST) -> None:
        self.now, self.rate, self.burst = now, rate, burst
        self.left = burst
        self.at = now()

    def room(self) -> float:
        """What the allowance holds now, nothing taken."""
        return min(self.burst, self.left + (self.now() - self.at) * self.rate)

    def take(self) -> bool:
        t = self.now()
        self.left = min(self.burst, self.left + (t - self.at) * self.rate)
        self.at = t
        if self.left < 1:
            return False
        self.left -= 1
        return True


def question_number(message: dict[str, Any]) -> int:
    """The question a tap answers, as the screen that sent it was told (`q`)."""
    q = message.get("q")
    if not isinstance(q, int) or isinstance(q, bool):
        raise Refusal(STALE, "a tap names the question it answers")
    return q
