"""The Spanish narrator knows where it is (issue 35): each line is rendered in the moment that used to go wrong,
from the variants the picker may choose there (`Lines.fitting`), on the shipped scripts. Each test failed on the
scripts as they were before (voice35)."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.scenes import catalogue
from narrator.speech.script import SHIPPED, Variant, load
from narrator.ui.web.strings import strings

SCRIPT = load(SHIPPED)
ES = SCRIPT.scenes["es"]
NAMES = ["Yolanda", "Bruno", "Carla", "Inés", "Óscar"]
GENDERS = ["f", "m", "", "f", "m"]
LINES = Lines(SCRIPT, "es", Picker(0), NAMES, GENDERS)
ONE, MIDDLE, OWN, ROUND = "one_device", "middle", "own_devices", "round_table"
CATALOGUE = catalogue()


def fitting(scene: str, **facts: str) -> list[str]:
    """The texts the picker may choose for `scene` at a moment with these facts."""
    variants = ES[scene].variants
    return [variants[i].text for i in LINES.fitting(scene, Moment(**facts))]


def said(text: str, **values: object) -> str:
    return LINES.render(text, values)[0]


def matching(pattern: str, texts: list[str]) -> list[str]:
    return [t for t in texts if re.search(pattern, t, re.IGNORECASE)]


# -- position ------------------------------------------------------------------------------------------------
GOES_ON = r"^Y |^Seguimos|^Ahora|^Le llega|^Turno|^Pasamos|^Vamos con|por su parte|también|^En cuanto"


def test_the_first_card_revealed_does_not_go_on_from_another() -> None:
    """It comes right after the winner's line: "Ahora, Ana: ..." or "Le llega el turno a Ana" goes on from nothing."""
    for gender in ("f", "m", "unsaid"):
        first = fitting("end.reveal", position="first", gender=gender)
        assert first and matching(GOES_ON, first) == []


def test_the_last_card_may_say_it_is_the_last_and_only_the_last() -> None:
    last = fitting("end.reveal", position="last", gender="f")
    assert matching(r"último|última|termin|cerramos|falta solo|queda una", last)
    assert matching(r"por último|la última", fitting("end.reveal", position="middle", gender="f")) == []


@pytest.mark.parametrize("mode", [ONE, ROUND])
def test_the_first_player_of_the_deal_has_been_handed_nothing_yet(mode: str) -> None:
    first = fitting("deal.pass", mode=mode, position="first")
    assert first and matching(r"\bpasa\b|pasad|le pasamos|ahí va|seguimos|^y ahora", first) == []


def test_the_last_player_of_the_deal_passes_the_phone_to_nobody() -> None:
    assert matching(r"antes de pasar|pasarlo", fitting("deal.pass", mode=ONE, position="last")) == []


def test_the_first_turn_round_the_table_takes_the_phone_from_the_middle() -> None:
    first = fitting("round.turn", mode=ROUND, position="first")
    assert first and matching(r"\bpasa\b|pasad|seguimos|ahí va|la ronda pasa", first) == []
    from_the_middle = r"centro|en medio|de la mesa|empie|empez|primer|arranca|abre la"
    assert all(re.search(from_the_middle, t, re.IGNORECASE) for t in first), first


def test_the_last_turn_round_the_table_closes_the_lap() -> None:
    last = fitting("round.turn", mode=ROUND, position="last")
    assert all(re.search(r"últim|cierra|termina|acaba|falta|queda|por último|para cerrar|completar", t, re.I)
               for t in last), last


# -- count: a lone wolf ----------------------------------------------------------------------------------------
PLURAL_ADDRESS = r"\b(abrid|cerrad|elegid|marcad|coged|decidid|poneos|miraos|volved|esconded|dejadlo|vuestr\w*|os)\b"


@pytest.mark.parametrize("mode", [ONE, OWN, ROUND])
@pytest.mark.parametrize("night", ["first", "later"])
def test_a_lone_wolf_is_spoken_to_in_the_singular(mode: str, night: str) -> None:
    for scene in ("night.werewolves.wake", "night.werewolves.sleep"):
        lone = fitting(scene, mode=mode, night=night, pack="one")
        assert lone and matching(PLURAL_ADDRESS + r"|\blobos\b|manada", lone) == [], scene


@pytest.mark.parametrize("mode", [ONE, OWN])
def test_a_pack_is_spoken_to_in_the_plural_whoever_is_left(mode: str) -> None:
    """With several wolves dealt the calls stay plural, even when one is left: the number tells nobody's death."""
    for night in ("first", "later"):
        many = fitting("night.werewolves.wake", mode=mode, night=night, pack="many")
        assert many and all(re.search(r"\babrid\b", t, re.IGNORECASE) for t in many)


WOLF_SCENES = ("game.welcome", "day.debate", "end.wolves.number", "end.wolves.villagers", "end.wolves.specials",
               "end.village", "end.draw", "day.vote.nobody", "day.timer.start")


@pytest.mark.parametrize("scene", WOLF_SCENES)
def test_no_line_describes_a_lone_wolf_as_wolves(scene: str) -> None:
    lone = fitting(scene, pack="one")
    assert lone and matching(r"\blobos\b(?! de a pie)|\bmanada\b|hombres lobo", lone) == []


def test_a_lone_wolf_wins_in_the_singular() -> None:
    for scene in ("end.wolves.number", "end.wolves.villagers", "end.wolves.specials"):
        assert matching(r"gana el (hombre )?lobo|del lobo|victoria para el", fitting(scene, pack="one")), scene


# -- night: the first night's recognitions -----------------------------------------------------------------------
RECOGNISE = r"reconoce|buscaos|mirad quién|por primera vez|esa es vuestra manada|con quién contar desde|descubrid a"


@pytest.mark.parametrize("mode", [ONE, OWN])
def test_recognising_each_other_is_said_on_the_first_night_only(mode: str) -> None:
    for scene in ("night.werewolves.wake", "night.sisters.wake", "night.brothers.wake"):
        assert matching(RECOGNISE, fitting(scene, mode=mode, night="later", pack="many")) == [], scene
        assert matching(RECOGNISE, fitting(scene, mode=mode, night="first", pack="many")), scene


