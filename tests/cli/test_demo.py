"""`wolfcall demo`: a whole game in captions, its timeline, and its last line in the table's words."""

from __future__ import annotations

import json
import re
import wave
from pathlib import Path

import numpy as np
import pytest

from narrator.cli.main import main
from narrator.ui.web.strings import strings


def said_end(err: str, lang: str, seed: int) -> None:
    """The demo's last line: the seed, who won and why, in the table's words (a walk's German demo ended "wolves won
    (wolves_number) after 2 nights")."""
    words = strings(lang)
    last = err.strip().splitlines()[-1]
    seed_word, nights = {"en": ("seed", "Nights"), "de": ("Seed", "Nächte"), "es": ("Semilla", "Noches")}[lang]
    assert last.startswith(f"wolfcall demo: {seed_word} {seed}. ") and f" {nights}: " in last, last
    assert any(f"{v}: " in last or f"{v}. " in last for k, v in words.items()
               if k.startswith("end.") or k == "cli.wolf_wins"), last
    assert "_" not in last, last


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_demo_plays_a_whole_game_with_a_timeline(lang: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    timeline = tmp_path / "t.jsonl"
    assert main(["demo", "--fast", "--lang", lang, "--seed", "4", "--timeline", str(timeline)]) == 0
    out, err = capsys.readouterr()
    # the last line in the table's words (a walk's German demo ended "wolves won (wolves_number) after 2 nights")
    said_end(err, lang, 4)
    assert out.count("\n") > 30
    rows = [json.loads(line) for line in timeline.read_text().splitlines()]
    captions = [r for r in rows if "scene" in r]
    steps = [r for r in rows if "step" in r]
    assert all(set(r) == {"t", "end", "scene", "variant", "lang", "text"} and r["lang"] == lang for r in captions)
    assert all(set(r) == {"step", "t", "end", "actor_alive"} for r in steps)
    assert [r["t"] for r in rows] == sorted(r["t"] for r in rows)
    assert captions[0]["scene"] == "game.welcome" and captions[-1]["scene"] == "end.reveal"
    assert [c["text"] for c in captions] == [line.strip().split("  ", 1)[1] for line in out.splitlines()]
    assert {s["step"] for s in steps} <= {"guard", "werewolves", "witch", "seer"}


def test_demo_same_seed_same_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--fast", "--seed", "9", "--quiet", "--timeline", str(tmp_path / "a")]) == 0
    assert main(["demo", "--fast", "--seed", "9", "--quiet", "--timeline", str(tmp_path / "b")]) == 0
    assert (tmp_path / "a").read_text() == (tmp_path / "b").read_text()


def test_demo_refuses_a_broken_user_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "x.yaml").write_text("night.start:\n  - One line only.\n")
    assert main(["demo", "--fast", "--scripts", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "x.yaml:1: night.start: 1 variants in en; at least 20 are needed" in err
    assert "Traceback" not in err


def test_demo_reports_a_bad_config_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text("language: en\nhouse_rules:\n  step_seconds: 7\n")
    assert main(["demo", "--fast", "--config", str(cfg)]) == 2
    assert "config.yaml:3: house_rules.step_seconds: must be 0, 4, 6 or 10, not 7" in capsys.readouterr().err


def test_shipped_config_is_valid() -> None:
    from narrator.config import load_config

    cfg = load_config(Path(__file__).parent.parent.parent / "config.yaml")
    assert cfg.language == "en" and cfg.house.step_seconds == 6 and cfg.house.day_timer_minutes is None


@pytest.mark.parametrize(("lang", "seed"), [("en", 3), ("de", 6), ("es", 8)])
def test_demo_narrates_an_extended_game_step_by_step(lang: str, seed: int, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    timeline = tmp_path / "t.jsonl"
    assert main(["demo", "--fast", "--ruleset", "extended", "--players", "12", "--lang", lang, "--seed", str(seed),
                 "--timeline", str(timeline), "--quiet"]) == 0
    said_end(capsys.readouterr().err, lang, seed)
    rows = [json.loads(line) for line in timeline.read_text().splitlines()]
    captions = [r for r in rows if "scene" in r]
    steps = [r for r in rows if "step" in r]
    assert len({s["step"] for s in steps}) >= 6, "the extended night calls more than the classic four"
    for step in steps:  # every night step is spoken: its wake line opens it, its sleep line closes it; a card shown
        # dead closes on its wake line, and from its third night gone one line a night stands for all such calls
        inside = [c["scene"] for c in captions if step["t"] <= c["t"] < step["end"]]
        if inside[-1:] != [f"night.{step['step']}.sleep"]:
            assert not step["actor_alive"] and inside in ([], ["night.gone"], [f"night.{step['step']}.wake"]), step
        else:
            assert inside[0] == f"night.{step['step']}.wake", step
    last = [c["scene"] for c in captions if not c["scene"].startswith("end.story.")][-1]
    assert last == "end.reveal"  # the cards, then only what the cards do not show (the lovers, an infection)


def test_the_timeline_option_says_what_it_writes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "Contract" not in help_text and "captions and night steps to this file" in help_text


def test_the_rendered_file_holds_the_bed_between_the_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("WOLFCALL_DATA", str(tmp_path / "data"))  # the sounds are made and cached there
    out = tmp_path / "game.wav"
    assert main(["demo", "--fast", "--seed", "2", "--players", "6", "--voice", "ruth", "--quiet",
                 "--out", str(out)]) == 0
    rows = [json.loads(r) for r in out.with_suffix(".timeline.jsonl").read_text().splitlines()]
    steps = [r for r in rows if "step" in r]
    captions = [r for r in rows if "scene" in r]
    with wave.open(str(out)) as w:
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768
    wake = next(c for c in captions if c["scene"] == f"night.{steps[0]['step']}.wake")
    sleep = next(c for c in captions if c["scene"] == f"night.{steps[0]['step']}.sleep")
    window = samples[int((wake["end"] + 0.5) * 22050):int((sleep["t"] - 0.5) * 22050)]  # nothing is said here
    assert len(window) > 22050 and np.sqrt(np.mean(window**2)) > 10 ** (-45 / 20), "no bed while the step is held"
    assert list((tmp_path / "data" / "ambience").glob("bed.night-*.wav")), "the night bed was not cached"


# names a table of another language would not call its players (the demo once named a German table Inés and Fede)
FOREIGN = {"de": ("Inés", "Fede", "Dario", "Darío", "Kira", "Juan"), "en": ("Inés", "Fede", "Dario", "Darío", "Juan"),
           "es": ("Ben", "Kira", "Jonas", "Harry")}


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_demo_names_its_players_as_the_tables_language_does(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--fast", "--lang", lang, "--seed", "4", "--players", "12"]) == 0
    out = capsys.readouterr().out
    heard = [name for name in FOREIGN[lang] if re.search(rf"\b{name}\b", out)]
    assert heard == [], heard


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_one_wolf_dealt_wins_in_the_singular(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Read de B5, 22: the voice said "Der Werwolf gewinnt!", then the last line "Die Werwölfe gewinnen: Die Werwölfe
    sind mindestens so viele wie alle anderen." of five players with one wolf dealt (round table, seed 17)."""
    words = strings(lang)
    assert main(["demo", "--fast", "--lang", lang, "--ruleset", "extended", "--players", "5", "--mode",
                 "round_table", "--seed", "17"]) == 0
    last = capsys.readouterr().err.strip().splitlines()[-1]
    said_end(last, lang, 17)
    assert words["cli.wolf_wins"] in last and words["cli.wolf_wolves_number"] in last, last
    assert words["end.wolves"] not in last and words["reason.wolves_number"] not in last, last


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_mode_help_does_not_tie_the_ways_of_playing_to_one_ruleset(lang: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Read de B5, 21: "--mode … (erweiterte Regeln; …)", but the classic rules play round the table and on own
    phones too."""
    with pytest.raises(SystemExit):
        main(["demo", "--help", "--lang", lang])
    out = " ".join(capsys.readouterr().out.split())
    mode = out[out.rindex("--mode {"):][:160]  # the option's help, not the usage line
    assert not re.search(r"extended|erweitert|ampliad", mode), mode
    assert "28" not in mode or re.search(r"classic|klassisch|clásicas", mode), mode  # both rulesets, or neither
