"""Kill the game at random points, resume it from the journal: it finishes exactly as if nothing happened."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from narrator.clock import VirtualClock
from narrator.inputs import RandomInput
from narrator.journal import Journal
from narrator.session import Session, Table
from narrator.speaker import CaptionSpeaker

from .narration import NAMES, SCRIPT

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")
KILLS = 50


def captions(path: Path) -> list[tuple[str, int, str]]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [(r["scene"], r["variant"], r["text"]) for r in rows if "scene" in r]


def demo(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([WOLFCALL, "demo", "--quiet", *args], capture_output=True, text=True, check=False)


def crash_and_resume(tmp_path: Path, attempt: int, seed: int, kill_after: float,
                     reference: list[tuple[str, int, str]]) -> bool:
    """Kill a running demo after `kill_after` seconds and resume it; False if the kill missed the game."""
    journal = tmp_path / f"j{attempt}.jsonl"
    proc = subprocess.Popen([WOLFCALL, "demo", "--quiet", "--seed", str(seed), "--speed", "1500",
                             "--journal", str(journal)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(kill_after)
    if proc.poll() is not None:
        return False  # finished before the kill: not a crash
    proc.kill()
    proc.wait()
    if not journal.exists() or len(journal.read_bytes().splitlines()) < 2:
        return False  # killed before the first answer: nothing to resume
    out = tmp_path / f"r{attempt}.jsonl"
    done = demo("--fast", "--resume", str(journal), "--timeline", str(out))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    heard = captions(out)
    assert heard[0][0] == "game.resume"
    rest = heard[1:]
    assert reference[len(reference) - len(rest):] == rest, f"seed {seed}, attempt {attempt}: the resumed game differs"
    return True


def test_killed_games_resume_and_finish_exactly_as_uninterrupted(tmp_path: Path) -> None:
    rng = random.Random(2026)
    seeds = [11, 12, 13, 14, 15]
    references = {}
    for seed in seeds:
        ref = tmp_path / f"ref{seed}.jsonl"
        assert demo("--fast", "--seed", str(seed), "--timeline", str(ref)).returncode == 0
        references[seed] = captions(ref)
    plan = [(i, seeds[i % len(seeds)], rng.uniform(0.12, 0.6)) for i in range(3 * KILLS)]
    landed = 0
    with ThreadPoolExecutor(max_workers=2) as pool:
        for start in range(0, len(plan), 10):
            batch = plan[start:start + 10]
            landed += sum(pool.map(lambda p: crash_and_resume(tmp_path, p[0], p[1], p[2], references[p[1]]), batch))
            if landed >= KILLS:
                break
    assert landed >= KILLS


def test_resume_in_process_gives_the_same_state_and_picks(tmp_path: Path) -> None:
    table = Table.deal(NAMES, __import__("engine").HouseRules(), 21, "de", kind="demo")
    path = tmp_path / "g.jsonl"

    def run(journal: Journal | None, answers: list = (), resumed: bool = False):  # type: ignore[no-untyped-def]
        session = Session(table, SCRIPT, CaptionSpeaker(None), VirtualClock(), RandomInput(table.seed), journal,
                          answers, resumed)
        return session.run()

    whole = run(Journal.create(path, table.to_json(), "demo"))
    from narrator.session import open_journal

    records = open_journal(path).answers
    for cut in (1, len(records) // 3, len(records) // 2, len(records) - 1):
        again = run(None, records[:cut], resumed=True)
        assert again.state == whole.state
        assert again.lines.picker.counts.keys() <= whole.lines.picker.counts.keys() | {"game.resume"}
        assert {k: v for k, v in again.lines.picker.counts.items() if k != "game.resume"} == \
            whole.lines.picker.counts
