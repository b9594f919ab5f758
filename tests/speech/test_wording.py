"""The words a line is filled with (narrator/speech/wording.py): lists of players, seat words, role words in
their case and gender, contractions, counts, ordinals, an address said digit by digit, Spanish "e" and "u",
and every filled-in line of the shipped script with every card, names and seat words (issue 19)."""

from __future__ import annotations

import re
import string

import pytest

from engine.roles import ROLES
from narrator.speech.lines import (
    Cards,
    Digits,
    Lines,
    Number,
    Part,
    RoleName,
    Seat,
    Seats,
)
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)


def lines(lang: str, names: list[str] | None = None) -> Lines:
    return Lines(SCRIPT, lang, Picker(1), names or [])


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Ana, Ben and Carla"), ("de", "Ana, Ben und Carla"), ("es", "Ana, Ben y Carla")])
def test_lists_read_naturally(lang: str, expected: str) -> None:
    assert lines(lang, ["Ana", "Ben", "Carla"]).words.players([1, 2, 3]) == expected


def test_spanish_says_e_before_an_i_sound() -> None:
    assert lines("es", ["Ana", "Inés"]).words.players([1, 2]) == "Ana e Inés"
    assert lines("es", ["Ana", "Hilario"]).words.players([1, 2]) == "Ana e Hilario"
    assert lines("es", ["Ana", "Hielo"]).words.players([1, 2]) == "Ana y Hielo"


# -- the placeholder grammar ------------------------------------------------------------------------

def render(lang: str, template: str, names: list[str] | None = None, **values: object) -> str:
    return lines(lang, names).render(template, values)[0]


def test_spanish_contracts_a_and_de_with_the_seat_word_but_not_with_a_name() -> None:
    template = "Esta mañana enterramos a {player}"
    assert render("es", template, player=Seat(3)) == "Esta mañana enterramos al jugador tres"
    assert render("es", template, ["Ana"], player=Seat(1)) == "Esta mañana enterramos a Ana"
    assert render("es", "Los votos de {player}", player=Seat(2)) == "Los votos del jugador dos"
    assert render("es", "Los votos de {player}", ["Elena", "Eladio"], player=Seat(2)) == "Los votos de Eladio"
    assert render("es", "Para {player}", player=Seat(2)) == "Para el jugador dos"  # "para" ends in a, no contraction


def test_spanish_contracts_de_with_a_role_said_with_el() -> None:
    assert render("es", "la carta de {role:the}", role=RoleName("hunter")) == "La carta del cazador"
    assert render("es", "la carta de {role:the}", role=RoleName("seer")) == "La carta de la vidente"
    assert render("es", "A {role:the} le toca", role=RoleName("guard")) == "Al protector le toca"


def test_a_contracted_line_keeps_its_parts() -> None:
    _, parts = lines("es").render("Esta mañana enterramos a {player}.", {"player": Seat(3)})
    assert parts == (Part("text", "Esta mañana enterramos"), Part("text", "al jugador"), Part("text", "tres"),
                     Part("pause", "."))
    _, parts = lines("es", ["Ana"]).render("Esta mañana enterramos a {player}.", {"player": Seat(1)})
    assert parts == (Part("text", "Esta mañana enterramos a"), Part("name", "Ana", 1), Part("pause", "."))


def test_a_line_starting_with_the_spanish_seat_word_starts_with_a_capital() -> None:
    assert render("es", "{player} ha muerto.", player=Seat(4)) == "El jugador cuatro ha muerto."
    assert render("es", "¿{player}? Sí.", player=Seat(4)) == "¿El jugador cuatro? Sí."


def test_german_roles_take_their_case() -> None:
    assert render("de", "{player} spielte {role:acc}", ["Ana", "Ben"], player=Seat(2),
                  role=RoleName("villager", 3)) == "Ben spielte einen Dorfbewohner"
    assert render("de", "mit {role:dat}", role=RoleName("seer")) == "Mit der Seherin"
    assert render("de", "mit {role:dat}", role=RoleName("werewolf", 2)) == "Mit einem Werwolf"
    assert render("de", "{role:the_acc} und {role:the_dat}",
                  role=RoleName("raven")) == "Den Denunzianten und dem Denunzianten"
    assert render("de", "{role}", role=RoleName("sister")) == "Eine der beiden Schwesternkarten"


def test_english_roles_take_a_or_an() -> None:
    assert render("en", "{role}", role=RoleName("elder", 2)) == "An elder"
    assert render("en", "Ana was {role}.", role=RoleName("werewolf", 2)) == "Ana was a werewolf."
    assert render("en", "Ana was {role:the}.", role=RoleName("seer")) == "Ana was the seer."
    assert lines("en").words.role("brother") == "one of the brothers' cards"  # the card; a man's person form: a.m


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Two werewolves, the seer and the witch"),
    ("de", "Zwei Werwölfe, die Seherin und die Hexe"),
    ("es", "Dos hombres lobo, la vidente y la bruja")])
