"""Who each page is: the first page to say hello is the host, a page that proves a seat's token is that seat, and
a guest who types the room code and a name takes the first free seat; the host moves and frees seats."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Mode
from narrator.config import Config
from narrator.ui.web.guard import WRONG_CODES
from narrator.ui.web.hub import Hub

from ...narration import SCRIPT
from .tables import Phone, Table


def lobby(tmp_path: Path, players: int = 6) -> tuple[Hub, Table, Phone, str]:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host = table.connect("host")
    host.send(t="mode", mode=Mode.OWN_DEVICES)
    host.send(t="players", players=players)
    screen = host.screen()
    assert screen is not None
    return hub, table, host, screen["lobby"]["code"]


def test_the_first_page_is_the_host_and_keeps_being_it_by_its_token(tmp_path: Path) -> None:
    _, table, host, _ = lobby(tmp_path)
    other = table.connect("other")
    assert (host.who, other.who) == ("host", "spectator") and host.token and other.token is None
    again = table.reconnect(host)
    assert again.who == "host" and table.connect("third").who == "spectator"


def test_a_guest_with_the_code_takes_the_first_free_seat_under_a_name_nobody_has(tmp_path: Path) -> None:
    hub, table, _, code = lobby(tmp_path, players=6)
    ana, ben, other_ana = table.connect("ana"), table.connect("ben"), table.connect("ana2")
    ana.send(t="join", code=code.lower(), name=" Ana ", gender="f")
    ben.send(t="join", code=code, name="Ben")
    other_ana.send(t="join", code=code, name="ANA")
    assert (ana.who, ana.seat, ben.seat) == ("seat", 1, 2) and ana.token
    assert other_ana.who == "spectator" and other_ana.refusals()[-1]["rule"] == "join.same_name"
    assert hub.setup.draft.names[:2] == ["Ana", "Ben"] and hub.setup.draft.genders[0] == "f"
    assert table.reconnect(ana).seat == 1  # a page reloaded proves its seat by its token


def test_wrong_codes_are_counted_and_then_even_the_right_one_is_refused(tmp_path: Path) -> None:
    _, table, _, code = lobby(tmp_path)
    guesser = table.connect("guesser")
    for _ in range(WRONG_CODES):
        guesser.send(t="join", code="AAAAAA" if code != "AAAAAA" else "BBBBBB", name="Mallory")
    guesser.send(t="join", code=code, name="Mallory")
    assert [r["rule"] for r in guesser.refusals()] == ["join.code"] * (WRONG_CODES + 1) and guesser.who == "spectator"


def test_a_full_table_a_bad_name_and_a_way_without_guests_are_refused(tmp_path: Path) -> None:
    _, table, host, code = lobby(tmp_path, players=6)
    seated = [table.connect(f"p{n}") for n in range(6)]
    for n, phone in enumerate(seated):
        phone.send(t="join", code=code, name=f"P{n}")
    late, blank = table.connect("late"), table.connect("blank")
    late.send(t="join", code=code, name="Late")
    assert late.refusals()[-1]["rule"] == "join.full"
    seated[5].send(t="remove", seat=6)  # only the host frees a seat
    assert seated[5].refusals() and seated[5].seat == 6
    host.send(t="remove", seat=6)
    blank.send(t="join", code=code, name="\u0000")
    assert blank.refusals()[-1]["rule"] == "join.name"
    host.send(t="mode", mode=Mode.ONE_DEVICE)
    late.send(t="join", code=code, name="Late")
    assert late.refusals()[-1]["rule"] == "join.closed"


def test_the_host_swaps_two_seats_and_each_phone_follows_its_player(tmp_path: Path) -> None:
    hub, table, host, code = lobby(tmp_path)
    ana, ben = table.connect("ana"), table.connect("ben")
    ana.send(t="join", code=code, name="Ana")
    ben.send(t="join", code=code, name="Ben")
    host.send(t="move", seat=1, to=2)
    assert (ana.seat, ben.seat) == (2, 1) and hub.setup.draft.names[:2] == ["Ben", "Ana"]
    assert table.reconnect(ana).seat == 2  # its token moved with it
    host.send(t="move", seat=1, to=7)
    assert host.refusals()[-1]["rule"] == "message.form"


def test_a_seat_freed_by_the_host_watches_and_its_token_proves_nothing(tmp_path: Path) -> None:
    hub, table, host, code = lobby(tmp_path)
    ana = table.connect("ana")
    ana.send(t="join", code=code, name="Ana")
    host.send(t="remove", seat=1)
    assert (ana.who, ana.seat) == ("spectator", None) and hub.setup.draft.names[:1] == [""]
    assert table.reconnect(ana).who == "spectator"


@pytest.mark.parametrize("proof", [None, "not a proof", 12])
def test_a_hello_without_a_proof_it_holds_leaves_a_seat_a_watcher(tmp_path: Path, proof: object) -> None:
    _hub, table, _, code = lobby(tmp_path)
    ana = table.connect("ana")
    ana.send(t="join", code=code, name="Ana")
    ana.send(t="hello", proof=proof)
    assert (ana.who, ana.seat) == ("spectator", None)
