"""The game's thread: the deal, a continued game, and the narrator's questions.

The narrator runs in its own thread (narrator/game/session.py); it asks through `publish`, and every
answer goes back to it through `put`: a rematch is the answer to the question asked at a game's end, and an
undo (on the end screen too) is the session's, as anywhere. The lines it says come back as captions (`spoken`),
and what they change as the narrator's signals (`entered`, `calling`, `changed`).
"""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path
from typing import Any

from engine import (
    Choice,
    Refused,
    Setup,
    State,
    ruleset,
)
from engine.flow import ALL_STEPS, REMATCH
from engine.roles import Step
from narrator.game.desk import Stale
from narrator.game.evening import keep
from narrator.game.inputs import COVERED, START, UNDO, Question
from narrator.game.journal import Journal, JournalError
from narrator.game.narrator import ReplayMismatch
from narrator.game.records import set_aside
from narrator.game.session import (
    Session,
    Table,
    latest_unfinished,
    new_journal_path,
    open_journal,
    random_seed,
)
from narrator.speech.lines import Line
from narrator.ui.web import shape
from narrator.ui.web.calls import TableSignals
from narrator.ui.web.connections import TURN, Connections
from narrator.ui.web.draft import seated
from narrator.ui.web.frames import OWN
from narrator.ui.web.guard import Refusal
from narrator.ui.web.unresumable import unresumable_screen
from narrator.ui.web.webinput import Stopped, WebInput


def teaches(step: str) -> bool:
    """A step whose actor learns something at once from their answer (the seer's card, the fox's nose)."""
    kind = ALL_STEPS.get(step)
    return kind is not None and type(kind).answer is not Step.answer


