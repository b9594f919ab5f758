"""What the Frankfurt reader B found at stop 46 (notes/s46/read_de_B6.md), on the shipped scripts, in the context
that went wrong: each test failed before fix54. The whole games (the big bad wolf's loss, openers across scenes,
the round table's reminders) are played in tests/cli/test_read_de46b.py."""

from __future__ import annotations

import itertools
import re

import pytest

from narrator.speech.lines import Cards, Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
NAMES = ("Anna", "Bernd", "Kim", *[""] * 11)  # a woman, a man, a name without gender, seat 14 "Spieler vierzehn"
GENDERS = ("f", "m", "")


def said(scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`."""
    lines = Lines(SCRIPT, "de", Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants("de", scene)[i], filled)[0] for i in lines.fitting(scene, at)]


REVEAL = [Moment(position=p, revealed=r) for p in ("first", "middle", "last") for r in ("yes", "no")]


@pytest.mark.parametrize("seat", [1, 2, 3, 14])
def test_a_recalled_card_never_says_auch(seat: int) -> None:
    """A1: "Auch die habt ihr schon gesehen" after a night death's card, which was news."""
    told = {t for m in REVEAL for t in said("end.reveal", m, seat, role=RoleName("werewolf", 2))}
    assert [t for t in told if re.match(r"Auch\b", t)] == []


def test_a_seat_words_card_is_the_card() -> None:
    """A1: "die Karte von Spieler dreizehn: einer der Brüder" (a card that is a brother)."""
    told = {t for m in REVEAL for t in said("end.reveal", m, 14, role=RoleName("brother", 3))}
    assert [t for t in told if re.search(r"Karte von Spieler vierzehn\b[^.?]*: einer der Brüder", t)] == []
    assert any("Karte von Spieler vierzehn: eine der drei Brüderkarten" in t for t in told)


@pytest.mark.parametrize("seed", range(12))
def test_no_surprise_and_you_know_are_kept_apart(seed: int) -> None:
    """A2: "Hier gibt es keine Überraschung." then "Bei Katrin keine Überraschung" on the next card."""
    lines = Lines(SCRIPT, "de", Picker(seed), NAMES, GENDERS)
    moment = Moment(position="middle", revealed="yes", gender="f")
    run = [lines.say("end.reveal", moment, player=Seat(1), role=RoleName("villager", 2)).text for _ in range(40)]
    for family in (r"keine Überraschung", r"wisst ihr|Wie ihr |Ihr wisst"):
        hits = [i for i, t in enumerate(run) if re.search(family, t)]
        assert all(b - a > 1 for a, b in itertools.pairwise(hits)), (family, run)


def test_the_wild_childs_story_does_not_make_the_child_the_model() -> None:
    """A3: "Mit dem Vorbild von Spieler achtundzwanzig starb auch die Unschuld" (28 is the child)."""
    told = said("end.story.wild_child", Moment(), 14, players=Seats((3,)))  # {players}: the model (fix53)
    assert [t for t in told if "Vorbild von Spieler vierzehn" in t] == []


@pytest.mark.parametrize(("scene", "moment", "wrong"), [
    ("end.story.infected", Moment(), r"im Blut und spielte seitdem"),  # A4
    ("end.reveal", Moment(position="first", revealed="no"), r"auf der Hand"),  # D2
    ("end.reveal", Moment(position="middle", revealed="no"), r"auf der Hand"),
    ("day.vote.reveal", Moment(), r"auf der Hand"),
    ("night.raven.wake", Moment(gone="yes", mode="own_devices", narrator="no", night="later"), r"Rabe"),  # D1
    ("night.raven.sleep", Moment(gone="yes", mode="own_devices", narrator="no", night="later"), r"Rabe"),
    ("night.raven.sleep", Moment(mode="own_devices", narrator="no", night="later"), r"braven Nachbarn"),  # D11
    ("night.wolf_father.wake", Moment(mode="own_devices", narrator="no", night="later"), r"jetzt oder später\?"),
    ("night.wolf_father.wake", Moment(mode="round_table", narrator="no", night="later"), r"jetzt oder später\?"),
    ("night.cupid.wake", Moment(mode="own_devices", narrator="no", night="first"), r"du selbst"),  # D4
    ("night.charmed.wake", Moment(mode="own_devices", narrator="no", night="later"), r"^Alle, die [^:]*, öffnet"),
    ("night.white_werewolf.wake", Moment(mode="round_table", narrator="no", night="later"), r"gewählt oder keinen"),
    ("night.fox.wake", Moment(mode="round_table", narrator="no", night="later"), r"einen Spieler gewählt"),
    ("night.white_werewolf.wake", Moment(mode="own_devices", narrator="no", night="later"), r"wenn einer\."),
    ("night.witch.wake", Moment(gone="yes", mode="own_devices", narrator="no", night="later"), r"Kröte quakt"),
    ("night.pied_piper.sleep", Moment(gone="yes", mode="own_devices", narrator="no", night="later"), r"Gully"),
    ("night.reminder", Moment(again="no", task="yes"), r"Grillen"),  # D10: one night summer, the next winter
    ("night.reminder", Moment(again="no", task="no"), r"Grillen|Frösche"),
    ("night.wolf_father.wake", Moment(gone="yes", mode="own_devices", narrator="no", night="later"), r"Eiszapfen"),
    ("night.guard.sleep", Moment(mode="own_devices", narrator="no", night="later"), r"einer von vielen"),
    ("night.dog_handler.sleep", Moment(mode="own_devices", narrator="no", night="later"), r"gewöhnlicher Nachbar"),
    ("night.wolf_father.sleep", Moment(mode="own_devices", narrator="no", night="later"), r"Graubart"),
    ("night.white_werewolf.sleep", Moment(mode="own_devices", narrator="no", night="later", pack="one"),
     r"den Ahnungslosen|Schnee"),
    ("night.thief.wake", Moment(mode="one_device", narrator="no", night="first"), r"darauf|Darauf"),  # D12
    ("game.welcome", Moment(game="later"), r"wieder auf, das Dorf ist wieder"),  # D13
    ("deal.cards", Moment(), r"für heute Abend"),  # D14
    ("round.turn", Moment(mode="round_table", position="middle", night="first", lap="first"), r"Ein Platz weiter"),
    ("night.reminder", Moment(again="no", task="yes"), r"^Ruhig\.|dann muss die Wahl"),  # B3, B4
])
def test_a_single_line_the_reader_caught(scene: str, moment: Moment, wrong: str) -> None:
    """D1-D14, A4, B3/B4, F1: lines a German table hears as wrong, rendered in the moment they are said in."""
    told = said(scene, moment, 2, role=RoleName("werewolf", 2), roles=Cards(("werewolf", "seer")),
                players=Seats((1, 2)), night=3, minutes=5)
    assert told and [t for t in told if re.search(wrong, t)] == []
