"""Wording left from the native reads of stop 44 (issue 35; read_de_A4.md, read_de_B4.md): what a holder of a
sister's or brother's card is called, the pied piper's count on his last charm, one scene for "Die Masken fallen",
and a picture of its own in every line of a dead card's call. Each test fills in the variants the narrator may
pick at that moment (`Lines.fitting`) on the shipped scripts."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings

SCRIPT = load(SHIPPED)
# a woman, a man, a player who did not say
NAMES = {"de": ("Anna", "Felix", "Kim"), "es": ("Ana", "Félix", "Kim"), "en": ("Ann", "Felix", "Kim")}
GENDERS = ("f", "m", "")

_TOOL = Path(__file__).parents[2] / "tools" / "gone_images.py"
_SPEC = importlib.util.spec_from_file_location("gone_images", _TOOL)
assert _SPEC is not None and _SPEC.loader is not None
gone_images = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(gone_images)


def said(lang: str, scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES[lang], GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


# -- 1. a sister's card dealt to a man: the card is named, not the person --------------------------------------------
# what a holder *was*, said as a person of the group ("Felix war eine der Schwestern", «Kim era uno de los hermanos»)
PERSON = {"de": {"sister": r"\bd?eine?r? der Schwestern\b", "brother": r"\b(einer|einen|einem) der Brüder\b"},
          "es": {"sister": r"\buna de las hermanas\b", "brother": r"\buno de los hermanos\b"}}
CARD = {"de": {"sister": "Schwesternkarten", "brother": "Brüderkarten"},
        "es": {"sister": "de hermana", "brother": "de hermano"}}  # A6 E2; B7: «la de hermana»
REVEALS = [("end.reveal", where, revealed) for where in ("first", "middle", "last") for revealed in ("yes", "no")]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize(("card", "seat"), [("sister", 2), ("sister", 3), ("brother", 1), ("brother", 3)])
@pytest.mark.parametrize(("scene", "where", "revealed"), [*REVEALS, ("day.vote.reveal", None, "no")])
def test_a_card_of_the_other_gender_is_said_as_the_card(lang: str, card: str, seat: int, scene: str,
                                                        where: str | None, revealed: str) -> None:
    """Read B4, C5.1: the deal is random, so a man may hold a sister's card: "Bei Felix liegt eine der Schwestern auf
    dem Tisch", "Greta hatte einen der Brüder auf der Hand". Said of a man, a woman of the other group or a player who
    did not say, the card is named: "eine der beiden Schwesternkarten", «una de las cartas de las hermanas»."""
    lines = said(lang, scene, Moment(position=where, revealed=revealed), seat, role=RoleName(card, 2))
    assert lines and [line for line in lines if re.search(PERSON[lang][card], line)] == []
    assert [line for line in lines if CARD[lang][card] in line]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_sister_held_by_a_woman_is_still_one_of_the_sisters(lang: str) -> None:
    lines = said(lang, "end.reveal", Moment(position="middle", revealed="no"), 1, role=RoleName("sister", 2))
    assert [line for line in lines if re.search(PERSON[lang]["sister"], line)]


def test_the_card_is_not_said_to_show_a_card() -> None:
    """"Die Karte von Felix zeigt eine der beiden Schwesternkarten" says card twice: a card of a group is where the
    card is said, never what a card shows or has written on it."""
    for scene, where, revealed in [*REVEALS, ("day.vote.reveal", None, "no")]:
        lines = said("de", scene, Moment(position=where, revealed=revealed), 2, role=RoleName("sister", 2))
        assert [line for line in lines if re.search(r"Karte.*\b(zeigt|steht|Darauf)\b.*Schwesternkarten", line)] == []


SCREEN = {"de": r"Du bist (eine|einer) von", "en": r"You are one of", "es": r"Tienes (una hermana|dos hermanos)"}


@pytest.mark.parametrize("lang", ["de", "en", "es"])
def test_the_screen_tells_a_holder_of_the_card_not_of_the_person(lang: str) -> None:
    """Read B4, C5.1: the screen told Felix "Du bist eine von zwei Schwestern"."""
    ui = strings(lang)
    for key in ("help.sister", "help.brother"):
        assert not re.search(SCREEN[lang], ui[key]), ui[key]


# night calls keep the group's name as a call, but add no word that is a woman's or a man's
CLASH = {"de": r"Ihr seid (Brüder|Schwestern)|was sie wusste|was er wusste",
         "en": r"\b(her|his|she|he)\b",
         "es": r"\btú (sola|solo)\b|\ba ti (misma|mismo)\b|\b(indefensa|indefenso|juntas)\b|hermanas? despierta\b|"
               r"hermanos? despierto\b|\bella sabía"}


@pytest.mark.parametrize("lang", ["de", "en", "es"])
@pytest.mark.parametrize("group", ["sisters", "brothers"])
def test_the_calls_of_a_group_add_no_word_that_fits_one_gender(lang: str, group: str) -> None:
    texts = [v.text for part in ("wake", "sleep") for v in SCRIPT.scenes[lang][f"night.{group}.{part}"].variants]
    assert texts and [text for text in texts if re.search(CLASH[lang], text)] == []


# -- 2. the pied piper's last charm: the table hears no count ---------------------------------------------------------
COUNT = {"de": r"\b(zwei|beiden?|einen Spieler|ein Name|eine[nr]? Schulter|letzte[nr]? (Spieler|Namen|Wahl|freien)|"
               r"nur noch ein|den letzten|den einen)\b",
         "en": r"\b(two|both|one|last one|last player|only|just one)\b",
         "es": r"\b(dos|ambos|tócales|uno|últim[oa] (nombre|persona|ventana)|solo queda)\b"}


@pytest.mark.parametrize("lang", ["de", "en", "es"])
@pytest.mark.parametrize("part", ["wake", "sleep"])
@pytest.mark.parametrize(("mode", "narrator"), [("one_device", "yes"), ("one_device", "no"), ("round_table", "no"),
                                                ("own_devices", "no")])
def test_the_pied_pipers_last_charm_is_not_counted_aloud(lang: str, part: str, mode: str, narrator: str) -> None:
    """Issue 35 (es fixed at stop 44): the charms: one lines said "den letzten", "the last one": the last free player
    heard he was the last, and the wolves whom to kill. The screen tells the piper; the voice, no count."""
    for night in ("first", "later"):
        moment = Moment(mode=mode, narrator=narrator, night=night, charms="one", gone="no")
        lines = said(lang, f"night.pied_piper.{part}", moment)
        assert lines and [line for line in lines if re.search(COUNT[lang], line, re.IGNORECASE)] == []


# -- 3. "Die Masken fallen" in one scene of the end -------------------------------------------------------------------
def test_the_masks_fall_in_one_scene_only() -> None:
    """Read A4, 9 and 19: end.wolves ("Die Masken fallen. Die Werwölfe gewinnen!") and the first end.reveal ("Die Masken
    fallen. Anna war …") can be said back to back; "Die Masken fallen. Bei Kim ist sie längst gefallen"."""
    scenes = {scene for scene, entry in SCRIPT.scenes["de"].items() for v in entry.variants
              if re.search(r"Masken? f(a|ä)ll", v.text)}
    assert len(scenes - {"end.wolves.number"}) == 0, scenes
    first = said("de", "end.reveal", Moment(position="first", revealed="yes"), 3, role=RoleName("seer"))
    assert first and [line for line in first if "ist sie längst" in line] == []


# -- 4. and 5. a dead card's call paints a picture of its own in every line -------------------------------------------
GROUPS = [(lang, scene) for lang in ("de", "en", "es") for scene, _ in gone_images.gone_groups(SCRIPT, lang)]


@pytest.mark.parametrize(("lang", "scene"), GROUPS)
def test_each_line_of_a_gone_call_paints_its_own_picture(lang: str, scene: str) -> None:
    """Read B4, C3.4: the white werewolf's and the little girl's gone lines were 10 pictures said twice; the English
    ones 5 pictures said four times. Each line paints its own, and a wake shares none with its sleep."""
    texts = dict(gone_images.gone_groups(SCRIPT, lang))[scene]
    pictures = [gone_images.picture(text) for text in texts]
    assert len(texts) >= 20 and len(set(pictures)) == len(texts), sorted(pictures)
    if scene.endswith(".wake"):
        sleep = dict(gone_images.gone_groups(SCRIPT, lang)).get(scene.removesuffix(".wake") + ".sleep", [])
        assert set(pictures) & {gone_images.picture(text) for text in sleep} == set()


# -- 6. the rest of read A4 / B4 a German table hears as wrong or stiff --------------------------------------------
WRONG_DE = [
    "der öffnet jetzt die Augen",  # B4 C1.1: singular "der", then "euch"
    "Ihr gefolgt waren",  # B4 C1.2: a leading dative "Ihr" heard as "you"
    "Für alle, die es nicht wissen",  # B4 C1.3
    "Rolle, oder bleib, wer du bist",  # B4 C1.4: an imperative inside a statement (the servant)
    "Tippt es an",  # B4 C1.6: "es" with nothing to point at
    "Ohne Hast",  # B4 C2.1
    "Gewissheit für das Dorf",  # B4 C2.3
    "Die Sterne verstummen",  # B4 C2.5
    "Das Dorf schläft. Schließt die Augen",  # B4 C2.6
    "öffne die Augen: Welcher?",  # B4 C2.7
    "gibt es dafür zwei Stimmen", "wiegt er zwei Stimmen",  # B4 C2.8: "dafür", "er": the letter or the player?
    "Lasst euch davon nicht abhalten",  # B4 C2.9
    "nicht das Urteil",  # B4 C2.11
    "Amors Pfeil hat zwei von euch getroffen. Öffnet",  # B4 C4.1: heard as "everybody, open your eyes"
    "jagst du nicht mehr allein", "llein jagst du nicht mehr",  # B4 C4.2: heard as "you have company now"
    "Das Dorf schläft und wartet",  # B4 C4.3: said round the table, where every eye is open
    "verrät es euch", "Das Handy verrät es",  # B4 C4.4
    "lässt die Zäune in Ruhe", "Die Pilze ducken sich", "Der Hund am Tor",  # B4 C6
    "Seitdem jagte {player} mit dem Rudel",  # B4 C6: the game may end before a night
    "so lange du",  # A4 21: the conjunction is "solange"
]


def test_no_german_line_left_from_the_fourth_read() -> None:
    found = [(scene, v.text) for scene, entry in SCRIPT.scenes["de"].items() for v in entry.variants
             for phrase in WRONG_DE if phrase in v.text]
    assert found == []