def test_the_cards_in_play_are_counted_in_words(lang: str, expected: str) -> None:
    cards = Cards(("werewolf", "seer", "werewolf", "witch"))
    assert render(lang, "{roles}", roles=cards) == expected
    assert render(lang, "{roles}", roles={"werewolf": 2, "seer": 1, "witch": 1}) == expected


@pytest.mark.parametrize(("lang", "template", "role", "copies", "expected"), [
    ("de", "{player} war {role}.", "seer", 1, "Luis war die Seherin."),
    ("de", "Sie zeigt {role:acc}.", "hunter", 1, "Sie zeigt den Jäger."),
    ("de", "{player} war {role}.", "werewolf", 2, "Luis war ein Werwolf."),
    ("de", "Sie zeigt {role:acc}.", "villager", 4, "Sie zeigt einen Dorfbewohner."),
    ("de", "{player} hatte {role:acc}.", "sister", 2, "Luis hatte eine der beiden Schwesternkarten."),
    ("de", "{player} spielte {role:acc}.", "brother", 3, "Luis spielte eine der drei Brüderkarten."),
    ("es", "{player} era {role}.", "seer", 1, "Luis era la vidente."),
    ("es", "{player} tenía la carta de {role}.", "hunter", 1, "Luis tenía la carta del cazador."),
    ("es", "{player} tenía la carta de {role}.", "werewolf", 3, "Luis tenía la carta de un hombre lobo."),
    ("es", "{player} era {role}.", "villager", 2, "Luis era un aldeano."),
    ("es", "{player} tenía {role}.", "sister", 2, "Luis tenía una de las cartas de las hermanas."),
    ("es", "{player} tenía {role}.", "brother", 3, "Luis tenía una de las cartas de los hermanos."),
    ("en", "{player} was {role}.", "seer", 1, "Luis was the seer."),
    ("en", "{player} was {role}.", "werewolf", 2, "Luis was a werewolf.")])
def test_a_card_dealt_once_is_the_card_and_a_card_with_copies_one_of_them(
        lang: str, template: str, role: str, copies: int, expected: str) -> None:
    assert render(lang, template, ["Luis"], player=Seat(1), role=RoleName(role, copies)) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "A werewolf, the seer, the witch and two villagers"),
    ("de", "Ein Werwolf, die Seherin, die Hexe und zwei Dorfbewohner"),
    ("es", "Un hombre lobo, la vidente, la bruja y dos aldeanos")])
def test_a_single_card_of_a_kind_that_comes_in_copies_is_counted(lang: str, expected: str) -> None:
    cards = Cards(("werewolf", "seer", "witch", "villager", "villager"), frozenset(("werewolf", "villager")))
    assert render(lang, "{roles}", roles=cards) == expected


def test_the_cards_keep_their_parts_for_a_pack() -> None:
    _, parts = lines("de").render("{roles}.", {"roles": Cards(("werewolf", "werewolf", "seer"))})
    assert parts == (Part("text", "zwei"), Part("text", "Werwölfe"), Part("text", "und"), Part("text", "die Seherin"),
                     Part("pause", "."))


@pytest.mark.parametrize(("lang", "template", "expected"), [
    ("en", "The {night} night.", "The first night."),
    ("de", "Die {night} Nacht.", "Die erste Nacht."),
    ("de", "In der {night:dat} Nacht.", "In der ersten Nacht."),
    ("es", "La {night}.", "La primera noche.")])
def test_nights_are_ordinals(lang: str, template: str, expected: str) -> None:
    assert render(lang, template, night=Number(1)) == expected
    assert render(lang, template, night=1) == expected  # the narrator passes a Number, a test may pass the int


def test_later_nights_are_ordinals_too() -> None:
    assert render("en", "the {night} night", night=21) == "The twenty-first night"
    assert render("de", "in der {night:dat} Nacht", night=7) == "In der siebten Nacht"
    assert render("es", "la {night}", night=12) == "La duodécima noche"
    assert render("es", "la {night}", night=18) == "La noche número dieciocho"  # as a Madrid table says it (fix46)
    assert render("en", "night {night}", night=41) == "Night 41"  # past the last ordinal: the number


def test_spanish_seat_label_has_no_article_but_the_line_does() -> None:
    assert lines("es").player(4) == "jugador cuatro"
    assert render("es", "Adiós, {player}.", player=Seat(4)) == "Adiós, el jugador cuatro."


def test_role_words_know_their_gender() -> None:
    de, es = lines("de"), lines("es")
    assert (de.words.gender("seer"), de.words.gender("little_girl"), es.words.gender("hunter")) == ("f", "n", "m")
    assert lines("en").words.gender("seer") == ""


