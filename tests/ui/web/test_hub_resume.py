"""The hub, without a browser: ↶ while the narrator speaks, and a waiting game that cannot be continued."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.game.journal import Journal
from narrator.game.session import Table, open_journal
from narrator.speech.lines import Line
from narrator.ui.web.hub import Hub
from narrator.ui.web.strings import strings
from narrator.ui.web.tablevoice import PageCaptions

from ...journals import record, rewritten, without_line
from ...narration import SCRIPT
from . import tables
from .test_frames import play

GUARD = 60.0  # only so that a broken build fails instead of hanging; nothing is timed


ANSWERS = ("tap", "cover", "start", "vote", "open", "count")


class Page:
    """One connected page: every message the hub sends it, and a wait for the first screen that fits."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.changed = threading.Condition()
        self.messages: list[dict[str, Any]] = []
        self.client = hub.connect(self.receive, host=True)

    def receive(self, message: dict[str, Any]) -> None:
        with self.changed:
            self.messages.append(message)
            self.changed.notify_all()

    def send(self, **message: Any) -> None:
        """Send as the page does: an answer names the question of the last screen that asked one (`q`)."""
        if message["t"] in ANSWERS and "q" not in message:
            with self.changed:
                asked = [m["q"] for m in self.messages if m.get("t") == "screen" and "q" in m]
            message["q"] = asked[-1] if asked else None
        self.hub.handle(self.client, message)

    def screen(self, after: int = 0, **fields: Any) -> tuple[int, dict[str, Any]]:
        """The first screen from message `after` on with these fields (a set: any of them); its index and the screen."""

        def fits(m: dict[str, Any], k: str, v: Any) -> bool:
            return m.get(k) in v if isinstance(v, set) else m.get(k) == v

        def found() -> tuple[int, dict[str, Any]] | None:
            for i, m in enumerate(self.messages[after:], after):
                if m.get("t") == "screen" and all(fits(m, k, v) for k, v in fields.items()):
                    return i, m
            return None

        with self.changed:
            assert self.changed.wait_for(lambda: found() is not None, GUARD), (fields, self.messages[after:])
            hit = found()
        assert hit is not None
        return hit


class HeldLine(PageCaptions):
    """Holds the narrator inside one line, the first time it is said, until the test lets it go on."""

    def __init__(self, hub: Hub, scene: str) -> None:
        super().__init__(hub.stage)
        self.scene = scene
        self.speaking, self.done = threading.Event(), threading.Event()

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        if line.scene == self.scene and not self.speaking.is_set():
            self.speaking.set()
            assert self.done.wait(GUARD)
        return super().say(line, at, seconds)


def test_undo_tapped_while_a_line_is_said_takes_the_choice_back(tmp_path: Path) -> None:
    held: list[HeldLine] = []

    def speaker(hub: Hub, table: Table) -> HeldLine:
        held.append(HeldLine(hub, "night.werewolves.sleep"))
        return held[-1]

    hub = Hub(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=speaker)
    page = Page(hub)
    page.send(t="players", players=6)
    page.send(t="deal")
    at = 0
    for seat in range(1, 7):
        at, _ = page.screen(at, screen="deal", seat=seat)
        page.send(t="cover")
    at, _ = page.screen(at, screen="narrator")
    page.send(t="start")
    at, wolves = page.screen(at, screen="night", step="werewolves")
    page.send(t="tap", value=wolves["choices"][0]["value"])
    assert held[0].speaking.wait(GUARD)  # the narrator is saying "werewolves, close your eyes"
    assert hub.screen["screen"] == "listen" and hub.question is None
    tapped = len(page.messages)
    page.send(t="undo")
    held[0].done.set()
    _, again = page.screen(tapped, screen="night")
    assert again["step"] == "werewolves", "the undo was dropped: the night went on"
    assert tables.journal_of(hub) is not None
    assert [r["kind"] for r in Journal.read(tables.journal_of(hub)).records][-1] == "undo"
    hub.stop_game()


