"""What the page's helpers need of the hub: the setup's choices, the table in play, and a way to tell pages.

The address announcer, the Sound section, the voice download, the table's voice and the web app each take
the hub as a `HubLike`, so they do not import the hub (which imports them): the hub passes itself in, and
mypy checks at that call that it still has all they use. Everything they only read is a property here;
`lan_url` is the one thing a helper changes (the address announcer, when this machine moves).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from narrator.config import Config
from narrator.game.session import Table
from narrator.speech.lines import Line
from narrator.speech.script import Script
from narrator.ui.web.guard import Tokens
from narrator.ui.web.webinput import WebInput

Send = Callable[[dict[str, Any]], None]  # one page's way to be sent a message


class DraftLike(Protocol):
    """The setup screen's choices the helpers read, before the cards are dealt."""

    @property
    def lang(self) -> str: ...

    @property
    def voice(self) -> str: ...

    @property
    def sound(self) -> str: ...  # server | browser

    @property
    def mode(self) -> str: ...  # one_device | round_table | own_devices


class HubLike(Protocol):
    """The game behind the page, as the helpers around it see it (narrator/ui/web/hub.py is the one)."""

    lan_url: str | None  # with --lan: the address a phone opens

    @property
    def cfg(self) -> Config: ...

    @property
    def script(self) -> Script: ...

    @property
    def data(self) -> Path: ...

    @property
    def fast(self) -> bool: ...

    @property
    def audio(self) -> str: ...

    @property
    def lock(self) -> threading.RLock: ...

    @property
    def draft(self) -> DraftLike: ...

    @property
    def lang(self) -> str: ...

    @property
    def mode(self) -> str: ...

    @property
    def code(self) -> str: ...

    @property
    def tokens(self) -> Tokens: ...

    @property
    def table(self) -> Table | None: ...

    @property
    def input(self) -> WebInput | None: ...

    @property
    def thread(self) -> threading.Thread | None: ...

    @property
    def screen(self) -> dict[str, Any]: ...

    @property
    def clips(self) -> dict[int, bytes]: ...

    @property
    def speaker_factory(self) -> Callable[..., Any] | None: ...

    def connect(self, send: Send) -> int: ...

    def disconnect(self, client: int) -> None: ...

    def handle(self, client: int, message: object) -> None: ...

    def show(self, screen: dict[str, Any]) -> None: ...

    def refresh(self) -> None: ...

    def to_host(self, message: dict[str, Any]) -> None: ...

    def broadcast(self, message: dict[str, Any]) -> None: ...

    def spoken(self, live: WebInput | None, line: Line) -> None: ...
