"""The game behind the page: the setup, the narrator's thread, and what each screen may see.

Every screen is computed on the server (narrator/ui/web/screens.py) from the engine's `view()` and the
question the narrator asks; the page only renders it. Secrets (a card, the seer's answer) go only to
the screen that tapped for them, in a message the page drops when the card is covered.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import (
    Choice,
    HouseRules,
    Malformed,
    Refused,
    Setup,
    State,
    Unknown,
    WrongStep,
    decide,
    private_answer,
    recommended,
    ruleset,
    view,
)
from engine.house import RULES_OF
from narrator.config import Config
from narrator.game.clock import Clock, RealClock, VirtualClock
from narrator.game.inputs import COVERED, REVEAL, START, UNDO, VOTE, Question
from narrator.game.journal import Journal, JournalError
from narrator.game.narrator import ReplayMismatch
from narrator.game.records import Numbered, set_aside
from narrator.game.session import (
    Session,
    Table,
    drop_last_choice,
    latest_unfinished,
    new_journal_path,
    open_journal,
    random_seed,
)
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Line, Lines
from narrator.speech.picker import Picker
from narrator.speech.script import Script
from narrator.ui.web.screens import Screens, cards_of, inline_picture, offices_of
from narrator.ui.web.strings import strings
from narrator.ui.web.unresumable import unresumable_screen
from narrator.ui.web.webinput import Stopped, WebInput

if TYPE_CHECKING:
    from narrator.ui.web.voicedownload import VoiceDownload

Send = Callable[[dict[str, Any]], None]


@dataclass
class Draft:
    """The setup screen's choices before the cards are dealt."""

    players: int = 9
    names: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    house: HouseRules = field(default_factory=HouseRules)
    lang: str = "en"
    voice: str = "joe"
    sound: str = "server"  # server | browser
    ruleset: str = "classic"

    def to_json(self) -> dict[str, Any]:
        rules = ruleset(self.ruleset)
        return {"players": self.players, "names": self.names, "counts": self.counts, "house": self.house.to_json(),
                "lang": self.lang, "voice": self.voice, "sound": self.sound, "ruleset": self.ruleset,
                "range": [rules.min_players, rules.max_players], "roles": cards_of(self.ruleset),
                "offices": offices_of(self.ruleset), "house_rules": list(RULES_OF[self.ruleset])}


def listening(scene: str) -> str | None:
    """What the table does while a scene is said: eyes closed at night, the device going round at the deal,
    eyes open by day (the dawn, the debate, the reveals); None: no change (a welcome, an undo)."""
    part = scene.split(".", 1)[0]
    return {"night": "night", "deal": "deal", "game": None}.get(part, "day")


class PageCaptions(CaptionSpeaker):
    """Captions that also appear on every connected page (only while their game is the hub's)."""

    def __init__(self, hub: Hub) -> None:
        super().__init__(None)
        self.hub = hub
        self.live = hub.input  # the game this speaker speaks for

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        out = super().say(line, at, seconds)
        self.hub.spoken(self.live, line)
        return out


