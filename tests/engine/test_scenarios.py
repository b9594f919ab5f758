"""The scenario suite: one rule or edge case per file, each with its expected outcome."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from narrator.cli.main import main

ROOT = Path(__file__).parent.parent / "scenarios"
SCENARIOS = sorted(ROOT.rglob("*.yaml"))
EXTENDED = [p for p in SCENARIOS if "extended" in p.parts]


def simulate(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any] | None, str]:
    code = main(["simulate", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err


def test_suite_is_large_enough() -> None:
    assert len(SCENARIOS) - len(EXTENDED) >= 40
    assert len(EXTENDED) >= 150


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(ROOT).with_suffix("")) for p in SCENARIOS])
def test_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expect = yaml.safe_load(path.read_text())["expect"]
    code, out, err = simulate(path, capsys)
    assert code == expect.get("exit", 0), err
    if code:
        assert out is None, "nothing is printed on stdout when a scenario fails"
        assert err.count("\n") == 1, "one line on stderr"
        assert expect.get("error", "") in err
        return
    assert out is not None and err == ""
    for key in ("status", "next", "winner", "reason", "alive", "roles", "log", "captain", "lovers", "charmed",
                "wolves"):
        if key in expect:
            assert out[key] == expect[key], key
    if "role_counts" in expect:
        assert Counter(out["roles"]) == Counter(expect["role_counts"])
    for wanted in expect.get("log_has", []):
        assert any(wanted.items() <= entry.items() for entry in out["log"]), wanted
    if "same_as_seed" in expect:
        again = simulate(path, capsys)[1]
        assert again is not None and again["roles"] == out["roles"]
