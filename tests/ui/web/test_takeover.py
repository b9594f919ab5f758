"""Taking over the table (narrator/ui/web/takeover.py): only with the code the table has, never as a caption."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.speech.lines import Line
from narrator.ui.web.guard import proof
from narrator.ui.web.hub import Hub
from narrator.ui.web.takeover import LOCK_AFTER, TRIES

from ...narration import SCRIPT


class Device:
    """A page: what it is sent, and what it sends."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.got: list[dict[str, Any]] = []
        self.client = hub.connect(self.got.append)

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


def test_three_wrong_codes_void_the_code_and_many_lock_the_takeover(tmp_path: Path) -> None:
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
    for _ in range(LOCK_AFTER):
        asker.send(t="takeover", code="0000" if hub.takeover.code != "0000" else "1111")
    assert asker.last("refused")["rule"] == "takeover.locked"
    assert "restart wolfcall" in printed[-1]
    asker.send(t="takeover")
    code = hub.takeover.code
    asker.send(t="takeover", code=code or "")
    assert asker.who == "spectator" and asker.last("refused")["rule"] == "takeover.locked"
