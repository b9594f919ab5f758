"""What the German closing reads of issue 35 found (notes/s48/read_de_A9.md, read_de_B9.md), on the shipped scripts,
each in the moment the narrator said it in where a fact decides it (`Lines.fitting`). Each test failed on 8fbc6b8."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import narrator.ui.web
from narrator.speech.lines import Lines, RoleName, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from tests.narration import own_card

SCRIPT = load(SHIPPED)
MODES = ("one_device", "round_table", "own_devices")


def said(scene: str, moment: Moment, names: tuple[str, ...] = ("Greta", "Sam"), genders: tuple[str, ...] = ("f", ""),
         **values: object) -> list[str]:
    """Every line `scene` may say at `moment`, as the table hears it."""
    lines = Lines(SCRIPT, "de", Picker(1), names, genders)
    filled = {"player": Seat(1), "night": 2, **own_card(scene), **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants("de", scene)[i], filled)[0] for i in lines.fitting(scene, at)]


@pytest.mark.parametrize("role", ["hunter", "wolf_father", "village_idiot", "villager"])
def test_a_card_shown_in_the_game_is_not_an_accusative_after_a_subject_clause(role: str) -> None:
    """B9 1 (6 of 23 games): "Was Sam hatte, lag schon offen: den Jäger.", "Im Spiel kam schon ans Licht, was David
    hatte: den Urwolf.": the clause is the subject, so the card after the colon is not an object."""
    heard = said("end.reveal", Moment(mode="own_devices", narrator="no", position="middle", revealed="yes"),
                 player=Seat(2), role=RoleName(role))
    assert len(heard) >= 20
    assert [t for t in heard if re.search(r"(lag|kam)\b[^:]*, was Sam hatte: |^Was Sam hatte, lag", t)] == []


@pytest.mark.parametrize("gender", ["f", "m", ""])
def test_a_revealed_card_is_said_in_plain_german(gender: str) -> None:
    """B9 4, A9 3 (11 reveals in 45 games): "Karin lüftet das Geheimnis der Karte" of the dead, "der" to dodge
    ihrer/seiner; B9 5 (once a game): "Daneben die Karte bei Heiko: ein Werwolf."; B9 17: two question-shaped
    reveals in a row ("Was hatte … gezogen? Einen Dorfbewohner." / "Welche Karte hatte …? Einen Dorfbewohner."):
    every question line is of the family kept apart."""
    heard = said("end.reveal", Moment(mode="own_devices", narrator="no", position="middle", revealed="no"),
                 genders=(gender, ""), role=RoleName("werewolf"))
    assert len(heard) >= 20
    assert [t for t in heard if re.search(r"Geheimnis der Karte|Daneben die Karte bei", t)] == []
    entry = SCRIPT.scenes["de"]["end.reveal"]
    asking = [v.text for v in entry.variants if re.search(r"\? \{", v.text)]
    family = entry.families["frage"]
    assert asking and [t for t in asking if not any(word in t for word in family)] == []


@pytest.mark.parametrize("mode", MODES)
def test_a_spent_big_bad_wolf_hears_that_there_is_nothing_to_do(mode: str) -> None:
    """B9 14 (g41: 8 nights; g29): once told a wolf fell, "Leitwolf, Augen auf." / "Nun der Leitwolf. Öffne die
    Augen." and nothing after it sounded like a forgotten task: every such call says there is nothing to do."""
    heard = said("night.big_bad_wolf.wake",
                 Moment(mode=mode, narrator="no", night="later", pack="many", gone="no", spent="told"))
    call = re.compile(r"(Augen auf|die Augen|wach auf|Wach auf, Leitwolf)\.$")
    assert len(heard) >= 20 and [t for t in heard if call.search(t)] == []


@pytest.mark.parametrize("mode", MODES)
def test_a_gone_raven_is_said_as_the_table_heard_her(mode: str) -> None:
    """B9 3: six of the raven's gone lines said "Der Denunziant ist fort." after "Greta war die Denunziantin"."""
    heard = said("night.raven.wake", Moment(mode=mode, narrator="no", night="later", pack="many", gone="yes",
                                            gender="f"), role=RoleName("raven", person="f"))
    assert len(heard) >= 20 and [t for t in heard if "Der Denunziant" in t] == []


def test_the_round_tables_first_turn_speaks_to_the_player() -> None:
    """B9 6 (g28): "Das Gerät wartet in der Mitte auf Anna. Du fängst an." (third person, then "du")."""
    heard = said("round.turn", Moment(mode="round_table", narrator="no", night="later", position="first", lap="first"))
    assert heard and [t for t in heard if re.search(r"auf Greta\. Du", t)] == []


