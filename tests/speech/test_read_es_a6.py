"""What the Spanish reader A of stop 46 heard wrong (issue 35, read_es_A6.md), and the same faults in German and
English: each test takes the lines the narrator may say at that moment on the shipped scripts (`said`, as
test_read_es44 renders them) and checks what the table must or must not hear. The lone wolf spoken to in the plural
after his winning choice (B) is tested in tests/game/test_moments.py."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings
from tests.speech.test_read_es44 import GENDERS, NAMES, said

SCRIPT = load(SHIPPED)


def heard(lang: str, scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """`said` in any language, with the names and genders of test_read_es44 (Ana, Bruno, Álex; seat 14)."""
    return said(scene, moment, seat, lang, **values)


# -- A: a group the table saw die is not called: «solo quedan sillas vacías. Hermanos, abrid los ojos» -----------
CALL = {"es": r"\bojos\b|\b(abrid|cerrad|dormid|despertad)\b|^(Hermanos|Hermanas)\b|, herman[oa]s\.$",
        "de": r"Augen|\b(wacht|schlaft)\b|^(Brüder|Schwestern)\b|, (Brüder|Schwestern)\.$",
        "en": r"\beyes\b|\b(wake up|go to sleep)\b|^(Brothers|Sisters)\b|, (brothers|sisters)\.$"}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("group", ["brothers", "sisters"])
@pytest.mark.parametrize("part", ["wake", "sleep"])
def test_a_group_the_table_saw_die_is_not_called(lang: str, group: str, part: str) -> None:
    """A6 A: «A la mesa de la familia solo quedan sillas vacías. Hermanos, abrid los ojos.» says they are dead and
    calls them: the pause stays, filled with a picture of their still house."""
    lines = heard(lang, f"night.{group}.{part}", Moment(night="later", left="none"))
    assert len(lines) >= 20 and [line for line in lines if re.search(CALL[lang], line, re.IGNORECASE)] == []


# -- A, D3, D4, F: lines a Madrid table would not say -------------------------------------------------------------
ODD = [
    r"capa de lana ya está seca", r"carta cae en un charco", r"corazón del olmo se pierde", r"gorra de cuero sigue",
    r"manta del banco se queda vacía",  # A: pictures that say nothing of the role
    r"última bala|último disparo de la escopeta",  # D3: the hunter has one bullet
    r"no tiene por qué vivir", r"tenía a Cupido dentro", r"Hay dos hombros", r"se queda otra vez en el centro",
    r"Aguzad el olfato", r"señala a quién", r"móvil y úsalo", r"el frente lo aguantas", r"[Tt]ómate un momento",
    r"zorro, elige", r"despacio\b.*\bdespacio", r"^A su ritmo", r"^Con sosiego", r"La aldea vuelve a dormirse",
    r"roles? especial", r"solo quedaba \{player\}, \{sola",  # F1-F13, G2, E1
]


@pytest.mark.parametrize("odd", ODD)
def test_lines_a_madrid_table_would_not_say(odd: str) -> None:
    """A6 F: «Ana ya no tiene por qué vivir» (doesn't have to live), «tenía a Cupido dentro», «Aguzad el olfato»,
    «señala a quién», «úsalo con cabeza» (the phone), «Tómate un momento» after the third person, «A su ritmo» in a
    night spoken in tú, «Se gasta la última bala» of one bullet, «La capa de lana ya está seca»…"""
    found = [(scene, v.text) for scene, entry in SCRIPT.scenes["es"].items() for v in entry.variants
             if re.search(odd, v.text)]
    assert found == []


# -- C: the classic narrated seer's first night says what the thumb means -----------------------------------------
THUMB = {"es": (r"arriba|sube", r"abajo|lo baja"), "de": (r"hoch|oben", r"runter|unten"),
         "en": (r"\bup\b", r"\bdown\b")}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
def test_a_new_seer_hears_what_the_thumb_means(lang: str) -> None:
    """A6 C: «Señálalo y fíjate bien en el pulgar del narrador», but which way is the village? Asked aloud at night."""
    lines = heard(lang, "night.seer.wake", Moment(mode="one_device", narrator="yes", night="first", pack="many"))
    up, down = THUMB[lang]
    assert len(lines) >= 8 and [line for line in lines if not (re.search(up, line) and re.search(down, line))] == []


# -- D1: night.device.back, about 80 times an evening -------------------------------------------------------------
def opening(line: str) -> str:
    return " ".join(re.findall(r"\w+", line.lower())[:2])


@pytest.mark.parametrize("hands", ["one", "many"])
def test_the_device_back_line_does_not_open_alike_twice_running(hands: str) -> None:
    """A6 D1: «Deja el móvil en…» 5×, «Dejad el móvil en…» 5× in an evening, twins heard close together: an evening's
    80 lines in a row never open with the same two words within three lines."""
    lines = Lines(SCRIPT, "es", Picker(7), NAMES, GENDERS)
    moment = Moment(mode="one_device", narrator="no", night="later", pack="many", hands=hands)
    assert len(lines.fitting("night.device.back", moment)) >= 30
    openings = [opening(lines.say("night.device.back", moment).text) for _ in range(80)]
    close = [(i, openings[i]) for i in range(2, len(openings)) if openings[i] in openings[i - 2:i]]
    assert close == []


# -- D2: «cara de póquer» three times in a minute ------------------------------------------------------------------
def test_poker_face_is_said_once_a_deal() -> None:
    """A6 D2: «mira tu carta con cara de póquer» for Marta, again for Tomás, then «a partir de ahora, cara de póquer»:
    only the deal's end says it, once."""
    passes = [v.text for v in SCRIPT.scenes["es"]["deal.pass"].variants if "póquer" in v.text]
    assert passes == [] and [v for v in SCRIPT.variants("es", "deal.done") if "póquer" in v]


# -- D4: the same opening twice on the nights of one evening -------------------------------------------------------
@pytest.mark.parametrize("narrator", ["yes", "no"])
def test_the_pack_hears_one_distant_howl_an_evening(narrator: str) -> None:
    """A6 D4: «Se oye un aullido lejano.» on night 1 of the first game and night 2 of the third: the first night's
    lines and the later nights' are heard in one evening, so one of them opens so."""
    lines = [line for night in ("first", "later") for line in heard(
        "es", "night.werewolves.wake", Moment(mode="one_device", narrator=narrator, night=night, pack="many"))]
    assert len([line for line in lines if line.startswith("Se oye un aullido lejano")]) <= 1


# -- E1: «Ana, el lobo blanco» --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [1, 2, 3, 14])
def test_the_white_werewolf_is_not_put_beside_a_name(seat: int) -> None:
    """A6 E1: «Solo queda Ana, el lobo blanco.» then «Ana era la loba blanca»: the card is said on its own, never in
    apposition to the player, so it needs no agreement."""
    name = "el jugador catorce" if seat == 14 else NAMES[seat - 1]
    lines = heard("es", "end.white_werewolf", Moment(), seat)
    beside = re.compile(rf"{name}, (el|la) lob[oa] blanc[oa]|lob[oa] blanc[oa], {name}", re.IGNORECASE)
    assert len(lines) >= 20 and [line for line in lines if beside.search(line)] == []


# -- E2: «una carta de hermano» -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("seat", "card", "says"), [(2, "sister", "la de hermana"),  # B7: not «una de las cartas de
                                                    (3, "sister", "la de hermana"),  # las hermanas» after «carta»
                                                    (1, "brother", "la de hermano"),
                                                    (14, "sister", "la de hermana")])
