"""Accounts: sign up with a name and a password, sign in, and the session a browser keeps in a cookie.

Passwords are hashed with scrypt (memory-hard) into a self-describing string, `scrypt$n$r$p$<salt>$<hash>`, so
the parameters can change later and old hashes still verify. Session tokens are random; only their sha256 is
stored, so a copy of the database signs nobody in. Every refusal is an `AccountError` with a stable `rule` id that
the page translates (its `text` is English). Signing in answers the same rule, after the same scrypt work, for an
unknown name and a wrong password; failures are limited per name, counted in the store (once for every process
that shares it, and kept across a restart).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
import unicodedata
from collections.abc import Callable, Collection
from dataclasses import dataclass

from narrator.online.store import Store, StoredUser, Taken

NAME_MAX = 24
NAME_MARKS = frozenset(" -_.")
PASSWORD_MIN, PASSWORD_MAX = 8, 200
SESSION_SECONDS = 30 * 24 * 3600
TOKEN_MAX = 128  # a token is 43 characters; anything much longer is not one
FAILURES_MAX, FAILURES_WINDOW = 10, 15 * 60
# Sign-ups from one address (as the server trusts it: narrator/online/auth.py client_address), counted in the store
# for every process, a try counted before the name is looked up or a password hashed (a taken name counts too: it
# also stops names being listed by signing up). A family behind one home router makes a few accounts, once; a whole
# table signing up at one house for an evening of online play is the most a real group meets: twelve, the classic
# rules' largest table. A flood made 170 accounts in 10 s from one address; now twelve an hour.
SIGNUPS_MAX, SIGNUPS_WINDOW = 12, 60 * 60
TRIES_KEPT = max(FAILURES_WINDOW, SIGNUPS_WINDOW)  # the longest window any try is counted in
SCRYPT_N, SCRYPT_R, SCRYPT_P, SALT_BYTES, HASH_BYTES = 2**14, 8, 1, 16, 32
SCRYPT_MAXMEM = 64 * 1024 * 1024


class AccountError(Exception):
    """A refusal: `rule` is what the page translates, `text` says it in English."""

    def __init__(self, rule: str, text: str) -> None:
        super().__init__(text)
        self.rule = rule
        self.text = text


@dataclass(frozen=True)
class User:
    id: int
    name: str


def name_form(name: str) -> str:
    """The name as shown: NFKC, stripped, inner spaces collapsed; `AccountError("name.form")` if it is not one."""
    shown = " ".join(part for part in unicodedata.normalize("NFKC", name).strip().split(" ") if part)
    ok = all(c.isalpha() or c.isdecimal() or c in NAME_MARKS for c in shown)
    if not (1 <= len(shown) <= NAME_MAX and ok and any(c.isalnum() for c in shown)):
        raise AccountError("name.form", f"A name is 1 to {NAME_MAX} letters or digits (spaces, - _ . allowed).")
    return shown


def name_key(name: str) -> str:
    """How names are compared: "Jürgen", "JÜRGEN" and "jürgen" are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P, HASH_BYTES)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        expected = base64.b64decode(digest, validate=True)
        got = _scrypt(password, base64.b64decode(salt, validate=True), int(n), int(r), int(p), len(expected))
    except ValueError:  # a hash this code did not write: it verifies nothing
        return False
    return hmac.compare_digest(got, expected)


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int, dklen: int) -> bytes:
    secret = unicodedata.normalize("NFKC", password).encode("utf-8")
    return hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, dklen=dklen, maxmem=SCRYPT_MAXMEM)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Accounts:
    """Sign-up, sign-in and sessions over a `Store`; `now` is the clock (injected in tests)."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now
        self._decoy: str | None = None  # a hash to verify against for unknown names: the same work, the same time

    def sign_up(self, name: str, password: str, address: str = "-") -> User:
        """A new account, signed up from `address` (`signup.many` past SIGNUPS_MAX an hour from it)."""
        shown = name_form(name)
        _check_password(password)
        now = self.now()
        if not self.store.take_try(f"signup:{address}", now, now - SIGNUPS_WINDOW, SIGNUPS_MAX):
            raise AccountError("signup.many", "Too many accounts were made from your network in the last hour; "
                                              "try again later.")
        key = name_key(shown)
        if self.store.user_by_name(key) is not None:  # spare the scrypt work; the store still decides below
            raise _taken()
        try:
            user_id = self.store.add_user(shown, key, hash_password(password))
        except Taken:
            raise _taken() from None
        return User(user_id, shown)

    def sign_in(self, name: str, password: str) -> User:
        try:
            key = name_key(name_form(name))
        except AccountError:
            key = name_key(name.strip())[:NAME_MAX * 4]  # cannot be an account; still counted, still refused alike
        self._check_pace(key)
        found = self.store.user_by_name(key)
        if len(password) > PASSWORD_MAX:
            ok = False  # no account has it: refused without hashing a long string
        elif found is None:
            verify_password(password, self._decoy_hash())
            ok = False
        else:
            ok = verify_password(password, found.password_hash)
        if not ok or found is None:
            self._fail(key)
            raise AccountError("signin.wrong", "That name and password do not match an account.")
        self.store.clear_tries(_failures(key))
        return _user(found)

    def open_session(self, user: User) -> str:
        token = secrets.token_urlsafe(32)
        now = self.now()
        self.store.drop_expired(now)
        self.store.drop_tries_before(now - TRIES_KEPT)
        self.store.add_session(token_hash(token), user.id, now + SESSION_SECONDS)
        return token

    def user_of(self, token: str | None) -> User | None:
        if not token or len(token) > TOKEN_MAX:
            return None
        found = self.store.session_user(token_hash(token), self.now())
        return None if found is None else _user(found)

    def sign_out(self, token: str | None) -> None:
        """End this session (the account's other devices stay signed in: a password change ends them): every room
        page opened with it, in every process, is closed by its next message or the next look at the store
        (narrator/online/signouts.py)."""
        if token and len(token) <= TOKEN_MAX:
            self.store.drop_session(token_hash(token))

    def change_password(self, token: str | None, password: str, new: str) -> User:
        """The session's account gets password `new` once `password` is its own (checked, and counted when wrong,
        as a sign-in), and every other session of it ends: the account's other devices must sign in again."""
        user = self.user_of(token)
        if user is None or token is None:
            raise AccountError("signin.required", "Sign in first.")
        self.sign_in(user.name, password)
        _check_password(new)
        self.store.set_password(user.id, hash_password(new))
        self.store.drop_sessions(user.id, keep=token_hash(token))
        return user

    def live(self, tokens: Collection[str]) -> set[str]:
        """Which of these sessions (tokens) are live now: the others have ended (signed out, or expired)."""
        by_hash = {token_hash(token): token for token in tokens if token and len(token) <= TOKEN_MAX}
        return {by_hash[h] for h in self.store.live_sessions(by_hash, self.now())}

    def _decoy_hash(self) -> str:
        if self._decoy is None:
            self._decoy = hash_password(secrets.token_urlsafe(16))
        return self._decoy

    def _check_pace(self, key: str) -> None:
        if self.store.tries_since(_failures(key), self.now() - FAILURES_WINDOW) >= FAILURES_MAX:
            raise AccountError("signin.slow", "Too many wrong tries for this name; wait a few minutes.")

    def _fail(self, key: str) -> None:
        self.store.add_try(_failures(key), self.now())


def _check_password(password: str) -> None:
    if len(password) < PASSWORD_MIN:
        raise AccountError("password.short", f"A password has at least {PASSWORD_MIN} characters.")
    if len(password) > PASSWORD_MAX:
        raise AccountError("password.long", f"A password has at most {PASSWORD_MAX} characters.")


def _failures(key: str) -> str:
    """The store's key for a name's wrong passwords."""
    return f"signin:{key}"


def _taken() -> AccountError:
    return AccountError("name.taken", "That name is taken; pick another.")


def _user(found: StoredUser) -> User:
    return User(found.id, found.name)