class GameLoop(Connections):
    """The narrator's thread of the game in play, and the questions it asks."""

    def _new(self) -> None:
        """Back to the setup: the old game's table, state and caption go; the page speaks the setup's language."""
        self.stop_game()
        self.table, self.state, self.labels, self.journal_path, self.dealt = None, None, {}, None, None
        self.broadcast(self.ui_message(self.draft.lang))
        self.show({"screen": "setup"})

    def spoken(self, live: WebInput | None, line: Line) -> None:
        """A line said by the narrator of game `live`: its caption on every page."""
        if live is not self.input:
            return  # a line of a game that has been replaced (its thread may be joined under the lock)
        with self.lock:
            if live is not self.input:
                return  # a line of a game that has been replaced: not this table's
            self.broadcast({"t": "caption", "text": line.text})

    def entered(self, live: object, phase: str) -> None:
        """What the table does as the narrator's next line is said (narrator/game/signals.py): the listen screen
        shows it, eyes closed at night, the device going round at the deal, eyes open by day."""
        with self.lock:
            if live is not self.input:
                return  # a line of a game that has been replaced: not this table's
            if self.screen.get("screen") == "listen" and self.screen.get("phase") != phase:
                self.show({"screen": "listen", "phase": phase})

    def calling(self, live: object, step: str | None) -> None:
        """Own devices: from a night step's wake line to its sleep line (`step` None) every living phone shows
        that step's screen (a decoy until its actor is asked), so a dead role's step looks like a living one's."""
        with self.lock:
            if live is not self.input or (step is not None and step not in ALL_STEPS):
                return  # a scene of the night that no one answers (the lovers waking) changes no screen
            self.way.calling(step)

    def changed(self, live: object, state: State) -> None:
        """The narrator is about to say what changed (a verdict, a dawn, nightfall): every screen and an online
        room's voice chat follow the game now, not when the next question comes."""
        with self.lock:
            if live is not self.input:
                return
            self.state = state
            self.refresh()

    def decoy(self, live: object, question: Question | None) -> None:
        """Own devices: a dead or idle step's decoy question opens (narrator/game/decoy.py), every living phone
        shown its decoy as when an actor is asked; or it closes, the screens back to listening as after an
        answer. Its taps are kept by nobody (ways/own_devices.py). Shown on the game as the table has heard it:
        the narrator's may be further on (the night's deaths, not yet said at dawn)."""
        with self.lock:
            if live is not self.input or self.input is None or self.state is None:
                return
            if question is not None and self.input.desk.open(question, self.state):
                self.way.ask(question)
                self.show({"screen": "listen", "phase": "night"})
            elif question is None and self.question is not None and self.question.decoy:
                if teaches(self.question.step):  # its actor would be told what they learned, every other a dummy
                    shape.dummies(self.conns.values(), self._living())
                self.question = None
                self.way.answered()
                self.show({"screen": "listen", "phase": self._phase()})

    def _deal(self) -> None:
        d = self.draft
        setup = Setup(ruleset(d.ruleset), d.players, d.counts, d.mode)
        setup.validate()
        names = (d.names + [""] * d.players)[: d.players]
        if d.mode == OWN:
            free = [s for s in range(1, d.players + 1) if s not in self.tokens.seats]
            if free:
                raise Refused("setup.seats_free", f"{len(free)} seats have no phone yet", count=len(free))
        table = Table.deal(names, d.house, random_seed(), d.lang, ruleset=d.ruleset, setup=setup, mode=d.mode,
                           genders=seated(d.genders, d.players), heard=self.heard_tonight())
        self._start(table, [], resumed=False)

    def heard_tonight(self) -> dict[str, Any]:
        """The lines this table has heard this evening: the running game's, else those kept between games."""
        narrator = self.session.narrator if self.session is not None else None
        if narrator is not None:
            with contextlib.suppress(RuntimeError):  # its thread said a line while it was read: what was kept
                self.evening = narrator.lines.picker.snapshot()
        return self.evening

    def _rematch(self) -> None:
        """Play again at the same table: the engine's rematch, the answer to the question asked at the end."""
        q = self.question
        if q is not None and q.step == REMATCH:
            self.put(q, Choice(REMATCH))
        elif self.input is not None and self.screen.get("screen") == "end":
            self.input.hold(Choice(REMATCH))  # the cards are still revealed aloud: handed when the end asks
        else:
            raise Stale  # no game has ended here

    def continue_waiting(self) -> None:
        """`wolfcall play --resume`: the waiting game goes on before any page has opened (as its Continue)."""
        with self.lock:
            if self.screen.get("screen") == "resume":
                self._continue()

    def _continue(self, path: Path | None = None) -> None:
        """The game of journal `path` goes on (one that had ended: at its end, the rematch asked again), or by
        default the latest unfinished one; without one, the setup."""
        path = path if path is not None and path.is_file() else latest_unfinished(self.games)
        if path is None:
            self.show({"screen": "setup"})
            return
        try:
            resumed = open_journal(path)
        except JournalError as exc:
            self._unresumable(path, exc)
            return
        self._start(resumed.table, resumed.answers, resumed=True, path=path)

    def _unresumable(self, path: Path, exc: Exception) -> None:
        """A journal that cannot be replayed: the page says why and offers a new game; the file is set aside."""
        self.stop_game()
        self.journal_path = None
        self.show(unresumable_screen(exc, set_aside(path)))

    def _start(self, table: Table, answers: list[Any], resumed: bool, path: Path | None = None) -> None:
        self.stop_game()
        self.table = table
        self._afresh()
        self.broadcast(self.ui_message(table.lang))
        if path is None:
            path = new_journal_path(self.games, table)
            journal = Journal.create(path, table.to_json(), f"a game for {len(table.players)} players")
        else:
            journal = Journal(path)
        self.journal_path = path
        live = self.input = WebInput(self.publish)
        self.show({"screen": "listen", "phase": "wait" if answers else "deal"})  # at once: the voice comes after
        self.thread = threading.Thread(target=self._run, args=(table, journal, live, answers, resumed), daemon=True)
        self.thread.start()

    def _session(self, table: Table, journal: Journal, live: WebInput, answers: list[Any], resumed: bool,
                 speaker: Any) -> Session:
        return Session(table, self.script, speaker, self.clock(), live, journal, answers, resumed,
                       over=lambda state: self._over(live, state), listener=TableSignals(self, live), rematches=True,
                       history=self.history, accounts=self.hooks.accounts())

    def _afresh(self) -> None:
        """A game is dealt (a new one, a continued one, a rematch): what the hub kept of the last one goes."""
        self.labels, self.state, self.dealt = {}, None, object()
        self.way = self.way_for(self.table.mode if self.table else self.draft.mode)  # its way to play, afresh

    def _run(self, table: Table, journal: Journal, live: WebInput, answers: list[Any], resumed: bool) -> None:
        """The session, game after game, until the table leaves it (Stopped) or its journal does not replay. Its
        voice is built here, off the hub's lock and after the screen is shown (a natural voice takes seconds)."""
        speaker: Any = None
        try:
            speaker = self._speaker(table)
            with self.lock:
                if live is not self.input:
                    return  # replaced while the voice was built: it speaks for no game
            self.session = self._session(table, journal, live, answers, resumed, speaker)
            self.session.run()
        except Stopped:
            return
        except (ReplayMismatch, JournalError) as exc:
            with self.lock:
                if self.input is live:  # not replaced by another game meanwhile
                    self._unresumable(journal.path, exc)  # told on the page, never a silent hang
        finally:
            journal.close()
            if hasattr(speaker, "close"):
                speaker.close()
            self._keep_evening()

    def _keep_evening(self) -> None:
        """The lines heard so far this evening, kept in the data folder for the next game (evening.py)."""
        narrator = self.session.narrator if self.session is not None else None
        if narrator is not None and narrator.lines.picker.heard:
            with contextlib.suppress(RuntimeError):
                self.evening = narrator.lines.picker.snapshot()
                keep(self.data, self.evening)

    def _over(self, live: WebInput, state: State) -> None:
        """The game is over: the end screen at once, while the narrator still reveals the cards aloud."""
        with self.lock:
            if live is not self.input:
                return
            self.state, self.question = state, None
            self.show({**self.end_screen(state), "revealed": []})  # each card as the voice reveals it

    def revealing(self, live: object, seat: int | None) -> None:
        """The voice reveals `seat`'s card (None: every card): the end screen shows the cards revealed so far, and
        the game's story and who is alive once all are (they name the cards too)."""
        with self.lock:
            if live is not self.input or self.screen.get("screen") != "end" or "revealed" not in self.screen:
                return
            if seat is None:
                shown = {k: v for k, v in self.screen.items() if k != "revealed"}  # every card
            else:
                shown = {**self.screen, "revealed": [*self.screen["revealed"], seat]}
            self.show(shown)

    def stop_game(self) -> None:
        if self.input is not None:
            self.input.stop()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout=0.5)
        self.input, self.thread, self.question = None, None, None
        if self.caption:
            self.broadcast({"t": "caption", "text": ""})  # the old game's last line leaves every page

    def publish(self, question: Question, state: State) -> None:
        """The narrator asks: show the question's screen (called from the narrator's thread)."""
        with self.lock:
            held = self.input.take_held() if self.input is not None else None
            if self.question == question:
                return  # asked again after the window ran out: the screen already shows it
            if self.input is None or not self.input.desk.open(question, state):
                return  # answered while the reminder was said: a question once answered stays closed
            self.state = state
            if question.step == REMATCH:  # the end screen is up (`_over`); the host's rematch answers it
                if held is not None:
                    self.put(question, held)
                return
            ready = self.way.ask(question)  # the way makes ready for its taps (an answer it holds already)
            if question.step == TURN:  # round the table: the host's screen is built for the turn (its way's)
                screen = {"screen": "turn", "q": question.number}
            else:
                screen = {**self.question_screen(question, state), "q": question.number}
            if screen["screen"] == "day" and self.screen.get("screen") != "day":
                self.day_started = time.monotonic()
            if ready is not None:  # own devices: this seat's phone has already shown its card, or an early tap
                if ready != COVERED:  # the step's question opens on every phone and closes, as a decoy's may
                    self.show(screen)
                self.put(question, ready)
                return
            self.show(screen)

    def put(self, q: Question, value: object) -> None:
        """Hand the narrator the answer to question `q`; the screens go back to listening."""
        if self.input is None:
            return
        q = self.input.desk.hand(value)
        self.way.answered()
        if q.step == REMATCH:  # the engine deals the next game: the table listens to the deal, as at a new one
            self._afresh()
            self.show({"screen": "listen", "phase": "deal"})
            return
        # the device goes round at the deal; then eyes closed by night, open by day (lines said change it); a
        # turn round the table is the night's until the last lap ends, even once the engine's night is over
        phase = "deal" if value == COVERED else "night" if value == START or q.step == TURN else self._phase()
        self.show({"screen": "listen", "phase": phase})

    def _answer(self, value: object) -> None:
        """↶ from the host: kept even while a line is said, honoured before the next one (the session's undo,
        on the end screen too, where it takes back the last choice of the game, or a rematch)."""
        if value == UNDO and self.input is not None:
            rule = self.input.undo_rule()
            if rule is not None:
                raise Refusal(rule, "at night, undo takes back only the choice just made in the step still called")
            self.input.request_undo()
            self.broadcast({"t": "caption", "text": ""})  # the line undone leaves every page ...
            self.broadcast({"t": "undoing"})  # ... and each says at once that it is undone (control.js)