# -- what was just said ---------------------------------------------------------------------------------------------
def test_the_hunter_is_not_named_again_right_after_the_card() -> None:
    """ "Irene era la cazadora." is said just before: the call does not repeat the card."""
    for gender in ("f", "m", "unsaid"):
        shown = fitting("hunter.wake", revealed="yes", gender=gender)
        assert shown and matching(r"cazador", [said(t, player=Seat(1)) for t in shown]) == []


def test_the_hunter_is_named_when_the_card_was_not_said() -> None:
    unsaid = fitting("hunter.wake", revealed="no", gender="unsaid")
    assert unsaid and all("cazador" in t for t in unsaid)


def test_a_pardoned_idiots_verdict_is_no_farewell() -> None:
    spared = fitting("day.vote.out", spared="yes", gender="f")
    farewell = (r"irse|se va|despide|fuera\b|abandonar|deja la aldea|sale de la aldea|destierra|\becha\b"
                r"|tiempo .* se acabó")
    assert spared and matching(farewell, spared) == []


def test_no_question_whether_the_village_was_right_after_the_card() -> None:
    assert matching(r"acertado|¿.*(lo correcto|error)", [v.text for v in ES["day.vote.reveal"].variants]) == []


@pytest.mark.parametrize("gender", ["f", "m", "unsaid"])
def test_a_piper_left_alone_has_nobody_dancing_to_his_flute(gender: str) -> None:
    alone = fitting("end.all_charmed", alone="yes", gender=gender)  # the winner's gender picks "la flautista"
    assert alone and matching(r"baila|siguen|sigue al|hechizad|oído libre|todos los que", alone) == []


def test_no_winner_line_tells_the_whole_table_it_won() -> None:
    ends = [v.text for scene_id, scene in ES.items() if scene_id.startswith("end.") for v in scene.variants]
    assert matching(r"habéis ganado|enhorabuena|felicidades|habéis vencido", ends) == []


def test_a_death_of_grief_is_said_to_be_grief() -> None:
    grief = fitting("death.also", cause="grief", gender="unsaid")
    assert grief and all(re.search(r"\bpena\b|de amor", t) for t in grief), grief
    assert matching(r"\bpena\b", fitting("death.also", cause="other", gender="f")) == []


# -- the way to play -------------------------------------------------------------------------------------------------
def test_round_the_table_never_says_tonight_nobody_closes_their_eyes() -> None:
    """Nobody ever closes their eyes round the table: "Hoy nadie cierra los ojos" says that on other nights they do."""
    start = fitting("round.start", mode=ROUND)
    assert start and matching(r"(hoy|esta noche)[^.]*(nadie cierra|no se cierran|con los ojos abiertos)|hoy dormís",
                              start) == []
    assert matching(r"abrid los ojos|despertad|despierta", fitting("round.dawn", mode=ROUND)) == []


ASKED = ("guard", "werewolves", "witch", "seer", "cupid", "thief", "wolf_dog", "wild_child", "raven", "wolf_father",
         "big_bad_wolf", "white_werewolf", "fox", "dog_handler", "pied_piper", "servant")


@pytest.mark.parametrize("role", ASKED)
def test_with_one_device_the_called_role_is_told_to_take_it(role: str) -> None:
    scene = f"night.{role}.wake"
    night = "first" if role in ("cupid", "thief", "wolf_dog", "wild_child") else "later"
    calls = fitting(scene, mode=ONE, night=night, pack="many")
    assert calls and [t for t in calls if "móvil" not in t] == []


@pytest.mark.parametrize("role", [r for r in ASKED if r != "servant"])
def test_on_their_own_phones_nobody_takes_a_phone_from_the_middle(role: str) -> None:
    night = "first" if role in ("cupid", "thief", "wolf_dog", "wild_child") else "later"
    calls = fitting(f"night.{role}.wake", mode=OWN, night=night, pack="many")
    from_the_middle = (r"(móvil|lo) (del|en el) centro|centro de la mesa|en medio de la mesa|coge el móvil"
                       r"|coged el móvil|toma el móvil|\bdéjalo\b")
    assert calls and matching(from_the_middle, calls) == []


@pytest.mark.parametrize(("chooser", "chosen", "night"),
                         [("cupid", "lovers", "first"), ("pied_piper", "charmed", "later")])
def test_with_one_device_the_chosen_learn_it_by_a_touch_on_the_shoulder(chooser: str, chosen: str, night: str) -> None:
    """Nobody tells the lovers or the charmed with one device: the one who chose them touches their shoulder."""
    for scene in (f"night.{chooser}.wake", f"night.{chosen}.wake"):
        calls = fitting(scene, mode=ONE, night=night)
        assert calls and [t for t in calls if not re.search(r"hombro|tocad|toque|mano del", t)] == [], scene
    assert matching(r"hombro", fitting(f"night.{chosen}.wake", mode=OWN, night=night)) == []


def test_the_little_girl_decides_before_the_wolves_wake_how_long_she_peeks() -> None:
    """Her step comes before the wolves' on the players' own phones: she cannot look over at them yet."""
    calls = fitting("night.little_girl.wake", mode=OWN)
    assert calls and [t for t in calls if not re.search(r"dedo|pulsad|pulsa", t, re.IGNORECASE)] == []
    assert [t for t in calls if not re.search(r"cuánto|rato|tiempo|segundo|cuando|van a|a punto|salgan|despiert"
                                              r"|llegar", t)] == []
    assert matching(r"andan cerca|¿miras\?|asómate a la ventana", calls) == []


