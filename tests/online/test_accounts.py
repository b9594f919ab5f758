"""Accounts on a real SQLite file with real scrypt, and a clock the test turns."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from narrator.online.accounts import (
    FAILURES_MAX,
    FAILURES_WINDOW,
    SESSION_SECONDS,
    SIGNUPS_MAX,
    SIGNUPS_WINDOW,
    AccountError,
    Accounts,
    hash_password,
    verify_password,
)
from narrator.online.store import SqliteStore
from tests.online.conftest import Clock, Opener


def rule_of(call: Callable[..., object], *args: str) -> str:
    with pytest.raises(AccountError) as caught:
        call(*args)
    return caught.value.rule


def test_sign_up_then_sign_in(accounts: Accounts) -> None:
    user = accounts.sign_up("  Jürgen ", "correct horse")
    assert user.name == "Jürgen"
    again = accounts.sign_in("jürgen", "correct horse")
    assert again == user


def test_a_name_in_another_case_is_taken(accounts: Accounts) -> None:
    accounts.sign_up("Begoña", "contraseña1")
    assert rule_of(accounts.sign_up, "BEGOÑA", "otra-clave-1") == "name.taken"
    assert rule_of(accounts.sign_up, "begoña", "otra-clave-1") == "name.taken"


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "a/b", "<script>", "tab\there", "...", "emoji🐺"])
def test_names_that_are_not_names(accounts: Accounts, name: str) -> None:
    assert rule_of(accounts.sign_up, name, "long enough") == "name.form"


@pytest.mark.parametrize("name", ["Jürgen", "Begoña", "Zoë-2", "j.r_r tolkien", "x" * 24, "7"])
def test_names_that_are(accounts: Accounts, name: str) -> None:
    assert accounts.sign_up(name, "long enough").name == name


def test_password_lengths(accounts: Accounts) -> None:
    assert rule_of(accounts.sign_up, "Ana", "1234567") == "password.short"
    assert rule_of(accounts.sign_up, "Ana", "x" * 201) == "password.long"
    accounts.sign_up("Ana", "12345678")
    accounts.sign_up("Eva", "x" * 200)


def test_wrong_password_and_unknown_name_are_one_rule(accounts: Accounts) -> None:
    accounts.sign_up("Ana", "right password")
    with pytest.raises(AccountError) as wrong_caught:
        accounts.sign_in("Ana", "wrong password")
    with pytest.raises(AccountError) as unknown_caught:
        accounts.sign_in("Nobody", "right password")
    wrong, unknown = wrong_caught.value, unknown_caught.value
    assert wrong.rule == unknown.rule == "signin.wrong"
    assert wrong.text == unknown.text
    assert rule_of(accounts.sign_in, "Ana", "x" * 500) == "signin.wrong"


def test_failures_are_limited_per_name_on_the_clock(accounts: Accounts, clock: Clock) -> None:
    accounts.sign_up("Ana", "right password")
    accounts.sign_up("Eva", "right password")
    for _ in range(FAILURES_MAX):
        assert rule_of(accounts.sign_in, "Ana", "wrong password") == "signin.wrong"
        clock.t += 1
    assert rule_of(accounts.sign_in, "ANA", "right password") == "signin.slow"  # even the right one, any case
    assert accounts.sign_in("Eva", "right password").name == "Eva"  # another name is not held back
    clock.t += FAILURES_WINDOW - FAILURES_MAX - 1
    assert rule_of(accounts.sign_in, "Ana", "right password") == "signin.slow"
    clock.t += 1  # the first failure is now 15 minutes old
    assert accounts.sign_in("Ana", "right password").name == "Ana"


def test_failures_are_counted_once_for_every_process_on_the_store(opener: Opener, clock: Clock) -> None:
    """Two servers on one store (each its own connection): the wrong passwords tried at either add up, and a
    restarted server still counts them."""
    one, two = opener(), opener()
    first, second = Accounts(one, now=clock), Accounts(two, now=clock)
    first.sign_up("Ana", "right password")
    for i in range(FAILURES_MAX):
        assert rule_of((first if i % 2 else second).sign_in, "Ana", "wrong password") == "signin.wrong"
    assert rule_of(first.sign_in, "Ana", "right password") == "signin.slow"
    assert rule_of(second.sign_in, "Ana", "right password") == "signin.slow"
    one.close()
    restarted = opener()
    assert rule_of(Accounts(restarted, now=clock).sign_in, "Ana", "right password") == "signin.slow"
    clock.t += FAILURES_WINDOW
    assert second.sign_in("Ana", "right password").name == "Ana"
    restarted.close(), two.close()


def test_unknown_names_are_limited_too(accounts: Accounts) -> None:
    for _ in range(FAILURES_MAX):
        rule_of(accounts.sign_in, "Ghost", "whatever1")
    assert rule_of(accounts.sign_in, "Ghost", "whatever1") == "signin.slow"


def test_a_success_clears_the_failures(accounts: Accounts) -> None:
    accounts.sign_up("Ana", "right password")
    for _ in range(FAILURES_MAX - 1):
        rule_of(accounts.sign_in, "Ana", "wrong password")
    accounts.sign_in("Ana", "right password")
    for _ in range(FAILURES_MAX - 1):
        rule_of(accounts.sign_in, "Ana", "wrong password")
    assert accounts.sign_in("Ana", "right password").name == "Ana"


def test_sessions_last_thirty_days(accounts: Accounts, clock: Clock) -> None:
    user = accounts.sign_up("Ana", "right password")
    token = accounts.open_session(user)
    assert accounts.user_of(token) == user
    clock.t += SESSION_SECONDS - 1
    assert accounts.user_of(token) == user
    clock.t += 1
    assert accounts.user_of(token) is None


def test_sign_out_ends_only_that_session(accounts: Accounts) -> None:
    user = accounts.sign_up("Ana", "right password")
    phone, laptop = accounts.open_session(user), accounts.open_session(user)
    assert phone != laptop
    accounts.sign_out(phone)
    assert accounts.user_of(phone) is None
    assert accounts.user_of(laptop) == user
    assert accounts.user_of(None) is None and accounts.user_of("") is None and accounts.user_of("x" * 5000) is None


def test_tokens_and_passwords_are_not_stored_in_clear(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "accounts.sqlite3"
    store = SqliteStore(path)
    accounts = Accounts(store, now=clock)
    user = accounts.sign_up("Ana", "plain-password-42")
    token = accounts.open_session(user)
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("accounts.sqlite3"))
    assert b"Ana" in raw  # the file is the one written (the test can tell)
    assert token.encode() not in raw
    assert b"plain-password-42" not in raw


def test_the_hash_verifies_after_reopening(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "accounts.sqlite3"
    first = SqliteStore(path)
    user = Accounts(first, now=clock).sign_up("Ana", "right password")
    token = Accounts(first, now=clock).open_session(user)
    first.close()
    second = SqliteStore(path)
    accounts = Accounts(second, now=clock)
    stored = second.user_by_name("ana")
    assert stored is not None and stored.password_hash != "right password"
    assert stored.password_hash.startswith("scrypt$16384$8$1$")
    assert accounts.sign_in("Ana", "right password") == user
    assert accounts.user_of(token) == user
    assert rule_of(accounts.sign_in, "Ana", "wrong password") == "signin.wrong"
    second.close()


def test_the_hash_string() -> None:
    one, two = hash_password("same password"), hash_password("same password")
    assert one != two  # a fresh salt each time
    assert one.split("$")[:4] == ["scrypt", "16384", "8", "1"]
    assert "same password" not in one
    assert verify_password("same password", one) and verify_password("same password", two)
    assert not verify_password("same passwore", one)
    assert not verify_password("same password", "bcrypt$whatever")
    assert not verify_password("same password", "scrypt$3$8$1$AAAA$AAAA")  # n not a power of two


def test_sign_ups_are_limited_per_address_on_the_clock(accounts: Accounts, clock: Clock) -> None:
    """Issue 39: 170 accounts in 10 s from one address. A taken name counts (it would list the names)."""
    for n in range(SIGNUPS_MAX - 1):
        accounts.sign_up(f"Player {n}", "correct horse", "203.0.113.7")
    assert rule_of(accounts.sign_up, "Player 0", "correct horse", "203.0.113.7") == "name.taken"
    assert rule_of(accounts.sign_up, "Mallory", "correct horse", "203.0.113.7") == "signup.many"
    assert accounts.store.user_by_name("mallory") is None
    assert rule_of(accounts.sign_up, "Mallory", "short", "203.0.113.7") == "password.short"  # checked first, uncounted
    neighbour = accounts.sign_up("Neighbour", "correct horse", "198.51.100.1")  # another address: its own count
    clock.t += FAILURES_WINDOW + 1
    accounts.open_session(neighbour)  # forgets the old wrong passwords, not the sign-ups of the last hour
    assert rule_of(accounts.sign_up, "Mallory", "correct horse", "203.0.113.7") == "signup.many"
    clock.t += SIGNUPS_WINDOW - FAILURES_WINDOW
    assert accounts.sign_up("Mallory", "correct horse", "203.0.113.7").name == "Mallory"


def test_a_password_change_ends_the_other_sessions(accounts: Accounts) -> None:
    user = accounts.sign_up("Ana", "right password")
    phone, laptop = accounts.open_session(user), accounts.open_session(user)
    assert rule_of(accounts.change_password, laptop, "wrong password", "new password") == "signin.wrong"
    assert rule_of(accounts.change_password, laptop, "right password", "short") == "password.short"
    assert rule_of(accounts.change_password, "not a session", "right password", "new password") == "signin.required"
    assert accounts.live([phone, laptop, "not a session"]) == {phone, laptop}
    assert accounts.change_password(laptop, "right password", "new password") == user
    assert accounts.live([phone, laptop]) == {laptop}
    assert accounts.user_of(phone) is None and accounts.user_of(laptop) == user
    assert rule_of(accounts.sign_in, "Ana", "right password") == "signin.wrong"
    assert accounts.sign_in("Ana", "new password") == user
