"""What the Madrid readers of stop 48 heard wrong (issue 35, notes/s48/read_es_A9.md and read_es_B9.md), on the
shipped scripts, rendered in the moment it was said (`said`, as test_read_es44 renders it): each failed on 8fbc6b8."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from tests.speech.test_read_es44 import said

SCRIPT = load(SHIPPED)
MODES = ("one_device", "round_table", "own_devices")

# -- A1, A2, B: a card whose holders are dead -----------------------------------------------------------------------
GONE_ROLES = ("big_bad_wolf", "cupid", "dog_handler", "fox", "guard", "little_girl", "pied_piper", "raven", "seer",
              "servant", "thief", "white_werewolf", "wild_child", "witch", "wolf_dog", "wolf_father")
# «Para la bruja, la noche ha terminado»: heard as «her turn is over», 6 times in 22 games; a creaking door, steps,
# a moving quilt, a sniffing snout say someone is up; «nadie duerme tranquilo» against «el gran lobo feroz ya no acude»
GONE_WRONG = re.compile(r"la noche ha terminado|Chirría la puerta|pasos de puntillas|colcha de retales se mueve|"
                        r"hocico húmedo husmea|nadie duerme tranquilo|pisadas frescas|se posa en|pies descalzos cruzan|"
                        r"aullido contesta|cola gris barre|se hunde bajo un cuerpo")


@pytest.mark.parametrize("role", GONE_ROLES)
def test_a_gone_cards_call_says_the_card_is_gone(role: str) -> None:
    """A9 1-2, B9 (big bad wolf): the call of a card the table saw die says it is out, in a still picture."""
    heard = [line for mode in MODES for night in ("first", "later") for gone in ("yes", "long")
             for line in said(f"night.{role}.wake", Moment(mode=mode, narrator="no", night=night, gone=gone,
                                                            order="middle", pack="many"))]
    assert heard and [line for line in heard if GONE_WRONG.search(line)] == []


@pytest.mark.parametrize("calls", ["one", "many"])
def test_the_nights_line_for_long_gone_cards_says_they_are_dead(calls: str) -> None:
    """A9 3-5, B9: «Boca arriba y en silencio: el zorro.» (an order?), «Esta noche, paz para la bruja.» (a quiet
    night?), «Ya no queda nada que hacer para el padre de los lobos.» (his bite used?), «duerme con los muertos»."""
    cards = (RoleName("fox"),) if calls == "one" else (RoleName("fox"), RoleName("witch"))
    heard = said("night.gone", Moment(calls=calls), cards=cards)
    wrong = re.compile(r"Boca arriba y en silencio|paz para|nada que hacer para|duermen? con los muertos")
    assert len(heard) >= 20 and [line for line in heard if wrong.search(line)] == []


# -- A7: the pack a card may join, spoken of in the impersonal passive ----------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_the_pack_is_not_ordered_in_the_passive(mode: str) -> None:
    """A9 7: «Ojos abiertos: en el móvil del centro se elige una víctima o a nadie.», four or five nights a game."""
    heard = said("night.werewolves.wake", Moment(mode=mode, narrator="no", night="later", pack="some", order="first"))
    assert len(heard) >= 20 and [line for line in heard if re.search(r"\bse (elige|marca|decide|ataca)\b", line)] == []


# -- B9: the round-table nudge to the one holding the device --------------------------------------------------------
def test_the_turns_nudge_neither_moves_on_nor_says_someone_is_missing() -> None:
    """B9: «Sin prisa, pero sin pausa: seguimos con Juan.» 14 s after Juan took the device (3 games), «Aún falta
    Gala.» (heard as «Gala is absent»)."""
    heard = said("night.reminder", Moment(mode="round_table", turn="yes", again="no", task="yes"), 2)
    assert len(heard) >= 20 and [line for line in heard if re.search(r"seguimos con|^Aún falta", line)] == []


# -- B9: the second sister's or brother's card at the end (6 of 20 games) -------------------------------------------
@pytest.mark.parametrize(("role", "copies"), [("sister", 2), ("brother", 3)])
@pytest.mark.parametrize("seat", [3, 14])
def test_the_second_card_of_a_group_is_not_the_groups_second_card(role: str, copies: int, seat: int) -> None:
    """B9: «Damos la vuelta a la carta del jugador diecisiete: la segunda carta de las hermanas.»"""
    lines = Lines(SCRIPT, "es", Picker(0), ["Ana", "Bruno", "Álex"], ["f", "m", ""])
    text = lines.render("La carta: {card}.", {"player": Seat(seat), "role": RoleName(role, copies, again=1)})[0]
    assert re.search(r"segunda carta de l[ao]s", text) is None and re.search(r"\botra\b|segundo hermano", text), text


# -- single lines, each in the moment it was heard --------------------------------------------------------------------
HEARD = [
    ("night.guard.sleep", Moment(mode="one_device", narrator="no", night="later"), r"escudo descansa"),  # A9 6
    ("deal.done", Moment(mode="one_device", narrator="yes"), r"carta en la cabeza"),  # A9 11
    ("deal.done", Moment(mode="round_table", narrator="no"), r"carta en la cabeza"),
    ("night.witch.wake", Moment(mode="one_device", narrator="yes", night="first", order="middle"),
     r"Solo uno de los dos"),  # A9 12
    ("night.witch.wake", Moment(mode="own_devices", narrator="no", night="first", order="middle"),
     r"Lo que queda en tus frascos"),  # B9: nothing is used on night 1
    ("end.story.lovers", Moment(cause="grief"), r"(tenían|compartían) una sola suerte"),  # A9 15, 3 games in 22
    ("end.story.lovers", Moment(cause="other"), r"(tenían|compartían) una sola suerte"),
    ("night.reminder", Moment(mode="one_device", narrator="yes", again="no", task="yes"),
     r"Aún no ha llegado la respuesta"),  # A9 10: the pointing wolves send no answer
    ("night.reminder", Moment(mode="own_devices", again="yes", task="yes"), r"sin entretenerse"),  # A9 8
    ("night.wolf_father.sleep", Moment(mode="own_devices", night="later"), r"por hoy"),  # A9 8: at night
    ("night.brothers.sleep", Moment(mode="own_devices", night="later", left="one"), r"por hoy"),
    ("night.sisters.sleep", Moment(mode="own_devices", night="later", left="one"), r"por hoy"),
    ("night.sisters.wake", Moment(mode="own_devices", night="later", left="one", order="middle"),
     r"recupera el aliento"),  # A9 9
    ("night.brothers.wake", Moment(mode="own_devices", night="later", left="one", order="middle"),
     r"recupera el aliento"),
    ("night.sisters.wake", Moment(mode="own_devices", night="later", left="all", order="middle"),
     r"Otra vez las dos"),  # B9: a sister may have died with her card hidden
    ("hunter.wake", Moment(mode="one_device", narrator="no", revealed="yes"), r"o a nadie"),  # A9 13
    ("day.debate", Moment(mode="round_table", pack="many"), r"Lo que pasó anoche"),  # B9: after a quiet night
    ("night.dog_handler.wake", Moment(mode="own_devices", narrator="no", night="first", order="middle"),
     r"que se sienten juntos"),  # B9
]


@pytest.mark.parametrize(("scene", "moment", "wrong"), HEARD)
def test_a_line_the_readers_heard_wrong_is_not_said(scene: str, moment: Moment, wrong: str) -> None:
    """A9 6-15, B9: «Tu escudo descansa hasta mañana» (the shield is off?), «Todos tenéis vuestra carta en la
    cabeza» (Hanabi), «tenían una sola suerte», «elija a quién dispara o a nadie», «Basta por hoy» at night…"""
    heard = said(scene, moment)
    assert heard and [line for line in heard if re.search(wrong, line)] == []


@pytest.mark.parametrize("seat", [1, 2, 3, 14])
def test_the_hunter_told_to_take_the_device_is_not_told_to_shoot_nobody(seat: int) -> None:
    """A9 13: «Que Inés coja el móvil y elija a quién dispara o a nadie.», «…y elija a un jugador o a nadie» (g22)."""
    heard = [line for revealed in ("no", "yes")
             for line in said("hunter.wake", Moment(mode="one_device", narrator="no", revealed=revealed), seat)]
    assert heard and [line for line in heard if "o a nadie" in line] == []


# -- B9: the village idiot voted a second time ----------------------------------------------------------------------
@pytest.mark.parametrize("seat", [1, 2, 3, 14])
def test_a_card_the_table_knows_is_not_turned_over_again(seat: int) -> None:
    """B9: day 10 «¡Alto! La carta del jugador veinte lo explica todo: el tonto del pueblo.», day 11 «Le damos la
    vuelta a la carta del jugador veinte: el tonto del pueblo.» of a card face up since yesterday."""
    heard = said("day.vote.reveal", Moment(mode="own_devices", revealed="yes"), seat, role=RoleName("village_idiot"))
    news = re.compile(r"vuelta|[Ss]e descubre|[Dd]escubr[ei]|[Rr]esulta que|lo escondía|[Ss]ale a la luz|secreto:")
    assert len(heard) >= 20 and [line for line in heard if news.search(line) and "ya" not in line] == []


# -- B9: «Venga, Gala, te toca.» seven times a game round the table ------------------------------------------------
def test_the_turn_said_to_a_named_player_is_not_one_tic() -> None:
    """B9: «Venga, X, te toca.», «Te toca a ti, X.», «X, te toca.», «Te toca, X.» each 7 times in one 16-seat game."""
    heard = said("round.turn", Moment(mode="round_table", position="middle", night="later", lap="first"), 1)
    assert len([line for line in heard if "te toca" in line.lower()]) <= 2 and not any(
        line.startswith("Venga, Ana") for line in heard)
