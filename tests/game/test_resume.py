"""A game cut off at any point of its journal, resumed, finishes exactly as if nothing happened.

A kill can land anywhere, but what it leaves behind is a journal cut off somewhere: after a whole
line, or in the middle of one (a torn line). So every such journal of a recorded game is resumed
here (in-process: quick), and a few real processes die right after a record reaches the disk (the
journal's test hook, `WOLFCALL_TEST_EXIT_AFTER_APPENDS`) and are resumed by a new `wolfcall demo`.
No wall clock is involved: the cut is chosen by the journal's length, never by a delay.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from narrator.cli.main import main
from narrator.game.clock import VirtualClock
from narrator.game.inputs import RandomInput
from narrator.game.journal import TEST_EXIT_AFTER_APPENDS, TEST_EXIT_CODE, Journal
from narrator.game.session import Session, Table
from narrator.speech.captions import CaptionSpeaker

from ..narration import NAMES, SCRIPT

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")
SEEDS = [11, 12, 13, 14, 15]

Caption = tuple[str, int, str]


def captions(path: Path) -> list[Caption]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [(r["scene"], r["variant"], r["text"]) for r in rows if "scene" in r]


def demo(*args: str) -> str:
    """`wolfcall demo --fast --quiet ...` in this process; returns what it said on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["demo", "--fast", "--quiet", *args])
    assert code == 0 and "Traceback" not in err.getvalue(), err.getvalue()
    return err.getvalue()


@dataclass
class Recorded:
    """An uninterrupted game: its journal's lines and what the table heard."""

    seed: int
    lines: list[bytes]
    heard: list[Caption]

    @property
    def journal(self) -> bytes:
        return b"".join(self.lines)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Recorded]:
    root = tmp_path_factory.mktemp("recorded")
    games = {}
    for seed in SEEDS:
        journal, timeline = root / f"{seed}.jsonl", root / f"{seed}.timeline.jsonl"
        demo("--seed", str(seed), "--journal", str(journal), "--timeline", str(timeline))
        lines = journal.read_bytes().splitlines(keepends=True)
        assert json.loads(lines[-1])["kind"] == "over" and len(lines) > 10
        games[seed] = Recorded(seed, lines, captions(timeline))
    return games


def check_resumed(game: Recorded, heard: list[Caption], kept: int) -> list[Caption]:
    """What a game resumed from its journal's first `kept` lines said; returns the part after "welcome back"."""
    if kept == 1:  # only the header: no answer to replay, the game starts over from the beginning
        assert heard == game.heard, f"seed {game.seed}: a game with no answer yet does not start over"
        return heard
    assert heard[0][0] == "game.resume", f"seed {game.seed}, {kept} lines: no 'welcome back'"
    rest = heard[1:]
    assert rest, f"seed {game.seed}, {kept} lines: the resumed game said nothing"
    assert game.heard[len(game.heard) - len(rest):] == rest, \
        f"seed {game.seed}, {kept} lines: the resumed game differs from the uninterrupted one"
    return rest


