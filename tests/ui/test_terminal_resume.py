"""`wolfcall play --ui terminal --resume` on a journal that cannot be replayed: one line, a failing exit, no trace."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ..journals import record, rewritten, without_line

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")


def resume(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([WOLFCALL, "play", "--ui", "terminal", "--audio", "none", "--data", str(data), "--resume",
                           *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("damage", "reason"), [("deleted", "missing or out of order"),
                                                ("renumbered", "a line is missing or was changed"),
                                                ("unnumbered", "older wolfcall")])
def test_a_journal_that_cannot_be_replayed_is_refused_in_one_line(tmp_path: Path, damage: str, reason: str) -> None:
    games = tmp_path / "games"
    games.mkdir()
    path = games / "20260101-200000-play-11.jsonl"
    record(path, seed=11, kind="play", stop=14)
    line = 2 if damage == "unnumbered" else 8
    kept = without_line(path, 8) if damage == "deleted" else rewritten(path, drop=8, numbers=damage != "unnumbered")
    done = resume(tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stdout == ""
    refusal = [text for text in done.stderr.splitlines() if f"line {line}: " in text]
    assert len(refusal) == 1 and refusal[0].startswith(f"wolfcall play: line {line}: ") and reason in refusal[0]
    assert path.read_bytes() == kept and sorted(p.name for p in games.iterdir()) == [path.name]
    named = resume(tmp_path, str(path))  # named on the command line: the same
    assert named.returncode == 2 and named.stderr.splitlines()[-1] == refusal[0]