# -- the task --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", [ONE, OWN])
def test_every_call_gives_its_task_and_its_number(mode: str) -> None:
    two = re.compile(r"\bdos\b", re.IGNORECASE)
    assert [t for t in fitting("night.cupid.wake", mode=mode, night="first") if not two.search(t)] == []
    assert [t for t in fitting("night.pied_piper.wake", mode=mode) if not two.search(t)] == []
    witch = fitting("night.witch.wake", mode=mode)
    both = [t for t in witch if re.search(r"cur|salv", t, re.IGNORECASE) and re.search(r"venen", t, re.IGNORECASE)]
    assert witch and both == witch


def narrated(variant: Variant) -> bool:
    """Said only where a person narrates and taps (narrator: yes): there the called role points."""
    return any(name == "narrator" and values == {"yes"} for name, values in variant.when)


def test_no_call_asks_to_point_where_the_role_taps_nor_to_make_a_noise() -> None:
    night = [v for scene_id, scene in ES.items() if scene_id.startswith("night.") for v in scene.variants]
    tapped = [v.text for v in night if not narrated(v)]
    assert matching(r"\bseñala\b|señalad|señálalo|señaladlo", tapped) == []
    noise = r"\bsilba\b|silbad|da una vuelta|sacúdete|túmbate|agazápate|aplaud|chasquea|golpea|dad un golpe"
    assert matching(noise, [v.text for v in night]) == []


# -- a person narrates: the classic rules on one device (narrator: yes) ---------------------------------------------
NARRATED = {"mode": ONE, "narrator": "yes"}
CLASSIC_CALLS = ("guard", "werewolves", "witch", "seer")
TAKES_THE_DEVICE = (r"móvil|\bcoge|cógelo|coged|toma el|tomad|alcanza|centro|en medio|\bdéjalo|dejadlo|devuélvelo"
                    r"|márcal|marcad|\bmarca\b|tócal|tocad|toca en|toca a|pulsa")


@pytest.mark.parametrize("role", CLASSIC_CALLS)
@pytest.mark.parametrize("night", ["first", "later"])
@pytest.mark.parametrize("pack", ["one", "many"])
def test_a_narrated_call_points_and_never_sends_the_role_to_the_device(role: str, night: str, pack: str) -> None:
    """The narrator holds the phone: the role opens its eyes and points, the narrator taps (seed 000)."""
    calls = fitting(f"night.{role}.wake", night=night, pack=pack, **NARRATED)
    assert calls and matching(TAKES_THE_DEVICE, calls) == []
    if not (role == "witch" and night == "later"):  # later nights the witch knows how to answer: a short call
        assert [t for t in calls if not re.search(r"señal|señál", t, re.IGNORECASE)] == []


@pytest.mark.parametrize("night", ["first", "later"])
def test_narrated_wolves_point_as_one_or_as_many_and_recognise_each_other_once(night: str) -> None:
    lone = fitting("night.werewolves.wake", night=night, pack="one", **NARRATED)
    assert lone and matching(PLURAL_ADDRESS + r"|\blobos\b|manada", lone) == []
    assert [t for t in lone if not re.search(r"\bseñala\b|señálalo", t, re.IGNORECASE)] == []
    many = fitting("night.werewolves.wake", night=night, pack="many", **NARRATED)
    assert many and all(re.search(r"\babrid\b", t, re.IGNORECASE) for t in many)
    assert [t for t in many if not re.search(r"señalad", t, re.IGNORECASE)] == []
    recognised = matching(RECOGNISE, many)
    assert recognised if night == "first" else recognised == []


def test_a_narrated_witch_heals_the_victim_shown_or_poisons_whom_she_points_at_one_potion_a_night() -> None:
    witch = fitting("night.witch.wake", night="first", **NARRATED)  # the whole explanation, once
    heal, poison = r"cur|salv", r"venen"
    one = r"\buna\b|\buno\b|las dos|de los dos|o curas|si no,|u otra"
    told = [t for t in witch if all(re.search(task, t, re.IGNORECASE) for task in (heal, poison, one, r"señal|asient"))]
    assert witch and told == witch


def test_a_narrated_deal_gives_the_device_back_to_the_narrator() -> None:
    done = fitting("deal.done", **NARRATED)
    assert done and matching(r"centro|en medio|al alcance", done) == []
    assert [t for t in done if not re.search(r"narra", t)] == []
    first = fitting("deal.pass", position="first", **NARRATED)
    assert first and [t for t in first if not re.search(r"narra", t)] == []


def test_the_one_device_way_to_play_does_not_put_the_phone_in_the_middle() -> None:
    """The same choice is a narrated classic table, where the narrator keeps the phone."""
    assert matching(r"centro|en medio", [strings("es")["setup.mode.one_device"]]) == []


# -- the player's gender ---------------------------------------------------------------------------------------------
def test_a_womans_card_is_said_as_what_she_was() -> None:
    """ "Yolanda era un aldeano", "Hortensia era el anciano", "Inmaculada era el salvador": never again."""
    for role, wrong in (("villager", "un aldeano"), ("elder", "el anciano"), ("guard", "el protector"),
                        ("hunter", "el cazador"), ("werewolf", "un hombre lobo")):
        copies = 2 if role in ("villager", "werewolf") else 1
        for scene in ("end.reveal", "day.vote.reveal"):
            for where in (("first", "middle", "last") if scene == "end.reveal" else (None,)):
                for text in fitting(scene, position=where, gender="f") if where else fitting(scene, gender="f"):
                    line = said(text, player=Seat(1), role=RoleName(role, copies))
                    assert not re.search(r"Yolanda[^.:]* era,? (en realidad, )?" + wrong, line), line


def test_a_player_who_did_not_say_is_never_given_a_gender() -> None:
    """Carla said nothing: her card is named, not what she was ("La carta de Carla: un aldeano")."""
    for scene in ("end.reveal", "day.vote.reveal", "hunter.wake", "village_idiot.pardoned"):
        texts = [t for where in ("first", "middle", "last") for seen in ("yes", "no")
                 for t in fitting(scene, gender="unsaid", position=where, revealed=seen)]
        lines = [said(t, player=Seat(3), role=RoleName("villager", 2)) for t in texts]
        assert texts and matching(r"Carla[^.:]* era,? (en realidad, )?(un aldeano|una aldeana)", lines) == [], scene
        assert [t for t in texts if "{role" in t or "|" in t] == [], scene


