"""The table's games, one after another: the deal, a continued game, a rematch, and the narrator's thread.

The narrator runs in its own thread (narrator/game/session.py); it asks through the game in play (stage.py
`publish`), and every answer goes back to it from there (`hand`): a rematch is the answer to the question asked
at a game's end, and an undo (on the end screen too) is the session's, as anywhere. What its lines change comes
back as the narrator's signals (calls.py). Where each game's journal lives is the shelf's (narrator/game/shelf.py),
asked here and nowhere else.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import Choice, Setup, ruleset
from engine.flow import REMATCH
from narrator.game.clock import Clock
from narrator.game.desk import Stale
from narrator.game.evening import keep, recall
from narrator.game.historystore import HistoryStore
from narrator.game.journal import GameJournal, JournalError, Superseded
from narrator.game.narrator import ReplayMismatch
from narrator.game.session import Session, Table, random_seed
from narrator.game.shelf import Shelf
from narrator.speech.script import Script
from narrator.ui.web.calls import TableSignals
from narrator.ui.web.draft import Draft, seated
from narrator.ui.web.ports import Handed, Hooks, Pages
from narrator.ui.web.stage import Stage
from narrator.ui.web.unresumable import unresumable_screen
from narrator.ui.web.webinput import Stopped, WebInput


class GameLoop:
    """The game being narrated at this table (its session, its thread, its journal on the shelf)."""

    def __init__(self, stage: Stage, pages: Pages, draft: Callable[[], Draft], shelf: Shelf, *, script: Script,
                 clock: Callable[[], Clock], speaker: Callable[[Table], Any], history: HistoryStore | None,
                 hooks: Hooks, data: Path) -> None:
        self.stage, self.pages, self.draft, self.shelf = stage, pages, draft, shelf
        self.script, self.clock, self.speaker, self.history, self.hooks = script, clock, speaker, history, hooks
        self.data = data  # where the lines heard this evening are kept between games (evening.py)
        self.evening = recall(data)  # the lines this table heard earlier this evening
        self.session: Session | None = None  # the game being narrated (its narrator holds what was heard)
        self.thread: threading.Thread | None = None
        self.journal: GameJournal | None = None  # the journal of the game in play
        self.key: str | None = None  # its name on the shelf

    def new(self) -> None:
        """Back to the setup: the old game's table, state and caption go; the page speaks the setup's language."""
        self.stop()
        self.stage.begin(None, None)
        self.journal, self.key = None, None
        self.pages.broadcast(self.stage.ui_message(self.draft().lang))
        self.stage.show({"screen": "setup"})

    def deal(self) -> None:
        """The setup's cards are dealt (the way to play says whether it may be: own devices wait for every phone)."""
        d = self.draft()
        setup = Setup(ruleset(d.ruleset), d.players, d.counts, d.mode)
        setup.validate()
        names = (d.names + [""] * d.players)[: d.players]
        self.stage.way.ready()
        table = Table.deal(names, d.house, random_seed(), d.lang, ruleset=d.ruleset, setup=setup, mode=d.mode,
                           genders=seated(d.genders, d.players), heard=self.heard_tonight())
        self.start(table, [], resumed=False)

    def heard_tonight(self) -> dict[str, Any]:
        """The lines this table has heard this evening: the running game's, else those kept between games."""
        narrator = self.session.narrator if self.session is not None else None
        if narrator is not None:
            with contextlib.suppress(RuntimeError):  # its thread said a line while it was read: what was kept
                self.evening = narrator.lines.picker.snapshot()
        return self.evening

    def rematch(self) -> Handed | None:
        """Play again at the same table: the engine's rematch, the answer to the question asked at the end (held
        while the cards are still revealed aloud, and handed when the end asks)."""
        q, live = self.stage.question, self.stage.live
        if q is not None and q.step == REMATCH:
            return q, self.stage.desk().check(Choice(REMATCH))
        if live is not None and self.stage.screen.get("screen") == "end":
            live.hold(Choice(REMATCH))
            return None
        raise Stale  # no game has ended here

    def continue_waiting(self) -> None:
        """`wolfcall play --resume`: the waiting game goes on before any page has opened (as its Continue)."""
        with self.stage.lock:
            if self.stage.screen.get("screen") == "resume":
                self.resume()

    def resume(self, key: str | None = None) -> None:
        """Game `key` goes on (one that had ended: at its end, the rematch asked again), or by default the latest
        unfinished one; without one, the setup."""
        key = self.shelf.waiting(key)
        if key is None:
            self.stage.show({"screen": "setup"})
            return
        try:
            journal, resumed = self.shelf.reopen(key)
        except JournalError as exc:
            self.unresumable(key, exc)
            return
        self.start(resumed.table, resumed.answers, resumed=True, journal=journal, key=key)

    def unresumable(self, key: str, exc: Exception) -> None:
        """A journal that cannot be replayed: the page says why and offers a new game; the journal is set aside."""
        self.stop()
        self.journal, self.key = None, None
        self.stage.show(unresumable_screen(exc, self.shelf.set_aside(key)))

    def start(self, table: Table, answers: list[Any], resumed: bool, journal: GameJournal | None = None,
              key: str | None = None) -> None:
        self.stop()
        live = WebInput(self.stage.publish)
        self.stage.begin(table, live)
        self.pages.broadcast(self.stage.ui_message(table.lang))
        self.journal = journal if journal is not None else self.shelf.create(table)
        self.key = key if key is not None else self.journal.name
        self.stage.show({"screen": "listen", "phase": "wait" if answers else "deal"})  # at once: the voice comes after
        self.thread = threading.Thread(target=self.run, args=(table, self.journal, self.key, live, answers, resumed),
                                       daemon=True)
        self.thread.start()

    def run(self, table: Table, journal: GameJournal, key: str, live: WebInput, answers: list[Any],
            resumed: bool) -> None:
        """The session, game after game, until the table leaves it (Stopped) or its journal does not replay. Its
        voice is built here, off the hub's lock and after the screen is shown (a natural voice takes seconds)."""
        speaker: Any = None
        try:
            speaker = self.speaker(table)
            with self.stage.lock:
                if live is not self.stage.live:
                    return  # replaced while the voice was built: it speaks for no game
            signals = TableSignals(self.stage, self.pages, live)
            self.session = Session(table, self.script, speaker, self.clock(), live, journal, answers, resumed,
                                   over=signals.over, listener=signals, rematches=True, history=self.history,
                                   accounts=self.hooks.accounts())
            self.session.run()
        except (Stopped, Superseded):  # the table left the game, or another process holds its room now
            return
        except (ReplayMismatch, JournalError) as exc:
            with self.stage.lock:
                if self.stage.live is live:  # not replaced by another game meanwhile
                    self.unresumable(key, exc)  # told on the page, never a silent hang
        finally:
            journal.close()
            if hasattr(speaker, "close"):
                speaker.close()
            self.keep_evening()

    def keep_evening(self) -> None:
        """The lines heard so far this evening, kept in the data folder for the next game (evening.py)."""
        narrator = self.session.narrator if self.session is not None else None
        if narrator is not None and narrator.lines.picker.heard:
            with contextlib.suppress(RuntimeError):
                self.evening = narrator.lines.picker.snapshot()
                keep(self.data, self.evening)

    def stop(self) -> None:
        """The game's narrator stops (at its next question or line); its last line leaves every page."""
        live = self.stage.live
        if live is not None:
            live.stop()
            live.desk.close()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout=0.5)
        self.thread = None
        if live is not None:
            self.stage.begin(self.stage.table, None)
        if self.pages.caption:
            self.pages.broadcast({"t": "caption", "text": ""})  # the old game's last line leaves every page
