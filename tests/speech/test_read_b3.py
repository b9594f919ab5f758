"""What the closing native read of the German games heard go wrong (issue 35, read_de_B3.md), and the same faults in
English and Spanish: each test takes the variants the narrator may pick at that moment (`Lines.fitting`) on the
shipped scripts, fills them in as the table hears them, and checks what a native table must or must not hear."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
NAMES = ("Ana", "Ben", "Carla")  # a woman, a man, a player who did not say
GENDERS = ("f", "m", "")


def said(lang: str, scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say in `lang` at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


def de(scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    return said("de", scene, moment, seat, **values)


# -- a card revealed: the card is what the player had, in the case the sentence asks ------------------------------
REVEALS = [("end.reveal", "first"), ("end.reveal", "middle"), ("end.reveal", "last"), ("day.vote.reveal", None)]
CARDS = (("villager", 2), ("werewolf", 3), ("hunter", 1), ("seer", 1))


@pytest.mark.parametrize(("scene", "position"), REVEALS)
@pytest.mark.parametrize("revealed", ["yes", "no"])
def test_a_question_about_what_a_player_had_is_answered_in_the_accusative(scene: str, position: str | None,
                                                                         revealed: str) -> None:
    # "Was hatte Elke gezogen? Ein Dorfbewohner." -> "Einen Dorfbewohner."
    for role, copies in CARDS:
        for seat in (1, 2, 3):
            lines = de(scene, Moment(position=position, revealed=revealed), seat, role=RoleName(role, copies))
            wrong = [line for line in lines if re.search(r"\b(hatte|gezogen|auf der Hand)\b[^.?!]*\? (Ein|Der) ", line)]
            assert lines and wrong == [], (role, seat)


@pytest.mark.parametrize(("scene", "position"), REVEALS)
def test_the_card_is_not_said_to_be_hidden_behind_the_person(scene: str, position: str | None) -> None:
    # "Hinter Eva verbarg sich ein Dorfbewohner": the card, in the masculine, said as the woman herself
    for seat in (1, 3):
        lines = de(scene, Moment(position=position, revealed="no"), seat, role=RoleName("villager", 2))
        assert [line for line in lines if re.search(r"Hinter (Ana|Carla) (steckte|verbarg)|Bei (Ana|Carla) war es",
                                                    line)] == []


def test_two_reveals_in_a_row_do_not_open_alike() -> None:
    lines = de("end.reveal", Moment(position="middle", revealed="no"), 2, role=RoleName("seer"))
    openings = [re.split(r"[,:]", line)[0] for line in lines if line.startswith("Einen Platz weiter")]
    assert len(openings) <= 1, openings


# -- a card the table saw during the game is recalled at the end, not revealed as news ----------------------------
NEWS = {"de": re.compile(r"wird aufgedeckt|[Kk]arte von \w+( \w+)? (wird )?umgedreht|Wir drehen|zum Vorschein|"
                         r"von \w+( \w+)? zeigt|verrät|kommt ans Licht|"
                         r"^(Die Karte von|Bei) \w+( \w+)?: |^Und \w+\? |war in Wahrheit"),
        "en": re.compile(r"turns over|reveals the card|in fact|secretly|It turns out|it turns out|kept this secret|"
                         r"^(The card of|Here is|Look at|On to) ")}
KNOWN = {"de": re.compile(r"schon|bereits|kennt|wisst|[Ee]rinnerung|[Nn]ichts Neues|keine Überraschung|kein Geheimnis|"
                          r"längst|bekannt|nichts mehr aufzudecken|Bekannte|keins mehr"),
         "en": re.compile(r"already|know|seen|saw|[Nn]o surprise|[Nn]othing new|no news|recall|[Nn]o secret|learned|"
                          r"record|[Kk]nown|knew|none left|came out")}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("position", ["first", "middle", "last"])
@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_card_already_shown_is_recalled_at_the_end(lang: str, position: str, seat: int) -> None:
    lines = said(lang, "end.reveal", Moment(position=position, revealed="yes"), seat, role=RoleName("villager", 2))
    assert len(lines) >= (8 if position == "first" else 20)
    assert [line for line in lines if not KNOWN[lang].search(line)] == []
    assert [line for line in lines if NEWS[lang].search(line)] == []


# -- a reminder: counted per step; a recognition never hurried; no time of night --------------------------------
DAWN = {"de": re.compile(r"Morgen|graut|Hahn|verblass|steht schon tief|heruntergebrannt|noch jung|noch fern"),
        "en": re.compile(r"[Dd]awn|moon is sinking|candle|getting on|morning"),
        "es": re.compile(r"[Aa]lba|amanec|madrugada")}


@pytest.mark.parametrize("lang", ["de", "en", "es"])
@pytest.mark.parametrize("again", ["yes", "no"])
@pytest.mark.parametrize("task", ["yes", "no"])
def test_no_reminder_tells_a_time_of_night(lang: str, again: str, task: str) -> None:
    # a step's reminder comes in the night's first step as in its last: "Bald graut der Morgen" at the first is false
    lines = said(lang, "night.reminder", Moment(again=again, task=task))
    assert len(lines) >= 20 and [line for line in lines if DAWN[lang].search(line)] == []


# -- the big bad wolf: no second victim once the table saw a wolf die; none promised on a condition on night one --
CONDITION = {"de": re.compile(r"[Ss]olange|[Ii]st (noch )?(kein|keiner|dein Rudel)|[Ff]ehlt|sofern|vollzählig\?|"
                              r"[Ww]ähl|[Tt]ipp|Gerät|\?"),
             "en": re.compile(r"[Aa]s long as|[Ii]f no|[Uu]nless|[Cc]hoose|[Pp]ick|[Tt]ap|device|phone|\?"),
             "es": re.compile(r"[Mm]ientras|[Ss]i (no|ningún|aún|todavía)|[Ee]lig|[Tt]oca|móvil|\?")}


@pytest.mark.parametrize("lang", ["de", "en", "es"])
@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_the_big_bad_wolf_hunts_no_more_once_a_wolf_was_seen_dead(lang: str, mode: str) -> None:
    lines = said(lang, "night.big_bad_wolf.wake", Moment(mode=mode, narrator="no", night="later", pack="many",
                                                          gone="no", spent="yes"))
    assert len(lines) >= 20 and [line for line in lines if CONDITION[lang].search(line)] == []


@pytest.mark.parametrize("mode", ["one_device", "own_devices"])
def test_the_big_bad_wolf_is_given_his_second_victim_plainly_on_the_first_night(mode: str) -> None:
    lines = de("night.big_bad_wolf.wake", Moment(mode=mode, narrator="no", night="first", pack="many", gone="no",
                                                 spent="no"))
    assert len(lines) >= 8 and [line for line in lines if re.search(r"[Ss]olange|[Ii]st (noch )?kein|[Ff]ehlt|sofern|"
                                                                    r"vollzählig|gestorben|gefallen", line)] == []
    assert all(re.search(r"zweite|weiteres|eigenes|zusätzlich", line) for line in lines)


def test_every_big_bad_wolf_call_with_a_task_names_the_second_victim() -> None:
    # "zeig dem Dorf, wer das Rudel anführt" leaves him guessing what to do
    for mode in ("one_device", "own_devices"):
        lines = de("night.big_bad_wolf.wake", Moment(mode=mode, narrator="no", night="later", pack="many", gone="no",
                                                     spent="no"))
        assert [line for line in lines if "anführt" in line and not re.search(r"zweites|Opfer", line)] == []


# -- a solo winner may be a woman: the winner line speaks of the card, never of a man --------------------------------
def test_a_solo_winner_is_not_spoken_of_as_a_man() -> None:
    man = re.compile(r"\b(Er|er|ihn|ihm)\b|Überlebende\b|[Dd]er Letzte\b|Als Letzter|nur noch einer\b")
    lines = de("end.white_werewolf", Moment(pack="many")) + de("end.all_charmed", Moment(alone="yes"))
    assert [line for line in lines if man.search(line)] == []


def test_the_charmed_named_at_the_end_are_not_said_to_be_charmed_at_the_end() -> None:
    # the list holds the dead too: "Verzaubert waren am Ende: ..." names players who died long before
    for won in ("yes", "no"):
        lines = de("end.story.charmed", Moment(won=won), players=Seats((1, 2, 3)))
        assert [line for line in lines if "am Ende" in line] == [], won


def test_small_lines_a_native_table_stumbled_on() -> None:
    assert [line for line in de("night.thief.wake", Moment(mode="one_device", night="first")) if "darin" in line] == []
    assert [line for line in de("day.debate", Moment()) if line.endswith("Redet trotzdem.")] == []
    wolf = de("night.werewolves.wake", Moment(mode="one_device", narrator="no", night="later", pack="one"))
    assert [line for line in wolf if line.count("hol") >= 2] == []
