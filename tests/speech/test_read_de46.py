"""The German (and English) leftovers of the short in-context read of session 46 (a Hamburg game master, three
games on main 8f94360): each test fills in, on the shipped scripts, the lines the narrator may say at the moment
that went wrong, for a woman, a man, a name said without gender and a seat word. The round table's two reminders
in one turn are tested where the night is run (tests/game/test_roundnight.py)."""

from __future__ import annotations

import itertools
import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.scenes import catalogue
from narrator.speech.script import MIDDLE, SHIPPED, load

SCRIPT = load(SHIPPED)
CATALOGUE = catalogue()
# a woman, a man, a name said without gender, and (seat 14, no name) the seat word "Spieler vierzehn"
NAMES = {"de": ("Anna", "Bernd", "Kim", *[""] * 11), "en": ("Ann", "Ben", "Kim", *[""] * 11)}
GENDERS = ("f", "m", "")
SEATS = (1, 2, 3, 14)


def said(lang: str, scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES[lang], GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


def heard(lang: str, scene: str, moment: Moment, seat: int, times: int = 60, **values: object) -> set[str]:
    """The lines the narrator says, one after another, at `moment` (its own choice, as in a game)."""
    lines = Lines(SCRIPT, lang, Picker(3), NAMES[lang], GENDERS)
    return {lines.say(scene, moment, player=Seat(seat), **values).text for _ in range(times)}


# -- round the table: the short turns are whole sentences -------------------------------------------------------
# a sentence says what happens: a finite verb or an imperative, not a name alone ("Bernd.", "David, du.", "Erst Bernd.")
VERB = {"de": re.compile(r"\b(ist|bist|geht|gehört|kommt|nimm|reich|wandert|wartet|hat|fängt|beginnt|eröffnet|macht|"
                         r"startet|darf|steht|übernimmst|schaust|kommst|beginnst|fängst)\b", re.I),
        "en": re.compile(r"(\b(is|goes|takes|starts|opens|leads|begins|gets|kicks|passes|moves|comes|has|start|take|"
                         r"hand|pass|go)\b|'s turn|'re (up|next)|it's|is yours|over to you|your go)", re.I)}
SHORT = [Moment(mode="round_table", narrator="no", night="later", position=p, lap=lap)
         for p, lap in (("middle", "first"), ("last", "first"), ("middle", "later"), ("last", "later"))]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("seat", SEATS)
def test_a_short_turn_is_a_whole_sentence_of_three_to_six_words(lang: str, seat: int) -> None:
    """Read s46: "David, du.", "Katrin, du.", "Spieler vierzehn, du.", "Bernd." A later night's turn is short (a
    40-seat table hears it forty times a lap) but is what a game master says passing the device on."""
    for moment in SHORT:
        lines = said(lang, "round.turn", moment, seat)
        name = Lines(SCRIPT, lang, Picker(1), NAMES[lang], GENDERS).player(seat)
        assert len(lines) >= 20
        for line in lines:
            words = len(line.replace(name, "X").replace(name.capitalize(), "X").split())
            assert VERB[lang].search(line) and 3 <= words <= 6, (moment, line)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("seat", SEATS)
def test_a_later_laps_first_turn_is_a_sentence_not_erst(lang: str, seat: int) -> None:
    """Read s46: "Erst Bernd." (erst: first of all) said as a later lap starts; "Zuerst Bernd.", "Erster Zug:"."""
    lines = said(lang, "round.turn", Moment(mode="round_table", narrator="no", night="later", position="first",
                                             lap="later"), seat)
    assert len(lines) >= 20
    assert [line for line in lines if not VERB[lang].search(line) or re.match(r"(Erst|Zuerst) \w+\.$", line)] == []


# -- one device, nobody narrating: a wake line that a "put it back" follows has said to take the device -------------
TAKE = {"de": re.compile(r"\b([Nn]imm|[Nn]ehmt|nimmt|[Hh]ol|[Hh]olt|[Gg]reif|[Zz]ieh|zu dir|zu euch|in die Hand|"
                         r"in die Pfoten|aus der Mitte|nehmen)\b"),
        "en": re.compile(r"\b([Tt]akes?|[Gg]rab|[Pp]ick up|[Rr]each(es)? for|to you)\b")}
RECOGNITIONS = ("lovers", "sisters", "brothers", "charmed")  # nobody takes the device: no back line follows
BACKED = sorted(s for s, spec in CATALOGUE.items() if s.startswith("night.") and s.endswith(".wake")
                and "one_device" in spec.modes and s.split(".")[1] not in RECOGNITIONS)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("scene", BACKED)
def test_a_one_device_wake_line_says_to_take_the_device(lang: str, scene: str) -> None:
    """Read s46 (1.txt 19:44, 23:39, 30:09): "Seherin, öffne die Augen. Das Gerät liegt bereit; wähle …", "Auf dem
    Gerät wählst du allein.", then "Leg das Gerät zurück": the back line presupposes a take nobody asked for. Every
    wake line a back line follows (none of the `middle` family, which leaves the device lying) says to take it."""
    entry = SCRIPT.scenes[lang].get(scene)
    if entry is None:
        pytest.skip(f"{scene} has no {lang} lines")
    spec = CATALOGUE[scene]
    untaken = set()
    for night, pack, charms in itertools.product(spec.nights, ("one", "many", "some"), ("one", "two")):
        moment = Moment(mode="one_device", narrator="no", night=night, pack=pack, gone="no", spent="no",
                        charms=charms, left="all")
        for line in said(lang, scene, moment):
            if MIDDLE not in entry.families_of(line) and not TAKE[lang].search(line):
                untaken.add(line)
    assert sorted(untaken) == []


def test_the_seer_taps_whose_card_she_sees() -> None:
    """Read s46 (3:33): "tippe den Spieler an, den du sehen willst": she sees a card, not a player, and the one she
    taps may be a woman. No tapped call says "den Spieler an, den …"."""
    lines = [v.text for scene in SCRIPT.scenes["de"] if scene.endswith(".wake") or scene == "hunter.wake"
             for v in SCRIPT.scenes["de"][scene].variants]
    assert [line for line in lines if re.search(r"\b[Tt]ipp\w* den Spieler an\b", line)] == []
    seer = said("de", "night.seer.wake", Moment(mode="one_device", narrator="no", night="first", gone="no"))
    assert [line for line in seer if "wessen Karte du sehen willst" in line]


# -- the hunter's call follows her grammar ---------------------------------------------------------------------------
@pytest.mark.parametrize("narrator", ["no", "yes"])
def test_the_hunters_call_agrees_with_her(narrator: str) -> None:
    """Read s46 (12:59): "Alle halten still. Anna, deine Karte ist der Jäger." Said of a woman: "du warst die
    Jägerin" or "die Karte des Jägers"; a name said without gender hears the card; no "Alle halten still"."""
    moment = Moment(mode="one_device", narrator=narrator, revealed="no")
    anna = said("de", "hunter.wake", moment, 1, role=RoleName("hunter"))
    kim = said("de", "hunter.wake", moment, 3, role=RoleName("hunter"))
    seat = said("de", "hunter.wake", moment, 14, role=RoleName("hunter"))
    assert anna and kim and seat
    assert [line for line in anna if re.search(r"\b[Dd]er Jäger\b|Karte (ist|zeigt|:) (der|den) Jäger", line)] == []
    assert [line for line in anna + kim + seat if "Alle halten still" in line] == []
    assert [line for line in kim + seat if "Jägerin" in line] == []
    assert [line for line in anna if "die Jägerin" in line]


# -- a card the table knows already -----------------------------------------------------------------------------
@pytest.mark.parametrize("seat", SEATS)
def test_a_known_card_is_recalled_plainly(seat: int) -> None:
    """Read s46 (13:20, 2.txt 42:59): "Alle Karten auf den Tisch! Bei Anna ist es nichts Neues: die Jägerin.", and
    "Die Karte von Anna ist eine Dorfbewohnerin" (a card is no villager woman)."""
    hunter, idiot = RoleName("hunter"), RoleName("village_idiot")
    lines = [line for where in ("first", "middle", "last")
             for line in said("de", "end.reveal", Moment(position=where, revealed="yes"), seat, role=hunter)]
    lines += said("de", "day.vote.reveal", Moment(revealed="yes"), seat, role=idiot)
    stiff = re.compile(r"[Nn]ichts Neues|Karte von \w+( \w+)? ist (die|der|eine?)\b")
    assert lines and [line for line in lines if stiff.search(line)] == []


# -- a sleep line says one thing ---------------------------------------------------------------------------------
def test_a_sleep_line_does_not_send_a_sense_out_as_it_closes_the_eyes() -> None:
    """Read s46 (3:06): "Der Leibwächter lauscht noch einmal in die Nacht. Augen zu.": he listens out, and shuts his
    eyes; "Fuchs, spitz noch einmal die Ohren, dann Augen zu" likewise. A close line says: close your eyes."""
    lines = [(scene, v.text) for scene in SCRIPT.scenes["de"] if scene.endswith(".sleep")
             for v in SCRIPT.scenes["de"][scene].variants]
    assert [(s, t) for s, t in lines if re.search(r"lauscht|horcht|\bspitz\w* .*Ohren|späh", t)] == []


# -- English: a sister's card held by a man ----------------------------------------------------------------------
@pytest.mark.parametrize(("card", "person"), [("sister", 1), ("brother", 2)])
@pytest.mark.parametrize(("scene", "moment"), [("end.reveal", Moment(position="middle", revealed="no")),
                                                ("end.reveal", Moment(position="first", revealed="no")),
                                                ("end.reveal", Moment(position="last", revealed="yes")),
                                                ("day.vote.reveal", Moment(revealed="no"))])
def test_english_says_the_card_of_a_group_held_by_someone_else(card: str, person: int, scene: str,
                                                               moment: Moment) -> None:
    """Read s46: a man holding a sister's card is "one of the sisters" ("Ben was one of the sisters"); German and
    Spanish say the card (words45). English now does too: "Ben? One of the sisters' cards."; Ann is still one of
    the sisters, and Ben one of the brothers."""
    group = f"one of the {card}s"
    for seat in SEATS:
        lines = heard("en", scene, moment, seat, role=RoleName(card, 2))
        if seat == person:
            assert [line for line in lines if group in line and f"{group}'" not in line]
            continue
        assert [line for line in lines if re.search(rf"{group}(?!')", line)] == [], seat
        assert [line for line in lines if f"{group}' cards" in line]
