"""What the hub's parts and helpers need of each other, each as a narrow port (a Protocol), so that none imports
another: the hub (narrator/ui/web/hub.py) makes the parts and hands each the ports it needs, and mypy checks at
that call that the part handed in still has all they use.

- `Pages`: the connected pages and how each is told (connections.py).
- `OnStage`: the game in play as a way to play sees it (stage.py): the question open, the one state the pages are
  drawn from, the desk where every tap is checked, the table's words.
- `HubLike`: the hub as the helpers around it see it (the address announcer, the Sound section, the voice
  download, the table's voice, the web app); `lan_url` is the one thing a helper changes.
- `Hooks`: what an online room adds to the hub's game (narrator/online/room.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engine import State
from narrator.config import Config
from narrator.game.desk import Desk
from narrator.game.inputs import Checked, Prompt, Question
from narrator.game.session import Table
from narrator.speech.lines import Line
from narrator.speech.script import Script
from narrator.ui.web.guard import Bucket, Tokens, new_nonce
from narrator.ui.web.screens import Screens
from narrator.ui.web.webinput import WebInput

Send = Callable[[dict[str, Any]], None]  # one page's way to be sent a message
Handed = tuple[Question, Checked | Prompt]  # an answer for the narrator: the question, and what answers it


@dataclass
class Conn:
    """One page connected to the hub: who it is (the host, a seat's phone, or a watcher) and what it was last shown."""

    send: Send
    bucket: Bucket
    who: str = "spectator"  # host | seat | spectator
    seat: int | None = None
    last: str = ""  # the last screen sent, as JSON: a screen is sent again only when it changes
    wrong_codes: int = 0
    address: str = "-"  # where its socket comes from (takeover codes are counted by it, takeover.py)
    nonce: str = field(default_factory=new_nonce)  # what its page answers with its token's proof (guard.py)


class Pages(Protocol):
    """The pages connected to the hub, and how each is told (narrator/ui/web/connections.py)."""

    @property
    def conns(self) -> Mapping[int, Conn]: ...

    @property
    def caption(self) -> str: ...  # the narrator's last line, as every page shows it

    def broadcast(self, message: dict[str, Any]) -> None: ...  # a message every page may see

    def to_host(self, message: dict[str, Any]) -> None: ...

    def send_to(self, client: int, message: dict[str, Any]) -> None: ...

    def tell_seat(self, seat: int, message: dict[str, Any]) -> None: ...  # a secret for one seat's phones

    def send_frame(self, conn: Conn, force: bool = False) -> None: ...  # one page's screen, with the others' sizes

    def refresh(self) -> None: ...  # every page is sent its screen, when it has changed

    def dummies(self) -> None: ...  # every living phone a secret's size of nothing (shape.py)

    def tell_peers(self) -> None: ...  # the host, who is connected


class OnStage(Protocol):
    """The game in play as a way to play sees it (narrator/ui/web/stage.py). Nothing here decides a rule: the
    desk and the engine do."""

    @property
    def table(self) -> Table | None: ...

    @property
    def state(self) -> State | None: ...

    @property
    def question(self) -> Question | None: ...

    @property
    def tokens(self) -> Tokens: ...  # whose phone holds which seat

    @property
    def code(self) -> str: ...  # the room code a phone types

    def asked(self, message: dict[str, Any], *steps: str) -> Question: ...  # the question a message answers

    @property
    def hooks(self) -> Hooks: ...  # what an online room adds (its votes on top of the ballots)

    def desk(self) -> Desk: ...  # the desk of the game in play (Stale if none)

    def phase(self) -> str: ...  # night or day, as the table has heard it

    def name(self, seat: int) -> str: ...  # a seat's label at the table in play

    def seat_name(self, seat: int) -> str: ...  # before a deal, the name typed at the setup

    def seats(self) -> int: ...  # how many sit at the table (in play, or being set up)

    def asked_back(self) -> set[int]: ...  # the seats asked back by name in this game (claims.py)

    def screens(self) -> Screens: ...

    def table_screen(self) -> dict[str, Any]: ...  # the table device's screen, as the narrator last showed it


class DraftLike(Protocol):
    """The setup screen's choices the helpers read, before the cards are dealt."""

    @property
    def lang(self) -> str: ...

    @property
    def voice(self) -> str: ...

    @property
    def sound(self) -> str: ...  # server | browser

    @property
    def levels(self) -> dict[str, int]: ...  # each layer's volume: voice, bed, cues (0 to 100)


class Joining(Protocol):
    @property
    def joins(self) -> bool: ...  # a guest may take a seat with the room code (own devices)


class Showing(Protocol):
    """The table's screen: what the narrator put up, shown to every page (stage.py)."""

    @property
    def screen(self) -> dict[str, Any]: ...

    @property
    def live(self) -> WebInput | None: ...  # the game in play's input (a replaced game's lines say nothing)

    def show(self, screen: dict[str, Any]) -> None: ...

    @property
    def way(self) -> Joining: ...

    def spoken(self, live: WebInput | None, line: Line) -> None: ...  # a line said: its caption on every page


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
    def code(self) -> str: ...

    @property
    def tokens(self) -> Tokens: ...

    @property
    def table(self) -> Table | None: ...

    @property
    def thread(self) -> threading.Thread | None: ...

    @property
    def clips(self) -> dict[int, bytes]: ...

    @property
    def speaker_factory(self) -> Callable[..., Any] | None: ...

    @property
    def pages(self) -> Pages: ...

    @property
    def stage(self) -> Showing: ...


class Hooks:
    """What an online room adds to the hub's game (narrator/online/room.py), given to the hub as `hooks=`;
    a table at home adds nothing (these defaults). Each is called under the hub's lock."""

    keeps_config = True  # the setup's sound levels are written to config.yaml (a room keeps its own)
    keeps_tokens = True  # the tokens' hashes are kept in the data folder (a room's seats are its accounts')
    offers_voices = True  # the setup offers to download a natural voice (a room's narrator is the browser's)

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