def test_a_group_card_of_the_other_gender_is_one_of_the_groups_cards(seat: int, card: str, says: str) -> None:
    """A6 E2: «La carta de Elena: una carta de hermano.» sounds translated; the card form says what `a` says."""
    lines = Lines(SCRIPT, "es", Picker(0), NAMES, GENDERS)
    assert lines.render("La carta de {player}: {card}.", {"player": Seat(seat), "role": RoleName(card, 2)})[0] == (
        f"La carta de {'el jugador catorce' if seat == 14 else NAMES[seat - 1]}: {says}.").replace("de el ", "del ")
    revealed = heard("es", "end.reveal", Moment(position="middle", revealed="no"), seat, role=RoleName(card, 2))
    assert revealed and [line for line in revealed if re.search(r"una carta de herman", line)] == []


# -- F13: the side win said as «X o Y» ------------------------------------------------------------------------------
def test_a_side_win_is_not_announced_as_either_or() -> None:
    """A6 F13: «Ya no quedan aldeanos corrientes, o ya no quedan roles especiales.» A game master says which group
    fell; this scene does not know which, so it says it without naming either."""
    lines = heard("es", "end.wolves.side", Moment(pack="many"))
    assert len(lines) >= 20 and [line for line in lines if re.search(r"\b[Oo]\b|corrientes|especial", line)] == []


# -- H: the screens ----------------------------------------------------------------------------------------------------
def test_the_screens_do_not_say_special_roles() -> None:
    """A6 H, F13: «todos los roles especiales» is software talk; at a table, «los que tienen poderes»."""
    assert [(key, text) for key, text in strings("es").items() if re.search(r"roles? especial", text)] == []
