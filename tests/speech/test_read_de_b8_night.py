"""The night's leftovers the closing reads heard (issue 35: read_de_B8 17, 19, 20, 26), each in the context the narrator
said it in: the variants it may pick at that moment (`Lines.fitting`) on the shipped scripts."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from tests.narration import own_card

SCRIPT = load(SHIPPED)
MODES = ("one_device", "round_table", "own_devices")


def said(lang: str, scene: str, moment: Moment, **values: object) -> list[str]:
    """Every line `scene` may say at `moment`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), ("Ana", "Ben"), ("f", "m"))
    filled = {"player": Seat(1), "night": 1, **own_card(scene), **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


@pytest.mark.parametrize("part", ("wake", "sleep"))
@pytest.mark.parametrize("mode", MODES)
def test_a_dead_seers_call_does_not_say_the_cards_lie_hidden(mode: str, part: str) -> None:
    """B8 17 (g30 N10): "Die Karten liegen verdeckt. Für die Seherin ist die Nacht vorbei." right after Katrin's
    seer card was turned face up: a gone call is said only of a card the table saw."""
    lines = said("de", f"night.seer.{part}", Moment(mode=mode, narrator="no", night="later", pack="many", gone="yes"))
    assert len(lines) >= 20 and [t for t in lines if re.search(r"verdeckt", t)] == []


@pytest.mark.parametrize(("lang", "every_night"), [
    ("de", r"wie jede Nacht"), ("es", r"como (cada|todas las) noches?"), ("en", r"as (on )?every night:")])
def test_the_first_nights_second_lap_does_not_speak_of_nights_past(lang: str, every_night: str) -> None:
    """B8 19 (g23, g32): "Noch eine Runde, wie jede Nacht: …" on the first night, before any other night was."""
    lines = said(lang, "round.again", Moment(mode="round_table", narrator="no", night="first", again="no", two="no"))
    assert len(lines) >= 8 and [t for t in lines if re.search(every_night, t)] == []


@pytest.mark.parametrize("mode", MODES)
def test_a_big_bad_wolf_told_his_hunt_is_over_hears_no_turn_promised(mode: str) -> None:
    """B8 20 (g31 N5-N12): "Leitwolf, du bist dran. Augen auf." then nothing asked, night after night: once he was
    told a wolf fell (spent told), his bare call promises no turn."""
    lines = said("de", "night.big_bad_wolf.wake",
                 Moment(mode=mode, narrator="no", night="later", pack="many", gone="no", spent="told"))
    assert len(lines) >= 20 and [t for t in lines if re.search(r"\bdran\b|an der Reihe|[Ww]ähle", t)] == []


@pytest.mark.parametrize("night", ("first", "later"))
def test_the_grenzgaenger_is_no_dog(night: str) -> None:
    """B8 26: "Grenzgänger, kein Bellen, kein Heulen. Augen zu.": the German card is no dog (the Wolfshund's words)."""
    for scene in ("night.wolf_dog.wake", "night.wolf_dog.sleep"):
        for mode in ("one_device", "own_devices"):
            lines = said("de", scene, Moment(mode=mode, narrator="no", night=night, pack="many"))
            assert lines and [t for t in lines if re.search(r"[Bb]ell|[Hh]und\b|[Kk]läff", t)] == [], scene