def waiting_game(tmp_path: Path) -> Path:
    """A game cut off after 14 answers, waiting in the hub's folder."""
    games = tmp_path / "games"
    games.mkdir()
    path = games / "20260101-200000-play-11.jsonl"
    record(path, seed=11, kind="play", stop=14)
    return path


def test_a_journal_with_a_gap_is_explained_set_aside_and_not_offered_again(tmp_path: Path) -> None:
    path = waiting_game(tmp_path)
    cut = without_line(path, 8)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    assert hub.screen == {"screen": "resume"}
    page = Page(hub)
    page.send(t="continue")
    _, screen = page.screen(screen="resume", error="resume.error.missing")
    assert screen["line"] == 8 and screen["kept"] == path.name + ".unreadable" and "line 8" in screen["detail"]
    assert not path.exists() and (path.parent / screen["kept"]).read_bytes() == cut  # kept, never changed
    for lang in ("en", "de", "es"):
        assert "8" in strings(lang)[screen["error"]].format(line=8)
        assert screen["kept"] in strings(lang)["resume.kept"].format(file=screen["kept"])
    assert hub.input is None and hub.thread is None
    page.send(t="new")
    page.screen(screen="setup")
    assert Hub(Config(), SCRIPT, tmp_path, fast=True).screen == {"screen": "setup"}


def test_a_journal_the_replay_refuses_is_explained_instead_of_hanging(tmp_path: Path) -> None:
    path = waiting_game(tmp_path)
    changed = rewritten(path, drop=9)  # renumbered: only the replay, in the game's thread, finds it
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    page = Page(hub)
    page.send(t="continue")
    _, screen = page.screen(screen="resume", error="resume.error.mismatch")
    assert screen["line"] == 9 and screen["detail"].startswith("line 9: ")
    assert (path.parent / screen["kept"]).read_bytes() == changed and not path.exists()
    assert tables.journal_of(hub) is None
    page.send(t="undo")  # nothing to take back: ignored
    assert hub.screen["error"] == "resume.error.mismatch"
    assert Hub(Config(), SCRIPT, tmp_path, fast=True).screen == {"screen": "setup"}


def test_an_old_journal_is_explained(tmp_path: Path) -> None:
    path = waiting_game(tmp_path)
    rewritten(path, numbers=False)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    page = Page(hub)
    page.send(t="continue")
    _, screen = page.screen(screen="resume", error="resume.error.old")
    assert screen["line"] == 2 and (path.parent / screen["kept"]).exists()


def test_a_sound_journal_still_continues(tmp_path: Path) -> None:
    waiting_game(tmp_path)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    page = Page(hub)
    page.send(t="continue")
    page.screen(screen={"night", "day", "vote", "hunter"})  # the replay is done: the 15th question is asked
    assert hub.question is not None and hub.question.number == 14
    assert not any(m.get("error") for m in page.messages if m.get("t") == "screen")
    hub.stop_game()


def test_undo_on_the_end_screen_numbers_on_and_asks_the_last_choice_again(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = tables.Table(hub, 11)
    host = table.connect("host")
    host.send(t="players", players=8)
    host.send(t="deal")
    play(hub, table, [], host, None, random.Random(11))  # the game played to its end screen
    path = tables.journal_of(hub)
    assert path is not None
    records = Journal.read(path).records
    assert records[-1]["kind"] == "over"
    last = max(r["n"] for r in records if r["kind"] == "answer" and ":" in str(r["value"]))
    page = Page(hub)
    page.send(t="undo")
    page.screen(screen={"night", "vote", "hunter"})
    assert hub.question is not None and hub.question.number == last  # the last choice is asked again
    kinds = [r["kind"] for r in Journal.read(path).records]
    assert kinds[-2:] == ["over", "undo"]
    assert len(open_journal(path).answers) == last  # numbered on: the journal still resumes
    hub.stop_game()
