"""What a Madrid game master heard wrong in three whole Spanish games read in context after stop 46 (fix51: one
device over an evening, round the table at 14, classic at 8). Each test renders the lines the narrator may say at
the moment that went wrong on the shipped scripts (`said`, as test_read_es44 renders them), of a woman (Ana), a
man (Bruno), a player who did not say (Álex) and a seat word (el jugador catorce)."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import RoleName
from narrator.speech.moment import Moment
from narrator.speech.script import SHIPPED, load
from tests.speech.test_read_es44 import said

SCRIPT = load(SHIPPED)
SEATS = (1, 2, 3, 14)  # a woman, a man, a name said of nobody, a seat word
ROUND = "round_table"
VOCATIVE = r"^[Ee]l jugador catorce, |, el jugador catorce\.$|[Tt]e toca, el"  # a seat word called


def words(line: str, seat: int) -> int:
    """The words of a turn line, its player's name counted as one."""
    name = {1: "Ana", 2: "Bruno", 3: "Álex", 14: "jugador catorce"}[seat]
    return len(re.findall(r"\w+", re.sub(r"\b(el |al |del )?" + name, " X ", line, flags=re.I)))


# -- the short turn forms round the table: a whole sentence a Spaniard says passing the phone ------------------------
@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("where", ["middle", "last"])
def test_a_short_turn_is_a_whole_short_sentence(seat: int, where: str) -> None:
    """«Turno: Darío.», «Fede.», «Luis.», «Móvil para Lucía.», «Y sigue con Lucía.» (2.txt, nights 2 to 6): a 40-seat
    table hears them every lap, so they stay short, but each is a sentence with a verb, with no «Y» that follows
    nothing, and never calls a seat word («Te toca, el jugador catorce»)."""
    lines = said("round.turn", Moment(mode=ROUND, narrator="no", night="later", position=where, lap="first"), seat)
    assert len(lines) >= 20
    assert [t for t in lines if not 2 <= words(t, seat) <= 6] == []  # «Sigue Darío.» is a sentence; «Fede.» is not
    telegraphic = r"^(Y |Turno:|Siguiente|M[óo]vil para)|:"
    assert [t for t in lines if re.search(telegraphic, t)] == []
    verb = r"\b(toca|va|sigue|pasa|pasamos|pasadle|es|seguimos|juega|llega|le sigue|coge|toma|tiene|mira|recibe)\b"
    assert [t for t in lines if not re.search(verb, t, re.I)] == []
    if seat == 14:
        assert [t for t in lines if re.search(VOCATIVE, t)] == []


@pytest.mark.parametrize("seat", SEATS)
def test_a_new_lap_starts_with_the_first_player_not_the_next(seat: int) -> None:
    """«Turno: el jugador catorce.» then «Toca otra vuelta: el móvil, al siguiente.» (2.txt 23:01-23:10): the lap
    begins again with the first seat; neither the lap line nor the first turn sends the phone «al siguiente»."""
    again = said("round.again", Moment(mode=ROUND), seat)
    first = said("round.turn", Moment(mode=ROUND, night="later", position="first", lap="later"), seat)
    assert len(again) >= 20 and len(first) >= 20
    assert [t for t in again if re.search(r"siguiente", t, re.I)] == []
    assert [t for t in first if re.search(r"siguiente|\bsigue\b|\bluego\b|despu[ée]s", t, re.I)] == []
    if seat == 14:
        assert [t for t in first if re.search(VOCATIVE, t)] == []


@pytest.mark.parametrize("night", ["first", "later"])
def test_nightfall_round_the_table_paints_no_open_eyes(night: str) -> None:
    """«Cae la noche, con los ojos bien abiertos.» (2.txt 29:28): nobody closes their eyes round the table, and
    saying they are wide open at nightfall is a strange picture."""
    lines = said("round.start", Moment(mode=ROUND, night=night))
    assert len(lines) >= 20
    assert [t for t in lines if re.search(r"ojos (bien )?abiertos|los ojos, abiertos", t, re.I)] == []


