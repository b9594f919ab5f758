"""A narrated game from start to end: the deal, the journal, undo, rematch and resume.

Undo and resume work the same way: a fresh game replays the journal's answers silently, with
the same seeds, until the answers run out; from there the narrator speaks again. A rematch is an
answer like any other (the engine's `rematch` choice, asked at a game's end): the journal goes on with
the next game, a replay deals it again, and an undo takes it back to the end of the game before.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import Choice, Game, HouseRules, Mode, Setup, State, dealt, parse_house
from engine.house import defaults
from narrator.game.clock import Clock
from narrator.game.history import record_of
from narrator.game.historystore import HistoryStore
from narrator.game.inputs import PROMPTS, REVEAL, START, VOTE, Answer, Input, Origin, Question
from narrator.game.journal import Contents, GameJournal, Journal, JournalError
from narrator.game.narrator import Narrator, UndoRequested
from narrator.game.records import Numbered, check_sequence, line_of
from narrator.game.signals import Listener
from narrator.names import GENDERS
from narrator.speech.captions import Speaker
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.speech.script import Script

PLAIN_STEPS = (VOTE, REVEAL, START)


@dataclass
class Table:
    """Everything a game needs to be rebuilt: the journal's first line."""

    players: list[str]
    roles: list[str]
    house: HouseRules = field(default_factory=HouseRules)
    ruleset: str = "classic"
    mode: str = Mode.ONE_DEVICE
    seed: int = 0
    lang: str = "en"
    kind: str = "play"  # play | demo (a demo's table is played by RandomInput with `seed`)
    extra: list[str] = field(default_factory=list)  # the thief's two face-down cards
    genders: list[str] = field(default_factory=list)  # how each seat's player is spoken of: "f", "m", "" not said
    heard: dict[str, Any] = field(default_factory=dict)  # the lines the table heard earlier this evening (picker.py)

    def to_json(self) -> dict[str, Any]:
        out = {"players": self.players, "roles": self.roles, "house": self.house.to_json(), "ruleset": self.ruleset,
               "mode": self.mode, "seed": self.seed, "lang": self.lang, "kind": self.kind, "extra": self.extra}
        if any(self.genders):
            out["genders"] = self.genders
        if self.heard:
            out["heard"] = self.heard
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        rules = str(data["ruleset"])
        genders = [g if g in GENDERS else "" for g in data.get("genders", [])]
        heard = data.get("heard", {})
        return cls(list(data["players"]), list(data["roles"]), parse_house(rules, data["house"], defaults(rules)),
                   rules, data["mode"], int(data["seed"]), data["lang"], data.get("kind", "play"),
                   list(data.get("extra", [])), genders, heard if isinstance(heard, dict) else {})

    @classmethod
    def deal(cls, players: Sequence[str], house: HouseRules, seed: int, lang: str, kind: str = "play",
             roles: Sequence[str] | None = None, ruleset: str = "classic", mode: str = Mode.ONE_DEVICE,
             setup: Setup | None = None, genders: Sequence[str] = (), heard: dict[str, Any] | None = None) -> Table:
        """The table of a new game: its cards drawn once, here (the engine's deal); the game starts from them."""
        cards = dealt(ruleset, len(players), house, seed, mode, roles, setup)
        return cls(list(players), list(cards.roles), house, ruleset, mode, seed, lang, kind, list(cards.extra),
                   list(genders)[: len(players)], dict(heard or {}))

    def game(self) -> Game:
        """The game dealt at this table, from its cards (nothing is drawn again)."""
        return Game.new(self.players, ruleset=self.ruleset, house=self.house, seed=self.seed, mode=self.mode,
                        roles=self.roles, extra=self.extra)


def encode(question: Question, answer: Answer) -> dict[str, Any]:
    return {"step": question.step, "value": answer.value.text(), "delay": answer.delay, "n": question.number}


def decode(record: dict[str, Any], line: int | None = None) -> Answer:
    """An answer read back; with its journal `line`, it remembers the question it answered (for the replay)."""
    value = record["value"]
    origin = Origin(line, str(record["step"]), int(record["n"])) if line is not None and "n" in record else None
    return Answer(PROMPTS[value] if record["step"] in PLAIN_STEPS else Choice.from_text(value), float(record["delay"]),
                  origin)


def effective_answers(records: list[dict[str, Any]]) -> list[Answer]:
    """The answers that stand: each undo removes the last choice and what came after it."""
    answers: list[Answer] = []
    for index, record in enumerate(records):
        if record["kind"] == "answer":
            answers.append(decode(record, line_of(index)))
        elif record["kind"] == "undo":
            answers = drop_last_choice(answers)
    return answers


def drop_last_choice(answers: list[Answer]) -> list[Answer]:
    for i in range(len(answers) - 1, -1, -1):
        if isinstance(answers[i].value, Choice):
            return answers[:i]
    return answers


@dataclass
class Resumed:
    table: Table
    answers: list[Answer]
    note: str | None  # what was found wrong with the journal, to tell the table


def open_journal(path: Path) -> Resumed:
    """Read a journal file for resuming; a torn or damaged tail is cut off (a copy is kept) and reported."""
    return resume_from(Journal.read(path), str(path), lambda contents: Journal.repair(path, contents))


