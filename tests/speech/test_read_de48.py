"""What the German readers of stop 47 found (notes/s47/read_de_A8.md, read_de_B8.md), on the shipped scripts: lines
that follow one another and echo a word, and the words for what the vote does. Each test failed on 772f207, before
fix61. The whole games (a big reveal, the round table's turns) are played in tests/cli/test_read_de48.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import narrator.ui.web
from narrator.speech.lines import RECENT, Lines, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)


def variants(scene: str) -> list[str]:
    return [v.text for v in SCRIPT.scenes["de"][scene].variants]


# scenes said one right after the other (or with only a sleep line between), and a word both may not say
FOLLOW = [
    ("dawn.start", "dawn.death", r"[Gg]locke"),  # B8 7: "Die Kirchenglocke läutet …" then "Die Totenglocke läutet"
    ("dawn.start", "dawn.deaths", r"[Gg]locke"),
    ("round.dawn", "dawn.death", r"[Gg]locke"),
    ("round.dawn", "dawn.deaths", r"[Gg]locke"),
    ("day.vote.out", "day.vote.reveal", r"richtig"),  # B8 12: "… dass es richtig war." "Hat das Dorf richtig …"
    ("night.seer.wake", "night.fox.wake", r"st\w+ günstig"),  # B8 11: "Die Sterne stehen günstig", "Der Wind steht …"
    ("night.sisters.wake", "night.brothers.wake", r"Nacht gehört kurz"),  # B8 10
    ("night.witch.wake", "night.reminder", r"\bWahl\b"),  # B8 14: "Die Wahl liegt bei dir." then "… Wahl …"
]


@pytest.mark.parametrize(("first", "then", "word"), FOLLOW)
def test_lines_that_follow_one_another_do_not_echo_a_word(first: str, then: str, word: str) -> None:
    echo = [(a, b) for a in variants(first) for b in variants(then) if re.search(word, a) and re.search(word, b)]
    assert echo == []


def test_one_reveal_line_says_no_surprise() -> None:
    """B8 13: "Hier gibt es keine Überraschung." and a few cards later "Keine Überraschung, die Karte von …"; and
    "Lüften wir die Geheimnisse … ist schon kein Geheimnis mehr" (Geheimnis twice in one line)."""
    told = variants("end.reveal")
    assert len([t for t in told if re.search(r"[Kk]eine Überraschung", t)]) == 1
    assert [t for t in told if len(re.findall("Geheimnis", t)) > 1] == []


def test_the_vote_reveal_does_not_open_with_the_village_again() -> None:
    """B8 15: "Das Dorf verurteilt Spieler sechzehn." then "Das Dorf hält den Atem an. Spieler sechzehn deckt …"; and
    round.dawn "Die Sonne geht über dem Dorf auf, und das Dorf kommt zusammen." (Dorf twice)."""
    assert [t for t in variants("day.vote.reveal") if t.startswith("Das Dorf")] == []
    assert [t for t in variants("round.dawn") if len(re.findall(r"\bDorf\b", t)) > 1] == []


EXILE = re.compile(r"verbann|verstoß|Dorf verlassen|verlässt (niemand )?das Dorf|Niemand verlässt")


@pytest.mark.parametrize("scene", ["day.vote.start", "day.vote.out", "day.vote.nobody", "day.vote.tie"])
def test_the_vote_hangs_as_the_product_text_says(scene: str) -> None:
    """B8 27: the day lines banished ("verbannt", "verstoßen", "muss das Dorf verlassen") while the servant, the
    village idiot and the end speak of the gallows; the German product text says the voted player "wird
    hingerichtet und scheidet aus", "am Galgen": the day lines say that too."""
    assert [t for t in variants(scene) if EXILE.search(t)] == []


@pytest.mark.parametrize("lap", ["first", "later"])
@pytest.mark.parametrize("position", ["middle", "last"])
def test_a_lap_of_forty_can_hear_forty_turn_lines(lap: str, position: str) -> None:
    """B8 29: round the table at 30 players and more, from night 2 on, the turns narrowed to a pool of 27 lines for
    39 passes a lap of 40 (70 a night): the pool of a later night's pass is as long as a lap, with room for the
    lines kept apart for opening like one just said (`RECENT`)."""
    lines = Lines(SCRIPT, "de", Picker(0), ["Anna", "Bernd", "Kim"], ["f", "m", ""])
    for seat in (1, 2, 3, 14):
        at = lines.moment_of(Moment(position=position, night="later", lap=lap, mode="round_table"),
                             {"player": Seat(seat)})
        assert len(lines.fitting("round.turn", at)) >= 40 + RECENT // 2


