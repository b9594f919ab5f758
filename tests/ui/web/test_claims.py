"""Seats and the host after a restart (narrator/ui/web/claims.py, guard.py `Tokens`): a phone gets its seat
back only with the token it kept, proven without sending it; a name typed alone gives nobody a seat until
the host allows it; a hello seen on the Wi-Fi is worth nothing on another connection."""

from __future__ import annotations

import json
import random
from pathlib import Path

from narrator.config import Config
from narrator.ui.web.guard import Tokens, digest, proof
from narrator.ui.web.hub import HOST_FILE, Hub

from .tables import Phone, Table
from .test_frames import SCRIPT, own_table, play


def card_of(phone: Phone) -> list[dict[str, object]]:
    return [f.message for f in phone.frames if f.message["t"] == "private" and f.message.get("kind") == "card"]


def dealt(tmp_path: Path) -> tuple[Hub, Table, Phone, list[Phone]]:
    hub, table, host, phones = own_table(tmp_path, 6, "classic", "en", 3)
    host.send(t="deal")
    table.wait(lambda: all((p.screen() or {}).get("screen") == "card" for p in phones))
    return hub, table, host, phones


def test_after_a_restart_an_intruder_who_types_evas_name_gets_no_seat_and_eva_hers(tmp_path: Path) -> None:
    hub, _table, host, phones = dealt(tmp_path)
    eva = phones[4]
    eva.send(t="show")  # Eva looks at her card before the Pi is unplugged
    assert card_of(eva)
    hub.stop_game()
    again = Hub(Config(), SCRIPT, tmp_path, fast=True)  # the server starts again, on the same data folder
    table = Table(again)
    host = table.connect("host", host.token)
    assert host.who == "host"
    host.send(t="continue")
    table.wait(lambda: (host.screen() or {}).get("screen") not in (None, "resume", "listen"))
    intruder = table.connect("intruder")
    intruder.send(t="join", code=again.code, name="Eva")  # first, while Eva's phone is not back yet
    assert intruder.who == "spectator" and not card_of(intruder)
    assert [f.message["rule"] for f in intruder.frames if f.message["t"] == "notice"] == ["join.asked"]
    host.send(t="deny", seat=5)  # the host sees "Eva wants this seat back" and knows Eva is not asking
    assert intruder.who == "spectator" and intruder.refusals()[-1]["rule"] == "join.denied"
    back = table.connect("Eva", eva.token)  # Eva's phone, with the token it kept
    assert (back.who, back.seat) == ("seat", 5)
    table.wait(lambda: (back.screen() or {}).get("screen") == "card")
    assert not [f for f in intruder.frames if f.message["t"] in ("token", "private")]
    again.stop_game()


def test_a_replayed_hello_takes_neither_a_seat_nor_the_host(tmp_path: Path) -> None:
    hub, table, host, phones = dealt(tmp_path)
    sniffer = table.connect("sniffer")
    for seen in (host, phones[1]):  # what went over the air: the hello each sent, and the token it was given
        assert seen.token is not None
        sniffer.send(t="hello", proof=proof(seen.token, seen.nonce))  # replayed on another connection
        assert sniffer.who == "spectator"
        sniffer.send(t="hello", token=seen.token)  # the token itself, as a hello used to carry it
        assert sniffer.who == "spectator"
    assert not [f for f in sniffer.frames if f.message["t"] in ("token", "private", "peers")]
    again = table.reconnect(phones[1])  # the phone itself, on a new connection: its seat, as before
    assert (again.who, again.seat) == ("seat", 2)
    hub.stop_game()


def test_the_seats_hashes_are_kept_beside_the_hosts_and_an_older_file_still_reads(tmp_path: Path) -> None:
    keep = tmp_path / HOST_FILE
    tokens = Tokens(keep=keep)
    host, ana = tokens.claim_host(), tokens.seat_token(1)
    kept = keep.read_text()
    assert host not in kept and ana not in kept and digest(ana) in kept
    assert keep.stat().st_mode & 0o077 == 0
    later = Tokens(keep=keep)
    assert later.proven(proof(ana, "n1"), "n1") == ("seat", 1)
    assert later.proven(proof(host, "n2"), "n2") == ("host", None)
    assert later.proven(proof(ana, "n1"), "n2") is None
    later.forget(1)
    assert json.loads(keep.read_text())["seats"] == {}
    keep.write_text(digest(host))  # a file from before the seats were kept: the host's hash alone
    assert Tokens(keep=keep).proven(proof(host, "n3"), "n3") == ("host", None)


def test_an_ask_from_an_earlier_game_is_not_shown_and_cannot_be_allowed(tmp_path: Path) -> None:
    hub, table, host, phones = dealt(tmp_path)
    play(hub, table, phones, host, None, random.Random(3))  # a rematch is asked at a game's end
    hub.disconnect(phones[4].client)  # Eva's phone is off
    intruder = table.connect("intruder")
    intruder.send(t="join", code=hub.code, name="Eva")
    assert hub.claims.asked(hub.dealt) == {5}
    host.send(t="rematch")  # a new game at the same table: the ask was about the old one
    table.wait(lambda: hub.claims.asked(hub.dealt) == set())
    host.send(t="allow", seat=5)
    assert host.refusals()[-1]["rule"] == "stale" and intruder.who == "spectator"
    hub.stop_game()