def test_the_person_forms_of_the_cards() -> None:
    for role, woman, man in (("villager", "una aldeana", "un aldeano"), ("hunter", "la cazadora", "el cazador"),
                             ("guard", "la protectora", "el protector"), ("seer", "la vidente", "el vidente"),
                             ("witch", "la bruja", "la bruja"), ("elder", "la anciana", "el anciano"),
                             ("werewolf", "una loba", "un hombre lobo"),
                             ("village_idiot", "la tonta del pueblo", "el tonto del pueblo"),
                             ("wild_child", "la niña salvaje", "el niño salvaje"), ("fox", "el zorro", "el zorro")):
        copies = 2 if role in ("villager", "werewolf") else 1
        assert said("{player} era {role}.", player=Seat(1), role=RoleName(role, copies)) == f"Yolanda era {woman}."
        assert said("{player} era {role}.", player=Seat(2), role=RoleName(role, copies)) == f"Bruno era {man}."


def test_a_man_who_held_the_witch_is_said_with_the_card() -> None:
    """The table knows «la bruja»: «Bruno era el brujo» is another card (read_es_A3); a woman is «una loba», never
    «una mujer lobo». «Vidente» is both: «Bruno era el vidente» (read_es_A5 D1)."""
    for card in ("witch", "servant"):
        bruno = LINES.moment_of(Moment(position="middle"), {"player": Seat(2), "role": RoleName(card)})
        seat = LINES.moment_of(Moment(position="middle"), {"player": Seat(17), "role": RoleName(card)})
        assert (bruno.gender, seat.gender) == ("unsaid", "unsaid"), card
    lines = [said(t, player=Seat(1), role=RoleName("werewolf", 2)) for scene in ("end.reveal", "day.vote.reveal")
             for t in fitting(scene, position="middle", gender="f")]
    assert matching(r"mujer lobo", lines) == [] and matching(r"\bloba\b", lines)


def test_a_pardoned_woman_is_the_village_idiot_as_a_woman() -> None:
    lines = [said(t, player=Seat(1), role=RoleName("village_idiot")) for t in
             fitting("village_idiot.pardoned", gender="f")]
    assert matching(r"(?<!de )Yolanda es el tonto", lines) == [] and matching(r"la tonta del pueblo", lines)


# -- the product's names -----------------------------------------------------------------------------------------------
def test_the_guard_is_the_protector_everywhere() -> None:
    every = [v.text for scene in ES.values() for v in scene.variants] + list(strings("es").values())
    assert matching(r"salvador", every) == []
    assert strings("es")["role.guard"] == "Protector"


def test_the_buttons_have_the_product_texts_names() -> None:
    es = strings("es")
    assert es["deal.show"] == "Soy {name}, ver"
    assert (es["deal.cover"], es["deal.start"], es["night.confirm"]) == ("Entendido, tapar", "Soy el narrador",
                                                                          "Siguiente")
    assert (es["day.nobody_leaves"], es["end.log"], es["end.rematch"], es["setup.adjust"]) == (
        "Nadie sale", "Registro de la noche", "Revancha", "Ajustar")


# -- the end's stories ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("scene", ["end.story.lovers", "end.story.charmed"])
def test_the_lovers_and_the_charmed_are_named_at_the_end(scene: str) -> None:
    texts = fitting(scene)
    assert len(texts) >= 20
    lines = [said(t, players=Seats((1, 3))) for t in texts]
    assert all("Yolanda y Carla" in line for line in lines)
    assert all(re.search(r"Cupido|amor|pareja" if scene.endswith("lovers") else r"flaut|hechiz|melod|música", line)
               for line in lines)
    assert matching(r"enamorad[oa]s|hechizad[oa]s|\b(los|las) (había|habían)\b|último", lines) == []


@pytest.mark.parametrize("scene", ["end.story.infected", "end.story.wild_child", "end.story.wolf_dog"])
def test_who_changed_sides_is_named_at_the_end(scene: str) -> None:
    texts = fitting(scene, gender="unsaid")
    assert len(texts) >= 20 and all("{player}" in t for t in texts)
    assert matching(r"manada|lobo|bosque", texts) == texts


# -- the screens -----------------------------------------------------------------------------------------------------
VOSOTROS = r"\b(\w+ad|\w+ed|\w+id|os|vuestr\w*|podéis|tenéis|sois)\b"
TU = r"\b(elige|escribe|toca|espera|mira|pulsa|cambia|añade|tienes|puedes|eres|te|tu|tú|tuyo)\b"


def test_a_screen_speaks_to_one_or_to_the_table_not_to_both_in_one_line() -> None:
    mixed = [f"{k}: {t}" for k, t in strings("es").items()
             if re.search(VOSOTROS, t, re.IGNORECASE) and re.search(TU, t, re.IGNORECASE)
             and not re.search(r"\b(unid|red|sed|ad)\b", t)]
    assert mixed == []


def test_the_rulesets_have_one_name_each() -> None:
    es = strings("es")
    assert matching(r"ampliad", list(es.values())) == []
    assert es["setup.ruleset.extended"].startswith("Los 28 roles")


# -- the native read after the merge (notes/read_es.md): the facts the narrator learned since ---------------------
HURRY = (r"no espera|eternamente|no tanto|demora|pero poco|queda poco|corriendo|cuanto antes|hay que|ya casi"
         r"|solo falta|\bya\.$")
CHOICE = r"decid|decisi|elegi|elecci"


@pytest.mark.parametrize("again", ["yes", "no"])
def test_a_recognition_step_is_not_reminded_to_decide(again: str) -> None:
    """The lovers or the sisters only recognise each other: "Hace falta una decisión" asks for nothing there."""
    quiet = fitting("night.reminder", again=again, task="no")
    assert quiet and matching(CHOICE, quiet) == []
    assert matching(CHOICE, fitting("night.reminder", again=again, task="yes"))


