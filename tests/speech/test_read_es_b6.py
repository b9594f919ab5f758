"""What reader B of stop 46 heard wrong in Spanish (issue 35, read_es_B6.md), and where German and English said the
same: each test takes the lines the narrator may say at that moment on the shipped scripts (`said`, as
test_read_es44 renders them, with Ana, Bruno, Álex and «el jugador catorce») and checks what the table must or
must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import RoleName
from narrator.speech.moment import Moment
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings
from tests.speech.test_read_es44 import said

SCRIPT = load(SHIPPED)
SEATS = (1, 2, 3, 14)
OWN, ROUND = "own_devices", "round_table"


# -- 1. a calm reminder, then «últimos segundos» six seconds later -------------------------------------------------
PROMISE = {"es": r"hay tiempo|sin prisa|con calma|\bcalma\b|sosiego|espera sin",
           "de": r"noch Zeit|Zeit genug|keine (Eile|Hast)|in (aller )?Ruhe|ganz ruhig|darf .*dauern|Zeit reicht|"
                 r"lässt sich Zeit|hat Geduld|Geduld|gut überlegt als",
           "en": r"still time|no hurry|no rush|plenty of time|time enough|in no hurry"}
PANIC = {"es": r"últim[oa]s? (segundos|llamada)|r[áa]pido|deprisa|se (acaba|agota) el tiempo|darse prisa|elegir ya|"
               r"vuela",
         "de": r"zügig|paar Sekunden",
         "en": r"quick|faster|few seconds|seconds left|last few"}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("mode", [OWN, "one_device"])
def test_the_first_reminder_of_a_choice_promises_no_time_the_second_is_firm_not_frantic(lang: str, mode: str) -> None:
    """B6 1: «Con calma, que hay tiempo para elegir.» → six seconds later «Últimos segundos para decidir.» (g34, g43,
    g33: a witch, a fox, a wolf father on their own phones)."""
    first = said("night.reminder", Moment(mode=mode, again="no", task="yes"), lang=lang)
    second = said("night.reminder", Moment(mode=mode, again="yes", task="yes"), lang=lang)
    assert len(first) >= 20 and len(second) >= 20
    assert [t for t in first if re.search(PROMISE[lang], t, re.I)] == []
    assert [t for t in second if re.search(PANIC[lang], t, re.I)] == []


# -- 2, 5, 6, 7, 8, 11, 12, 15, 17, 20: words a Madrid table would not use -------------------------------------------
@pytest.mark.parametrize(("scene", "moment", "odd"), [
    ("round.dawn", Moment(mode=ROUND), r"[áa]nimos"),  # 2: «cheer up» before the death news
    ("end.reveal", Moment(position="middle", revealed="yes"), r"con una conocida"),  # 5: «a woman we know»
    ("round.again", Moment(mode=ROUND), r"de ronda|Que no pare|por el primero"),  # 6, 15
    ("night.wolf_father.wake", Moment(mode=OWN, night="first"), r"a su merced"),  # 7
    ("night.wolf_father.wake", Moment(mode="one_device", narrator="no", night="first"), r"a su merced"),
    ("night.pied_piper.wake", Moment(mode=OWN, night="first", charms="two"), r"dos oídos"),  # 8
    ("night.pied_piper.wake", Moment(mode="one_device", night="first", charms="two"), r"dos oídos"),
    ("night.dog_handler.wake", Moment(mode=OWN, night="later"), r"elige dónde en tu"),  # 11
    ("night.raven.wake", Moment(mode=OWN, night="first"), r"\btu marca en tu\b"),
    ("day.vote.mutual", Moment(), r"enfrente"),  # 12
    ("round.turn", Moment(mode=ROUND, night="first", position="middle", lap="first"), r"^Ahora pasa el móvil a"),  # 17
    ("night.seer.sleep", Moment(mode=OWN, night="later", gone="yes"), r"vuelven a la baraja"),  # 20
])
def test_lines_a_madrid_table_would_not_say(scene: str, moment: Moment, odd: str) -> None:
    lines = [t for seat in SEATS for t in said(scene, moment, seat, role=RoleName("fox", 1))]
    assert lines and [t for t in lines if re.search(odd, t)] == []


# -- 3. the sisters (brothers) the table knows dead are not painted as empty chairs and then called -----------------
@pytest.mark.parametrize("group", ["sisters", "brothers"])
@pytest.mark.parametrize("step", ["wake", "sleep"])
def test_the_call_of_dead_sisters_paints_no_absence(group: str, step: str) -> None:
    """B6 3: «Junto a la ventana quedan dos sillas vacías. Hermanas, abrid los ojos.»: a line that paints their
    absence calls nobody (fix55: the pause is kept, nobody is told to open or close their eyes)."""
    lines = said(f"night.{group}.{step}", Moment(mode=OWN, night="later", left="none"))
    absence = r"vac[íi]|ya nadie|ya no|abandonad|se ha (roto|apagado)|marchit|malas hierbas|sin segar|hace tiempo"
    called = r"\b(abr|cerr)(id|ad)\b|\bojos\b"
    assert len(lines) >= 8 and [t for t in lines if re.search(absence, t) and re.search(called, t)] == []


# -- 4. the pack of unknown size: no recipe of infinitives --------------------------------------------------------
@pytest.mark.parametrize("mode", [OWN, "one_device", ROUND])
def test_the_pack_of_unknown_size_hears_no_list_of_infinitives(mode: str) -> None:
    """B6 4: «Para la manada, abrir los ojos y elegir en el móvil del centro.», «…abrir los ojos y marcarlo»."""
    lines = said("night.werewolves.wake", Moment(mode=mode, narrator="no", night="later", pack="some"))
    assert len(lines) >= 20
    assert [t for t in lines if re.search(r"\b(abrir|coger|marcar|elegir)\b.*\b(y|,) ?(coger|marcar|elegir|marcarlo)\b|"
                                          r"Para la manada, abrir|marcarlo", t)] == []


# -- 9. the village idiot: the card says it; a card is not the idiot ------------------------------------------------
@pytest.mark.parametrize("seat", SEATS)
def test_the_idiots_card_is_not_a_person_and_does_not_print_la_tonta(seat: int) -> None:
    """B6 9: «…en la carta pone la tonta del pueblo», «la carta de Ana es la tonta del pueblo»."""
    lines = said("village_idiot.pardoned", Moment(), seat, role=RoleName("village_idiot", 1))
    assert len(lines) >= 20
    assert [t for t in lines if re.search(r"en la carta pone|carta de .+ es (la|el) tont", t)] == []


# -- 10. the big bad wolf after a wolf died: the perfect of a recent loss, no «te contienes» -----------------------
@pytest.mark.parametrize("mode", [OWN, "one_device"])
def test_the_big_bad_wolfs_loss_is_said_as_a_madrid_table_says_it(mode: str) -> None:
    lines = said("night.big_bad_wolf.wake", Moment(mode=mode, narrator="no", night="later", spent="yes"))
    assert len(lines) >= 20
    assert [t for t in lines if re.search(r"\b(perdiste|Murió|terminó)\b|te contienes", t)] == []


# -- 13. the piper's win names the piper, in every language ----------------------------------------------------------
PIPER = {"es": r"\bflautista\b", "de": r"Flötenspieler", "en": r"pied piper"}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("alone", ["yes", "no"])
@pytest.mark.parametrize("seat", SEATS)
def test_the_pied_pipers_win_names_the_piper(lang: str, alone: str, seat: int) -> None:
    """B6 13: «En fila, lo que queda de la aldea sigue a la flauta. ¡Gana Juan!»: the cards come later, so the table
    hears who won and not why; a lone survivor could as well be the white werewolf."""
    lines = said("end.all_charmed", Moment(alone=alone), seat, lang=lang)
    assert len(lines) >= 8 and [t for t in lines if not re.search(PIPER[lang], t)] == []


# -- 14. the white werewolf can be a woman -------------------------------------------------------------------------
@pytest.mark.parametrize("mode", [OWN, "one_device"])
def test_the_white_werewolf_is_not_told_to_be_the_last_man(mode: str) -> None:
    lines = said("night.white_werewolf.wake", Moment(mode=mode, narrator="no", night="later"))
    assert lines and [t for t in lines if re.search(r"\bel últim[oa]\b|\bel único\b", t)] == []


# -- 18. forty seats: the short turns are not five «Sigue X» ----------------------------------------------------------
def test_the_short_turns_round_the_table_differ_in_shape() -> None:
    """B6 18: «Sigue X.», «Sigue ahora X.», «Ahora sigue X.», «Sigue la ronda con X.», «Le sigue X.», about 35 times
    each in a 40-seat game: near-copies that blur into one over an evening."""
    lines = said("round.turn", Moment(mode=ROUND, narrator="no", night="later", position="middle", lap="first"), 2)
    assert len(lines) >= 20
    assert len([t for t in lines if re.search(r"\bsigue\b", t, re.I)]) <= 1
    assert len([t for t in lines if re.search(r"\ble toca\b", t, re.I)]) <= 2
    shapes = [re.sub(r"Bruno", "X", t).split()[0] for t in lines]
    assert max(shapes.count(s) for s in set(shapes)) <= len(lines) // 3


# -- 19. the raven's writing desk, kept to one image each way -------------------------------------------------------
@pytest.mark.parametrize("step", ["wake", "sleep"])
def test_the_raven_is_not_a_french_letter_writer_every_night(step: str) -> None:
    lines = {t for gone in ("yes", "no") for mode in (OWN, "one_device")
             for t in said(f"night.raven.{step}", Moment(mode=mode, narrator="no", night="later", gone=gone))}
    desk = [t for t in lines if re.search(r"tintero|pupitre|pergamino|lacre|pluma de ganso", t)]
    assert lines and len(desk) <= 2


# -- 32-34. the screens ---------------------------------------------------------------------------------------------
def test_the_spanish_screens_say_it_in_words() -> None:
    words = strings("es")
    assert "≥" not in words["setup.win.number"]
    assert re.search(r"si (un lobo|los lobos) te pilla", words["help.little_girl.one_device"])
    assert not words["refusal.setup.players"].startswith("Estas reglas")


# -- 16, 30, 31: the product's buttons stay («Soy el narrador», «Soy el 1, ver»): issue 35 says its names win --------
def test_the_deal_buttons_keep_the_products_words() -> None:
    words = strings("es")
    assert words["deal.start"] == "Soy el narrador" and words["deal.show"] == "Soy {name}, ver"
