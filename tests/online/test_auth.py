"""The account routes over HTTP, on a tiny Starlette app: the cookie, /api/me, the body cap, the refusals."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from narrator.online.accounts import FAILURES_MAX, SESSION_SECONDS, Accounts
from narrator.online.auth import BODY_MAX, COOKIE, routes
from tests.online.conftest import Clock


def client_for(accounts: Accounts, secure: bool = False) -> TestClient:
    base = "https://testserver" if secure else "http://testserver"
    return TestClient(Starlette(routes=routes(accounts, secure=secure)), base_url=base, raise_server_exceptions=False)


@pytest.fixture
def client(accounts: Accounts) -> TestClient:
    return client_for(accounts)


def session_header(response: httpx.Response) -> str:
    cookies = [v for k, v in response.headers.multi_items() if k == "set-cookie" and v.startswith(COOKIE + "=")]
    assert len(cookies) == 1, response.headers
    return str(cookies[0])


def test_sign_up_sets_a_session_cookie(client: TestClient) -> None:
    response = client.post("/api/signup", json={"name": "Jürgen", "password": "correct horse"})
    assert response.status_code == 200 and response.json() == {"name": "Jürgen"}
    header = session_header(response)
    flags = [part.strip().lower() for part in header.split(";")]
    assert "httponly" in flags and "samesite=strict" in flags and "path=/" in flags
    assert f"max-age={SESSION_SECONDS}" in flags
    assert "secure" not in flags  # plain HTTP here
    assert "correct horse" not in header


def test_the_cookie_is_secure_behind_https(accounts: Accounts) -> None:
    client = client_for(accounts, secure=True)
    response = client.post("/api/signup", json={"name": "Ana", "password": "correct horse"})
    assert "secure" in [part.strip().lower() for part in session_header(response).split(";")]
    assert client.get("/api/me").json() == {"name": "Ana"}


def test_me_before_and_after_sign_in_and_after_sign_out(accounts: Accounts, client: TestClient) -> None:
    accounts.sign_up("Ana", "correct horse")
    before = client.get("/api/me")
    assert before.status_code == 401 and before.json()["rule"] == "signin.required"
    signed = client.post("/api/signin", json={"name": "ana", "password": "correct horse"})
    assert signed.status_code == 200 and signed.json() == {"name": "Ana"}
    token = client.cookies.get(COOKIE)
    assert client.get("/api/me").json() == {"name": "Ana"}
    out = client.post("/api/signout", json={})
    assert out.status_code == 200
    assert client.get("/api/me").status_code == 401
    assert accounts.user_of(token) is None  # gone on the server too, not only from this browser
    client.cookies.set(COOKIE, token or "")
    assert client.get("/api/me").status_code == 401


def test_the_session_expires_on_the_clock(client: TestClient, clock: Clock) -> None:
    client.post("/api/signup", json={"name": "Ana", "password": "correct horse"})
    clock.t += SESSION_SECONDS
    assert client.get("/api/me").status_code == 401


def test_wrong_password_and_unknown_name(accounts: Accounts, client: TestClient) -> None:
    accounts.sign_up("Ana", "correct horse")
    wrong = client.post("/api/signin", json={"name": "Ana", "password": "wrong horse"})
    unknown = client.post("/api/signin", json={"name": "Eva", "password": "correct horse"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() and wrong.json()["rule"] == "signin.wrong"
    assert COOKIE not in wrong.headers.get("set-cookie", "")


def test_too_many_tries_is_429(accounts: Accounts, client: TestClient) -> None:
    accounts.sign_up("Ana", "correct horse")
    for _ in range(FAILURES_MAX):
        client.post("/api/signin", json={"name": "Ana", "password": "wrong horse"})
    response = client.post("/api/signin", json={"name": "Ana", "password": "correct horse"})
    assert response.status_code == 429 and response.json()["rule"] == "signin.slow"


@pytest.mark.parametrize(("form", "rule"), [
    ({"name": "Ana", "password": "short"}, "password.short"),
    ({"name": "a/b", "password": "correct horse"}, "name.form"),
    ({"name": "Ana"}, "request.form"),
    ({"name": 1, "password": "correct horse"}, "request.form"),
    (["Ana", "correct horse"], "request.form"),
])
def test_sign_up_refusals_are_400_with_a_rule(client: TestClient, form: object, rule: str) -> None:
    response = client.post("/api/signup", json=form)
    assert response.status_code == 400
    assert response.json()["rule"] == rule and response.json()["text"]


def test_a_taken_name(client: TestClient) -> None:
    client.post("/api/signup", json={"name": "Ana", "password": "correct horse"})
    response = client.post("/api/signup", json={"name": "ANA", "password": "other horse"})
    assert response.status_code == 400 and response.json()["rule"] == "name.taken"


def test_bodies_over_4_kb_are_not_read(client: TestClient) -> None:
    padding = "x" * BODY_MAX
    response = client.post("/api/signup", json={"name": "Ana", "password": "correct horse", "pad": padding})
    assert response.status_code == 413 and response.json()["rule"] == "request.large"
    chunked = client.post("/api/signup", content=iter([b'{"name": "Ana", "password": "correct horse", "p": "',
                                                        b"x" * BODY_MAX, b'"}']),
                          headers={"content-type": "application/json"})
    assert chunked.status_code == 413
    small = client.post("/api/signup", json={"name": "Ana", "password": "correct horse", "pad": "x" * 3000})
    assert small.status_code == 200


def test_only_json_is_read(client: TestClient) -> None:
    form = client.post("/api/signup", data={"name": "Ana", "password": "correct horse"})
    assert form.status_code == 400 and form.json()["rule"] == "request.form"
    text = client.post("/api/signup", content=b'{"name": "Ana", "password": "correct horse"}',
                       headers={"content-type": "text/plain"})
    assert text.status_code == 400
    broken = client.post("/api/signup", content=b'{"name": ', headers={"content-type": "application/json"})
    assert broken.status_code == 400 and broken.json()["rule"] == "request.form"


def test_a_failure_inside_says_nothing_of_it(accounts: Accounts, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str, password: str) -> None:
        raise RuntimeError("secret detail at /srv/wolfcall")

    monkeypatch.setattr(accounts, "sign_in", broken)
    response = client_for(accounts).post("/api/signin", json={"name": "Ana", "password": "correct horse"})
    assert response.status_code == 500 and response.json()["rule"] == "server.error"
    assert "secret detail" not in response.text and "Traceback" not in response.text
