"""What reader A of stop 45 heard wrong in Spanish (issue 35, read_es_A5.md), and the same faults in German and
English: each test takes the lines the narrator may say at that moment on the shipped scripts (`said`, as
test_read_es44 renders them) and checks what the table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from tests.speech.test_read_es44 import said

SCRIPT = load(SHIPPED)


# -- A: one device, the wake line does not send the device back: night.device.back always follows -----------------
BACK = {"es": r"d[ée]ja(d|lo|dlo)\b.*(centro|sitio)|lo dej[ea]s?\b|lo devuelv|devu[ée]lve(lo|d)|dejarlo|donde estaba",
        "en": r"put it back|back in the middle|return the device",
        "de": r"zurück (damit )?in die Mitte|leg(t|st)? (es|das Gerät) zurück"}


@pytest.mark.parametrize("lang", ["es", "en", "de"])
def test_a_one_device_wake_line_leaves_the_return_to_its_own_line(lang: str) -> None:
    """A5 A: «Uno coge el móvil, marca la presa y lo devuelve al centro.» → «Y el móvil, de vuelta al centro.»: the
    table heard the same instruction twice, 19 times in 27 games."""
    told = []
    for scene in sorted(s for s in SCRIPT.scenes[lang] if s.startswith("night.") and s.endswith(".wake")):
        for night in ("first", "later"):
            for pack in ("one", "many", "some"):
                moment = Moment(mode="one_device", narrator="no", night=night, pack=pack, gone="no")
                told += [(scene, line) for line in said(scene, moment, lang=lang) if re.search(BACK[lang], line)]
    assert sorted(set(told)) == []


# -- B1: the pack puts the device back in the plural --------------------------------------------------------------
SINGULAR = {"es": r"^(Deja|Vuelve|Devuelve|Pon|Desliza)\b|, deja\b", "de": r"^(Leg|Schieb)\b"}
PLURAL = {"es": r"^(Dejad|Volved|Devolved|Poned)\b|, dejad\b", "de": r"^(Legt|Schiebt)\b"}


@pytest.mark.parametrize("lang", ["es", "de"])
def test_the_pack_is_told_to_put_the_device_back_in_the_plural(lang: str) -> None:
    """A5 B1: «Lobos, abrid los ojos… coged el móvil» → «Deja el móvil en el centro.» (17 of 25 wolf turns)."""
    for hands in ("many", "some"):
        lines = said("night.device.back", Moment(mode="one_device", narrator="no", hands=hands), lang=lang)
        assert len(lines) >= 20 and [line for line in lines if re.search(SINGULAR[lang], line)] == []
    one = said("night.device.back", Moment(mode="one_device", narrator="no", hands="one"), lang=lang)
    assert len(one) >= 20 and [line for line in one if re.search(PLURAL[lang], line)] == []


def test_a_reminder_heard_by_the_pack_says_no_tu() -> None:
    """A5 B2: «Marcadlo en el móvil.» → «Cuando lo tengas claro, adelante.»"""
    lines = [line for again in ("yes", "no") for line in said("night.reminder", Moment(again=again, task="yes"))]
    assert lines and [line for line in lines if re.search(r"\b(tengas|t[óo]mate|decide|tu|te)\b", line, re.I)] == []


# -- C1: pointing at a person takes the relative ------------------------------------------------------------------
def test_pointing_at_someone_is_señala_a_quien() -> None:
    """A5 C1: «señala a quién quieres ver» (16 times): with the pointing finger it is «a quien quieras ver»."""
    wrong = [v for scene in SCRIPT.scenes["es"].values() for v in scene.variants
             if re.search(r"señala(d)?( bien| en silencio)? a quién \w", v.text)]
    assert wrong == []


# -- D1, F1-F3: what a player was, and the card of a player whose gender is unsaid -----------------------------------
NAMES, GENDERS = ("Ana", "Bruno", "Kim"), ("f", "m", "")


def words(lang: str) -> Lines:
    return Lines(SCRIPT, lang, Picker(0), NAMES, GENDERS)


@pytest.mark.parametrize(("seat", "text", "role", "copies", "expected"), [
    (2, "{player} era {role}.", "seer", 1, "Bruno era el vidente."),  # D1: «Bruno era la vidente» jarred
    (1, "{player} era {role}.", "white_werewolf", 1, "Ana era la loba blanca."),  # F3
    (3, "La carta de {player}: {card}.", "villager", 2, "La carta de Kim: la de aldeano."),  # F1, B7: no «un», no gap
    (3, "La carta de {player}: {card}.", "werewolf", 2, "La carta de Kim: la de hombre lobo."),
    (2, "{player} tenía esta carta: {card}.", "sister", 2,
     "Bruno tenía esta carta: la de hermana."),  # F2, A6 E2, B7 g29
    (1, "La carta de {player}: {card}.", "villager", 2, "La carta de Ana: una aldeana."),  # said as before
    (2, "La carta de {player}: {card}.", "villager", 2, "La carta de Bruno: un aldeano."),
    (3, "La carta de {player}: {card}.", "seer", 1, "La carta de Kim: la vidente."),
])
def test_a_card_is_said_as_the_table_knows_the_player(seat: int, text: str, role: str, copies: int,
                                                      expected: str) -> None:
    lines = words("es")
    assert lines.render(text, {"player": Seat(seat), "role": RoleName(role, copies)})[0] == expected


def test_the_bare_card_names_are_in_the_voice_packs_texts() -> None:
    from narrator.speech.renderings import spoken_texts
    texts = spoken_texts(SCRIPT, "es", ["villager", "werewolf", "sister"])
    assert {"la carta de aldeano", "la de aldeano", "la de hombre lobo", "la de hermana"} <= set(texts)


# -- E1: the narrated hunter is asked whom he aims at -------------------------------------------------------------
ASKS = {"es": r"\?", "de": r"\?|[Ww]ähle|leg an|[Ll]eg auf|Ziel", "en": r"\?|[Cc]hoose|[Tt]ake aim"}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("mode", ["one_device", "own_devices"])
def test_every_hunter_line_asks_whom_he_aims_at(lang: str, mode: str) -> None:
    """A5 E1: «Todavía no ha terminado: a Lucía le queda el disparo del cazador.» → «La bala alcanza a Ana.»: the
    narrator was never asked to wait for the aim."""
    for revealed in ("yes", "no"):
        narrator = "yes" if mode == "one_device" else "no"
        lines = said("hunter.wake", Moment(mode=mode, narrator=narrator, revealed=revealed), lang=lang)
        assert len(lines) >= 20 and [line for line in lines if not re.search(ASKS[lang], line)] == []


def test_the_classic_seer_is_promised_a_thumb_not_the_card() -> None:
    """A5 E2: «señala a una persona: verás qué esconde» — in the classic rules she gets a thumb."""
    lines = said("night.seer.wake", Moment(mode="one_device", narrator="yes", night="later"))
    assert lines and [line for line in lines if re.search(r"qué esconde|lo que esconde|su carta", line)] == []


# -- H: the big bad wolf's first night does not open like the later ones ------------------------------------------
CALL = {"es": r"gran lobo feroz|abre los ojos|despierta|coge el móvil|te toca|es tu turno|\by\b",
        "de": r"Leitwolf|öffne die Augen|Augen auf|wach auf|mach leise die Augen auf|schlag die Augen auf"
              r"|nimm das Gerät( aus der Mitte| in die Pfoten)?|greif nach dem Gerät|\bund\b",
        "en": r"big bad wolf|open your eyes|wake up( quietly)?|take the device|it's your turn|\band\b"}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("mode", ["one_device", "own_devices"])
def test_the_big_bad_wolfs_first_night_has_openers_of_its_own(lang: str, mode: str) -> None:
    """A5 H: g27 opened night 1 and night 2 with «Nadie te ha visto salir del bosque, gran lobo feroz.»"""
    def openers(night: str) -> set[str]:
        lines = said("night.big_bad_wolf.wake", Moment(mode=mode, narrator="no", night=night, spent="no", gone="no"),
                     lang=lang)
        first = {re.split(r"(?<=[.?!])\s", line)[0] for line in lines}
        return {s for s in first if re.sub(r"[\W_]+", "", re.sub(CALL[lang], "", s, flags=re.I))}
    assert openers("first") & openers("later") == set()


# -- E4: the port belongs to both ways in --------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["es", "en", "de"])
def test_the_port_is_said_in_the_sentence_that_gives_the_name(lang: str) -> None:
    """A5 E4: «Id al navegador y poned wolfcall punto local. Si no funciona, …, puerto ocho cero ocho cero.»"""
    assert [t for t in SCRIPT.variants(lang, "address.say") if re.search(r"\{host\}[^{]*[.!?] .*\{port\}", t)] == []


# -- B3, C2, C3, D3-D11, E3: single lines a Madrid table hears wrong ------------------------------------------------
WRONG = [
    ("end.wolves.number", r"votación que los pare"),  # B3: «los» hooked to nobody
    ("death.also", r"nada le retiene"),  # C2: leísmo with a woman
    ("end.story.lovers", r"a sí mismo|se puso en|hacia dentro|jugó con fuego"),  # C3, D5
    ("end.wolves.specials", r"rol(es)? especial(es)? (sigue|ha|han|sobrevive|cae)|(ningún|ni un|último) rol especial"
                            r"|a por los roles"),  # D3: a role does not die; a person does
    ("night.sisters.wake", r"habríais sospechado"),  # D4
    ("night.brothers.wake", r"habríais sospechado|contra todos|^La leña detrás de la casa ya no crece"),  # D4, D9, D10
    ("end.reveal", r"se ha dicho de todo"),  # D6
    ("end.village", r"colmillos en la aldea"),  # D7
    ("night.werewolves.sleep", r"hasta mañana"),  # D8
    ("night.little_girl.sleep", r"espera a la manada"),  # D10
    ("hunter.wake", r"elija a quién o a nadie"),  # D10
    ("day.vote.reveal", r"se va, y su carta"),  # D11: he left twice
    ("night.raven.wake", r"toca en el móvil su nombre"),  # E3
]


@pytest.mark.parametrize(("scene", "wrong"), WRONG)
def test_a_line_a_madrid_table_hears_wrong_is_gone(scene: str, wrong: str) -> None:
    assert [line for line in SCRIPT.variants("es", scene) if re.search(wrong, line)] == []