ADDRESS_SAID = {  # 192.168.1.23, port 8765: digit by digit, as a native game master says it
    "en": ("one nine two dot one six eight dot one dot two three", "eight seven six five",
           "To join, open wolfcall dot local, or one nine two dot one six eight dot one dot two three, "
           "port eight seven six five."),
    "de": ("eins neun zwei Punkt eins sechs acht Punkt eins Punkt zwei drei", "acht sieben sechs fünf",
           "Zum Mitspielen öffnet ihr wolfcall Punkt local oder eins neun zwei Punkt eins sechs acht Punkt eins Punkt "
           "zwei drei, Port acht sieben sechs fünf."),
    "es": ("uno nueve dos punto uno seis ocho punto uno punto dos tres", "ocho siete seis cinco",
           "Para uniros, abrid wolfcall punto local o uno nueve dos punto uno seis ocho punto uno punto dos tres, "
           "puerto ocho siete seis cinco."),
}


@pytest.mark.parametrize("lang", sorted(ADDRESS_SAID))
def test_an_address_and_a_port_are_said_digit_by_digit(lang: str) -> None:
    address, port, first = ADDRESS_SAID[lang]
    said = lines(lang)
    assert said.value("address", "", Digits("192.168.1.23")) == address
    assert said.value("port", "", Digits("8765")) == port
    values = {"host": "wolfcall", "address": Digits("192.168.1.23"), "port": Digits("8765")}
    text, parts = said.render(SCRIPT.variants(lang, "address.say")[0], values)
    assert text == first
    assert Part("name", "wolfcall") in parts and Part("text", address.split()[0]) in parts  # a pack says each digit
    for _ in range(8):  # every variant names the machine, the address and the port
        line = said.say("address.say", **values)
        assert "wolfcall" in line.text and address in line.text and line.text.endswith(f"{port}.")


def test_spanish_y_and_o_change_before_a_name_in_a_line() -> None:
    names = ["Ana", "Inés", "Óscar", "Hierónimo", "Yolanda", "Hilario", "Horacio"]
    assert render("es", "Y {player} era {role}.", names, player=Seat(2), role=RoleName("seer")) == \
        "E Inés era la vidente."
    assert render("es", "Ana y {player}.", names, player=Seat(6)) == "Ana e Hilario."
    assert render("es", "Ana y {player}.", names, player=Seat(4)) == "Ana y Hierónimo."
    assert render("es", "Ana y {player}.", names, player=Seat(5)) == "Ana y Yolanda."
    assert render("es", "¿Ana o {player}?", names, player=Seat(3)) == "¿Ana u Óscar?"
    assert render("es", "¿Ana o {player}?", names, player=Seat(7)) == "¿Ana u Horacio?"
    assert render("es", "¿Ana o {player}?", names, player=Seat(1)) == "¿Ana o Ana?"
    assert render("es", "Hoy {player}.", names, player=Seat(2)) == "Hoy Inés."  # "hoy" ends in y: not the word
    assert render("de", "Und {player}.", names, player=Seat(2)) == "Und Inés."


# -- every filled-in line with every card, names and seat words (issue 19) ---------------------------------
_GROUPS = {"sister": 2, "brother": 3}
_ARTICLES = {"de": {"m": ("der", "ein", "den", "einen", "dem", "einem", "einer"), "f": ("die", "eine", "der", "einer"),
                    "n": ("das", "ein", "dem", "einem")},
             "es": {"m": ("el", "un", "uno"), "f": ("la", "una")}}
_DOUBLED = {"de": re.compile(r"\b(der|die|das|den|dem|des|ein|eine|einen|einem|einer)\s+"
                             r"(der|die|das|den|dem|ein|eine|einen|einem|einer)\s+(?!Schwestern|Brüder|beiden|drei)",
                             re.I),
            "es": re.compile(r"\b(el|la|los|las|un|una)\s+(el|la|los|las|un|una|del|al)\b", re.I)}
_ES_EUPHONY = re.compile(r"\b(y\s+(h?[ií](?![aeiouáéó])|hi[^aeiouáéíóú])|o\s+h?[oó])", re.I)


def _card_scenes(lang: str) -> list[tuple[str, str]]:
    out = []
    for scene_id, scene in SCRIPT.scenes[lang].items():
        if scene_id.startswith(("roles.", "names.", "numbers.", "ordinals.")):
            continue
        if re.match(r"night\.\w+\.wake$", scene_id):
            continue  # a gone call's {role} is its own card, said with no player (tests/game/test_gone_calls.py)
        out += [(scene_id, v.text) for v in scene.variants if re.search(r"\{(role|roles|night)\b", v.text)]
    return out


