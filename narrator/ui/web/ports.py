"""What the page's helpers need of the hub: the setup's choices, the table in play, and a way to tell pages.

The address announcer, the Sound section, the voice download, the table's voice and the web app each take
the hub as a `HubLike`, so they do not import the hub (which imports them): the hub passes itself in, and
mypy checks at that call that it still has all they use. Everything they only read is a property here;
`lan_url` is the one thing a helper changes (the address announcer, when this machine moves).

A way to play (narrator/ui/web/ways/) takes the hub as a `GameLike`: the game in play, its desk, and how its
pages are told. An online room adds to the hub's game through `Hooks` (narrator/online/room.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engine import State
from narrator.config import Config
from narrator.game.desk import Desk
from narrator.game.inputs import Question
from narrator.game.session import Table
from narrator.speech.lines import Line
from narrator.speech.script import Script
from narrator.ui.web.guard import Bucket, Tokens, new_nonce
from narrator.ui.web.screens import Screens
from narrator.ui.web.webinput import WebInput

Send = Callable[[dict[str, Any]], None]  # one page's way to be sent a message


@dataclass
class Conn:
    """One page connected to the hub: who it is (the host, a seat's phone, or a watcher) and what it was last shown."""

    send: Send
    bucket: Bucket
    who: str = "spectator"  # host | seat | spectator
    seat: int | None = None
    last: str = ""  # the last screen sent, as JSON: a screen is sent again only when it changes
    wrong_codes: int = 0
    nonce: str = field(default_factory=new_nonce)  # what its page answers with its token's proof (guard.py)


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

    @property
    def levels(self) -> dict[str, int]: ...  # each layer's volume: voice, bed, cues (0 to 100)


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


class Hooks:
    """What an online room adds to the hub's game (narrator/online/room.py), given to the hub as `hooks=`;
    a table at home adds nothing (these defaults). Each is called under the hub's lock."""

    keeps_config = True  # the setup's sound levels are written to config.yaml (a room keeps its own)

    def extra_votes(self, state: State) -> dict[int, int] | None:
        """Votes counted against a seat on top of the day's ballots (a room's speaking list); None: none."""
        return None

    def vote_closed(self) -> None:
        """The day's vote has been counted (a room's speaking list counts its first vote)."""

    def accounts(self) -> dict[int, int] | None:
        """Which account sits at which seat (an online room's), kept with a finished game; None at home."""
        return None

    def before_screens(self) -> bool:
        """Before every page is sent its screen: what the room shows besides the game follows it first (its
        voice channels); True if that changed."""
        return False

    def after_screens(self, changed: bool) -> None:
        """Every page has been sent its screen; `changed`: what `before_screens` said (the room then sends its
        extras again to the pages whose game screen did not change)."""


class GameLike(Protocol):
    """The hub as a way to play sees it (narrator/ui/web/ways/): the game in play, the desk where every tap is
    checked, and how its pages are told. Nothing here decides a rule: the desk and the engine do."""

    @property
    def table(self) -> Table | None: ...

    @property
    def state(self) -> State | None: ...

    @property
    def question(self) -> Question | None: ...

    @property
    def screen(self) -> dict[str, Any]: ...  # the table device's screen, as the narrator last showed it

    @property
    def mode(self) -> str: ...

    @property
    def lang(self) -> str: ...

    @property
    def tokens(self) -> Tokens: ...

    @property
    def hooks(self) -> Hooks: ...

    def asked(self, message: dict[str, Any], *steps: str) -> Question: ...  # the question a message answers

    def input_desk(self) -> Desk: ...  # the desk of the game in play (Stale if none)

    def put(self, q: Question, value: object) -> None: ...  # the narrator is handed the answer to `q`

    def refresh(self) -> None: ...

    def broadcast(self, message: dict[str, Any]) -> None: ...

    def send_to(self, client: int, message: dict[str, Any]) -> None: ...

    def tell_seat(self, seat: int, message: dict[str, Any]) -> None: ...  # a secret for one seat's phones

    def name(self, seat: int) -> str: ...

    def screens(self) -> Screens: ...

    def current_screen(self) -> dict[str, Any]: ...
