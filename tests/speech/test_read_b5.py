"""The voice after the German native read B5 of stop 45 (issue 35, read_de_B5.md): each test renders, on the shipped
scripts, the variants the narrator may pick at that moment (`Lines.fitting`) as the table hears them, and checks
what a native table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
NAMES = ("Pia", "Ben", "Kim")  # a woman, a man, a player who did not say; seat 4 has only its seat word
GENDERS = ("f", "m", "")
KINDS = {"woman": 1, "man": 2, "unsaid": 3, "seat word": 4}


def said(lang: str, scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


# -- the round table's turns: a woman, a man, a name without gender and a seat word --------------------------------
# words that say the player is a man ("Der Nächste ist Elke", "el siguiente es Ana") or a woman
# (German pronouns are left out: "ihn" of the screen is no man)
MAN = {"de": re.compile(r"\b[Dd](?:er|en|em) (?:Nächste|Letzte|Erste|Einzige)\b|"
                        r"\b(?:Nächster|Letzter|Erster)\b(?! [A-Z])"),
       "es": re.compile(r"\b[Ee]l (?:siguiente|último|primero|próximo)\b(?! (?:turno|en|de la))|\b(?:él|listo)\b"),
       "en": re.compile(r"\b(?:he|him|his)\b", re.I)}
WOMAN = {"de": re.compile(r"\b[Dd](?:ie|er) (?:Nächste|Letzte|Erste|Einzige)\b"),
         "es": re.compile(r"\b[Ll]a (?:siguiente|última|primera|próxima)\b(?! (?:vuelta|ronda))|\b(?:ella|lista)\b"),
         "en": re.compile(r"\b(?:she|her|hers)\b", re.I)}


@pytest.mark.parametrize("lang", ["de", "es", "en"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_turn_fits_a_woman_a_man_a_name_without_gender_and_a_seat_word(lang: str, kind: str) -> None:
    """Read de B5, 1: "Der Nächste ist Elke." (the short turn forms of a later night, said of anyone). Every
    round.turn variant, at every place and night, said of each kind of name."""
    lines = [line for where in ("first", "middle", "last") for night in ("first", "later")
             for line in said(lang, "round.turn", Moment(mode="round_table", position=where, night=night),
                              KINDS[kind])]
    assert len(lines) >= 100
    wrong = [line for line in lines if (kind != "man" and MAN[lang].search(line))
             or (kind != "woman" and WOMAN[lang].search(line))]
    assert wrong == [], wrong


def test_the_last_turn_is_not_a_full_stop() -> None:
    """Read de B5, 19: "du bist der Schlusspunkt dieser Runde" (bureaucratic)."""
    lines = said("de", "round.turn", Moment(mode="round_table", position="last", night="first"), 2)
    assert lines and [line for line in lines if "Schlusspunkt" in line] == []


@pytest.mark.parametrize("lang", ["de", "es", "en"])
def test_the_dawn_does_not_say_again_where_the_device_lies(lang: str) -> None:
    """Read de B5, 5: round.done ("Legt es in die Mitte.") and right after it round.dawn "Das Gerät liegt in der
    Mitte, und das Dorf versammelt sich." at ~40 % of round-table dawns."""
    device = re.compile(r"Gerät|móvil|device|phone", re.I)
    lines = said(lang, "round.dawn", Moment(mode="round_table"))
    assert len(lines) >= 15 and [line for line in lines if device.search(line)] == []


# -- grammar, and what a line says of the task ---------------------------------------------------------------------
def test_the_wolf_fathers_call_says_whom_he_turns() -> None:
    """Read de B5, 3: "Kannst du noch verwandeln, entscheide, …" ("verwandeln" needs an object)."""
    lines = [line for mode in ("one_device", "round_table", "own_devices") for night in ("first", "later")
             for line in said("de", "night.wolf_father.wake", Moment(mode=mode, night=night, narrator="no"))]
    assert lines and [line for line in lines if re.search(r"[Kk]annst du noch (verwandeln|infizieren)\b",
                                                          line)] == []


def test_the_charmed_are_called_as_one_plural() -> None:
    """Read de B5, 4: "Wen der Flötenspieler eben berührt hat, und alle, die …: Öffnet die Augen" (singular and
    plural as one vocative)."""
    lines = said("de", "night.charmed.wake", Moment(mode="one_device", narrator="no"))
    assert lines and [line for line in lines if re.match(r"Wen [^:]*, und alle", line)] == []


@pytest.mark.parametrize("seat", list(KINDS.values()))
def test_the_raven_names_the_house_of_a_known_player(seat: int) -> None:
    """Read de B5, 9: "… an der Tür von Katrin. Wer dort wohnt, hat …" (as if nobody knew who lives there)."""
    lines = said("de", "dawn.raven", Moment(), seat)
    assert lines and [line for line in lines if "Wer dort wohnt" in line] == []


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_the_witch_is_not_told_she_may_use_only_one_potion(mode: str) -> None:
    """Read de B5, 10: "Willst du einen davon?" said in the extended rules too, where she may use both in one night
    (the witch's call does not know the ruleset, so no shared line counts her potions)."""
    lines = said("de", "night.witch.wake", Moment(mode=mode, night="later", narrator="no"))
    assert lines and [line for line in lines if re.search(r"\beine[nr]? (davon|deiner Tränke)\b", line)] == []


