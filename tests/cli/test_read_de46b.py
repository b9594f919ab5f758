"""What the Frankfurt reader B found at stop 46 (notes/s46/read_de_B6.md) in whole games, played with `demo` on the
shipped scripts with the seeds the report names, and on the command line. Each test failed before fix54 but the
seed one (E3), which guards what the picker already did: the lines of a game follow from its own seed."""

from __future__ import annotations

import re

import pytest

from narrator.cli.main import main
from narrator.game.roundnight import REACH_NEXT
from narrator.speech.lines import OPENER, RECENT
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
CAPTION = re.compile(r"\s*(\d+):(\d\d)\s+(.*)")


def game(capsys: pytest.CaptureFixture[str], *argv: str) -> list[tuple[int, str]]:
    """The captions of one German demo game: (seconds, text)."""
    assert main(["demo", "--fast", "--audio", "none", "--lang", "de", *argv]) == 0
    rows = [CAPTION.match(line) for line in capsys.readouterr().out.splitlines()]
    return [(int(m[1]) * 60 + int(m[2]), m[3]) for m in rows if m]


def opener(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.lower())[:OPENER])


@pytest.mark.parametrize(("seed", "players"), [(21, 40), (31, 24), (33, 28), (38, 16)])
def test_no_line_opens_as_one_just_before(seed: int, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """C1-C4: "Die Melodie verklingt. Flötenspieler, …" then "Die Melodie verklingt. Verzauberte, …"; the brothers'
    "Hinter der Scheune" then the big bad wolf's; "Öffne die Augen und sammle dich." twice; the wolf father's
    groups opening alike on night 1 and 3."""
    said = [t for _, t in game(capsys, "--ruleset", "extended", "--players", str(players), "--mode", "own_devices",
                               "--seed", str(seed))]
    twice = [(said[j], t) for i, t in enumerate(said) for j in range(max(0, i - RECENT), i)
             if opener(t) == opener(said[j])]
    assert twice == []
    assert len([t for t in said if t.endswith("Öffne die Augen und sammle dich.")]) <= 1 or seed != 33
    father = [opener(t) for t in said if "Urwolf," in t and "Augen auf" in t]
    assert len(father) == len(set(father)) or seed != 38, father


def test_the_big_bad_wolf_hears_his_loss_once(capsys: pytest.CaptureFixture[str]) -> None:
    """B2: "Ein eigenes Opfer steht dir nicht mehr zu." and its like, every night from night 2 to 13 (seed 33)."""
    said = [t for _, t in game(capsys, "--ruleset", "extended", "--players", "28", "--mode", "own_devices",
                               "--seed", "33")]
    loss = [t for t in said if "Leitwolf" in t and re.search(r"nicht mehr|vorbei|ruht|fällt aus|Geschichte", t)]
    calls = [t for t in said if re.search(r"Leitwolf\b.*(Augen auf|öffne|wach auf)|Augen auf, Leitwolf", t)]
    assert len(loss) == 1 and len(calls) > 5, (loss, calls)


def test_no_reminder_before_the_device_can_reach_the_player(capsys: pytest.CaptureFixture[str]) -> None:
    """B3: round the table "Anna fängt an." then, 8 s later, a reminder while the device still travels (seed 28)."""
    said = game(capsys, "--ruleset", "extended", "--players", "16", "--mode", "round_table", "--seed", "28")
    # round the table a reminder names the turn's holder (read_de_B7 A1): its words, whoever it names
    reminders = [re.compile(re.escape(v).replace(re.escape("{player}"), ".+"))
                 for v in SCRIPT.variants("de", "night.reminder")]
    gaps = [at - said[i - 1][0] for i, (at, text) in enumerate(said)
            if i and any(r.fullmatch(text) for r in reminders)]
    window = 6  # the house rules' step_seconds by default
    assert gaps and min(gaps) > window + REACH_NEXT, gaps


def test_a_game_says_the_lines_of_its_own_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """E3: separate games opened with the same variants ("Ruhig. Es bleibt Zeit zu wählen." in 11 of 22); the
    picker starts from the game's seed, and the same seed says the same lines again (undo, resume, replay)."""
    first = game(capsys, "--ruleset", "extended", "--players", "12", "--mode", "own_devices", "--seed", "25")
    other = game(capsys, "--ruleset", "extended", "--players", "12", "--mode", "own_devices", "--seed", "26")
    again = game(capsys, "--ruleset", "extended", "--players", "12", "--mode", "own_devices", "--seed", "25")
    assert first == again
    night = [t for _, t in first[:40]]
    assert len(set(night) & {t for _, t in other[:40]}) < len(night) / 2


@pytest.mark.parametrize(("argv", "wanted", "wrong"), [
    (["--lang", "de", "--help"], "Eine sprechende Spielleitung für Werwolf.", "die spricht: für"),  # H2
    # H1; read_de_B9 18: "ein Gerät, reihum weitergereicht" read as two ways
    (["--lang", "de", "demo", "--help"], "ein Gerät bei geschlossenen Augen, ein Gerät reihum oder jeder sein",
     "klassisch oder mit allen 28"),
    (["--lang", "de", "demo", "--help"], "Standard: ein Gerät bei geschlossenen Augen", "reihum weitergereicht"),
    (["--lang", "es", "demo", "--help"], "de mano en mano", "con las reglas clásicas o con los 28"),
    (["demo", "--help"], "passed round the table", "classic or with all 28"),
    # H4; read_de_B7 H: "neue Zeilen" is product jargon
    (["--lang", "de", "demo", "--help"], "in jeder Partie hört ihr zuerst Sätze, die noch nicht gefallen sind",
     "hört zuerst"),
    (["--lang", "de", "history", "--help"], "Chronik", "Verlauf"),  # H3
])
def test_the_help_says_it_as_a_german_table_does(argv: list[str], wanted: str, wrong: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    out = " ".join(capsys.readouterr().out.split())
    assert wanted in out and wrong not in out, out