@pytest.mark.parametrize("task", ["yes", "no"])
def test_the_first_reminder_of_a_night_is_calm(task: str) -> None:
    first = fitting("night.reminder", again="no", task=task)
    assert first and matching(HURRY, first) == []
    assert matching(HURRY, fitting("night.reminder", again="yes", task="yes"))


def test_a_recognition_is_never_hurried() -> None:
    """The sisters or the lovers only look at each other: «En silencio y sin más demora» hurries them for nothing."""
    later = fitting("night.reminder", again="yes", task="no")
    assert len(later) >= 20 and matching(HURRY + r"|asoma", later) == []


def test_round_the_table_the_reminder_does_not_say_the_village_waits_in_the_dark() -> None:
    for again in ("yes", "no"):
        assert matching(r"oscuras|a oscuras|ojos", fitting("night.reminder", mode=ROUND, again=again, task="yes")) == []


def uncounted(text: str) -> bool:
    """Says the wolves without counting them: no wolf or wolves but the side's name, no "you" to one or to many."""
    rest = re.sub(r"bando de los lobos|aldeanos? de a pie", "", text, flags=re.IGNORECASE)
    return not re.search(r"\blob[oa]s?\b|hombres? lobo|\bmanadas\b", rest, re.IGNORECASE)


@pytest.mark.parametrize("mode", [ONE, OWN])
@pytest.mark.parametrize("night", ["first", "later"])
def test_a_pack_that_may_grow_is_not_counted_at_night(mode: str, night: str) -> None:
    """pack: some (one wolf card, and a card that can join him): neither "abrid, lobos" nor "abre, lobo"."""
    for scene in ("night.werewolves.wake", "night.werewolves.sleep"):
        some = fitting(scene, mode=mode, night=night, pack="some", narrator="no")
        assert some and [t for t in some if not uncounted(t)] == [], scene
        assert matching(PLURAL_ADDRESS + r"|\b(tu|tú|tus|te)\b|^(lobo|hombre lobo),", some) == [], scene


@pytest.mark.parametrize("scene", ["game.welcome", "day.debate", "end.wolves.number", "end.wolves.villagers",
                                   "end.wolves.specials"])
def test_a_pack_that_may_grow_is_not_counted_by_day_nor_at_the_end(scene: str) -> None:
    some = fitting(scene, pack="some", game="first")
    assert some and [t for t in some if not uncounted(t)] == []


def test_a_rematch_is_not_welcomed_as_a_first_game() -> None:
    for pack in ("one", "many", "some"):
        later = fitting("game.welcome", game="later", pack=pack)
        assert later and matching(r"bienvenid", later) == []
        assert all(re.search(r"otra|revancha|de nuevo|nueva|una más|volvemos|vuelta", t, re.IGNORECASE) for t in later)


def test_the_welcome_does_not_raise_the_moon_before_nightfall() -> None:
    assert matching(r"sale la luna|luna llena", [v.text for v in ES["game.welcome"].variants]) == []


KNOWN = r"\bya\b|conocid|sorpresa|recordad|nada nuevo|conste|no hay secreto"


@pytest.mark.parametrize("position", ["first", "middle", "last"])
@pytest.mark.parametrize("gender", ["f", "m", "unsaid"])
def test_a_card_the_table_has_seen_is_recalled_not_revealed(position: str, gender: str) -> None:
    """The game ends on a vote: the first card of the end is the one just turned over."""
    known = fitting("end.reveal", position=position, revealed="yes", gender=gender)
    assert len(known) >= (20 if position == "middle" else 8)
    assert [t for t in known if not re.search(KNOWN, t, re.IGNORECASE)] == []
    if position == "first":
        assert matching(GOES_ON, known) == []


def test_a_card_that_cannot_agree_is_said_as_the_card() -> None:
    """A man who held a sister's card, a woman the wolf father's: only the card forms, at every place."""
    for position in ("first", "middle", "last"):
        for revealed in ("yes", "no"):
            unsaid = fitting("end.reveal", position=position, revealed=revealed, gender="unsaid")
            assert len(unsaid) >= 8 and all("{role}" not in t for t in unsaid)
    bruno_a_sister = LINES.moment_of(Moment(position="middle"), {"player": Seat(2), "role": RoleName("sister", 2)})
    assert bruno_a_sister.gender == "unsaid"


def test_no_list_of_players_follows_a_preposition() -> None:
    """«Cupido había flechado a Inés y el jugador veinticinco»: the joiner cannot repeat «a»."""
    with_list = [v.text for scene in ES.values() for v in scene.variants if "{players}" in v.text]
    assert matching(r"\b(a|de|en|sobre)\s+\{players\}", with_list) == []
    lines = [said(t, players=Seats((1, 25))) for t in fitting("end.story.lovers") + fitting("end.story.charmed")]
    assert matching(r"\ba Yolanda y el jugador", lines) == []


def test_the_stories_of_who_turned_agree_with_nobody() -> None:
    texts = [v.text for s in ("end.story.infected", "end.story.wild_child", "end.story.wolf_dog")
             for v in ES[s].variants if "|" not in v.text]
    assert matching(r"\buno más\b|\bera lobo\b|se volvió lobo|ser lobo\b", texts) == []


def test_the_mutual_vote_is_not_told_twice() -> None:
    """day.vote.mutual has just said both condemned each other: the end gives the verdict only."""
    assert matching(r"vot|conden|duelo|dos", fitting("end.mutual_vote")) == []


@pytest.mark.parametrize(("scene", "mode"), [("round.turn", ROUND), ("deal.pass", ONE), ("deal.pass", ROUND)])
def test_the_name_comes_before_the_verb_at_a_sequences_ends(scene: str, mode: str) -> None:
    """«Cierra la ronda el jugador treinta y nueve»: the subject goes first when an object sits in between."""
    for position in ("first", "last"):
        ends = fitting(scene, mode=mode, position=position)
        verb_first = r"^(Cierra|Abre|Empieza|Acaba|Termina)\s+(la|el)\s+\w+\s+\{player\}|^Que coja el móvil"
        assert matching(verb_first, ends) == []