def test_the_small_night_wording_reads_right() -> None:
    """Read de B5, 11-13: the fox's "Deine Nase ruht sich aus" (heard as the lost sense), the dog handler's "in die
    Lücke daneben" (next to what?), the little girl's "solange du dann …" and "so lange blinzelst du nachher"."""
    fox = said("de", "night.fox.sleep", Moment(mode="own_devices", night="later"))
    dog = said("de", "night.dog_handler.wake", Moment(mode="own_devices", night="later"))
    girl = said("de", "night.little_girl.wake", Moment(mode="own_devices", night="later"))
    assert fox and [line for line in fox if "Nase ruht" in line] == []
    assert dog and [line for line in dog if "Lücke daneben" in line] == []
    assert girl and [line for line in girl if re.search(r"solange du dann|so lange blinzelst du nachher", line)] == []


# -- what the table already knows -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", list(KINDS.values()))
def test_a_card_shown_before_is_not_news_at_the_vote(seat: int) -> None:
    """Read de B5, 6: the pardoned village idiot voted out a second time: "Ob richtig oder falsch, jetzt wisst ihr
    es: Ida war die Dorfnärrin." (her card was shown when she was pardoned)."""
    idiot = RoleName("village_idiot")
    known = said("de", "day.vote.reveal", Moment(revealed="yes"), seat, role=idiot)
    news = said("de", "day.vote.reveal", Moment(revealed="no"), seat, role=idiot)
    assert len(known) >= 6 and not set(known) & set(news)
    assert [line for line in known if re.search(r"jetzt wisst|[Jj]etzt ist es|Wahrheit|Gewissheit|erfährt|zeigt sich|"
                                                r"wird (aufgedeckt|umgedreht)|[Aa]ufgedeckt wird", line)] == []


def test_a_card_shown_seconds_ago_is_not_long_known() -> None:
    """Read de B5, 7: "Aufgedeckt wird die Karte von Anna: die Älteste." then, 8 seconds later, "Bei Anna ist es
    schon längst heraus: die Älteste." (and "alte Bekannte", "längst aufgedeckt")."""
    lines = [line for where in ("first", "middle", "last") for seat in (1, 2, 3, 4)
             for line in said("de", "end.reveal", Moment(position=where, revealed="yes"), seat,
                              role=RoleName("elder"))]
    assert lines and [line for line in lines if re.search(r"längst|alte Bekannte|lange", line)] == []


def test_one_hears_the_same_words_once_across_a_shot() -> None:
    """Read de B5, 8: "Ein Schrei hallt durchs Dorf." then "Ein lauter Schuss hallt durchs Dorf."; the hunter's
    call "Ein Schuss noch, Sascha." then "Ein Schuss, ein Treffer."; "Gleich wird es dunkel im Dorf." then "Jetzt
    wird es dunkel im Dorf."; Cupid's "zwei Herzen" then the lovers' "Zwei Herzen, ein Schicksal"."""
    shot = said("de", "hunter.shot", Moment(), 2)
    assert shot and [line for line in shot if re.search(r"hallt|^Ein( \w+)? Schuss", line)] == []
    night = said("de", "night.start", Moment(night="first", mode="own_devices"))
    assert night and [line for line in night if "dunkel im Dorf" in line] == []
    lovers = said("de", "night.lovers.wake", Moment(night="first", mode="own_devices"))
    assert lovers and [line for line in lovers if re.search(r"[Zz]wei Herzen", line)] == []


def test_the_end_words_read_right() -> None:
    """Read de B5, 15-17: "Die beiden Letzten sind die beiden Verliebten"; "spielte eine der beiden
    Schwesternkarten" (one has a card, one plays a role); the white wolf's win that never says it was the white
    wolf (his card comes thirty cards later)."""
    lovers = said("de", "end.lovers", Moment())
    assert lovers and [line for line in lovers if line.count("beiden") > 1] == []
    sister = [line for scene in ("end.reveal", "day.vote.reveal") for where in ("first", "middle", "last")
              for line in said("de", scene, Moment(position=where, revealed="no"), 2, role=RoleName("sister", 2))]
    assert sister and [line for line in sister if re.search(r"spielte eine|Schwesternkarten gespielt", line)] == []
    for seat in KINDS.values():
        white = said("de", "end.white_werewolf", Moment(), seat)
        assert len(white) >= 20 and [line for line in white if not re.search(r"[Ww]eiße", line)] == []
        assert [line for line in white if re.search(r"Letzte", line)] == []


def test_the_debate_opens_in_many_ways() -> None:
    """Read de B5, 27: "Wer nachts jagt, hört jetzt mit." in 11 of 21 games: a scene said every day needs more."""
    assert len(said("de", "day.debate", Moment())) >= 30