# -- the end: a card has no turn, and a known card is remembered as a Spaniard says it -------------------------------
@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("revealed", ["no", "yes"])
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_card_at_the_end_has_no_turn(seat: int, revealed: str, where: str) -> None:
    """«Le llega el turno a la carta de Kim: aldeano.» (1.txt 14:28)."""
    lines = said("end.reveal", Moment(position=where, revealed=revealed), seat, role=RoleName("villager", 3))
    assert lines and [t for t in lines if re.search(r"(turno|toca) a la (carta|de)\b", t)] == []


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_what_the_table_knew_is_said_with_its_verb(seat: int, where: str) -> None:
    """«Lo de Inés ya lo sabéis: una loba.» (2.txt 44:03): «lo de Inés» wants what she was, «era loba», not a bare card;
    and «Ya lo sabíais: a Fede le ha tocado el protector» (1.txt 32:52) mixes the tenses."""
    lines = said("end.reveal", Moment(position=where, revealed="yes"), seat, role=RoleName("werewolf", 2))
    assert len(lines) >= 8
    assert [t for t in lines if re.search(r"^Lo de [^:]+: (?!era )(un |una |el |la )?[\w ]+\.$", t)] == []
    assert [t for t in lines if re.search(r"sab[íi]ais: .* le ha tocado", t)] == []


@pytest.mark.parametrize("seat", [1, 2])
@pytest.mark.parametrize(("scene", "moment"), [
    ("end.reveal", Moment(position="middle", revealed="no")), ("end.reveal", Moment(position="first", revealed="yes")),
    ("end.reveal", Moment(position="middle", revealed="yes")), ("day.vote.reveal", Moment())])
def test_a_man_is_not_said_to_have_been_dealt_a_person_either(seat: int, scene: str, moment: Moment) -> None:
    """«En el reparto, a Beto le ha tocado un aldeano.» (1.txt 53:59) sounds as if he had won one: «le ha tocado ser
    un aldeano», as of a woman."""
    lines = said(scene, moment, seat, role=RoleName("villager", 3))
    assert lines and [t for t in lines if re.search(r"tocado (un|una|el|la) ", t)] == []


# -- the hunter's call follows the player's grammar, as the reveal does ----------------------------------------------
HUNTER = [Moment(mode=mode, narrator=narrator, revealed="no")
          for mode, narrator in (("one_device", "no"), ("one_device", "yes"), ("round_table", "no"),
                                 ("own_devices", "no"))]


@pytest.mark.parametrize("moment", HUNTER)
@pytest.mark.parametrize(("seat", "was"), [(1, "la cazadora"), (2, "el cazador")])
def test_the_hunters_call_says_what_a_woman_or_a_man_was(moment: Moment, seat: int, was: str) -> None:
    """«Era la carta del cazador: Ana aún puede disparar.» (1.txt 13:37) and «Carla tenía la carta del cazador»
    (50:18), where the end says «la cazadora» of them: one player is one thing all game."""
    lines = said("hunter.wake", moment, seat)
    assert len(lines) >= 20
    assert [t for t in lines if was not in t or "carta del cazador" in t or "del cazador" in t] == []


@pytest.mark.parametrize("moment", HUNTER)
@pytest.mark.parametrize("seat", [3, 14])
def test_the_hunters_call_says_the_card_where_nobody_said(moment: Moment, seat: int) -> None:
    lines = said("hunter.wake", moment, seat)
    assert len(lines) >= 20 and [t for t in lines if re.search(r"era (el|la) cazador", t)] == []


# -- the rest a Madrid table would not say --------------------------------------------------------------------------
ODD = [
    r"queda una decisi[óo]n",  # «Con calma; queda una decisión.» (1.txt 3:06): which one?
    r"^Habladlo\.",  # «Habladlo. ¿Quién de vosotros miente?» (37:57): «Hablad.»
    r"abrid los ojos, elegid",  # «Lobos, abrid los ojos, elegid a vuestra presa» (20:10): a comma for «y»
    r"para ver por dentro",  # «elige … a una persona para ver por dentro» (31:24)
    r"elija ahí",  # «Que coja el móvil y elija ahí a quién dispara.» (50:18)
    r"^Otra noche en la aldea\. Las cartas",  # a rematch opens before any night (14:41)
    r"^Ning[úu]n nombre sale",  # «Ningún nombre sale de esta votación.» (11:46): the order a Spaniard says it
]


@pytest.mark.parametrize("odd", ODD)
def test_lines_a_madrid_table_would_not_say(odd: str) -> None:
    said_so = [v.text for scene in SCRIPT.scenes["es"].values() for v in scene.variants if re.search(odd, v.text)]
    assert said_so == []