def test_a_lap_of_forty_does_not_wear_out_its_turn_lines() -> None:
    middle = fitting("round.turn", mode=ROUND, position="middle")
    assert len(middle) >= 38
    assert len(matching(r"sin prisas|que no se te note", middle)) <= 2


def test_a_deal_line_talks_to_the_table_or_to_the_player_not_both() -> None:
    deal = [t for p in ("first", "middle", "last") for t in fitting("deal.pass", mode=ONE, position=p)]
    mixed = matching(r"^(pasad|dadle|pasadle)\b.*\b(tu|tú|mira|tápala|acabes)\b", deal)
    assert mixed == []


def test_the_fox_and_the_little_girl_are_told_plainly() -> None:
    fox = [v.text for v in ES["night.fox.wake"].variants]
    assert matching(r"sillas|(el|la) del (medio|centro)", fox) == []
    calls = [v.text for scene in ES.values() for v in scene.variants]
    assert matching(r"\bdilo\b", calls) == []
    girl = [v.text for v in ES["night.little_girl.sleep"].variants]
    assert matching(r"guárdatelo|ni una palabra de más|no le cuentes", girl) == []


def test_the_help_speaks_to_its_reader_and_the_table_phone_is_a_movil() -> None:
    es = strings("es")
    helps = [t for k, t in es.items() if k.startswith("help.")]
    assert matching(r"\b(sois|os|elegís|despertáis|conocéis|vuestr\w*)\b", helps) == []
    assert matching(r"dispositivo", list(es.values()) + [v.text for v in ES["table.takeover"].variants]) == []
    assert "«–»" in es["setup.gender_note"]


# -- the second native read: what was left ---------------------------------------------------------------------
GONE = sorted(s for s, spec in CATALOGUE.items() if "gone" in spec.facts)
TASK = (r"elig|elegi|escog|\btoca\b|móvil|pantalla|señal|\?|\bcura|venen|poci|víctima|proteg|infect|conviert|"
        r"hechiz|encant|olfat|olisque|espí|espia|modelo|bando|denunci|\bmatar?\b|presa|devor|quién|a quien|cambi")


@pytest.mark.parametrize("scene", GONE)
def test_a_card_shown_dead_is_called_without_a_task(scene: str) -> None:
    """Every player holding the card is dead and the table saw it: «Toca en el móvil a un jugador para librarlo de
    los lobos» would give a dead protector a task; the pause only keeps the rhythm, in every way to play, and calls
    nobody (read_de_A6, A: «abre los ojos» to a card lying face up)."""
    spec = CATALOGUE[scene]
    call = r"abre los ojos|despierta" if scene.endswith(".wake") else r"cierra los ojos|a dormir|dormirte"
    for mode in spec.modes:
        for narrator in spec.narrated:
            if narrator == "yes" and mode != ONE:
                continue
            for night in spec.nights:
                lines = fitting(scene, mode=mode, narrator=narrator, night=night, pack="many", gone="yes")
                assert len(lines) >= 20 and matching(TASK, lines) == [], (mode, narrator, night)
                assert [t for t in lines if re.search(call, t, re.IGNORECASE)] == []


def test_a_narrated_witch_is_told_the_victim_is_the_one_the_narrator_shows() -> None:
    """«Curar a la víctima» alone leaves her asking which: the narrator holds the device and shows it to her."""
    witch = fitting("night.witch.wake", night="first", **NARRATED)  # said the first night; later ones are short
    shown = r"narrador.{0,40}(enseñ|muestr)|(enseñ|muestr)\w*.{0,40}narrador"
    assert len(witch) >= 20 and [t for t in witch if not (re.search(shown, t) and "víctima" in t)] == []


def test_a_turn_is_given_with_its_pronoun() -> None:
    """«Toca {player}» reads as "touch {player}": a turn is «Le toca a…» or «Te toca, …»."""
    said_by_all = [v.text for scene in ES.values() for v in scene.variants]
    assert matching(r"(^|[.:] )Toca (empezar a )?\{player", said_by_all) == []
    assert matching(r"igual que la anterior", [v.text for v in ES["round.again"].variants]) == []


def test_the_wolf_father_and_the_raven_are_asked_in_whole_clauses() -> None:
    """«¿dejas que mate o reclutas…?» leaves out who kills; «a quién denuncias o a nadie» has no verb for nadie."""
    father = [v.text for s in ("night.wolf_father.wake",) for v in ES[s].variants]
    raven = [v.text for v in ES["night.raven.wake"].variants]
    assert matching(r"dejas que mate\b|reclutas", father) == [] and matching(r"denuncias o a nadie", raven) == []


# -- the third native read (read_es_A3, read_es_B3) --------------------------------------------------------------
EVERY = [v.text for scene in ES.values() for v in scene.variants]


def test_what_the_table_saw_this_evening_is_said_in_the_present_perfect() -> None:
    """Madrid says «ya lo habéis visto», «le ha tocado», «ha caído el último»: the indefinido of «ya lo visteis», «le
    tocó la bruja», «quien ganó antes» is heard as another Spanish. The story's earlier nights keep theirs («la
    primera noche, Cupido eligió…»)."""
    seen = r"\bvisteis\b|nadie vio\b|\ble (tocó|cayó)\b|quien ganó|\benseñó |salió a la luz|^Cayó el|^Terminó|jugó su"
    assert matching(seen, EVERY) == []
    assert matching(r"\bfiéis\b", EVERY) == []


def test_the_day_vote_is_an_expulsion_as_the_product_names_it() -> None:
    """The product's button is «Expulsar»: «ejecutado», «a la horca», «patíbulo», «destierra» are other games."""
    screens = list(strings("es").values())
    assert matching(r"ejecut|horca|patíbulo|destierr|ahorc|\bsoga\b", EVERY + screens) == []
    assert matching(r"contra quien más sospech", EVERY) == []


