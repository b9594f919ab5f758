"""Malformed scenario files: each error names the file, the line and the key."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.cli.main import main


def run(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    code = main(["simulate", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_bad_yaml_gives_file_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(tmp_path, "players: 7\nsteps:\n  - [werewolves, 3\n  - [witch, pass]\n", capsys)
    assert code == 2 and out == ""
    assert "s.yaml:4:" in err


def test_bad_house_rule_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(tmp_path, "players: 7\nhouse_rules:\n  win: number\n  mayor: yes\n", capsys)
    assert code == 2 and "s.yaml:4: house_rules: mayor: unknown house rule" in err


def test_bad_step_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(tmp_path, "players: 7\nseed: 1\nsteps:\n  - [werewolves]\n", capsys)
    assert code == 2 and "s.yaml:4: steps: step 1 must be [step, choice]" in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", str(tmp_path / "nope.yaml")])
    assert code == 2 and "cannot read" in capsys.readouterr().err


def test_players_as_a_count_are_unnamed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, "players: 9\nseed: 3\n", capsys)
    assert code == 0 and len(json.loads(out)["roles"]) == 9


def test_duplicate_names_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(tmp_path, "players: [Ana, Ben, ana, C, D, E]\n", capsys)
    assert code == 2 and "same name" in err


def test_the_installed_command_runs_as_a_process(tmp_path: Path) -> None:
    scenario = Path(__file__).parent.parent / "scenarios" / "hunter_shot_before_win.yaml"
    wolfcall = Path(sys.executable).parent / "wolfcall"
    done = subprocess.run([str(wolfcall), "simulate", str(scenario)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == "village"
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: 7\nsteps:\n  - [seer, 1]\n")
    done = subprocess.run([str(wolfcall), "simulate", str(bad)], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
