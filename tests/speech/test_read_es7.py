"""What the two Madrid readers of stop 47 heard wrong in Spanish (issue 35, notes/s47/read_es_A7.md and read_es_B7.md):
each test renders the lines the narrator may say at that moment on the shipped scripts (`said`, as test_read_es44
renders them: Ana, Bruno, Álex who did not say, and «el jugador catorce») and checks what the table must or must not
hear. Each failed on main at 9f3c005."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import RoleName, Seats
from narrator.speech.moment import Moment
from narrator.speech.script import SHIPPED, load
from tests.speech.test_read_es44 import said

SCRIPT = load(SHIPPED)
OWN = "own_devices"
REVEALS = [("day.vote.reveal", Moment())] + [
    ("end.reveal", Moment(position=position, revealed=revealed))
    for position in ("first", "middle", "last") for revealed in ("no", "yes")]


# -- B7 g28: «La carta que guardaba Iris: hombre lobo.» beside «un hombre lobo» -------------------------------------
@pytest.mark.parametrize(("scene", "moment"), REVEALS)
@pytest.mark.parametrize("role", ["werewolf", "villager"])
def test_an_unsaid_players_card_is_never_a_bare_noun(scene: str, moment: Moment, role: str) -> None:
    """Álex (3) did not say how they are spoken of: the card keeps an article that agrees with no person, «la de
    hombre lobo», «la carta de aldeano», never a gap («: hombre lobo.»), nor «carta … la carta de»."""
    lines = said(scene, moment, 3, role=RoleName(role, 3))
    assert len(lines) >= 8
    assert [t for t in lines if re.search(r"(?<!\bun )(?<!\bla de )(?<!\bcarta de )\b(hombre lobo|aldeano)\b", t)] == []
    assert [t for t in lines if re.search(r"\bcarta de \w+: la carta de|\bla de\b.*\bla de (hombre|ald)", t)] == []


# -- B7 g29, g30: «Su carta: una de las cartas de las hermanas.», 4× in one reveal -----------------------------------
@pytest.mark.parametrize(("scene", "moment"), REVEALS)
@pytest.mark.parametrize(("seat", "card"), [(14, "sister"), (14, "brother"), (3, "sister"), (3, "brother"),
                                            (2, "sister"), (1, "brother")])
def test_a_group_card_is_not_one_of_the_cards_after_a_card(scene: str, moment: Moment, seat: int, card: str) -> None:
    lines = said(scene, moment, seat, role=RoleName(card, 2))
    assert len(lines) >= 8 and [t for t in lines if re.search(r"cartas? .*una de las cartas de l", t)] == []


@pytest.mark.parametrize(("scene", "moment"), REVEALS)
def test_a_seat_holding_a_brother_is_one_of_the_brothers(scene: str, moment: Moment) -> None:
    """A seat word is grammatically masculine: «la carta del jugador catorce: uno de los hermanos», as «un hombre
    lobo» of the same seat."""
    lines = said(scene, moment, 14, role=RoleName("brother", 2))
    assert lines and [t for t in lines if "uno de los hermanos" not in t] == []


# -- lines a Madrid table hears as wrong in their context --------------------------------------------------------------
@pytest.mark.parametrize(("scene", "moment", "wrong"), [
    ("death.also", Moment(cause="grief"), r"otro corazón"),  # B7 g23: no heart was broken before
    ("day.vote.nobody", Moment(), r"La noche llegará igualmente"),  # B7 g24, A7 g02
    ("night.wolf_father.sleep", Moment(mode=OWN, night="later", gone="no"), r"deja dormir al viejo lobo"),  # B7 g25
    ("night.seer.wake", Moment(mode=OWN, night="later"), r"está en tu mano"),  # B7 g25
    ("end.story.lovers", Moment(own="yes"), r"se incluyó en ella"),  # B7 g25
    ("night.big_bad_wolf.wake", Moment(mode=OWN, narrator="no", night="later", spent="yes"), r"no te corresponde"),
    ("night.raven.sleep", Moment(mode=OWN, night="later", gone="no"), r"posa las alas"),  # B7 g30
    ("night.pied_piper.wake", Moment(mode=OWN, night="later", charms="two"), r"qué dos siguen"),
    ("night.charmed.wake", Moment(mode=OWN, night="later"), r"y vuestro móvil lo sabe"),
    ("night.white_werewolf.sleep", Moment(mode=OWN, night="later", gone="no"), r"la traición puede esperar"),  # he bit
    ("night.start", Moment(mode=OWN, night="later"), r"La aldea duerme\. Cerrad los ojos"),  # asleep, then eyes close
    ("hunter.wake", Moment(mode="one_device", narrator="no", revealed="no"), r"perdone a todos"),
    ("dawn.raven", Moment(), r"de salida"),  # B7 g29
    ("night.brothers.wake", Moment(mode=OWN, night="later", left="one"), r"sospecharían ellos"),  # A7 D3
])
def test_lines_a_madrid_table_hears_wrong_in_their_context(scene: str, moment: Moment, wrong: str) -> None:
    lines = [t for seat in (1, 2, 3, 14) for t in said(scene, moment, seat, role=RoleName("hunter", 1))]
    assert lines and [t for t in lines if re.search(wrong, t)] == []


@pytest.mark.parametrize(("mode", "narrator"), [(OWN, "no"), ("one_device", "no"), ("one_device", "yes")])
def test_after_a_grief_line_the_hunter_is_named_first(mode: str, narrator: str) -> None:
    """A7 g09: «Gala muere de pena.» then «Pero no se va sin más: Elena levanta la escopeta.»: «no se va» is heard of
    Gala, the last one named. A line that opens with «Pero no se va» names nobody before its verb."""
    lines = said("hunter.wake", Moment(mode=mode, narrator=narrator, revealed="yes"))
    assert lines and [t for t in lines if re.match(r"(Pero )?no se va", t)] == []


# -- A7 g11: the evening's third game opened as «la revancha» again ---
def test_a_later_game_of_the_evening_is_not_called_the_rematch() -> None:
    """game: later is the second and the third game: «Que empiece la revancha» after «La revancha está servida»."""
    lines = {t for pack in ("one", "many", "some") for t in said("game.welcome", Moment(game="later", pack=pack))}
    assert len(lines) >= 8 and [t for t in lines if re.search(r"revancha", t, re.I)] == []


# -- A7 g01, g02, g04: the narrated deal: one hand gives the phone, the narrator's ---
@pytest.mark.parametrize("position", ["first", "middle", "last"])
def test_in_the_narrated_deal_the_narrator_hands_the_phone(position: str) -> None:
    """«Quien narra le da el móvil a Ana» then «Pasad el móvil a Fede», «Pasadle el móvil a Ben»: the table could not
    tell who passes it on. With a narrator, the narrator gives it to each player, and nobody passes it along."""
    lines = said("deal.pass", Moment(mode="one_device", narrator="yes", position=position))
    assert len(lines) >= (20 if position == "middle" else 8)
    assert [t for t in lines if re.search(r"\b(Pasad|Pasadle|Dadle|pasarlo|pasar el móvil)\b", t)] == []
    assert [t for t in lines if not re.search(r"narra", t)] == []


# -- A7 g09: «Queda una sola carta…» then «Queda por nombrar a la pareja…» ---
def test_a_story_after_the_last_card_does_not_open_as_the_last_card() -> None:
    last = said("end.reveal", Moment(position="last", revealed="no"), role=RoleName("guard", 1))
    heads = {t.split()[0] for t in last}
    stories = said("end.story.lovers", Moment(own="no")) + said("end.story.lovers", Moment(own="yes"))
    assert "Queda" in heads and [t for t in stories if t.startswith("Queda")] == []


# -- B7 g25: «La noche avanza despacio.» then «Bruja, la noche sigue su curso.» ---
def test_the_witchs_sleep_does_not_say_again_the_night_a_reminder_opened_with() -> None:
    """A reminder opened with «La noche», then «Bruja, la noche sigue su curso.» said it again."""
    reminders = said("night.reminder", Moment(mode=OWN, again="no", task="yes"))
    sleeps = said("night.witch.sleep", Moment(mode=OWN, night="later", gone="no"))
    assert [t for t in reminders if t.startswith("La noche")]
    assert len(sleeps) >= 20 and [t for t in sleeps if re.search(r"la noche sigue su curso", t, re.I)] == []


# -- after 13:00: B7 A1, A7 B2: a woman who wins as the piper, called «el flautista» beside her name -----------------
@pytest.mark.parametrize("alone", ["yes", "no"])
def test_the_pipers_win_does_not_put_el_flautista_beside_a_womans_name(alone: str) -> None:
    lines = said("end.all_charmed", Moment(alone=alone), 1)
    assert len(lines) >= 8 and [t for t in lines if re.search(r"Ana, (el|la) flautista", t)] == []


# -- B7 5: the white werewolf's sleep after a night he may have bitten --------------------------------------------
@pytest.mark.parametrize("pack", ["one", "many", "some"])
def test_the_white_werewolfs_sleep_does_not_presume_he_waited(pack: str) -> None:
    """«Lobo blanco, la traición puede esperar.» after a night he bit the big bad wolf (g34): the sleep line is chosen
    without knowing what he did, so it says nothing of waiting."""
    lines = said("night.white_werewolf.sleep", Moment(mode=OWN, night="later", gone="no", pack=pack))
    assert len(lines) >= 20
    assert [t for t in lines if re.search(r"puede esperar|llegará|paciencia|esperar", t, re.I)] == []


# -- A7 D1, D2, D8; B7 4; A7 D5: single lines -----------------------------------------------------------------------
@pytest.mark.parametrize(("scene", "moment", "wrong"), [
    ("hunter.wake", Moment(mode="one_device", narrator="yes", revealed="no"), r"perdonar a todos"),
    ("hunter.wake", Moment(mode="one_device", narrator="yes", revealed="yes"), r"Todavía no ha terminado"),
    ("hunter.wake", Moment(mode=OWN, revealed="yes"), r"si prefiere no disparar|Todavía no ha"),
    ("hunter.wake", Moment(mode="one_device", narrator="no", revealed="yes"), r"si prefiere no disparar"),
    ("dawn.deaths", Moment(), r"No la han superado"),
    ("village_idiot.pardoned", Moment(), r"carta de (Álex|Bruno|el jugador catorce), el tonto"),
    ("servant.took", Moment(mode=OWN), r"quién es ella|nueva dueña"),
])
def test_single_lines_a_madrid_table_hears_wrong(scene: str, moment: Moment, wrong: str) -> None:
    lines = [t for seat in (2, 3, 14) for t in said(scene, moment, seat, role=RoleName("village_idiot", 1),
                                                    players=Seats((2, 3)))]
    assert lines and [t for t in lines if re.search(wrong, t)] == []


# -- B7 8: «Enamorados, cerrad los ojos. Mañana, disimulad.» then «Hermanas, cerrad los ojos. Mañana, disimulad.» ----
def test_the_first_nights_closings_do_not_end_alike() -> None:
    def tails(scene: str, **facts: str) -> set[str]:
        lines = said(scene, Moment(mode=OWN, night="first", **facts))
        return {re.split(r"(?<=[.!?])\s+", t)[-1] for t in lines} - {"Ojos cerrados."}  # the call itself
    lovers, sisters = tails("night.lovers.sleep"), tails("night.sisters.sleep", left="all")
    charmed = tails("night.charmed.sleep")
    assert lovers & sisters == set() and lovers & charmed == set()


# -- B7 11: «Hermanas, se acabó el consejo.» on the first night ------------------------------------------------------
def test_the_sisters_first_closing_speaks_of_no_council_before() -> None:
    lines = said("night.sisters.sleep", Moment(mode=OWN, night="first", left="all"))
    assert len(lines) >= 8 and [t for t in lines if re.search(r"consejo", t)] == []


# -- B7 6, A7 B4: the lovers' story after a grief death the table saw -------------------------------------------------
def test_the_lovers_story_after_a_grief_death_tells_no_secret() -> None:
    """«Inés muere de pena.» then at the end «Las cartas no lo cuentan, pero Luis e Inés compartían destino…»: the
    table saw the pair. The story knows it (cause: grief) and says it as a reminder. (Cupid in his own pair, own: yes,
    is still news the grief did not tell: those lines stay.)"""
    lines = said("end.story.lovers", Moment(own="no", cause="grief"))
    secret = r"[Nn]inguna carta|[Ll]as cartas no|no lo sepa|[Qq]ue se sepa|no lo dice|secreto"
    assert len(lines) >= 20 and [t for t in lines if re.search(secret, t)] == []



# -- B7 24: the pack of unknown size, twenty verbless lines in a row ---------------------------------------------------
@pytest.mark.parametrize("mode", [OWN, "one_device", "round_table"])
def test_the_pack_of_unknown_size_hears_a_verb_that_counts_nobody(mode: str) -> None:
    """«Despierta la manada: ojos abiertos, el móvil del centro en la mano y una víctima elegida.»: telegraphic, line
    after line. Half of them now say what the pack does in its own singular («la manada abre los ojos y marca…»)."""
    lines = said("night.werewolves.wake", Moment(mode=mode, narrator="no", night="later", pack="some"))
    acting = [t for t in lines if re.search(r"\b(abre los ojos|marca a|elige (una|a|en))\b", t)]
    assert len(lines) >= 20 and len(acting) >= 8


# -- read_es_A8 (stop 47's second read, on f2c23f7): lines a Madrid table heard as off --------------------------------
@pytest.mark.parametrize(("scene", "wrong"), [
    ("deal.pass", r"^Del narrador a"),  # «Del narrador a Ana, …: … devuélveselo»: a letter's header, «lo» of nothing
    ("night.guard.wake", r"Los lobos también vigilan"),  # the wolves would be guarding too
    ("night.reminder", r"falta una elección|esté clara la elección, adelante|Falta una decisión para seguir"),
    ("night.witch.wake", r"Solo una por noche"),  # «una» of «frascos»
    ("end.wolves.specials", r"Han caído hasta el último"),
    ("night.little_girl.wake", r"más fácil que"),  # the verb is missing: «más fácil será que»
    ("end.lovers", r"Pase lo que pase, \{players\} han"),
    ("captain.successor", r"se va quien era alguacil"),
    ("night.dog_handler.sleep", r"buen chico el tuyo"),
    ("death.also", r"poco a poco, hasta morir"),  # a lover dies of grief at once
])
def test_lines_a_madrid_table_heard_as_off_in_the_second_read(scene: str, wrong: str) -> None:
    variants = SCRIPT.scenes["es"][scene].variants
    assert variants and [v.text for v in variants if re.search(wrong, v.text)] == []


@pytest.mark.parametrize(("scene", "moment", "card", "her_card"), [
    ("end.all_charmed", Moment(alone="no"), r"\b(el|del) flautista\b", r"\bla flautista\b"),
    ("end.all_charmed", Moment(alone="yes"), r"\b(el|del) flautista\b", r"\bla flautista\b"),
    ("end.white_werewolf", Moment(), r"\b(el|del) lobo blanco\b", r"\bla loba blanca\b"),
])
def test_a_woman_who_wins_alone_is_the_card_she_was(scene: str, moment: Moment, card: str, her_card: str) -> None:
    """read_es_B8 A1, read_es_A7: «¡La partida es del flautista: Carla!», and two seconds later «Carla … era la
    flautista»: one person is one thing all game. A man, a name without gender and a seat keep the card's name."""
    hers = said(scene, moment, 1)
    assert len(hers) >= 8 and [t for t in hers if re.search(card, t)] == []
    assert len([t for t in hers if re.search(her_card, t)]) >= 8
    for seat in (2, 3, 14):
        theirs = said(scene, moment, seat)
        assert len(theirs) >= 8 and [t for t in theirs if re.search(her_card, t)] == []