@pytest.mark.parametrize("mode", [ONE, OWN])
def test_a_call_says_what_its_pronoun_stands_for(mode: str) -> None:
    """«coge el móvil y ponlo entre dos jugadores» puts the phone between them; «elígelo en el móvil y vuelve a
    dejarlo» says «lo» of two things; «toca en el móvil a quién» and «o no denuncies a nadie» are clipped."""
    dog = fitting("night.dog_handler.wake", mode=mode, night="later")
    assert len(dog) >= 20
    assert matching(r"móvil[^.]*\b(ponlo|lo (dejas|mandas|pones|tumbas)|déjalo)\b", dog) == []
    guard = fitting("night.guard.wake", mode=mode, night="later")
    assert matching(r"elígelo[^.]*dejarlo", guard) == []
    raven = fitting("night.raven.wake", mode=mode, night="later")
    assert matching(r"móvil a quién[,.]|o no denuncies", raven) == []


@pytest.mark.parametrize("mode", [ONE, OWN])
def test_the_fox_is_always_told_to_sniff_someone(mode: str) -> None:
    fox = fitting("night.fox.wake", mode=mode, night="later")
    assert len(fox) >= 20 and [t for t in fox if not re.search(r"elig|olfate|husme|rastre|\?", t, re.IGNORECASE)] == []


def test_the_charmed_and_the_infected_are_told_in_good_grammar() -> None:
    """«La flauta los tenía atrapados: Ana y Carla» agrees with nobody when all are women; «un lobo más del que
    decían las cartas» wants «de lo que»."""
    charmed = [said(t, players=Seats((1, 4))) for t in fitting("end.story.charmed")]
    assert matching(r"\blos (tenía|que)\b|unos cuantos|atrapados|\btodos\b", charmed) == []
    assert matching(r"más del que", [v.text for v in ES["end.story.infected"].variants]) == []


def test_a_reminder_never_brings_the_dawn_in_the_middle_of_the_night() -> None:
    """«El alba ya asoma por el monte» was said at the third step of ten: a reminder keeps to the step's time."""
    assert matching(r"alba|amanec|asoma|gallo", [v.text for v in ES["night.reminder"].variants]) == []


def test_what_was_just_said_is_not_said_again_nor_contradicted() -> None:
    """«no sabéis cuántos colmillos tiene» comes right before the deal counts the wolves; «se apaga de tristeza. Ha
    muerto de pena» says it twice; «se lleva su secreto, pero no su carta» takes back its own words."""
    welcome = [t for pack in ("many", "some") for t in fitting("game.welcome", pack=pack, game="first")]
    assert matching(r"cuántos|cuántas", welcome) == []
    grief = fitting("death.also", cause="grief", gender="unsaid")
    assert [t for t in grief if len(re.findall(r"pena|tristeza|de amor", t)) > 1] == []
    assert matching(r"su secreto, pero no su carta", fitting("day.vote.reveal", gender="unsaid")) == []


def test_a_pack_is_not_counted_by_day_where_one_may_be_left() -> None:
    """pack: many holds when one wolf is left unseen: «y no es el único» counts him; the lone wolf's number win does
    not say no villager is left («Ya no quedan vecinos para votar contra el lobo» while one still lives)."""
    assert matching(r"no es el único|más de uno\b", fitting("day.debate", pack="many")) == []
    assert matching(r"no quedan vecinos para", fitting("end.wolves.number", pack="one")) == []


def test_the_debate_does_not_open_twice_with_the_same_words() -> None:
    """«Hora de hablar. Los lobos están…», «Hora de hablar. La manada se sienta…», «Hablad. Los lobos se sientan…»
    were heard 11 times in 22 games: one opener and one image each, in each count."""
    for pack in ("one", "many", "some"):
        debate = fitting("day.debate", pack=pack)
        openers = [" ".join(re.findall(r"\w+", t)[:4]) for t in debate]
        assert len(matching(r"^Hora de hablar", debate)) <= 1, pack
        assert len(matching(r"se sientan? a esta misma mesa", debate)) <= 1, pack
        assert len(matching(r"^Es hora de desenmascarar", debate)) <= 1, pack
        assert len(set(openers)) == len(openers), pack


def test_the_demos_last_line_starts_no_sentence_after_a_colon() -> None:
    """«Gana la aldea: No queda con vida…»: in Spanish a colon is followed by lower case; the reason is a sentence of
    its own on the end screen, so the summary gives it one."""
    es = strings("es")
    for reason in [k for k in es if k.startswith("reason.")]:
        line = es["cli.demo_end"].format(seed=7, winner=es["end.village"], reason=es[reason], nights=3)
        assert not re.search(r": [A-ZÁÉÍÓÚÑ]", line), line


def test_a_narrated_seer_is_answered_with_the_narrators_thumb() -> None:
    """The product text: «el narrador le responde con el pulgar arriba (pueblo) o abajo (lobo)». «Mira la pantalla»
    in one line and the thumb in the next leaves her unsure where to look; the witch nods, the thumb is the seer's."""
    seer = fitting("night.seer.wake", night="later", **NARRATED)
    assert len(seer) >= 20 and matching(r"pantalla", seer) == []
    assert matching(r"pulgar", fitting("night.witch.wake", **NARRATED)) == []
    en = [SCRIPT.scenes["en"]["night.seer.wake"].variants[i].text
          for i in Lines(SCRIPT, "en", Picker(0)).fitting("night.seer.wake", Moment(night="later", **NARRATED))]
    assert len(en) >= 20 and [t for t in en if "screen" in t] == []


def test_a_turn_never_calls_a_seat_with_its_article() -> None:
    """«Te toca, el jugador quince.» and the bare «El jugador catorce.»: a seat word is no vocative nor a turn."""
    turns = [said(t, player=Seat(15)) for p in ("first", "middle", "last")
             for t in fitting("round.turn", mode=ROUND, position=p)]
    assert matching(r"^El jugador quince[.,]|^(Te toca|Adelante|Venga|Vamos), el jugador", turns) == []


