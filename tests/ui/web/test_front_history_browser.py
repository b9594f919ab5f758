"""The online front page shows the signed-in account its own finished games, in en/de/es (the browser's language):
its numbers and its wins by side and by role drawn as bars whose lengths are the hand-counted rates, in real
Chromium; a game the account did not sit in counts for nothing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from narrator.config import Config
from narrator.online.accounts import Accounts
from narrator.online.rooms import Rooms
from narrator.online.site import create_online_app
from narrator.online.store import SqliteStore
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings

from ...browser import ARTIFACTS, CHROMIUM, GUARD_MS, PHONE, in_process, part_shot
from ...game.history_games import GAMES

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
PASSWORD = "correct horse battery"
TITLES = {"en": "The group's history", "de": "Die Chronik der Runde", "es": "El historial del grupo"}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[int]:
    """The online site on a free port, its history holding the five hand-counted games with Ana's seat her account
    (the first to sign up: 1), and one more game she did not sit in as an account."""
    accounts = Accounts(SqliteStore(tmp_path / "accounts.sqlite"))
    rooms = Rooms(Config(), load(SHIPPED), tmp_path, fast=True)
    for g in GAMES:
        rooms.history.add_game(replace(g, seats=tuple(replace(s, account=1 if s.name == "Ana" else None)
                                                      for s in g.seats)))
    rooms.history.add_game(replace(GAMES[0], key="not-hers", ended=900.0))
    try:
        with in_process(create_online_app(accounts, rooms, ice=lambda user: [])) as port:
            yield port
    finally:
        rooms.close()


def front_page(browser: Any, port: int, lang: str, signing_up: bool) -> Any:
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale={"en": "en-GB", "de": "de-DE",
                                                                                 "es": "es-ES"}[lang])
    context.set_default_timeout(GUARD_MS)  # a guard against a hang; every wait is for an event
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("#account:not([hidden])")
    if signing_up:
        page.click("#to-signup")
    page.fill("#name", "Ana")
    page.fill("#password", PASSWORD)
    page.click("#signup" if signing_up else "#signin")
    page.wait_for_selector("#my-history:not([hidden]) #my-numbers")
    return page


def bars(page: Any, chart: str) -> list[tuple[str, str]]:
    """Each bar of a chart: its label and the rate its length draws."""
    labels = page.eval_on_selector_all(f"#my-history svg.{chart} .chart-label", "ls => ls.map(l => l.textContent)")
    rates = page.eval_on_selector_all(f"#my-history svg.{chart} .chart-bar", "bs => bs.map(b => b.dataset.rate)")
    return list(zip(labels, rates, strict=True))


def test_the_front_page_shows_the_accounts_own_history_in_three_languages(browser: Any, site: int) -> None:
    for n, lang in enumerate(("en", "de", "es")):
        page = front_page(browser, site, lang, signing_up=n == 0)
        words = strings(lang)
        assert page.inner_text("#my-history h2") == TITLES[lang]
        # Ana, counted by hand: 5 games, 3 wins, survived 3, voted out once; village 2 of 3, wolves 1 of 2;
        # seer 1 of 2, villager 1 of 1, werewolf 1 of 2 (the game she did not sit in as her account: not counted)
        assert page.inner_text("#my-numbers") == words["history.player_line"].format(
            name="Ana", games=5, wins=3, rate="60%", survived=3, voted=1)
        assert bars(page, "sides") == [(words["history.side.village"], "0.6667"),
                                       (words["history.side.wolves"], "0.5000")]
        assert bars(page, "roles") == [(words["role.seer"], "0.5000"), (words["role.villager"], "1.0000"),
                                       (words["role.werewolf"], "0.5000")]
        assert words["history.by_role"] in page.inner_text("#my-history")
        assert page.locator("#my-games li").count() == 5
        part_shot(page, "#my-history", ARTIFACTS / f"front-history-{lang}.png")
        page.context.close()