class Hub:
    def __init__(self, cfg: Config, script: Script, data: Path, *, fast: bool = False, audio: str = "auto",
                 speaker_factory: Callable[[Hub, Table], Any] | None = None, speed: float = 1.0,
                 lang: str | None = None, names: list[str] | None = None) -> None:
        self.cfg, self.script, self.data, self.fast, self.audio = cfg, script, data, fast, audio
        self._voices: list[dict[str, str]] | None = None  # read on first use (voices())
        self.speed = speed
        self.speaker_factory = speaker_factory
        self.clients: dict[int, Send] = {}
        self.ids = itertools.count(1)
        self.lock = threading.RLock()
        self.draft = Draft(cfg.players, [], recommended(ruleset(cfg.ruleset), cfg.players), cfg.house, cfg.language,
                           cfg.voice, ruleset=cfg.ruleset)
        self._draft_from_options(lang, names)
        self.table: Table | None = None
        self.input: WebInput | None = None
        self.thread: threading.Thread | None = None
        self.question: Question | None = None
        self.state: State | None = None
        self.screen: dict[str, Any] = {"screen": "setup"}
        self.caption = ""
        self.clips: dict[int, bytes] = {}  # spoken clips for browser sound, by number
        self.lan_url: str | None = None  # with --lan: the address a phone opens (shown with a QR code)
        self.journal_path: Path | None = None
        self.labels: dict[int, str] = {}  # the seats' labels at the table in play ("Ana", "player four")
        self.day_started = 0.0  # when the day screen was first shown, on this server's monotonic clock
        self.voice_download = self._voice_offer() if speaker_factory is not None and not fast else None
        waiting = latest_unfinished(self.games)
        if waiting is not None:
            self.screen = {"screen": "resume"}

    def _draft_from_options(self, lang: str | None, names: list[str] | None) -> None:
        """`wolfcall play --lang/--names/--players`: the setup the page starts from."""
        d = self.draft
        if names is not None:
            d.players, d.counts = len(names), recommended(ruleset(d.ruleset), len(names))
            d.names = list(names) if any(names) else []
        if lang is not None:
            d.lang = lang
            from narrator.audio.table import DEFAULTS

            if self.voices_by_name().get(d.voice) != d.lang:
                d.voice = DEFAULTS[d.lang][0]

    @property
    def games(self) -> Path:
        return self.data / "games"

    # -- connections -------------------------------------------------------------------
    def connect(self, send: Send) -> int:
        with self.lock:
            client = next(self.ids)
            self.clients[client] = send
        send({"t": "ui", "lang": self.lang, "strings": strings(self.lang)})
        send(self.current_screen())
        if self.voice_download is not None:
            send(self.voice_download.message())
        if self.caption:
            send({"t": "caption", "text": self.caption})
        return client

    def disconnect(self, client: int) -> None:
        with self.lock:
            self.clients.pop(client, None)

    @property
    def lang(self) -> str:
        return self.table.lang if self.table else self.draft.lang

    def broadcast(self, message: dict[str, Any]) -> None:
        if message.get("t") == "caption":
            self.caption = str(message["text"])
        for send in list(self.clients.values()):
            send(message)

    def send_to(self, client: int, message: dict[str, Any]) -> None:
        send = self.clients.get(client)
        if send is not None:
            send(message)

    def current_screen(self) -> dict[str, Any]:
        if self.screen.get("screen") == "setup":
            self._look_for_voice()
            return {"t": "screen", "screen": "setup", "draft": self.draft.to_json(), "voices": self.voices(),
                    "lan": self.lan_url}
        if self.screen.get("screen") == "day" and self.screen.get("timer"):
            # the seconds left as this server counts them: the page counts down from when it receives them
            passed = (time.monotonic() - self.day_started) * self.speed
            return {"t": "screen", **self.screen, "left": max(0, round(self.screen["timer"] * 60 - passed))}
        return {"t": "screen", **self.screen}

    def show(self, screen: dict[str, Any]) -> None:
        self.screen = screen
        self.broadcast(self.current_screen())

    def voices_by_name(self) -> dict[str, str]:
        """Each narrator's language, by voice name."""
        return {v["name"]: v["lang"] for v in self.voices()}

    def voices(self) -> list[dict[str, str]]:
        """The narrators, read from voices/*.yaml once (the setup screen is redrawn at every tap)."""
        if self._voices is None:
            from narrator.audio.voices import all_voices

            self._voices = [{"name": v.name, "persona": v.persona, "lang": v.language}
                            for v in all_voices().values()]
        return self._voices

    # -- the natural-voice download offered on the setup screen (narrator/ui/web/voicedownload.py) ----
    def _voice_offer(self) -> VoiceDownload:
        from narrator.ui.web.voicedownload import VoiceDownload

        return VoiceDownload(self)

    def _look_for_voice(self) -> None:
        if self.voice_download is not None:
            with self.lock:
                self.voice_download.look(self.draft.lang, self.draft.voice)
    # -- end of the voice download block ----------------------------------------------------

    # -- what the page sends -------------------------------------------------------------
    def handle(self, client: int, message: dict[str, Any]) -> None:
        kind = message.get("t")
        with self.lock:
            try:
                if kind in ("ruleset", "players", "adjust", "house", "names", "lang", "voice", "sound"):
                    self._setup(kind, message)
                elif kind == "deal":
                    self._deal()
                elif kind == "continue":
                    self._continue()
                elif kind == "new":
                    self._new()
                elif kind == "rematch":
                    self._rematch()
                elif kind == "show":
                    self._show_card(client)
                elif kind == "cover":
                    self._answer(COVERED)
                elif kind == "start":
                    self._answer(START)
                elif kind == "vote":
                    self._answer(VOTE)
                elif kind == "undo":
                    self._answer(UNDO)
                elif kind == "tap":
                    self._tap(client, str(message.get("value", "")))
                elif kind == "voice_download" and self.voice_download is not None:
                    self.voice_download.handle(str(message.get("action", "")))
            except Refused as exc:
                self.refuse(client, exc)
            except Malformed as exc:  # a choice of the wrong form: say why, change nothing
                self.refuse(client, Refused("other", str(exc)))
            except (WrongStep, Unknown, KeyError, ValueError, TypeError):
                pass  # a tap for a screen that has already moved on, or a malformed message

    def _new(self) -> None:
        """Back to the setup: the old game's table, state and caption go; the page speaks the setup's language."""
        self._stop_game()
        self.table, self.state, self.labels, self.journal_path = None, None, {}, None
        self.broadcast({"t": "ui", "lang": self.draft.lang, "strings": strings(self.draft.lang)})
        self.show({"screen": "setup"})

    def spoken(self, live: WebInput | None, line: Line) -> None:
        """A line said by the narrator of game `live`: its caption, and what the listen screen asks of the table."""
        if live is not self.input:
            return  # a line of a game that has been replaced (its thread may be joined under the lock)
        with self.lock:
            if live is not self.input:
                return  # a line of a game that has been replaced: not this table's
            self.broadcast({"t": "caption", "text": line.text})
            phase = listening(line.scene)
            if phase is not None and self.screen.get("screen") == "listen" and self.screen.get("phase") != phase:
                self.show({"screen": "listen", "phase": phase})

    def refuse(self, client: int, exc: Refused) -> None:
        words = strings(self.lang)
        params = {k: self._name(v) if k == "player" and isinstance(v, int) else v for k, v in exc.params.items()}
        text = words.get(f"refusal.{exc.rule}", "")
        try:
            text = text.format(**params) if text else str(exc)
        except (KeyError, IndexError):
            text = str(exc)
        self.send_to(client, {"t": "refused", "rule": exc.rule, "text": text})

    def _setup(self, kind: str, m: dict[str, Any]) -> None:
        d = self.draft
        rules = ruleset(d.ruleset)
        if kind == "ruleset" and m.get("ruleset") in ("classic", "extended") and m["ruleset"] != d.ruleset:
            new = ruleset(str(m["ruleset"]))
            d.ruleset = new.id
            d.players = min(max(d.players, new.min_players), new.max_players)
            d.counts = recommended(new, d.players)
            shared = {k: getattr(d.house, k) for k in RULES_OF[new.id] if k in RULES_OF[rules.id]}
            d.house = replace(new.defaults, **shared)
            d.names = d.names[: d.players]
        elif kind == "players":
            n = int(m["players"])
            Setup.recommended(rules, n)
            d.players, d.counts = n, recommended(rules, n)
            d.names = d.names[:n]
        elif kind == "adjust":
            d.counts = dict(Setup(rules, d.players, d.counts).adjusted(str(m["role"]), int(m["delta"])).counts)
        elif kind == "house":
            from engine import HouseError, parse_house

            try:
                d.house = parse_house(rules.id, {k: v for k, v in m.items() if k != "t"}, d.house)
            except HouseError as exc:
                raise Refused(f"house.{exc.key}", str(exc)) from None
        elif kind == "names":
            from narrator.names import NameProblem, clean_names

            typed = m.get("names", [])
            if not isinstance(typed, list):
                raise TypeError("names: not a list")  # a malformed message, ignored
            try:
                d.names = clean_names(typed[: d.players], blank_ok=True)  # "" is an unnamed seat
            except NameProblem as exc:
                self.show({"screen": "setup"})  # back to the names that stand
                raise Refused("setup.names", str(exc), detail=str(exc)) from None
            return  # the page already shows what was typed; redrawing would lose the cursor
        elif kind == "lang" and m.get("lang") in ("en", "de", "es"):
            d.lang = str(m["lang"])
            from narrator.audio.table import DEFAULTS

            if self.voices_by_name().get(d.voice) != d.lang:  # the language's own narrator, as it will speak
                d.voice = DEFAULTS[d.lang][0]
            self.broadcast({"t": "ui", "lang": d.lang, "strings": strings(d.lang)})
        elif kind == "voice":
            d.voice = str(m["voice"])
        elif kind == "sound" and m.get("sound") in ("server", "browser"):
            d.sound = str(m["sound"])
        self.show({"screen": "setup"})

    def _deal(self) -> None:
        d = self.draft
        setup = Setup(ruleset(d.ruleset), d.players, d.counts)
        setup.validate()
        names = (d.names + [""] * d.players)[: d.players]
        table = Table.deal(names, d.house, random_seed(), d.lang, ruleset=d.ruleset, setup=setup)
        self._start(table, [], resumed=False)

    def _rematch(self) -> None:
        if self.table is None:
            return
        old = self.table
        cards: dict[str, int] = {}
        for card in (*old.roles, *old.extra):
            cards[card] = cards.get(card, 0) + 1
        setup = Setup(ruleset(old.ruleset), len(old.players), cards, old.mode)
        table = Table.deal(old.players, old.house, random_seed(), old.lang, ruleset=old.ruleset, mode=old.mode,
                           setup=setup)  # the engine's deal, with the same cards and house rules
        self._start(table, [], resumed=False)

    def _continue(self) -> None:
        path = latest_unfinished(self.games)
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
        self._stop_game()
        self.journal_path = None
        self.show(unresumable_screen(exc, set_aside(path)))

    def _undo_the_end(self) -> None:
        """Undo pressed on the end screen: the game comes back to before its last choice."""
        if self.table is None or self.journal_path is None:
            return
        path = self.journal_path
        try:
            answers = drop_last_choice(open_journal(path).answers)
        except JournalError as exc:
            self._unresumable(path, exc)
            return
        journal = Journal(path)
        Numbered(journal).append("undo", "the last choice was taken back", {})
        journal.close()
        self._start(self.table, answers, resumed=False, path=path)

    # -- the game's thread ---------------------------------------------------------------
    def _start(self, table: Table, answers: list[Any], resumed: bool, path: Path | None = None) -> None:
        self._stop_game()
        self.table, self.labels = table, {}
        self.broadcast({"t": "ui", "lang": table.lang, "strings": strings(table.lang)})
        if path is None:
            path = new_journal_path(self.games, table)
            journal = Journal.create(path, table.to_json(), f"a game for {len(table.players)} players")
        else:
            journal = Journal(path)
        self.journal_path = path
        live = self.input = WebInput(self.publish)
        speaker = self.speaker_factory(self, table) if self.speaker_factory else PageCaptions(self)
        clock: Clock = VirtualClock() if self.fast else RealClock(self.speed)
        session = Session(table, self.script, speaker, clock, live, journal, answers, resumed,
                          over=lambda state: self._over(live, state))
        self.show({"screen": "listen", "phase": "wait" if answers else "deal"})
        self.thread = threading.Thread(target=self._run, args=(session, journal, speaker), daemon=True)
        self.thread.start()

    def _run(self, session: Session, journal: Journal, speaker: Any) -> None:
        failure: Exception | None = None
        try:
            narrator = session.run()
        except Stopped:
            return
        except (ReplayMismatch, JournalError) as exc:
            failure = exc  # the journal does not replay: told on the page below, never a silent hang
        finally:
            journal.close()
            if hasattr(speaker, "close"):
                speaker.close()
        with self.lock:
            if self.input is not session.live:
                return  # another game has replaced this one meanwhile
            if failure is not None:
                self._unresumable(journal.path, failure)
                return
            if self.input.take_undo():  # ↶ tapped just as the last line ended
                self._undo_the_end()
                return
            self.state = narrator.state
            self.question = None
            if self.screen.get("screen") != "end":
                self.show(self.end_screen(narrator.state))

    def _over(self, live: WebInput, state: State) -> None:
        """The game is over: the end screen at once, while the narrator still reveals the cards aloud."""
        with self.lock:
            if live is not self.input:
                return
            self.state, self.question = state, None
            self.show(self.end_screen(state))

    def _stop_game(self) -> None:
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
            if self.question == question:
                return  # asked again after the window ran out: the screen already shows it
            self.question, self.state = question, state
            screen = self.question_screen(question, state)
            if screen["screen"] == "day" and self.screen.get("screen") != "day":
                self.day_started = time.monotonic()
            self.show(screen)

    def _answer(self, value: object) -> None:
        if value == UNDO and self.screen.get("screen") == "end":
            if self.input is not None and self.thread is not None and self.thread.is_alive():
                self.input.request_undo()  # the cards are still revealed aloud: taken before the next one
            else:
                self._undo_the_end()
            return
        if value == UNDO:
            if self.input is not None:
                self.input.request_undo()  # kept even while a line is said: honoured before the next one
            return
        if self.input is None or self.question is None:
            return
        q = self.question
        if (value == COVERED and q.step != REVEAL) or (value == START and q.step != START):
            return
        if value == VOTE and q.step != VOTE:
            return
        self.input.put(q.number, value)
        self.question = None
        # the device goes round at the deal; then eyes closed by night, open by day (lines said change it)
        phase = "deal" if value == COVERED else "night" if value == START else self._phase()
        self.show({"screen": "listen", "phase": phase})

    def _tap(self, client: int, text: str) -> None:
        q, state = self.question, self.state
        if q is None or state is None or self.input is None:
            return
        try:
            choice = Choice.from_text(text)
        except ValueError:
            raise Refused("other", f"not a choice: {text}") from None
        decide(state, choice)  # the rules say no with a reason, or yes: nothing is recorded yet
        result = private_answer(state, choice)
        if result is not None:  # what the actor learns at once: only to the screen that tapped
            self.send_to(client, {"t": "private", "kind": "answer", "target": self._name(choice.target or 0),
                                  **self.screens().answer(result)})
        self._answer(choice)

    def _show_card(self, client: int) -> None:
        q, state = self.question, self.state
        if q is None or state is None or q.step != REVEAL or q.seat is None:
            return
        cards = view(state, q.seat)["cards"]
        card = cards[str(q.seat)]
        words = strings(self.lang)
        pack = [self._name(int(s)) for s in cards if int(s) != q.seat]
        self.send_to(client, {"t": "private", "kind": "card", "name": self._name(q.seat),
                              "role": words.get(f"role.{card}", card), "help": words.get(f"help.{card}", ""),
                              "picture": inline_picture(card), "pack": pack})

    # -- screens (built in screens.py) ---------------------------------------------------
    def _name(self, seat: int) -> str:
        if self.table is None:
            return str(seat)
        if seat not in self.labels:
            self.labels[seat] = Lines(self.script, self.table.lang, Picker(0), self.table.players).player(seat)
        return self.labels[seat]

    def screens(self) -> Screens:
        return Screens(self.lang, self._name)

    def _phase(self) -> str:
        s = self.state
        return "night" if s is not None and s.phase == "night" else "day"

    def question_screen(self, q: Question, state: State) -> dict[str, Any]:
        return self.screens().question(q, state)

    def end_screen(self, state: State) -> dict[str, Any]:
        return self.screens().end(state)
