"""A history file imported from the host's page: a POST from this server's own page, as JSON, with the ticket the
host's page was given with the history screen (one import a ticket); a bad file is refused and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from narrator.config import Config
from narrator.game.historyfile import dumps
from narrator.game.historystore import SqliteHistory
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.app import create_app
from narrator.ui.web.historyimport import TICKET_HEADER, Tickets
from narrator.ui.web.hub import Hub
from narrator.ui.web.origin import REFUSED

from ...game.history_games import GAMES

SCRIPT = load(SHIPPED)


@pytest.fixture
def file(tmp_path: Path) -> bytes:
    """The history file of the five games, exported from another table."""
    other = SqliteHistory(tmp_path / "other.sqlite")
    for game in GAMES:
        other.add_game(game)
    exported = dumps(other).encode()
    other.close()
    return exported


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Hub, TestClient, list[dict[str, Any]]]]:
    hub = Hub(Config(), SCRIPT, tmp_path / "data", fast=True)
    inbox: list[dict[str, Any]] = []
    hub.connect(inbox.append, host=True)
    yield hub, TestClient(create_app(hub, "<svg/>", clock=lambda: 0.0)), inbox
    hub.history.close()


def ticket(hub: Hub, inbox: list[dict[str, Any]]) -> str:
    hub.handle(1, {"t": "history"})
    return str([m for m in inbox if m["t"] == "history"][-1]["ticket"])


def post(client: TestClient, body: bytes, ticket: str, **headers: str) -> Any:
    return client.post("/history/import", content=body,
                       headers={"content-type": "application/json", TICKET_HEADER: ticket, **headers})


def test_a_good_file_is_merged_once_a_ticket_and_the_host_is_sent_the_history_again(
        table: tuple[Hub, TestClient, list[dict[str, Any]]], file: bytes) -> None:
    hub, client, inbox = table
    given = ticket(hub, inbox)
    answer = post(client, file, given)
    assert (answer.status_code, answer.json()) == (200, {"added": 5, "replaced": 0})
    sent = [m for m in inbox if m["t"] == "history"][-1]
    assert sent["data"]["count"] == 5 and sent["ticket"] != given
    again = post(client, file, given)  # the ticket was good for one import
    assert (again.status_code, again.json()["rule"]) == (403, "history.ticket")
    assert post(client, file, sent["ticket"]).json() == {"added": 0, "replaced": 5}  # the same games, kept once
    assert hub.history.overview(30)["count"] == 5


def test_a_bad_file_is_refused_saying_where_and_changes_nothing(
        table: tuple[Hub, TestClient, list[dict[str, Any]]], file: bytes) -> None:
    hub, client, inbox = table
    answer = post(client, file.replace(b'"winner"', b'"won"', 1), ticket(hub, inbox))
    assert answer.status_code == 400 and answer.json()["rule"] == "history.file"
    assert "winner" in answer.json()["text"] and hub.history.overview(30)["count"] == 0


def test_only_json_from_the_servers_own_page_with_a_hosts_ticket_is_read(
        table: tuple[Hub, TestClient, list[dict[str, Any]]], file: bytes) -> None:
    hub, client, inbox = table
    given = ticket(hub, inbox)
    elsewhere = post(client, file, given, origin="http://evil.example")
    assert (elsewhere.status_code, elsewhere.json()) == (403, REFUSED)
    form = client.post("/history/import", content=file, headers={"content-type": "text/plain", TICKET_HEADER: given})
    assert (form.status_code, form.json()["rule"]) == (415, "request.json")
    assert post(client, file, "made-up").status_code == 403
    assert post(client, file, hub.history_tickets.issue(7)).status_code == 403  # a ticket no host's page holds
    assert post(client, file, given).status_code == 200  # none of the refused requests used the ticket up


def test_a_new_ticket_replaces_the_pages_older_one() -> None:
    tickets = Tickets()
    old, other = tickets.issue(1), tickets.issue(2)
    new = tickets.issue(1)
    assert tickets.take(old) is None and tickets.take(new) == 1 and tickets.take(new) is None
    assert tickets.take(other) == 2
