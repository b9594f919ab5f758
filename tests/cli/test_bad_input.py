"""Bad input costs bounded time and memory and ends in one clear line: never a trace, never an
"unexpected error". Bounds are shown by construction (refused before expanding or allocating, a
tracemalloc peak, a process memory limit), never by a wall-clock threshold."""

from __future__ import annotations

import base64
import json
import os
import resource
import subprocess
import sys
import tracemalloc
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import narrator.cli.scenario  # noqa: F401  (imported here so that its import is not in a measured peak)
from narrator import yamlfile
from narrator.cli.main import main
from narrator.game import journal

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")
HUNTER = Path(__file__).parent.parent / "scenarios" / "hunter_shot_before_win.yaml"


def simulate(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["simulate", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def refused(code: int, out: str, err: str, expected: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr that says `expected`."""
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1, err
    assert expected in err, err
    assert "unexpected error" not in err and "Traceback" not in err


def peak(call: Callable[[], Any]) -> tuple[Any, int]:
    """`call()`'s result and the most memory it held at once (tracemalloc: deterministic)."""
    tracemalloc.start()
    try:
        result = call()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def limited(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed command in a process that may use at most 1 GB of address space: a regression
    that reads or allocates without a bound ends in a MemoryError (exit 1), never in a hang."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([WOLFCALL, *args], capture_output=True, text=True, check=False, preexec_fn=limit)


def bomb(depth: int) -> list[str]:
    """Billion laughs: each anchor holds nine aliases of the one before, 9**depth strings in all."""
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, depth + 1)]
    return lines


# -- players and seed -------------------------------------------------------------------------------
def test_a_player_count_past_any_table_is_malformed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(*simulate(tmp_path, "players: 1001\n", capsys),
            "s.yaml:1: players: 1001 is not a player count (a count from 1 to 1000, or a list of names)")
    refused(*simulate(tmp_path, f"seed: 1\nplayers: {10**32}\n", capsys),
            f"s.yaml:2: players: {10**32} is not a player count")
    refused(*simulate(tmp_path, "players: 0\n", capsys), "s.yaml:1: players: 0 is not a player count")


def test_a_sane_count_the_rules_do_not_allow_is_refused_by_the_rules(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(tmp_path, "players: 1000\n", capsys)
    assert (code, out) == (3, "") and err.count("\n") == 1 and "setup refused" in err


def test_a_billion_players_allocate_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: 1000000000\n")
    done = limited("simulate", str(path))  # 8 GB if the list were made before the check
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr == f"wolfcall simulate: {path}:1: players: 1000000000 is not a player count " \
                          f"(a count from 1 to 1000, or a list of names)\n"


def test_a_list_of_too_many_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = ", ".join(f"p{i}" for i in range(1001))
    refused(*simulate(tmp_path, f"players: [{names}]\n", capsys), "players: a list of 1001 names (at most 1000)")


@pytest.mark.parametrize("seed", ["9" * 5000, "-" + "9" * 5000, "0x" + "f" * 5000, "1:" * 2000 + "1"])
def test_a_seed_too_long_to_be_a_number(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str) -> None:
    refused(*simulate(tmp_path, f"players: 7\nseed: {seed}\n", capsys), "s.yaml:2:7: seed: a number of ")


@pytest.mark.parametrize("seed", [str(2**63), str(-2**63 - 1), "9" * 60, "1.5", "yes", "[1]"])
def test_a_seed_out_of_range(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str) -> None:
    refused(*simulate(tmp_path, f"players: 7\nseed: {seed}\n", capsys),
            "s.yaml:2: seed: must be a whole number from -2**63 to 2**63-1")


@pytest.mark.parametrize("seed", [2**63 - 1, -2**63])
def test_the_largest_seeds_play(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int) -> None:
    code, out, err = simulate(tmp_path, f"players: 7\nseed: {seed}\n", capsys)
    assert code == 0, err
    assert json.loads(out)["status"] == "waiting"


# -- YAML that blows up ----------------------------------------------------------------------------
def test_the_loader_refuses_a_billion_laughs_before_building_it() -> None:
    text = "\n".join(bomb(30)) + "\n"  # 9**30 strings if expanded
    with pytest.raises(yamlfile.YamlError, match=r"<bomb>:5:1: l4: aliases \(\*name\) repeat more than 10000"):
        yamlfile.loads(text, "<bomb>")


def test_a_billion_laughs_in_a_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = bomb(7)  # 4.8 million strings expanded: about 33 MB as text in a message
    text = "players: 7\nlaughs:\n" + "".join(f"  {line}\n" for line in lines) + "steps:\n  - [werewolves, *l7]\n"
    (code, out, err), used = peak(lambda: simulate(tmp_path, text, capsys))
    refused(code, out, err, "s.yaml:7:3: l4: aliases (*name) repeat more than 10000 values")
    assert used < 4 << 20


def test_a_billion_laughs_in_a_scripts_folder(tmp_path: Path) -> None:
    from narrator.speech.script import load

    (tmp_path / "en").mkdir()
    lines = bomb(7)
    (tmp_path / "en" / "night.yaml").write_text("\n".join(lines) + f"\nnight.start:\n  - *l{len(lines) - 1}\n")
    script, used = peak(lambda: load(tmp_path))
    problems = [str(p) for p in script.problems]
    assert problems == [f"{tmp_path / 'en' / 'night.yaml'}:5: -: YAML error at column 1: l4: aliases (*name) "
                        f"repeat more than 10000 values in this file; write the values out instead"]
    assert used < 4 << 20


def test_a_few_aliases_are_fine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "players: &p 7\nseed: *p\nsteps:\n  - &w [werewolves, none]\n  - [undo]\n  - *w\n"
    code, _, err = simulate(tmp_path, text, capsys)
    assert code == 0, err


def test_an_alias_inside_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(*simulate(tmp_path, "players: 7\nsteps: &s [[werewolves, *s]]\n", capsys),
            "s.yaml:2:1: steps: an alias refers to a value that contains it")


def test_deep_nesting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(*simulate(tmp_path, "players: 7\nsteps: " + "[" * 400 + "]" * 400 + "\n", capsys),
            "s.yaml:2:1: steps: lists and mappings nested more than 50 deep")


def test_a_long_value_is_quoted_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = "x" * 100_000
    for text, expected in [(f"players: 7\nruleset: {long}\n", "s.yaml:2: ruleset: unknown ruleset 'xxx"),
                           (f"players: 7\nmode: [{', '.join([long] * 5)}]\n", "s.yaml:2: mode: unknown mode ['xxx"),
                           (f"players: 7\nroles: [{long}]\n", "s.yaml:2: roles: unknown role 'xxx"),
                           (f"players: 7\n? {long}\n: 1\n", "s.yaml:2: xxx"),  # an explicit key may be long
                           (f"players: [{long}]\n", "s.yaml:1: players: player 1's name 'xxx")]:
        code, out, err = simulate(tmp_path, text, capsys)
        refused(code, out, err, expected)
        assert len(err.replace(str(tmp_path), "<tmp>")) < 200, err  # short whatever the folder's length


def test_shown_costs_what_it_shows() -> None:
    huge: list[Any] = [["lol"] * 1000] * 1000
    quoted = yamlfile.shown(huge)  # a million strings: only the first few are looked at
    assert quoted.startswith("[['lol', 'lol', ") and quoted.endswith("...") and len(quoted) == 60
    assert yamlfile.shown("a\x1bb") == "'a\\x1bb'"
    assert yamlfile.shown(10**5000) == "<a number of more than 77 digits>"
    assert yamlfile.shown({"k": 1}) == "{'k': 1}"


# -- files that are not files ------------------------------------------------------------------------
def test_dev_zero_is_refused_unread() -> None:
    done = limited("simulate", "/dev/zero")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("wolfcall simulate: /dev/zero: cannot read: not a regular file "
                           "(a device, a pipe or a socket)\n")


def test_a_pipe_is_refused_without_waiting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "s.yaml"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer
    code = main(["simulate", str(fifo)])
    out, err = capsys.readouterr()
    refused(code, out, err, "s.yaml: cannot read: not a regular file")


def test_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", str(tmp_path)])
    out, err = capsys.readouterr()
    refused(code, out, err, ": cannot read: it is a folder, not a file")


def test_a_file_over_1_mb_is_refused_having_read_1_mb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.yaml"
    with path.open("wb") as f:
        f.truncate(64 << 20)  # 64 MB (sparse)
    code, used = peak(lambda: main(["simulate", str(path)]))
    out, err = capsys.readouterr()
    refused(code, out, err, "s.yaml: cannot read: the file is larger than 1 MB, the most accepted")
    assert used < 4 << 20


def test_a_megabyte_of_valid_steps_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = HUNTER.read_text().split("steps:")[0]
    body = "  - [werewolves, none]\n  - [undo]\n"
    text = head + "steps:\n" + body * ((1_000_000 - len(head) - 10) // len(body))
    assert len(text) < 1 << 20
    code, out, err = simulate(tmp_path, text, capsys)
    assert code == 0, err
    assert json.loads(out)["next"] == "werewolves"


# -- the journal -------------------------------------------------------------------------------------
def _record(payload: bytes) -> str:
    data = base64.b85encode(zlib.compress(payload, 9)).decode()
    return json.dumps({"kind": "answer", "public": "", "data": data, "crc": zlib.crc32(data.encode())}) + "\n"


def test_a_journal_record_that_inflates_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    journal.Journal.create(path, {"players": ["A"]}, "a game").close()
    inflating = _record(b'{"value":"' + b" " * (48 << 20) + b'"}')  # 48 MB from about 60 KB
    assert len(inflating) < journal.MAX_LINE
    with path.open("a") as f:
        f.write(inflating)
    contents, used = peak(lambda: journal.Journal.read(path))
    assert contents.damaged_line == 2 and contents.records == []
    assert used < 8 << 20


def test_a_journal_line_too_long_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    journal.Journal.create(path, {"players": ["A"]}, "a game").close()
    with path.open("a") as f:
        f.write(_record(json.dumps({"value": os.urandom(60_000).hex()}).encode()))
    assert journal.Journal.read(path).damaged_line == 2


def test_a_journal_that_is_not_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--fast", "--quiet", "--resume", str(tmp_path)]) == 2  # refused before the scripts load
    out, err = capsys.readouterr()
    assert out == "" and err == f"wolfcall demo: --resume {tmp_path}: is a folder; give a journal file\n"
    with pytest.raises(journal.JournalError, match=r"cannot read the journal .*: it is a folder, not a file"):
        journal.Journal.read(tmp_path)
    with pytest.raises(journal.JournalError, match="not a regular file"):
        journal.Journal.read(Path("/dev/zero"))


# -- demo and play options -----------------------------------------------------------------------------
@pytest.mark.parametrize("speed", ["0", "nan", "1e-300", "inf", "-1", "1e400", "fast"])
def test_demo_speed(speed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["demo", "--speed", speed])
    assert caught.value.code == 2
    assert capsys.readouterr().err == (f"wolfcall demo: argument --speed: {speed} is not a speed (a number from 0.1 "
                                       f"to 10000) (see wolfcall demo --help)\n")


def test_play_port(capsys: pytest.CaptureFixture[str]) -> None:
    for port in ("70000", "0", "-1", "http", "9" * 5000):
        with pytest.raises(SystemExit) as caught:
            main(["play", "--port", port])
        assert caught.value.code == 2
        err = capsys.readouterr().err
        assert "is not a port number (1 to 65535)" in err and len(err.splitlines()[-1]) < 150


def test_demo_seed_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--seed", "9" * 5000])
    assert "is not a seed (a whole number from -2**63 to 2**63-1)" in capsys.readouterr().err


def _demo(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["demo", "--fast", "--seed", "3", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_demo_journal_into_a_folder_is_refused_before_the_game(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _demo(tmp_path, capsys, "--journal", str(tmp_path))
    assert (code, out) == (2, "")  # not one caption: the game did not start
    assert err == f"wolfcall demo: --journal {tmp_path}: is a folder; give a file name\n"


def test_demo_timeline_into_a_missing_folder_is_refused_before_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing" / "t.jsonl"
    code, out, err = _demo(tmp_path, capsys, "--timeline", str(target))
    assert (code, out) == (2, "")
    assert err == f"wolfcall demo: --timeline {target}: the folder {target.parent} does not exist\n"
    code, out, err = _demo(tmp_path, capsys, "--quiet", "--timeline", str(tmp_path))
    assert code == 2 and "is a folder" in err
    afile = tmp_path / "file"
    afile.write_text("")
    code, out, err = _demo(tmp_path, capsys, "--out", str(afile / "x.wav"))
    assert (code, out) == (2, "") and f"{afile} is not a folder" in err


def test_a_journal_may_go_into_new_folders(tmp_path: Path) -> None:
    from narrator.config import OptionError, check_output

    path = tmp_path / "new" / "deeper" / "g.jsonl"
    check_output(path, "--journal", make_folders=True)  # Journal.create makes them
    with pytest.raises(OptionError, match="does not exist"):
        check_output(path, "--timeline")  # the timeline does not
    afile = tmp_path / "file"
    afile.write_text("")
    with pytest.raises(OptionError, match="is not a folder"):
        check_output(afile / "new" / "g.jsonl", "--journal", make_folders=True)


@pytest.mark.parametrize("players", ["40", "0", "5", "13", "1000000000"])
def test_demo_refuses_a_count_the_rules_do_not_allow(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    from engine import ruleset

    rules = ruleset("classic")
    code = main(["demo", "--fast", "--players", players])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    extended = ruleset("extended")  # read_es_B6 28: a count only the extended rules take says how to play it
    hint = "; with --ruleset extended, 3 to 40" if extended.min_players <= int(players) <= extended.max_players else ""
    assert err == (f"wolfcall demo: --players: the classic rules are for {rules.min_players} to "
                   f"{rules.max_players} players, not {players}{hint}\n")


def test_the_player_range_follows_each_ruleset() -> None:
    from engine import RULESETS, ruleset
    from narrator.config import OptionError, player_count

    for name in RULESETS:
        rules = ruleset(name)
        assert player_count(rules.min_players, name) == rules.min_players
        assert player_count(rules.max_players, name) == rules.max_players
        for wrong in (rules.min_players - 1, rules.max_players + 1):
            with pytest.raises(OptionError, match=rf"the {name} rules are for {rules.min_players} to "
                                                  rf"{rules.max_players} players, not {wrong}$"):
                player_count(wrong, name)


def test_play_refuses_a_count_the_rules_do_not_allow(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["play", "--ui", "terminal", "--audio", "none", "--data", str(tmp_path), "--players", "1000000000"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == "wolfcall play: --players: the classic rules are for 6 to 12 players, not 1000000000\n"


def test_config_players_follow_the_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("language: en\nplayers: 40\n")
    code = main(["demo", "--fast", "--config", str(config)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"wolfcall demo: {config}:2: players: 40 is not a player count for the classic rules (6 to 12)\n"
    config.write_text("web_port: yes\n")
    assert main(["demo", "--fast", "--config", str(config)]) == 2
    assert "web_port: True is not a port number (1 to 65535)" in capsys.readouterr().err
