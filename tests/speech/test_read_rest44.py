"""What the native read of stop 43 heard and the night44 helper left (issue 35: read_de_B3 W3/V2, read_es_A3, read_de_A3
17): each test takes the variants the narrator may pick at that moment on the shipped scripts, as the table hears
them (`said`), and checks what a native table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Seats
from narrator.speech.moment import Moment
from tests.speech.test_read_stop43 import LANGS, said

MODES = ("one_device", "round_table", "own_devices")

# -- the white werewolf when the table knows of no pack: no pack asleep, none to go back to ------------------------
PACK = {"de": r"Rudel|von ihnen|eigenen Reihen|alle verschonen|unter vielen|zu den anderen",
        "es": r"manada|los tuyos|los suyos|perdonarlos|entre los lobos",
        "en": r"\bpack\b|\bof them\b|them all|among the wolves|your own kind|the wolves"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("part", ["wake", "sleep"])
def test_the_white_werewolf_alone_hears_of_no_pack(lang: str, mode: str, part: str) -> None:
    # "Das Rudel schläft und ahnt nichts" / "zurück ins Rudel" when he is the only wolf the table knows of
    for pack in ("one", "some"):
        at = Moment(mode=mode, narrator="no", night="later", pack=pack, gone="no")
        lines = said(lang, f"night.white_werewolf.{part}", at)
        assert len(lines) >= 20
        assert [line for line in lines if re.search(PACK[lang], line, re.IGNORECASE)] == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_the_white_werewolf_alone_is_still_given_his_task(lang: str, mode: str) -> None:
    # every wake line says what he may do: another wolf, or nobody
    nobody = {"de": r"niemand|keine[nr]?\b", "es": r"\bnadie\b|ningún", "en": r"\bnobody\b|spare everyone"}[lang]
    lines = said(lang, "night.white_werewolf.wake", Moment(mode=mode, narrator="no", night="later", pack="one",
                                                            gone="no"))
    assert [line for line in lines if not re.search(nobody, line, re.IGNORECASE)] == []


def images(lines: list[str]) -> set[str]:
    """The picture a rhythm-only call opens with: its first sentence."""
    return {re.split(r"(?<=[.!?]) ", line)[0] for line in lines}


@pytest.mark.parametrize(("role", "modes"), [("white_werewolf", MODES), ("little_girl", ("own_devices",))])
@pytest.mark.parametrize("part", ["wake", "sleep"])
def test_a_gone_calls_german_images_are_twenty(role: str, modes: tuple[str, ...], part: str) -> None:
    # ten images written twice: the table hears the same frost (the same doll) every other night
    for mode in modes:
        lines = said("de", f"night.{role}.{part}", Moment(mode=mode, narrator="no", night="later", pack="many",
                                                         gone="yes"))
        assert len(images(lines)) >= 20, (mode, sorted(images(lines)))



# -- a sixteen-night game round the table: the laps and the reminders never run out -------------------------------
LONG = 30  # round.again once a night or more, a reminder a lap: a long game hears more than the recurring 20
AT_THE_TABLE = Moment(mode="round_table", narrator="no", night="later", pack="many")


@pytest.mark.parametrize("lang", LANGS)
def test_another_lap_is_said_thirty_ways(lang: str) -> None:
    # "Bitte noch einmal reihum." twice in one 16-night game (read de B3 V2)
    assert len(set(said(lang, "round.again", AT_THE_TABLE))) >= LONG


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("again", ["no", "yes"])
@pytest.mark.parametrize("task", ["no", "yes"])
def test_a_reminder_round_the_table_is_said_thirty_ways(lang: str, again: str, task: str) -> None:
    # "Jetzt aber zügig wählen." twice in one game
    assert len(set(said(lang, "night.reminder", AT_THE_TABLE.but(again=again, task=task)))) >= LONG


# -- the end: one charmed player is told in the singular; the German wolves' win says who won ---------------------
PLURAL_VERB = {"es": r"\b(estaban|eran|bailaban|formaban|oían|vivían|cayeron|llevaban|seguían)\b",
               "de": r"\b(waren|hatten|standen|tanzten|gingen)\b",
               "en": r"\b(were|they|them)\b"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("won", ["yes", "no"])
def test_one_charmed_player_is_told_with_a_singular_verb(lang: str, won: str) -> None:
    # «Bajo el hechizo del flautista … estaban Ana.» (read es A3)
    for seat in (1, 3):  # a name, a seat word
        lines = said(lang, "end.story.charmed", Moment(won=won, count="one"), players=Seats((seat,)))
        assert len(lines) >= 20
        assert [line for line in lines if re.search(PLURAL_VERB[lang], line)] == []
        assert [line for line in lines if re.search(r"\b(de|a) el\b", line)] == []  # «del», «al»


WOLVES_WON = {"many": r"(Werwölfe|Wölfe|Rudel)\b.*\b(gewinn|gewonnen|Sieg|gehört|übernehm)|"
                      r"(Sieg|gehört).*\b(Werwölfe|Wölfe|Rudel)",
              "some": r"Werwölfe[n]?\b.*\b(gewinn|gewonnen|gehört|übernehm)|(Sieg|gehört).*\bWerwölfe",
              "one": r"(Werwolf|Wolf)\b.*\b(gewinnt|gewonnen|übernimmt)|(Sieg|gehört).*\b(Werwolf|Wolf)\b"}


@pytest.mark.parametrize("scene", ["end.wolves.villagers", "end.wolves.specials"])
@pytest.mark.parametrize("pack", ["one", "many", "some"])
def test_the_german_wolves_win_says_the_wolves_won(scene: str, pack: str) -> None:
    # "Das Dorf hat verloren" / "Die Nacht hat gesiegt": a loss, and nobody's win (read de A3 17)
    lines = said("de", scene, Moment(pack=pack))
    assert len(lines) >= 20
    assert [line for line in lines if not re.search(WOLVES_WON[pack], line)] == []
    if pack == "one":
        assert [line for line in lines if re.search(r"Werwölfe|Wölfe|Rudel", line)] == []
