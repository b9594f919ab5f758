"""Taking over the table (narrator/ui/web/takeover.py): only with the code the table has, never as a caption."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.speech.lines import Line
from narrator.ui.web.guard import proof
from narrator.ui.web.hub import Hub
from narrator.ui.web.server import typed
from narrator.ui.web.takeover import ADDRESS_TRIES, CONN_TRIES, LOCK_AFTER, TRIES

from ...narration import SCRIPT


class Device:
    """A page: what it is sent, and what it sends."""

    def __init__(self, hub: Hub, address: str = "192.168.1.20") -> None:
        self.hub = hub
        self.got: list[dict[str, Any]] = []
        self.client = hub.connect(self.got.append, address=address)

    def send(self, **message: Any) -> None:
        self.hub.handle(self.client, message)

    def last(self, kind: str) -> dict[str, Any]:
        return [m for m in self.got if m["t"] == kind][-1]

    @property
    def who(self) -> str:
        return self.hub.conns[self.client].who


def table(tmp_path: Path) -> tuple[Hub, list[str], list[Line]]:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    printed: list[str] = []
    said: list[Line] = []
    hub.console = printed.append  # type: ignore[method-assign]
    hub.takeover.voice = lambda _, line: said.append(line)
    return hub, printed, said


def wrong(code: str) -> str:
    return str((int(code) + 1) % 10000).zfill(4)


def test_the_code_shown_on_the_host_and_the_console_makes_another_device_the_host(tmp_path: Path) -> None:
    hub, printed, said = table(tmp_path)
    host = Device(hub)
    host.send(t="hello")
    token = host.last("token")["token"]
    asker = Device(hub)
    asker.send(t="hello")
    assert asker.who == "spectator"
    asker.send(t="takeover")
    code = host.last("takeover_code")["code"]
    assert len(code) == 4 and code.isdigit()
    assert printed == [f"another device asks to run the table; to let it, type this code on it: {code}"]
    assert said == [], "a host's page is connected: the code is on it, not said aloud"
    assert not any(code in str(m) for m in asker.got), "the asker is never sent the code"
    asker.send(t="takeover", code=wrong(code))
    assert asker.last("refused")["rule"] == "takeover.wrong" and asker.who == "spectator"
    asker.send(t="takeover", code=code)
    assert asker.who == "host" and host.who == "spectator"
    assert host.last("takeover_code")["code"] is None and host.last("you")["as"] == "spectator"
    nonce = hub.conns[host.client].nonce
    assert hub.tokens.proven(proof(token, nonce), nonce) is None, "the old host's token stops working"
    new = asker.last("token")["token"]
    assert hub.tokens.proven(proof(new, "n"), "n") == ("host", None)


def test_with_no_host_connected_the_code_is_said_at_the_table_and_never_captioned(tmp_path: Path) -> None:
    hub, printed, said = table(tmp_path)
    hub.tokens.claim_host()  # the host's page was lost: its token is not on any page here
    asker = Device(hub)
    asker.send(t="hello")
    asker.send(t="takeover")
    code = hub.takeover.code
    assert code is not None and code in printed[0]
    assert [line.scene for line in said] == ["table.takeover"]
    digits = [SCRIPT.variants("en", f"numbers.{d}")[0] for d in code]
    assert " ".join(digits) in said[0].text, said[0].text
    assert not any(m["t"] == "caption" for m in asker.got)
    asker.send(t="takeover", code=code)
    assert asker.who == "host"


def guess(device: Device, times: int) -> list[str]:
    """A watcher asks for a code and types wrong ones: the rule of each refusal."""
    rules = []
    for _ in range(times):
        device.send(t="takeover")
        code = device.hub.takeover.code or "0000"
        device.send(t="takeover", code=wrong(code))
        rules.append(device.last("refused")["rule"])
    return rules


def test_three_wrong_codes_void_the_code(tmp_path: Path) -> None:
    hub, printed, said = table(tmp_path)
    hub.tokens.claim_host()
    asker = Device(hub)
    asker.send(t="hello")
    asker.send(t="takeover")
    first = hub.takeover.code
    assert first is not None
    for _ in range(TRIES):
        asker.send(t="takeover", code=wrong(first))
    assert asker.last("refused")["rule"] == "takeover.void"
    second = hub.takeover.code
    assert second is not None and len(printed) == 2 and len(said) == 2, "a new code, told again"
    asker.send(t="takeover", code=first)
    assert asker.who == "spectator", "a void code takes nothing"


def test_a_watcher_guessing_cannot_lock_out_the_tables_own_device(tmp_path: Path) -> None:
    """The issue's walk: an intruder types a dozen wrong codes and more; the table's own device, at another
    address, still takes over with the code the table says. Every frame of both is recorded."""
    hub, printed, said = table(tmp_path)
    hub.tokens.claim_host()  # the host's page is lost
    intruder = Device(hub, "192.168.1.66")
    rules = guess(intruder, 12) + guess(Device(hub, "192.168.1.66"), 12)  # and again on a new socket
    assert rules[CONN_TRIES - 1:12] == ["takeover.locked"] * (12 - CONN_TRIES + 1), rules
    assert rules[-1] == "takeover.locked"
    assert "restart" not in printed[-1] and "Enter" in printed[-1]
    own = Device(hub, "192.168.1.20")
    own.send(t="takeover")
    code = hub.takeover.code
    assert code is not None and code in printed[-1] and [line.scene for line in said][-1] == "table.takeover"
    own.send(t="takeover", code=code)
    assert own.who == "host" and own.last("you") == {"t": "you", "as": "host", "seat": None}
    assert not any(m["t"] == "takeover_code" or (code in str(m)) for m in intruder.got), "no code reaches a watcher"
    assert own.last("takeover_lock") == {"t": "takeover_lock", "locked": True}, "the new host sees a device barred"


def test_each_connection_and_each_address_has_its_tries_and_every_address_together_too(tmp_path: Path) -> None:
    hub, _, _ = table(tmp_path)
    hub.tokens.claim_host()
    first = Device(hub, "10.0.0.7")
    assert guess(first, CONN_TRIES + 1)[-2:] == ["takeover.locked"] * 2, "a connection past its tries"
    second = Device(hub, "10.0.0.7")
    left = ADDRESS_TRIES - CONN_TRIES
    assert "takeover.locked" not in guess(second, left - 1), "the same address, another connection: its own tries"
    assert guess(second, 1) == ["takeover.locked"], "the address's tries are spent"
    assert guess(Device(hub, "10.0.0.7"), 1) == ["takeover.locked"], "a new socket from it gets none"
    addresses = 0
    while hub.takeover.wrong_all < LOCK_AFTER:  # many addresses: all of them together have their tries too
        guess(Device(hub, f"10.0.1.{addresses}"), CONN_TRIES)
        addresses += 1
    assert addresses > 1 and guess(Device(hub, "10.0.2.1"), 1) == ["takeover.locked"]


def test_the_hosts_page_and_the_console_let_every_device_try_again(tmp_path: Path) -> None:
    hub, printed, _ = table(tmp_path)
    host = Device(hub)
    host.send(t="hello")
    intruder = Device(hub, "192.168.1.66")
    guess(intruder, CONN_TRIES)
    assert host.last("takeover_lock") == {"t": "takeover_lock", "locked": True}
    intruder.send(t="takeover_clear")
    assert intruder.last("refused")["rule"] == "message.not_yours", "only the host's page clears a lock"
    host.send(t="takeover_clear")
    assert host.last("takeover_lock") == {"t": "takeover_lock", "locked": False}
    assert printed[-1] == "every device may try the takeover code again"
    assert guess(intruder, 1) == ["takeover.wrong"], "it may try again"
    guess(intruder, CONN_TRIES)
    assert hub.takeover.locked
    typed(hub, io.StringIO("\n")).result()  # Enter at wolfcall play's terminal
    assert not hub.takeover.locked and host.last("takeover_lock")["locked"] is False
    assert not any(m["t"] == "takeover_lock" for m in intruder.got), "a watcher is never told of the lock"
