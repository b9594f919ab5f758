"""The history screen on the host's page, in en/de/es: the kept games and each player's numbers drawn as bars
whose lengths are the hand-counted rates; a game deleted and a player renamed from the page."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from narrator.game.historystore import open_history

from ...browser import CHROMIUM, free_port, server, shot
from ...game.history_games import GAMES

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")

WORDS = {"en": ("The group's history", "Wins by side"), "de": ("Die Chronik der Runde", "Siege nach Seite"),
         "es": ("El historial del grupo", "Victorias por bando")}


def opened(page: Any) -> None:
    page.click("#history-open")
    page.wait_for_selector("#history[open] h1")


def rates(page: Any, name: str, chart: str) -> list[str]:
    return page.eval_on_selector_all(f"#history [data-name='{name}'] svg.{chart} .chart-bar",
                                     "bars => bars.map(b => b.dataset.rate)")


def test_the_history_screen_in_three_languages(page: Any, tmp_path: Path) -> None:
    store = open_history(tmp_path)
    for g in GAMES:
        store.add_game(g)
    store.close()
    port = free_port()
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#history-open")
        for lang, (title, sides) in WORDS.items():
            page.select_option("#lang", lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            page.wait_for_selector("#history-open")
            opened(page)
            assert page.inner_text("#history h1") == title and sides in page.inner_text("#history")
            # Ana: 3 wins in 5, survived 3, voted out once; village 2 of 3, wolves 1 of 2 (counted by hand)
            assert rates(page, "Ana", "overall") == ["0.6000", "0.6000", "0.2000"]
            assert rates(page, "Ana", "sides") == ["0.6667", "0.5000"]
            page.eval_on_selector("#history", "box => { box.scrollTop = 0; }")
            shot(page, f"history-{lang}")
            page.click("#history-close")
        opened(page)
        assert page.locator("#history-games li").count() == 5
        page.on("dialog", lambda d: d.accept("Dario Nuevo") if d.type == "prompt" else d.accept())
        page.click("#history [data-name='Dario'] button")
        page.wait_for_selector("#history [data-name='Dario Nuevo']")
        page.click("#history-games li[data-game='5'] button")  # g5: Ana's last win
        page.wait_for_function("document.querySelectorAll('#history-games li').length === 4")
        assert rates(page, "Ana", "overall")[0] == "0.5000"
