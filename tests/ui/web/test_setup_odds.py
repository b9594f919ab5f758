"""The setup screen shows each side's chance for the cards chosen, in three languages, and follows the cards."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...browser import ARTIFACTS, free_port, part_shot, server


def sides_text(page: Any) -> str:
    return str(page.inner_text("#balance"))


def test_the_odds_follow_the_cards_in_three_languages(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#balance [data-side=village]")
        for lang, heading, village, wolves in (("de", "Gewinnchancen", "Dorf", "Werwölfe"),
                                               ("es", "Probabilidad de que gane", "Aldea", "Lobos"),
                                               ("en", "Each side's chance", "Village", "Werewolves")):
            page.select_option("#lang", lang)
            page.wait_for_function(f"document.querySelector('#balance label')?.textContent.startsWith({heading!r})")
            text = sides_text(page)
            assert re.search(rf"{village}: \d+\s?%", text) and re.search(rf"{wolves}: \d+\s?%", text), text  # "48 %"
            assert {"de": "1.000", "es": "1000", "en": "1,000"}[lang] in text  # the games behind each figure (CLDR)
            part_shot(page, "#balance", ARTIFACTS / f"setup-odds-{lang}.png")  # the README's picture (make screens)
        page.select_option("#players", "6")
        page.wait_for_function("document.querySelector('b[data-role=werewolf]').textContent === '2'")
        six = sides_text(page)
        page.select_option("#players", "8")
        page.wait_for_function("document.querySelector('b[data-role=werewolf]').textContent === '2'"
                               " && document.querySelector('b[data-role=hunter]').textContent === '1'")
        page.wait_for_function(f"document.querySelector('#balance').innerText !== {six!r}")
        assert sides_text(page) != six  # another deal, other chances
        eight = sides_text(page)
        page.click("#adjust")  # the − and + show under «Adjust» (seed 000)
        page.wait_for_selector("div[data-card=hunter] b + button")
        page.click("div[data-card=hunter] button:has-text('−')")  # a deal the table lacks: estimated live
        page.wait_for_function("document.querySelector('b[data-role=hunter]').textContent === '0'")
        page.wait_for_function(f"document.querySelector('#balance').innerText !== {eight!r}")
        assert "1,000" not in sides_text(page)


def test_a_forty_player_deal_says_its_odds_are_on_their_way_and_the_page_goes_on_answering(
        page: Any, tmp_path: Path) -> None:
    """A deal the table lacks is played out in the server's estimating process: the screen says so at once, the server
    answers the page's taps meanwhile (the language, here), and the odds come with the next screen."""
    port = free_port()
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#balance [data-side=village]")
        page.select_option("#ruleset", "extended")
        page.wait_for_function("document.querySelectorAll('#players option').length === 38")  # 3 to 40 players
        page.select_option("#players", "40")
        page.wait_for_selector("#balance-pending")
        assert page.inner_text("#balance-pending") == "Working out each side's chance…"
        page.select_option("#lang", "de")  # answered while the 40-player games are still being played
        page.wait_for_function("document.querySelector('#balance-pending')?.textContent"
                               " === 'Die Gewinnchancen werden berechnet …'")
        page.wait_for_selector("#balance [data-side=village]")  # then the odds, from the games played in time
        text = sides_text(page)
        # "35 %" as German writes it
        assert re.search(r"Dorf: \d+\s?%", text) and re.search(r"Werwölfe: \d+\s?%", text), text
        games = int(re.search(r"aus (\d+) simulierten", text).group(1))  # type: ignore[union-attr]
        assert 1 <= games <= 100, text
