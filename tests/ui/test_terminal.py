"""`wolfcall play --ui terminal`, driven through its pipes like a person at the keyboard."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Choice, Game, legal_choices
from narrator.game.clock import RealClock
from narrator.game.inputs import REVEAL, Question
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.ui.terminal import CLEAR, Keyboard, TerminalInput, keys

from .web.test_screens import NAMES, the_first_vote

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")
ROLE_WORDS = ("werewolf", "villager", "seer", "witch", "hunter", "guard")

WINNERS = ("The village wins", "The werewolves win", "Nobody wins")  # the last line, in English


def drive(args: list[str], stop_after: int | None = None) -> tuple[int, list[str], str]:
    """Answer every prompt: the second option when there is one, Enter to reveal and cover, y to confirm."""
    proc = subprocess.Popen([WOLFCALL, "play", "--ui", "terminal", "--speed", "300", "--audio", "none", *args],
                            stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin and proc.stdout and proc.stderr
    seen: list[str] = []
    options: list[str] = []  # the keys of the choices listed so far
    answered = 0
    for line in proc.stdout:
        seen.append(line.rstrip("\n"))
        reply = None
        stripped = line.strip()
        if stripped[:2].rstrip(")").isdigit() and ")" in stripped[:3]:
            options.append(stripped.partition(")")[0])
        elif stripped.startswith("u: "):
            reply, options = options[1 if len(options) >= 2 else 0], []
        elif "[Enter]" in line:
            reply = ""
        elif "[y/n]" in line:
            reply = "y"
        if reply is not None:
            if stop_after is not None and answered >= stop_after:
                proc.kill()
                break
            proc.stdin.write(reply + "\n")
            proc.stdin.flush()
            answered += 1
    proc.wait(timeout=30)
    return proc.returncode, seen, proc.stderr.read()


def test_a_whole_game_from_the_keyboard(tmp_path: Path) -> None:
    code, seen, err = drive(["--players", "6", "--seed", "5", "--data", str(tmp_path)])
    assert code == 0, err
    assert any(f"wolfcall: {w} (" in err for w in WINNERS) and "Traceback" not in err
    assert any("Your card:" in line for line in seen)
    assert any("👍" in line or "👎" in line for line in seen)


def test_the_screen_is_cleared_after_every_secret(tmp_path: Path) -> None:
    _, seen, _ = drive(["--players", "6", "--seed", "5", "--data", str(tmp_path)])
    text = "\n".join(seen)
    secrets = [i for i, line in enumerate(seen) if "Your card:" in line or "👍" in line or "👎" in line]
    assert secrets
    for i in secrets:
        after = "\n".join(seen[i:i + 4])
        assert "\033[2J" in after, "a card or an answer stayed on the screen"
    assert text.count("\033[3J") >= len([s for s in seen if "Your card:" in s])


def test_killed_at_the_keyboard_and_resumed(tmp_path: Path) -> None:
    drive(["--players", "7", "--seed", "8", "--data", str(tmp_path)], stop_after=14)
    journals = list((tmp_path / "games").glob("*.jsonl"))
    assert len(journals) == 1 and len(journals[0].read_text().splitlines()) > 5
    code, _seen, err = drive(["--resume", "--data", str(tmp_path)])
    assert code == 0, err
    assert "resuming" in err and any(f"wolfcall: {w} (" in err for w in WINNERS)
    assert not any(word in journals[0].read_text() for word in ROLE_WORDS)


def keyboard_game(typed: str) -> tuple[TerminalInput, io.StringIO]:
    out = io.StringIO()
    words = Lines(load(SHIPPED), "en", Picker(0), NAMES)
    return TerminalInput(words, out, Keyboard(io.StringIO(typed))), out


def test_a_counted_vote_at_the_keyboard_by_secret_ballots_or_by_hands() -> None:
    state = the_first_vote(mark=3).state
    q = Question("day_vote", (), None)
    term, out = keyboard_game("\n2\n\n1\n\n\n\n\n\n0\n")  # Ana votes Ben, Ben votes Ana, the others abstain
    term._prompt(q, state)
    shown = out.getvalue()
    assert "h) Show of hands" in shown and "b) Secret ballots" in shown
    assert "Ben is the captain: their vote counts twice." in shown
    assert "Player three starts the vote with 2 extra votes." in shown
    choice = term._parse(q, state, "b", RealClock())
    assert isinstance(choice, Choice) and choice.text() == "day_vote:ballots:1>2,2>1,3>-,4>-,6>-"
    assert out.getvalue().count(CLEAR) == 5, "the screen was not cleared after every ballot"
    term, out = keyboard_game("0\n3\n\n0\n0\ny\n")
    choice = term._parse(q, state, "h", RealClock())
    assert isinstance(choice, Choice) and choice.text() == "day_vote:tally:2*3"
    assert "The captain's hand counts as two." in out.getvalue()


def test_the_end_at_the_keyboard_is_told_night_by_night() -> None:
    game = the_first_vote(mark=4)
    game.choose(Choice.from_text("day_vote:tally:1*3"))
    term, out = keyboard_game("")
    term.show_end(game.state)
    text = out.getvalue()
    assert "The village wins. No enemy of the village is left alive." in text
    assert text.index("Night 1") < text.index("† 5 Eva (Villager): killed by the werewolves") < text.index("Day 1")
    assert "† 1 Ana (Werewolf): voted out by the village" in text
    assert "2 Ben: Seer (Captain)" in text
    assert "Alive at the end: 2 Ben (Seer), player three (Raven), 4 Dora (Villager), 6 Fede (Hunter)" in text


def keyboard_in(lang: str, typed: str) -> tuple[TerminalInput, io.StringIO]:
    out = io.StringIO()
    return TerminalInput(Lines(load(SHIPPED), lang, Picker(0), NAMES), out, Keyboard(io.StringIO(typed))), out


def test_the_vote_is_confirmed_with_the_languages_own_letters() -> None:
    state = the_first_vote(mark=3).state
    q = Question("day_vote", (Choice.from_text("day_vote:1"),), None)
    for lang, asked, yes, other in (("en", "[y/n]", "y", "j"), ("de", "[j/n]", "j", "y"), ("es", "[s/n]", "s", "y")):
        term, out = keyboard_in(lang, f"{yes}\n")
        choice = term._parse(q, state, "1", RealClock())
        assert asked in out.getvalue() and "[y/n]" not in out.getvalue().replace(asked, ""), lang
        assert isinstance(choice, Choice) and choice.text() == "day_vote:1", lang
        term, out = keyboard_in(lang, f"{other}\n")
        assert term._parse(q, state, "1", RealClock()) is None, f"{lang}: {other} is not yes"
        term, out = keyboard_in(lang, "n\n")
        assert term._parse(q, state, "1", RealClock()) is None, lang


def test_the_show_of_hands_is_confirmed_in_spanish() -> None:
    state = the_first_vote(mark=3).state
    term, out = keyboard_in("es", "0\n3\n\n0\n0\ns\n")
    choice = term._parse(Question("day_vote", (), None), state, "h", RealClock())
    assert isinstance(choice, Choice) and choice.text() == "day_vote:tally:2*3"
    assert "Ben sale de la aldea (votos: 3). ¿Lo damos por bueno? [s/n]" in out.getvalue()


def test_the_show_of_hands_confirm_names_who_leaves_with_the_ravens_mark() -> None:
    """It asked "So viele Hände zählen?" without saying who leaves (issue 18); the raven's two extra votes
    on player three count as the engine counts them."""
    state = the_first_vote(mark=3).state
    for typed, said in (("0\n2\n\n0\n0\nj\n", "Gleichstand: Ben, Spieler drei (Stimmen: je 2). Richtig gezählt?"),
                        ("0\n0\n\n0\n0\nj\n", "Spieler drei wird verurteilt (Stimmen: 2). Richtig gezählt?"),
                        ("0\n3\n\n0\n0\nj\n", "Ben wird verurteilt (Stimmen: 3). Richtig gezählt?")):
        term, out = keyboard_in("de", typed)
        choice = term._parse(Question("day_vote", (), None), state, "h", RealClock())
        assert isinstance(choice, Choice), out.getvalue()
        assert said in out.getvalue(), out.getvalue()
        assert "So viele Hände zählen?" not in out.getvalue()


def test_a_step_is_prompted_with_its_words_not_its_key() -> None:
    state = the_first_vote(mark=3).state
    for lang, title in (("en", "The vote:"), ("de", "Abstimmung:"), ("es", "La votación:")):
        term, out = keyboard_in(lang, "")
        term._prompt(Question("day_vote", (Choice.from_text("day_vote:1"),), None), state)
        assert title in out.getvalue().splitlines() and "day_vote" not in out.getvalue(), lang


def test_the_winner_is_printed_in_the_tables_language(capsys: pytest.CaptureFixture[str]) -> None:
    game = the_first_vote(mark=4)
    game.choose(Choice.from_text("day_vote:tally:1*3"))
    term, _ = keyboard_in("de", "")
    term.show_winner(game.state)
    err = capsys.readouterr().err
    assert err == f"wolfcall: Das Dorf gewinnt ({term.T['reason.wolves_dead']})\n"
    assert "won" not in err
    term, _ = keyboard_in("es", "")
    assert term.winner_line(game.state).startswith("wolfcall: Gana la aldea (")


def test_a_seats_number_is_its_key_and_niemand_is_0_in_a_german_game() -> None:
    state = the_first_vote(mark=3).state  # Eva (5) is dead
    q = Question("day_vote", tuple(legal_choices(state)), None)
    term, out = keyboard_in("de", "j\n")
    term._prompt(q, state)
    menu = [line.strip() for line in out.getvalue().splitlines() if line.strip()[:1].isdigit() and ") " in line]
    assert menu == ["0) Niemanden verurteilen", "1) 1 Ana verurteilen", "2) 2 Ben verurteilen",
                    "3) Spieler drei verurteilen", "4) 4 Dora verurteilen", "6) 6 Fede verurteilen"]
    choice = term._parse(q, state, "1", RealClock())
    assert isinstance(choice, Choice) and choice.text() == "day_vote:1"
    term, out = keyboard_in("de", "j\n")
    choice = term._parse(q, state, "0", RealClock())
    assert isinstance(choice, Choice) and choice.text() == "day_vote:none"
    term, out = keyboard_in("de", "")
    assert term._parse(q, state, "5", RealClock()) is None and "0, 1, 2, 3, 4, 6?" in out.getvalue()


def test_a_ballot_is_cast_by_the_seats_number_in_a_german_game() -> None:
    state = the_first_vote(mark=3).state
    term, out = keyboard_in("de", "\n6\n\n4\n\n\n\n\n\n0\n")  # Ana votes Fede (6), Ben votes Dora (4)
    choice = term._parse(Question("day_vote", (), None), state, "b", RealClock())
    assert isinstance(choice, Choice) and choice.text() == "day_vote:ballots:1>6,2>4,3>-,4>-,6>-"
    assert "  6) 6 Fede" in out.getvalue() and "  5)" not in out.getvalue()


def test_choices_that_are_not_one_seat_are_keyed_after_the_last_seat() -> None:
    witch = [Choice("witch"), Choice("witch", heal=5), Choice("witch", poison=1), Choice("witch", poison=2)]
    assert keys(witch, 6) == ["0", "7", "8", "9"]
    assert keys([Choice("cupid", seats=(1, 2)), Choice("cupid", seats=(1, 3))], 6) == ["7", "8"]
    assert keys([Choice("thief", option="keep"), Choice("thief", option="swap")], 6) == ["1", "2"]


def test_a_numbered_seat_takes_its_article_at_the_spanish_keyboard() -> None:
    """It printed "Pásale el móvil a jugador uno. Soy jugador uno: ver mi carta" for a seat with no name."""
    out = io.StringIO()
    term = TerminalInput(Lines(load(SHIPPED), "es", Picker(0), [""] * 6), out, Keyboard(io.StringIO("")))
    state = Game.new([""] * 6, seed=1).state
    term._prompt(Question(REVEAL, (), 1), state)
    assert "Pásale el móvil al jugador uno. Soy el jugador uno, ver: [Enter]" in out.getvalue()
    assert term._label(state, Choice("witch", heal=2)) == "Curar al jugador dos"
