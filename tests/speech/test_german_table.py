"""The German table lines (dawn, day, end, the deal, round the table) and screens as a native read them
(issue 19): each test fails on the text as it was before that read."""

from __future__ import annotations

import re

from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings

DE = load(SHIPPED).scenes["de"]


def variants(scene_id: str) -> list[str]:
    return [v.text for v in DE[scene_id].variants]


def test_no_line_says_a_word_espeak_ng_misreads() -> None:
    # espeak-ng says "Handys" as "Handüs" and "Pokerface" as "Pokerfacke"; "Handy" it says right
    misread = re.compile(r"\bHandys\b|Pokerface")
    assert [v.text for s in DE.values() for v in s.variants if misread.search(v.text)] == []


def test_a_reveal_does_not_say_the_card_was_held_all_game() -> None:
    # a thief who swapped, a servant who took a card, a wild child or wolf-dog who turned: the card shown at the
    # end is not always the one dealt
    held = re.compile(r"die ganze Zeit|von Anfang an", re.IGNORECASE)
    assert [v for s in ("end.reveal", "day.vote.reveal") for v in variants(s) if held.search(v)] == []


def test_the_end_of_the_deal_does_not_say_every_card_found_a_player() -> None:
    # with a thief two cards stay face down, seen by nobody and held by nobody
    every_card = re.compile(r"Alle Karten sind gesehen|Jede Karte hat|Das waren alle Karten|letzte Karte ist gesehen")
    assert [v for v in variants("deal.done") if every_card.search(v)] == []


def test_two_deaths_are_not_called_several() -> None:
    # "mehrere" for two at dawn sounds off; "mehr als eine Tür" fits two and five alike
    assert [v for v in variants("dawn.deaths") if re.search(r"\bmehrere\b", v, re.IGNORECASE)] == []


def test_a_round_the_table_morning_promises_no_news_and_a_lap_does_not_start_at_seat_one() -> None:
    # the morning line is heard after a quiet night too; a lap starts with the first living seat
    assert [v for v in variants("round.dawn") if "Neuigkeiten" in v] == []
    assert [v for v in variants("round.again") if "ersten Platz" in v] == []


def test_the_death_lines_are_said_of_the_dead() -> None:
    # "wird diesen Tag nicht mehr erleben" is said of someone still dying, not of a player found dead at dawn
    assert [v for s in ("dawn.death", "dawn.deaths") for v in variants(s) if "nicht mehr erleben" in v] == []


def test_the_end_screen_and_refusals_read_as_german() -> None:
    screen = strings("de")
    assert screen["log.check"] == "die Seherin sah sich {target} an ({result})"  # not "sah Anna": saw her
    assert screen["end.dealt"].startswith("zu Beginn:")  # "Zu Beginn: Dieb" under the card it became
    assert "Stimmgleichen" not in screen["refusal.captain.not_tied"]
    assert "verfallen lassen" not in screen["help.hunter"]  # "ihn" could be the shot or the player
    assert "95 %" in screen["balance.side"]


def test_the_witch_is_not_told_nobody_was_attacked() -> None:
    # on the wolf father's night the pack's victim is infected and the witch is shown none: somebody was attacked
    screen = strings("de")
    assert [k for k in ("night.attacked_nobody", "refusal.witch.no_victim") if "niemand angegriffen" in screen[k]] == []
