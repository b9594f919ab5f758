"""The game in play as the pages see it: the narrator's question open now, the one state every screen is drawn
from (the desk's, narrator/game/desk.py), the screen the table shows, and the way to play of the table.

The narrator asks through `publish`. Every answer reaches it through `hand`, the one place: a tap its way has had
the desk check, the narrator's own prompts (start, the call to vote, a card covered), a rematch held while the
cards were still revealed aloud. ↶ goes through `undo`. Before a deal the setup's way draws the lobby.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engine import Choice, State
from engine.flow import REMATCH
from narrator.game.desk import Desk, Stale
from narrator.game.inputs import COVERED, Question
from narrator.game.session import Table
from narrator.speech.lines import Line, Lines, Seat
from narrator.speech.picker import Picker
from narrator.speech.script import Script
from narrator.ui.web.draft import Draft
from narrator.ui.web.frames import Frames
from narrator.ui.web.guard import Tokens, question_number
from narrator.ui.web.ports import Conn, Handed, Hooks, Pages
from narrator.ui.web.refusals import STALE, Refusal
from narrator.ui.web.screens import Screens
from narrator.ui.web.strings import strings
from narrator.ui.web.ways.way import Way
from narrator.ui.web.webinput import WebInput


class Setting(Protocol):
    """The setup as the game in play reads it (drafting.py): its choices, and its screen."""

    @property
    def draft(self) -> Draft: ...

    def screen(self) -> dict[str, Any]: ...


class Stage:
    """The game in play (`table`, its narrator's input `live`), its way to play, and the table's screen."""

    def __init__(self, pages: Pages, setting: Setting, ways: Mapping[str, Callable[[Stage, Pages], Way]], *,
                 script: Script, hooks: Hooks, tokens: Tokens, code: str, asked_back: Callable[[object], set[int]],
                 lock: threading.RLock, speed: float = 1.0, screen: dict[str, Any] | None = None) -> None:
        self.pages, self.setting, self.ways = pages, setting, ways
        self.script, self.hooks, self.tokens, self.code = script, hooks, tokens, code
        self.lock, self.speed = lock, speed
        self._asked_back = asked_back  # the seats asked back by name in a game (claims.py)
        self.screen: dict[str, Any] = screen or {"screen": "setup"}  # the table device's, as the narrator put it up
        self.table: Table | None = None
        self.live: WebInput | None = None  # the narrator's input of the game in play
        self.dealt: object = None  # the game in play: a new one at each deal and rematch (an ask for a seat is its)
        self.labels: dict[int, str] = {}  # the seats' labels at the table in play ("Ana", "player four")
        self.day_started = 0.0  # when the day screen was first shown, on this server's monotonic clock
        self._way: tuple[str, Way] | None = None

    # -- the game in play ---------------------------------------------------------------------------------
    @property
    def question(self) -> Question | None:
        """The question open now, None while nobody is asked."""
        return self.live.desk.question if self.live is not None else None

    @property
    def state(self) -> State | None:
        """The game as the table has heard it: the one state every page is drawn from."""
        return self.live.desk.state if self.live is not None and self.table is not None else None

    @property
    def way(self) -> Way:
        """The way to play of the game in play, made afresh at its deal; before a deal, the setup's mode's. A way
        is never asked about a table of another mode: one is made for it."""
        mode = self.table.mode if self.table else self.setting.draft.mode
        if self._way is None or self._way[0] != mode:
            self._way = (mode, self.ways[mode](self, self.pages))
        return self._way[1]

    @property
    def lang(self) -> str:
        return self.table.lang if self.table else self.setting.draft.lang

    def begin(self, table: Table | None, live: WebInput | None) -> None:
        """A game is dealt (a new one, a continued one, a rematch: the same table and input) and what was kept of
        the last one goes; None: no game, back to the setup."""
        self.table, self.live = table, live
        self.labels, self.dealt, self._way = {}, None if table is None else object(), None
        if live is not None:
            live.desk.follow(None)

            def roll(number: int) -> bool:  # asked from the narrator's thread (narrator/game/beats.py)
                with self.lock:
                    return live is not self.live or self.way.beats.answered_all(number)

            live.roll = roll

    def desk(self) -> Desk:
        """The desk of the game in play: where every tap is checked and handed to the narrator."""
        if self.live is None:
            raise Stale
        return self.live.desk

    def asked(self, message: dict[str, Any], *steps: str) -> Question:
        """The question a message answers: the one on screen, with the number the message names."""
        q = self.question
        if q is None or question_number(message) != q.number or (steps and q.step not in steps):
            raise Refusal(STALE, "this screen has moved on")
        return q

    # -- the narrator asks, and is answered ---------------------------------------------------------------
    def publish(self, question: Question, state: State) -> None:
        """The narrator asks: show the question's screen (called from the narrator's thread)."""
        with self.lock:
            held = self.live.take_held() if self.live is not None else None
            if self.question == question:
                return  # asked again after the window ran out: the screen already shows it
            if self.live is None or not self.live.desk.open(question, state):
                return  # answered while the reminder was said: a question once answered stays closed
            if question.step == REMATCH:  # the end screen is up; the host's rematch answers it
                if isinstance(held, Choice):
                    self.hand((question, self.desk().check(held)))
                return
            ready = self.way.ask(question)  # the way makes ready for its taps (an answer it holds already)
            screen = self.way.question_screen(question, state)
            if screen["screen"] == "day" and self.screen.get("screen") != "day":
                self.day_started = time.monotonic()
            if ready is not None:  # own devices: this seat's phone has already shown its card, or an early tap
                if ready != COVERED:  # the step's question opens on every phone and closes, as a decoy's may
                    self.show(screen)
                self.hand((question, ready))
                return
            self.show(screen)

    def hand(self, handed: Handed) -> None:
        """Hand the narrator the answer to the question open now (the one place an answer reaches it); the
        screens go back to listening."""
        if self.live is None:
            return
        q = self.live.desk.hand(handed[1])
        if self.way.beats.holds(q):  # a night step on own devices: its screens stay until it closes on its beat
            self.pages.refresh()  # the actor's "done", one frame for every phone as after any tap
            return
        self.way.answered()
        if q.step == REMATCH:  # the engine deals the next game: the table listens to the deal, as at a new one
            self.begin(self.table, self.live)
            self.show({"screen": "listen", "phase": "deal"})
            return
        self.show({"screen": "listen", "phase": self.way.listens(q, handed[1])})

    def undo(self) -> None:
        """↶ from the host: kept even while a line is said, honoured before the next one (the session's undo,
        on the end screen too, where it takes back the last choice of the game, or a rematch)."""
        if self.live is None:
            return
        rule = self.live.undo_rule()
        if rule is not None:
            raise Refusal(rule, "at night, undo takes back only the choice just made in the step still called")
        self.live.request_undo()
        self.pages.broadcast({"t": "caption", "text": ""})  # the line undone leaves every page ...
        self.pages.broadcast({"t": "undoing"})  # ... and each says at once that it is undone (control.js)

    def spoken(self, live: WebInput | None, line: Line) -> None:
        """A line said by the narrator of game `live`: its caption on every page."""
        if live is not self.live:
            return  # a line of a game that has been replaced (its thread may be joined under the lock)
        with self.lock:
            if live is self.live:  # not replaced meanwhile
                self.pages.broadcast({"t": "caption", "text": line.text})

    # -- what the pages show ---------------------------------------------------------------------------
    def show(self, screen: dict[str, Any]) -> None:
        """The table's screen is `screen`: every page is sent its own screen of this moment."""
        self.screen = screen
        self.pages.refresh()

    def table_screen(self) -> dict[str, Any]:
        """The table device's screen now: the setup (and the way's part of it), the day with its seconds left,
        or what the narrator put up."""
        if self.screen.get("screen") == "setup":
            return {"t": "screen", **self.setting.screen(), **self.way.setup()}
        if self.screen.get("screen") == "day" and self.screen.get("timer"):
            # the seconds left as this server counts them: the page counts down from when it receives them
            passed = (time.monotonic() - self.day_started) * self.speed
            return {"t": "screen", **self.screen, "left": max(0, round(self.screen["timer"] * 60 - passed))}
        return {"t": "screen", **self.screen}

    def frames(self) -> Frames | None:
        """The screens of this moment of the game in play (None before a deal)."""
        return self.way.frames() if self.table is not None else None

    def frame(self, conn: Conn, frames: Frames | None) -> dict[str, Any]:
        """The screen this connection may see now, computed for it alone (by the way to play, ways/)."""
        if self.table is None or frames is None:
            return self.table_screen() if conn.who == "host" else self.way.lobby(conn)
        return self.way.screen(conn, frames)

    def living(self) -> set[int]:
        """The seats whose phones are sent frames of one shape (the way's: own devices' living)."""
        return self.way.living()

    def peers(self, online: set[int]) -> dict[str, Any] | None:
        """What the host is told of who sits where and whose phone is connected (None: nothing, in this way)."""
        seats = self.way.peers(online)
        return None if seats is None else {"t": "peers", "seats": seats, "code": self.code}

    def phase(self) -> str:
        state = self.state
        return "night" if state is not None and state.phase == "night" else "day"

    # -- the table's words --------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """A seat's label at the table in play ("Ana", "player four")."""
        if self.table is None:
            return str(seat)
        if seat not in self.labels:
            self.labels[seat] = Lines(self.script, self.table.lang, Picker(0), self.table.players).player(seat)
        return self.labels[seat]

    def seat_name(self, seat: int) -> str:
        """A seat's label, before a deal the name typed at the setup (or its number)."""
        if self.table is not None:
            return self.name(seat)
        names = self.setting.draft.names
        return names[seat - 1] if seat - 1 < len(names) and names[seat - 1] else str(seat)

    def seats(self) -> int:
        return len(self.table.players) if self.table else self.setting.draft.players

    def asked_back(self) -> set[int]:
        return self._asked_back(self.dealt)

    def screens(self) -> Screens:
        return Screens(self.lang, self.name)

    def ui_message(self, lang: str) -> dict[str, Any]:
        """The page's words in `lang`; in a game, also how a seat's label is said inside a sentence where the
        language wants more ("jugador uno": "el jugador uno"), and the preposition it merges with ("al")."""
        message: dict[str, Any] = {"t": "ui", "lang": lang, "strings": strings(lang), "said": {}}
        if self.table is not None and self.table.lang == lang:
            lines = Lines(self.script, lang, Picker(0), self.table.players)
            said = {self.name(s): lines.value("player", "", Seat(s)) for s in range(1, len(self.table.players) + 1)}
            message["said"] = {label: words for label, words in said.items() if label != words}
            if (rule := lines.contraction()) is not None:
                message["contract"] = {"article": rule[0], "merged": rule[1]}
        return message
