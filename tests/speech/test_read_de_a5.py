"""The German voice after reader A's closing read of issue 35 (read_de_A5.md): each test reads the shipped German
scripts as the narrator may say them (`Lines.fitting`, `Lines.say`) and checks what a native table must or must not
hear. The device's way back at night is tested where the night is run (tests/game/test_nightcalls.py)."""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from pathlib import Path

import pytest

import narrator
from narrator.speech.lines import Lines, RoleName, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.yamlfile import load as load_yaml
from tests.speech.test_read_de44 import said as said_de44

SCRIPT = load(SHIPPED)
DE = SCRIPT.scenes["de"]
NAMES = ("Elke", "Bernd", "Kim")  # a woman, a man, a player who did not say
GENDERS = ("f", "m", "")
WAKES = sorted(s for s in DE if s.startswith("night.") and s.endswith(".wake"))


def said(scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    return said_de44(scene, moment, seat, NAMES, GENDERS, **values)


def every_line(scenes: list[str]) -> list[tuple[str, str]]:
    return [(scene, v.text) for scene in scenes for v in DE[scene].variants]


# -- A3: Amor's and the piper's sleep lines are the device's way back ------------------------------------------------
@pytest.mark.parametrize("scene", ["night.cupid.sleep", "night.pied_piper.sleep"])
def test_a_sleep_line_that_replaces_the_back_line_gives_the_device_back(scene: str) -> None:
    """Read A5, A3: "Amor, zeig deinen Verliebten, dass sie getroffen sind … Dann Augen zu." No back line follows
    Amor's sleep on one device (his lines say it with the touch on the shoulder), so this one left the device in his
    hand, and the next role heard "nimm das Gerät aus der Mitte"."""
    for night in ("first", "later") if scene == "night.pied_piper.sleep" else ("first",):
        lines = said(scene, Moment(mode="one_device", narrator="no", night=night, gone="no", charms="two"))
        assert [line for line in lines if not re.search(r"Gerät\b.*zurück|Gerät (ab|hin|in die Mitte)", line)] == []


# -- B: the task in plain words ----------------------------------------------------------------------------------------
# a verb-first "if" clause that runs, after a comma, into the question ("Hast du deinen Biss noch, soll das Rudel
# heute wachsen?"): heard as two questions
TWO_QUESTIONS = re.compile(r"(?:^|[.:!?;]\s+)(?:Hast|Ist|Schläft|Rettest|Trägst|Kannst|Bist)\s[^.?!:;,]*,\s*"
                           r"[a-zäöü]+\s[^.?!:;]*\?")
UNCLEAR = re.compile(r": heute Nacht\?|in dir, gibst|zwei Nachbarn für deinen Hund|Liebespaar, zwei Spieler")


def test_the_night_questions_are_plain() -> None:
    """Read A5, B1, B2, A4, B4: "Hast du deinen Biss noch, soll das Rudel heute wachsen?", "Rettest du heute ein
    Leben, nimmst du eines oder keins von beiden?", "Wenn du deinen Biss noch hast: heute Nacht?", "Der Keim des
    Wolfes in dir, gibst du …", "wähle zwei Nachbarn für deinen Hund", "wähle dein Liebespaar, zwei Spieler"."""
    wrong = [(s, t) for s, t in every_line(WAKES) if TWO_QUESTIONS.search(t) or UNCLEAR.search(t)]
    assert wrong == []


def test_every_wake_line_opens_the_eyes() -> None:
    """Read A5, B3: "Hexe, du bist dran. Nicken heißt heilen …" was the one witch call that never said "Augen auf"."""
    assert [(s, t) for s, t in every_line(WAKES) if not re.search(r"Augen|[Ww]ach|erwach", t)
            and t not in uncalled("de", s)] == []


def uncalled(lang: str, scene: str) -> set[str]:
    """The lines of a call to a card the table saw dead (gone: yes; a group's left: none): a pause that calls
    nobody (read_de_A6, A)."""
    return {v.text for v in SCRIPT.scenes[lang][scene].variants
            if "yes" in dict(v.when).get("gone", ()) or dict(v.when).get("left") == {"none"}}


# -- C: what no German game master says -------------------------------------------------------------------------------
STILTED = re.compile(r"für deine Augen allein|Bilder ziehen|längst heraus|Den Anfang macht \{player\} mit |"
                     r"für die Karte des Jägers|\{player\} führt weiter|im weißen Fell bleibt|"
                     r"Der letzte der Brüder öffnet|Ein Bruder wacht noch\.|alle Plätze besetzt|Das Dorf wartet")


def test_no_stilted_phrase_is_left() -> None:
    """Read A5, C1–C5, E5, G1: "hier ist deine Karte, für deine Augen allein" (heard 9 times in 25 games), "lass die
    Bilder ziehen", "Bei Anna ist es schon längst heraus", "Den Anfang macht Anna mit einem Werwolf", "Ein letzter
    Schuss für die Karte des Jägers", "Anna führt weiter", "Als Letzte im weißen Fell", the last brother told of in
    the third person and then "du", "Heute bleiben alle Plätze besetzt" after two deaths, "Das Dorf wartet" while it
    sleeps."""
    assert [(s, t) for s, t in every_line(sorted(DE)) if STILTED.search(t)] == []


# -- D1: one player, one form of the card all game ---------------------------------------------------------------------
@pytest.mark.parametrize(("seat", "card", "other"), [(2, "seer", r"Seherin"), (1, "villager", r"Dorfbewohner\b")])
def test_a_player_is_one_thing_all_game(seat: int, card: str, other: str) -> None:
    """Read A5, D1: "Jetzt zeigt sich, wer Bernd war: der Seher." then "Ihr wisst schon, was Bernd hatte: die
    Seherin."; Elke "Einen Dorfbewohner." beside "eine Dorfbewohnerin". A player whose gender is known hears the card
    as what they were in every line: the held card as printed only where it reads the same."""
    lines = Lines(SCRIPT, "de", Picker(5), NAMES, GENDERS)
    heard = []
    for scene, where, revealed in itertools.product(("end.reveal", "day.vote.reveal"), ("first", "middle", "last"),
                                                     ("yes", "no")):
        for _ in range(30):
            heard.append(lines.say(scene, Moment(position=where, revealed=revealed), player=Seat(seat),
                                   role=RoleName(card)).text)
    assert [line for line in heard if re.search(other, line)] == []


def test_a_player_of_unsaid_gender_still_hears_the_card_held() -> None:
    """The held lines stay for a name without a gender, where they agree with nobody: "Kim hatte die Seherin"."""
    lines = Lines(SCRIPT, "de", Picker(5), NAMES, GENDERS)
    heard = [lines.say("end.reveal", Moment(position="middle", revealed="no"), player=Seat(3),
                       role=RoleName("seer")).text for _ in range(60)]
    assert [line for line in heard if re.search(r"(hatte|spielte|gezogen).*die Seherin|Die Seherin\.$", line)]


# -- E, F: the pictures of the night -------------------------------------------------------------------------------
def test_no_two_dead_cards_calls_open_with_one_picture() -> None:
    """Read A5, E1: "Der Mond spiegelt sich im Wasserkrug. Seherin …" and 17 s later "Der Mond spiegelt sich im
    Kessel. Augen auf, Hexe." Two calls of the same night never open with the same words."""
    opened: dict[str, set[str]] = defaultdict(set)
    for scene in WAKES:
        for v in DE[scene].variants:
            if "yes" in dict(v.when).get("gone", ()):
                opened[" ".join(v.text.split(".")[0].split()[:4])].add(scene)
    assert {words: scenes for words, scenes in opened.items() if len(scenes) > 1} == {}


def test_the_seer_does_not_lift_the_dawns_mist() -> None:
    """Read A5, E2: "Die Nebel lichten sich. Seherin, Augen auf …" and 40 s later "Der Nebel lichtet sich. Schlagt
    die Augen auf." (dawn.start)."""
    assert [t for t in DE["dawn.start"].variants if "Nebel lichtet" in t.text]
    assert [(s, t) for s, t in every_line(WAKES) if re.search(r"Nebel\w* licht", t)] == []


def test_the_packs_sleep_says_its_picture_once() -> None:
    """Read A5, E3: "Werwölfe, Augen zu. Aus Fell wird wieder Haut." and "Aus Fell wird wieder Haut. Werwölfe,
    schließt die Augen." both heard in one game, as the pack shrank."""
    assert len([v for v in DE["night.werewolves.sleep"].variants if "Aus Fell wird wieder Haut" in v.text]) == 1


VILLAGE_FOREIGN = re.compile(r"Stadt|Mauer|Kettenhemd|Helm|Glockenturm|Signalhorn|Wachfeuer|Wachturm|Perlenvorhang|"
                             r"Moos auf den Steinen|Steine am Waldrand|Moos liegt still")


def test_a_dead_cards_call_keeps_to_the_village() -> None:
    """Read A5, F1: a city wall, a chain mail, a bead curtain, humming stones: decor that sounds random in a village;
    the calls keep to the village and the role's own things."""
    scenes = [s for s in DE if s.startswith("night.") and s.endswith((".wake", ".sleep"))]
    assert [(s, t) for s, t in every_line(scenes) if VILLAGE_FOREIGN.search(t)] == []


# -- I2: the game log --------------------------------------------------------------------------------------------------
def test_every_log_entry_starts_as_the_others() -> None:
    """Read A5, I2: "Das Amt des Hauptmanns ging an …" among "der Leibwächter schützte …": an entry opening with an
    article opens lowercase."""
    page = load_yaml(Path(narrator.__file__).parent / "ui" / "web" / "ui" / "de.yaml")
    entries = {k: str(v) for k, v in page.items() if str(k).startswith("log.")}
    assert entries
    assert [(k, v) for k, v in entries.items() if re.match(r"(Der|Die|Das|Ein|Eine) ", v)] == []