def resume_from(contents: Contents, where: str, repair: Callable[[Contents], object]) -> Resumed:
    """A journal read back (`where` names it), for resuming: a torn or damaged tail is cut off by `repair`, which
    keeps a copy and says where (a file beside it, narrator/game/shelf.py; an online room's rows in its store,
    narrator/online/roomstore.py), and reported."""
    check_sequence(contents.records)
    try:
        table = Table.from_json(contents.header)
        answers = effective_answers(contents.records)
    except (KeyError, TypeError, ValueError) as exc:
        raise JournalError(f"the journal {where} is not a wolfcall game ({exc})") from None
    note = None
    if contents.damaged_line is not None:
        backup = repair(contents)
        note = (f"line {contents.damaged_line} of the journal was incomplete or damaged (a copy is in {backup}); "
                f"the game resumes from the last complete choice")
    return Resumed(table, answers, note)


def _ended(journal: GameJournal) -> bool:
    """The journal's last record says its game is over."""
    try:
        records = journal.contents().records
    except JournalError:
        return False
    return bool(records) and records[-1]["kind"] == "over"


def latest_unfinished(folder: Path) -> Path | None:
    games = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in games:
        if path.name.endswith(".damaged.jsonl"):
            continue  # the copy kept when a damaged journal was cut back: not a game to resume
        try:
            contents = Journal.read(path)
        except JournalError:
            continue
        if not contents.records or contents.records[-1]["kind"] != "over":
            return path  # an undo after the end reopens a game
    return None


def new_journal_name(table: Table) -> str:
    """A new game's journal: named by when it was dealt, so that names sort as the games began."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{table.kind}-{table.seed}.jsonl"


def new_journal_path(folder: Path, table: Table) -> Path:
    return folder / new_journal_name(table)


class Session:
    """Runs one game to its end (with `rematches`, game after game, until the table leaves), recording every
    answer (a rematch too), restarting by replay after an undo."""

    def __init__(self, table: Table, script: Script, speaker: Speaker, clock: Clock, live: Input,
                 journal: GameJournal | None = None, answers: Sequence[Answer] = (), resumed: bool = False,
                 over: Callable[[State], None] | None = None, listener: Listener | None = None,
                 rematches: bool = False, history: HistoryStore | None = None,
                 accounts: dict[int, int] | None = None, now: Callable[[], float] = time.time) -> None:
        self.table, self.script = table, script
        self.history, self.accounts, self.now = history, accounts, now  # where a finished game is kept
        self.key = journal.name if journal is not None else f"unjournaled-{random_seed()}-{id(self)}"
        self.listener = listener  # told by each narrator which step is called, and the game as it is said
        self.over = over  # told the moment a game is over, while the cards are still revealed aloud
        self.rematches = rematches  # the table is asked at each game's end whether to play again
        self.speaker, self.clock, self.live = speaker, clock, live
        self.journal = journal
        self.records = Numbered(journal) if journal is not None else None
        self.answers = list(answers)
        self.resumed = resumed and bool(self.answers)
        # a journal that had ended (an online room reopened at its end): its end is journaled and kept already
        self.ended = self.resumed and journal is not None and _ended(journal)
        self.undone = False
        self.narrator: Narrator | None = None

    def _record(self, question: Question, answer: Answer) -> None:
        self.answers.append(answer)
        if self.records is not None:
            self.records.append("answer", f"answer {question.number + 1} recorded", encode(question, answer))

    def _over(self, state: State) -> None:
        """A game has ended before the table (never in a replay): journaled, then told; the end of a journal
        that had ended is only told again."""
        if self.ended:
            self.ended = False
        else:
            if self.records is not None:
                self.records.append("over", "the game is over", {})
            if self.history is not None and self.table.kind == "play":
                self.history.add_game(record_of(state, self.game_key(state), self.now(), self.accounts))
        if self.over is not None:
            self.over(state)

    def game_key(self, state: State) -> str:
        """Which game of which sitting: a rematch is a new game, the same game ended again is the same key."""
        return f"{self.key}#{state.game}"

    def build(self) -> Narrator:
        lines = Lines(self.script, self.table.lang, Picker(self.table.seed, self.table.heard), self.table.players,
                      self.table.genders)
        return Narrator(self.table.game(), lines, self.speaker, self.clock, self.live, seed=self.table.seed,
                        replay=list(self.answers), resumed=self.resumed, undone=self.undone, record=self._record,
                        over=self._over, listener=self.listener, rematches=self.rematches)

    def _journal_undo(self) -> None:
        """The one writer of an undo in the journal (its reader drops the last choice again on resume)."""
        if self.records is not None:
            self.records.append("undo", "the last choice was taken back", {})

    def _unrecord(self, narrator: Narrator) -> None:
        """An undo on the end screen reopens the game: its record goes until it ends again."""
        state = narrator.state
        if self.history is not None and state.over:
            self.history.drop_key(self.game_key(state))

    def run(self) -> Narrator:
        """Until the (last) game's end; an undo, wherever it is asked (on the end screen too), takes back the
        last choice (a rematch is one) and replays the rest."""
        while True:
            self.narrator = self.build()
            if hasattr(self.live, "undo_rule"):
                self.live.undo_rule = self.narrator.undo_refusal  # the page's ↶ asks the narrator first
            try:
                self.narrator.run()
            except UndoRequested:
                self._unrecord(self.narrator)
                self.answers = drop_last_choice(self.answers)
                self._journal_undo()
                self.resumed = False
                self.undone = True
                continue
            return self.narrator


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 10**6)
