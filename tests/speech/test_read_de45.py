"""The German voice after the native read of stop 44 (issue 35, read_de_A4.md): each test takes the variants the
narrator may pick at that moment (`Lines.fitting`) on the shipped German scripts, fills them in as the table hears
them, and checks what a native table must or must not hear."""

from __future__ import annotations

import itertools
import re

import pytest

from narrator.speech.lines import Lines, RoleName
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from tests.speech.test_read_de44 import said as said_de44

SCRIPT = load(SHIPPED)
DE = SCRIPT.scenes["de"]
NAMES = ("Pia", "Ben", "Kim")  # a woman, a man, a player who did not say
GENDERS = ("f", "m", "")


def said(scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    return said_de44(scene, moment, seat, NAMES, GENDERS, **values)


# -- a card is held as printed: "Pia hatte einen Werwolf", never "eine Werwölfin" ----------------------------------
HELD = re.compile(r"hatte|gezogen|auf der Hand|spielte|gespielt|zum Vorschein|zeigt (?!sich)|macht \w+ mit | auf\.")


@pytest.mark.parametrize("scene", ["end.reveal", "day.vote.reveal"])
@pytest.mark.parametrize("revealed", ["yes", "no"])
def test_a_woman_holds_the_card_not_a_she_wolf(scene: str, revealed: str) -> None:
    """Read A4, 2: "Pia hatte eine Werwölfin auf der Hand", "Was hatte Lisa auf der Hand? Eine Werwölfin." A card
    held, drawn, played or shown is the card; only what she *was* agrees with her ("Pia war eine Werwölfin")."""
    held = []
    for where in ("first", "middle", "last"):
        for card in ("werewolf", "villager", "hunter"):
            lines = said(scene, Moment(position=where, revealed=revealed), role=RoleName(card, 2))
            held += [line for line in lines if HELD.search(line)]
            wrong = [line for line in lines if HELD.search(line) and re.search(r"Werwölfin|Dorfbewohnerin|Jägerin",
                                                                                  line)]
            assert wrong == [], (where, card, wrong)
    assert [line for line in held if "einen Werwolf" in line]


def test_what_she_was_still_agrees_with_her() -> None:
    """The rule keeps its other half: "Die Karte von Pia: eine Werwölfin", "Pia war eine Werwölfin"."""
    lines = said("end.reveal", Moment(position="middle", revealed="no"), role=RoleName("werewolf", 2))
    assert [line for line in lines if "Pia war eine Werwölfin" in line]
    assert [line for line in lines if line.startswith("Die Karte von Pia: eine Werwölfin")]


# -- the end reveal: "Und" only where it closes, and no name run into a card -----------------------------------------
def test_no_card_in_the_middle_sounds_like_the_last() -> None:
    """Read A4, 1: "Und Eva war eine Dorfbewohnerin." came right before "Die letzte Karte gehört Frank". In the middle
    of the cards, "Und …" only asks ("Und bei Ben? …"), it never closes."""
    for seat in (1, 2):
        for revealed in ("yes", "no"):
            lines = said("end.reveal", Moment(position="middle", revealed=revealed), seat, role=RoleName("seer"))
            closing = [line for line in lines if line.startswith("Und ") and "?" not in line]
            assert lines and closing == [], closing


def test_a_known_card_is_not_a_known_person() -> None:
    """Read A4, 3: "Lukas kennt ihr schon: der Leibwächter." says the table knows Lukas, not his card."""
    for where in ("first", "middle", "last"):
        lines = said("end.reveal", Moment(position=where, revealed="yes"), 2, role=RoleName("guard"))
        assert [line for line in lines if line.startswith("Ben kennt ihr")] == [], where


PLACED = re.compile(r"\{players?\}\s+\{(card|role)")


def test_no_name_runs_into_a_card() -> None:
    """Read A4, 4: "Umgedreht zeigt die Karte von Kim Amor." A card without an article (Amor) right after a name
    sounds like a surname; a name is never followed by a card with only a space between."""
    run = [(scene, v.text) for scene in DE for v in DE[scene].variants if PLACED.search(v.text)]
    assert run == []
    lines = said("end.reveal", Moment(position="middle", revealed="no"), 3, role=RoleName("cupid"))
    assert [line for line in lines if "Kim Amor" in line] == []


def test_the_last_words_read_right() -> None:
    """Read A4, 17-20: "ihr habt den Gefallen getan" (to whom?), "dazu gebracht, den Engel zu verurteilen" (someone
    else?), "Masken … Bei Kim ist sie längst gefallen" (plural, then singular), "ist keins mehr"."""
    angel = said("end.angel", Moment(), 1) + said("end.angel", Moment(), 2) + said("end.angel", Moment(), 3)
    assert [line for line in angel if "habt den Gefallen" in line or "gebracht, den Engel" in line] == []
    first = said("end.reveal", Moment(position="first", revealed="yes"), 3, role=RoleName("seer"))
    assert [line for line in first if "ist sie längst" in line or "keins mehr" in line] == []


# -- the deal's end and the first night: no button read aloud, nothing said twice ---------------------------------
def test_the_deal_reads_no_button_aloud() -> None:
    """Read A4, 5: "… tippt auf „Ich leite das Spiel“. Dann beginnt die Nacht." reads a label like a manual."""
    lines = said("deal.done", Moment(mode="one_device", narrator="yes"))
    assert len(lines) >= 8 and [line for line in lines if "„" in line or "tippt" in line] == []


def test_the_first_night_does_not_repeat_the_deal() -> None:
    """Read A4, 7 and 8: every deal.done says the cards are dealt, then night.start said "Die Karten sind verteilt";
    "hört nur noch auf meine Stimme" came on night one and night two alike."""
    first = said("night.start", Moment(night="first"))
    later = said("night.start", Moment(night="later"))
    assert [line for line in first if re.search(r"Karten|verteilt|Stimme", line)] == []
    assert len([line for line in first + later if "auf meine Stimme" in line]) <= 1


# -- night: the hunter's shot, and the small wording -----------------------------------------------------------------
SHOT = re.compile(r"Flinte|Schuss|Kugel|schieß|Abzug|abdrück|leg an|Jäger|Waffe")


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_the_hunters_call_says_it_is_a_shot(seat: int) -> None:
    """Read A4, 12: "Felix und Greta sind nicht mehr unter uns." then "Felix, nimm jemanden mit oder lass alle leben.
    Wähle.": with the card unsaid, nothing told the table why Felix may choose."""
    lines = said("hunter.wake", Moment(revealed="no"), seat, role=RoleName("hunter"))
    assert len(lines) >= 8 and [line for line in lines if not SHOT.search(line)] == []


# what a native table hears as wrong or stiff, wherever it is written (read A4, 10, 13-16, 21-22); the files other
# helpers own at this stop (the little girl, the white werewolf, the round table) are theirs
WRONG = ["Die Nacht muss weiter.", "Noch wird gewählt", "denselben geht nicht", "hintereinander denselben:",
         "Wach auf und zeig auf ihn", "den Mittleren von", "Zwischen wem", "Wen trifft es heute?"]
OTHERS = ("little_girl", "white_werewolf", "round.")


def test_no_stiff_or_wrong_phrase_is_left() -> None:
    found = [(scene, v.text) for scene in DE if not scene.startswith(OTHERS) for v in DE[scene].variants
             for phrase in WRONG if phrase in v.text]
    assert found == []


# -- one device: the wake line does not say what night.device.back says right after it -------------------------------
BACK = re.compile(r"zurück(?!lässt)|wieder hin|leg(t|st)? (es|das Gerät) ab")
WAKES = sorted(s for s in DE if s.startswith("night.") and s.endswith(".wake") and not s.startswith(
    ("night.little_girl", "night.white_werewolf")))


@pytest.mark.parametrize("scene", WAKES)
def test_the_wake_leaves_the_device_back_to_its_own_line(scene: str) -> None:
    """Read A4, 6: "… Heiltrank, Gifttrank oder keiner von beiden? Danach leg es zurück." then "Das Gerät kommt
    zurück in die Mitte.": on one device the return line always follows the step, so the wake does not say it."""
    for night in ("first", "later"):
        for pack in ("one", "many", "some"):
            lines = said(scene, Moment(mode="one_device", narrator="no", night=night, pack=pack, gone="no"))
            told = [line for line in lines if BACK.search(line) and "hältst dich zurück" not in line]
            assert told == [], (night, pack, told)


def test_the_nights_first_reminders_do_not_say_the_choice_is_open_close_together() -> None:
    """Read A4, repetition: three steps of one night reminded "Noch ist die Wahl offen." / "… die Wahl ist noch
    offen." / "Noch wird gewählt." Lines of one family are two reminders apart at least."""
    close = []
    for seed in range(10):
        lines = Lines(SCRIPT, "de", Picker(seed), NAMES, GENDERS)
        heard = [lines.say("night.reminder", Moment(mode="one_device", narrator="no", again="no", task="yes")).text
                 for _ in range(30)]
        for family in (r"noch offen|Wahl offen", r"steht noch aus"):
            hits = [i for i, text in enumerate(heard) if re.search(family, text)]
            close += [(heard[a], heard[b]) for a, b in itertools.pairwise(hits) if b - a <= 2]
    assert close == []