def test_the_hunters_shot_is_not_judged_by_its_victim() -> None:
    """B9 10 (g35): "Gut gezielt. Maxi ist nicht mehr." of the seer shot: the narrator takes no side."""
    heard = said("hunter.shot", Moment(mode="one_device", narrator="no", night="later", pack="many"))
    assert heard and [t for t in heard if re.search(r"[Gg]ut gezielt|[Tt]reffer!|[Vv]olltreffer", t)] == []


@pytest.mark.parametrize(("scene", "wrong"), [
    ("night.device.back", r"^Kurz zurück"),  # A9 5 (9 of 22 games): "kurz" = the device comes back out soon
    ("night.witch.sleep", r"Finger ab"),  # A9 4 (4 of 22 games): why wipe fingers?
    ("night.cupid.sleep", r"Tippe deinen Verliebten"),  # A9 1: one male lover, accusative singular
    ("round.done", r"haben geantwortet"),  # B9 7: most only tapped a decoy
    ("round.again", r"Karte antworten kann|geantwortet haben"),  # B9 7: cards do not answer
    ("hunter.wake", r"Kugel im Lauf|Ziel, oder"),  # A9 6, A9 2
    ("night.witch.wake", r"darauf entscheidest"),  # A9 7: "darauf" heard as "thereupon"
    ("night.witch.wake", r"Nicke\."),  # A9 9: written, not said
    ("day.vote.reveal", r"richtig gelegen"),  # A9 8
    ("night.gone", r"an \{cards:dat\} vorbei"),  # B9 2: "an dem Urwolf vorbei"
    ("end.story.infected", r"alte Karte nicht mehr"),  # B9 11: the infected keeps card and powers (RULES)
    ("night.sisters.sleep", r"Schwesternrat"),  # B9 12: the first night is no council
    ("village_idiot.pardoned", r"^[^.]*\. Mit dem Abstimmen ist es"),  # B9 15: sounds as if nobody votes
    ("end.story.charmed", r"nur: \{players\}"),  # B9 9
    ("dawn.raven", r"Brief über"),  # B9 8: says not against whom
    ("night.fox.wake", r"Nachbarn, wen"),  # A9 2: comma splice
    ("night.sisters.wake", r"euch, stumm"),  # A9 2
    ("night.seer.wake", r"diese Person"),  # A9 10
    ("night.werewolves.wake", r"heute (reißen|niemanden)"),  # A9 11: "heute" alone is the day
    ("night.guard.sleep", r"Laternen"),  # A9 19: nightfall again in mid-night
    ("night.big_bad_wolf.sleep", r"Spitze des Rudels"),  # A9 20
    ("night.werewolves.wake", r"heute holst?\."),  # A9 11
    ("end.reveal", r"\. Das war \{role\}\.$"),  # A9 12: "Beginnen wir bei Anna. Das war eine Werwölfin."
    ("end.lovers", r"sogar Werwölfe|Gegen Wölfe"),  # A9 18: the generic lines are said when a lover is a wolf
    ("end.reveal", r"Karte bei \{player\}"),  # B9 5: "Zur Erinnerung, die Karte bei Clara: die Jägerin."
])
def test_a_line_the_readers_named_is_said_no_more(scene: str, wrong: str) -> None:
    assert [v.text for v in SCRIPT.scenes["de"][scene].variants if re.search(wrong, v.text)] == []


@pytest.mark.parametrize(("first", "then", "word"), [
    ("deal.done", "night.start", r"senkt sich"),  # A9 13: "Bald senkt sich die Nacht …" then "… senkt sich …"
    ("night.start", "night.werewolves.wake", r"\b[Ss]till\b"),  # A9 14: "Still wird es …, sehr still." "… wird still"
])
def test_lines_that_follow_one_another_do_not_echo_a_word(first: str, then: str, word: str) -> None:
    texts = {s: [v.text for v in SCRIPT.scenes["de"][s].variants] for s in (first, then)}
    echo = [(a, b) for a in texts[first] for b in texts[then] if re.search(word, a) and re.search(word, b)]
    assert echo == []


def test_the_dogs_log_line_says_what_the_dog_did() -> None:
    """B9 20: "der Hund legte sich neben Anna und knurrte": "und" reads as if a second name were coming."""
    words = yaml.safe_load((Path(narrator.ui.web.__file__).parent / "ui" / "de.yaml").read_text(encoding="utf-8"))
    for key in ("log.dog", "log.dog.pair"):
        said_of = words[key].format(target="Anna", also="Ben", result=words["result.growl"])
        assert said_of.endswith(", und er knurrte"), said_of