@pytest.mark.parametrize(("scene", "wrong"), [
    ("hunter.wake", r"Karte des Jägers"),  # A8 3: "Elke, du hast die Karte des Jägers", then "die Jägerin"
    ("hunter.wake", r"Hand von \{player\}"),  # A8 18, B8 6: "Die Flinte liegt noch in der Hand von Clara."
    ("hunter.no_shot", r"Kopfschütteln"),  # A8 6: on a screen nobody shakes a head
    ("end.story.infected", r"\{player\}.*\{player\}"),  # B8 5: "… Karte von Spieler dreizehn … Spieler dreizehn"
    ("end.wolves.number", r"\bEr hat gewonnen|^Das Dorf kann sie\b"),  # B8 1 (a Werwölfin shown), A8 10
    ("end.wolves.number", r"^Heute Nacht heul"),  # B8 23: said at dawn, "heute Nacht" is the night just gone
    ("end.draw", r"^(\w+\W+){1,4}Unentschieden\.$|Plätze am Tisch|[Gg]locke"),  # A8 9: "Alle sind tot. Unentschieden."
    ("end.mutual_vote", r"Stühle"),  # A8 9: everybody still sits there
    ("night.guard.sleep", r"Wache im Traum"),  # B8 21
    ("night.sisters.wake", r"Für zwei zu denken ist schwer"),  # B8 22
    ("game.welcome", r"Ich führe euch"),  # A8 14: with a person narrating, the voice is not the one who leads
])
def test_a_line_the_readers_named_is_said_no_more(scene: str, wrong: str) -> None:
    assert [t for t in variants(scene) if re.search(wrong, t)] == []


DOG = re.compile(r"[Kk]nurr|bell|Bell|Hund")


NIGHT = sorted(s for s in SCRIPT.scenes["de"] if s.startswith("night.") and "dog_handler" not in s)


@pytest.mark.parametrize("scene", NIGHT)
def test_no_dog_sound_but_the_dogs(scene: str) -> None:
    """B8 8: the dog handler's dog growls at dawn, a clue; "Ein kurzes Knurren. Leitwolf, Augen auf.", "Ein Hund
    bellt in der Ferne. Eine Wahl fehlt." at night made the table ask whether the dog had growled. No night line but
    the dog handler's makes a dog sound or shows a dog, a dead card's call included ("Ein Hund bellt am Dorfrand.
    {role} kommt nicht mehr." of the guard, "Der Hund der Brüder…", stop 48)."""
    assert [v.text for v in SCRIPT.scenes["de"][scene].variants if DOG.search(v.text)] == []


def test_the_charmed_are_listed_in_plain_german() -> None:
    """B8 25 (and A8's 30-seat game): "Nacht für Nacht in ihren Bann gezogen hatte die Flöte: Anna, …", "… ging nicht
    mehr aus dem Kopf von: …", "Die Melodie der Flöte im Kopf hatte nur …": the list comes after a plain clause."""
    wrong = re.compile(r"gezogen hatte die Flöte|Kopf von:|im Kopf hatte"
                       r"|^(Erfasst hatte der Zauber der Flöte|Verzaubert hatte der Flötenspieler):")
    assert [t for t in variants("end.story.charmed") if wrong.search(t)] == []


def test_the_screens_say_the_hunter_and_the_dog_in_plain_german() -> None:
    """B8 3: "Elke legt an: der letzte Schuss des Jägers" of a woman; B8 screens: "der Hund legte sich zwischen A und
    B (knurrte)", a verb in brackets."""
    words = yaml.safe_load((Path(narrator.ui.web.__file__).parent / "ui" / "de.yaml").read_text(encoding="utf-8"))
    assert "Jäger" not in words["hunter.title"]
    assert "({result})" not in words["log.dog"] + words["log.dog.pair"]