@pytest.mark.parametrize("seed", SEEDS)
def test_a_journal_cut_anywhere_resumes_and_finishes_as_uninterrupted(seed: int, tmp_path: Path,
                                                                     recorded: dict[int, Recorded]) -> None:
    game = recorded[seed]
    spoken_after = len(game.heard) + 1
    # keep the header and the first records, up to the last answer (a journal that ends with "over" is done)
    for kept in range(1, len(game.lines)):
        cut = tmp_path / f"cut{kept}.jsonl"
        cut.write_bytes(b"".join(game.lines[:kept]))
        out = tmp_path / f"cut{kept}.timeline.jsonl"
        err = demo("--resume", str(cut), "--timeline", str(out))
        assert "incomplete or damaged" not in err
        heard = captions(out)
        rest = check_resumed(game, heard, kept)
        assert len(rest) <= spoken_after, f"seed {seed}, {kept} lines: more answers replayed, yet more was said"
        spoken_after = len(rest)
        assert cut.read_bytes() == game.journal, f"seed {seed}, {kept} lines: the finished journal differs"

        # the same cut, with the next line torn: its first byte, half of it, or all but its newline
        tail = game.lines[kept]
        torn_at = (1, len(tail) // 2, len(tail) - 1)[kept % 3]
        torn = tmp_path / f"torn{kept}.jsonl"
        torn.write_bytes(b"".join(game.lines[:kept]) + tail[:torn_at])
        out = tmp_path / f"torn{kept}.timeline.jsonl"
        err = demo("--resume", str(torn), "--timeline", str(out))
        assert f"line {kept + 1} of the journal was incomplete or damaged" in err, err
        assert captions(out) == heard, f"seed {seed}: a torn line {kept + 1} is not resumed as if it were absent"
        assert torn.read_bytes() == game.journal, f"seed {seed}, torn line {kept + 1}: the finished journal differs"
        damaged = torn.with_name(torn.stem + ".damaged" + torn.suffix)
        assert damaged.read_bytes() == b"".join(game.lines[:kept]) + tail[:torn_at], "the torn journal was not kept"


def die_and_resume(game: Recorded, appends: int, folder: Path) -> tuple[int, bytes, bytes, list[Caption], str]:
    """A real `wolfcall demo` that ends abruptly after `appends` records, then a new one that resumes it."""
    journal = folder / f"died-{game.seed}-{appends}.jsonl"
    env = {**os.environ, TEST_EXIT_AFTER_APPENDS: str(appends)}
    died = subprocess.run([WOLFCALL, "demo", "--fast", "--quiet", "--seed", str(game.seed), "--journal",
                           str(journal)], env=env, capture_output=True, text=True, check=False)
    left = journal.read_bytes()
    env.pop(TEST_EXIT_AFTER_APPENDS)
    out = folder / f"resumed-{game.seed}-{appends}.jsonl"
    done = subprocess.run([WOLFCALL, "demo", "--fast", "--quiet", "--resume", str(journal), "--timeline", str(out)],
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return died.returncode, left, journal.read_bytes(), captions(out), died.stderr


def test_processes_that_die_after_a_record_resume_and_finish_as_uninterrupted(
        tmp_path: Path, recorded: dict[int, Recorded]) -> None:
    plan = []
    for i, seed in enumerate(SEEDS[:3]):
        answers = len(recorded[seed].lines) - 2  # without the header and "over"
        plan.append((recorded[seed], (1, answers // 2, answers)[i]))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda p: die_and_resume(p[0], p[1], tmp_path), plan))
    for (game, appends), (code, left, finished, heard, err) in zip(plan, results, strict=True):
        assert code == TEST_EXIT_CODE, f"seed {game.seed}: the demo did not die after {appends} records: {err}"
        assert left == b"".join(game.lines[:appends + 1]), f"seed {game.seed}: the journal left behind differs"
        check_resumed(game, heard, appends + 1)
        assert finished == game.journal, f"seed {game.seed}: the finished journal differs"


def test_resume_in_process_gives_the_same_state_and_picks(tmp_path: Path) -> None:
    table = Table.deal(NAMES, __import__("engine").HouseRules(), 21, "de", kind="demo")
    path = tmp_path / "g.jsonl"

    def run(journal: Journal | None, answers: list = (), resumed: bool = False):  # type: ignore[no-untyped-def]
        session = Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), RandomInput(table.seed), journal,
                          answers, resumed)
        return session.run()

    whole = run(Journal.create(path, table.to_json(), "demo"))
    from narrator.game.session import open_journal

    records = open_journal(path).answers
    for cut in (1, len(records) // 3, len(records) // 2, len(records) - 1):
        again = run(None, records[:cut], resumed=True)
        assert again.state == whole.state
        assert again.lines.picker.counts.keys() <= whole.lines.picker.counts.keys() | {"game.resume"}
        assert {k: v for k, v in again.lines.picker.counts.items() if k != "game.resume"} == \
            whole.lines.picker.counts