def test_a_revealed_card_does_not_claim_what_the_story_may_tell() -> None:
    """«De Carla no hay secreto que destapar», then the infected's story; «ha jugado toda la partida con esta carta»
    of a player dead on the first night; «Cae la máscara» of a villager; «escondía bien su juego: era un aldeano»."""
    reveal = [t for p in ("first", "middle", "last") for seen in ("yes", "no")
              for t in fitting("end.reveal", position=p, revealed=seen, gender="f")]
    assert matching(r"no hay secreto|nada nuevo|ya no (guardaba|tenía) secretos|no escondía nada|toda la partida"
                    r"|escondía bien su juego|ya no quedaba ninguno", reveal) == []
    assert matching(r"cae la máscara", fitting("day.vote.reveal", gender="f")) == []
    assert matching(r"no son más que", [t for pack in ("one", "many", "some")
                                        for t in fitting("end.wolves.number", pack=pack)]) == []


def test_the_dog_is_told_as_what_happened_in_the_night() -> None:
    """«El perro está tumbado entre Inés y Juan» right after Inés was said dead: the night is told as done."""
    dawn = [v.text for s in ("dawn.dog.growl", "dawn.dog.calm") for v in ES[s].variants]
    assert len(dawn) >= 40 and matching(r"\b(está|duerme|vigila|descansa) (tumbado )?entre|perro está\b", dawn) == []


def test_the_procedure_is_explained_once_and_said_where_it_happens() -> None:
    """«Aquí nadie cierra los ojos: el móvil da la vuelta…» on night ten; «La última carta está tapada» where each
    player covered their own."""
    assert matching(r"nadie cierra los ojos", fitting("round.start", mode=ROUND, night="later")) == []
    assert matching(r"última carta", fitting("deal.done", mode=OWN)) == []


@pytest.mark.parametrize("mode", [ONE, OWN])
def test_every_call_asks_its_question_in_words(mode: str) -> None:
    """«¿sí o no?», «coge el móvil» alone, «¿Será esta noche? Márcalo», «Elígelo» of the wolf inside, «a quiénes
    arrastra… dos», «toca sus hombros»."""
    servant = fitting("night.servant.wake", mode=mode, night="later")
    assert matching(r"ojos: ¿sí o no\?$", servant) == []
    white = fitting("night.white_werewolf.wake", mode=mode, night="later", pack="many")
    assert matching(r"¿Hace bien\? Abre los ojos (y coge el móvil|y mira tu móvil)\.$", white) == []
    father = fitting("night.wolf_father.wake", mode=mode, night="later", pack="many")
    assert matching(r"¿Será esta noche\? Márcalo|abre los ojos y mira tu móvil\.$", father) == []
    assert matching(r"llevas dentro seguirá dormido\. Elígelo", fitting("night.wild_child.wake", mode=mode,
                                                                         night="first")) == []
    piper = fitting("night.pied_piper.wake", mode=mode, night="later")
    assert matching(r"a quiénes arrastra|toca sus hombros|despídete de ellos", piper) == []


def test_a_players_own_screen_does_not_mix_tu_and_vosotros() -> None:
    """A dead player's phone showed «Has muerto: mira en silencio.» over «Ojos cerrados. Escuchad al narrador.»: the
    listening screens are read by the table and by one player alike, so they address nobody."""
    es = strings("es")
    for key in ("night.waiting", "listen.day", "listen.deal"):
        assert not re.search(VOSOTROS, es[key], re.IGNORECASE) and not re.search(TU, es[key], re.IGNORECASE), key
    assert "es no, 3" not in es["refusal.house.day_timer_minutes"]
    assert "no para {n}" not in es["cli.option.players"]


def test_cupid_in_his_own_pair_is_not_told_as_a_third_person() -> None:
    """«Óscar guardaba un secreto: era Cupido.» … «Óscar e Irene eran la pareja de Cupido.» (own: yes); after the
    lovers' win the table knows the pair: no «secreto», «sin que nadie lo supiera»."""
    own = [said(t, players=Seats((5, 4))) for t in fitting("end.story.lovers", own="yes", won="yes")]
    assert len(own) >= 20 and matching(r"pareja de Cupido|que eligió Cupido|Cupido tenía su pareja", own) == []
    assert all("Óscar e Inés" in line and "Cupido" in line for line in own)
    told = fitting("end.story.lovers", own="no", won="yes")
    assert len(told) >= 20 and matching(r"secreto|nadie lo supiera|nadie ha visto|ya podéis saberlo", told) == []


def _gone_calls() -> list[tuple[str, list[str]]]:
    """Each night call said again and again of a card shown dead (gone: yes, on later nights): its lines."""
    out = []
    for scene in sorted(ES):
        spec = CATALOGUE.get(scene)
        if spec is None or "gone" not in spec.facts or "later" not in spec.nights:
            continue
        out.append((scene, [v.text for v in ES[scene].variants if any(k == "gone" for k, _ in v.when)]))
    return out


def test_a_dead_cards_call_paints_a_new_picture_each_night() -> None:
    """Issue 35: a dead card's call said one picture four ways («Una vela tiembla junto a la bola de cristal.
    Vidente, abre los ojos.» / «… Abre los ojos, vidente.»): five pictures a card, heard again every few nights.
    Now every line of a recurring call has its own picture, short, with no task."""
    calls = _gone_calls()
    assert len(calls) >= 20, [s for s, _ in calls]
    for scene, texts in calls:
        pictures = [t.split(". ")[0] for t in texts]
        assert len(texts) >= 20 and len(set(pictures)) == len(texts), (scene, sorted(pictures))
        assert all(len(t) <= 110 and not re.search(r"\belige\b|\bmóvil\b|\btoca\b", t) for t in texts), scene