def _copies(role: str) -> tuple[int, ...]:
    if role in _GROUPS:
        return (_GROUPS[role],)
    return (1, 2, 3) if ROLES[role].many else (1,)


def _said_form(lang: str, role: str, spec: str, copies: int, person: str = "") -> str:
    """The form `{role:spec}` says, of a card with `copies` in the deal; as what a man or a woman (`person`) was,
    where the word has such a form ("der Seher")."""
    form = {"": "a", "acc": "acc", "dat": "dat"}.get(spec, spec)
    if copies <= 1:
        form = {"a": "the", "acc": "the_acc", "dat": "the_dat"}.get(form, form)
    return (SCRIPT.form(lang, f"roles.{role}", f"{form}.{person}") if person else None) or \
        SCRIPT.form(lang, f"roles.{role}", form) or SCRIPT.form(lang, f"roles.{role}", "a") or ""


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_role_form_agrees_with_its_gender(lang: str) -> None:
    """The words themselves: "der/ein Jäger", "die/eine Seherin", "el/un cazador", "la/una vidente". A card of a group
    is named as a card ("eine der drei Brüderkarten": a man may hold a sister's card), and `gender` is the person its
    own form speaks of ("einer der Brüder", a.m): that form is the one that agrees."""
    cards = [r for r in ROLES if ROLES[r].card]
    wrong = []
    for role in cards:
        gender = SCRIPT.form(lang, f"roles.{role}", "gender") or ""
        for form in ("a", "the", "acc", "the_acc", "dat", "the_dat"):
            word = SCRIPT.form(lang, f"roles.{role}", f"{form}.{gender}") or SCRIPT.form(lang, f"roles.{role}", form)
            if word is None or word in ("Amor", "Cupido"):
                continue
            first = word.split()[0].lower()
            if first not in _ARTICLES[lang][gender]:
                wrong.append(f"roles.{role}.{form}: {word!r} ({gender})")
    assert not wrong, wrong


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_filled_in_line_agrees_with_every_card_name_and_seat_word(lang: str) -> None:
    """Render every line that names a card or a night with every card (dealt once and with copies), names
    and seat words; check the article the deal asks for, no doubled article, contractions, "e"/"u"."""
    names = ["Ana", "Inés", "Óscar", "Hilario"]
    wrong: list[str] = []
    seat_word = {"de": "Spieler drei", "es": "jugador tres"}[lang]
    for scene, template in _card_scenes(lang):
        specs = [spec or "" for _, field, spec, _ in string.Formatter().parse(template) if field == "role"]
        own = scene.split(".")[0]  # a role's own scene names its own card (village_idiot.pardoned)
        for role in (r for r in ROLES if ROLES[r].card and (own not in ROLES or r == own)):
            for copies in _copies(role):
                for who in ([], names):
                    for seat in ((3,) if not who else (1, 2, 3, 4)):
                        values = {"player": Seat(seat), "role": RoleName(role, copies), "night": 3,
                                  "roles": Cards((role,) * copies, frozenset((role,)) if ROLES[role].many else
                                                 frozenset()),
                                  "players": Seats((1, seat) if seat != 1 else (2, 1)), "minutes": 5, "number": 2}
                        text = render(lang, template, who, **values)
                        low = text.lower()
                        problems = []
                        # a card said of the player agrees with the unnamed seat's word ("Spieler drei war der
                        # Seher"); named players here said nothing, so the card keeps its own word
                        person = "m" if "{player}" in template and not who else ""
                        for spec in specs:
                            form = _said_form(lang, role, spec, copies, person).lower()
                            said = {form, re.sub(r"^el ", "del ", form), re.sub(r"^el ", "al ", form)}
                            if not any(f in low for f in said):
                                problems.append(f"expected {form!r}")
                        the = (SCRIPT.form(lang, f"roles.{role}", "the") or "").lower()
                        if copies > 1 and "{role" in template and the != _said_form(lang, role, "", 2).lower() and \
                                re.search(r"\b(" + re.escape(the) + "|" + re.escape(re.sub(r"^el ", "del ", the)) +
                                          r")\b", low):
                            problems.append(f"{the!r}, one card of several")
                        if _DOUBLED[lang].search(text):
                            problems.append("a doubled article")
                        if lang == "es" and re.search(r"\b(de|a) el\b", low):
                            problems.append("'de el'/'a el' not contracted")
                        if lang == "es" and _ES_EUPHONY.search(text):
                            problems.append("'y'/'o' before an i-/o-sound")
                        if "{player}" in template and not who and seat_word.lower() not in low:
                            problems.append(f"no {seat_word!r}")
                        if not text[:1].isupper() and not text.startswith(("¿", "¡")):
                            problems.append("no capital")
                        if problems:
                            wrong.append(f"{scene} ({role}×{copies}): {text!r}: {', '.join(problems)}")
    assert not wrong, wrong[:20]
