"""How the narrator speaks of each player, chosen on the page: beside each name at setup, and on a phone that joins.
The choice goes into the dealt game's table (its journal's first line), where the lines take it from."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, free_port, server

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")


def journal_table(data: Path) -> dict[str, Any]:
    """The dealt game's table, as its journal's first line keeps it."""
    from narrator.game.journal import Journal

    (path,) = (data / "games").glob("*.jsonl")
    return dict(Journal.read(path).header)


def test_she_and_he_chosen_beside_the_names_go_into_the_game(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port, "--lang", "es", "--players", "6"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        assert page.inner_text("#gender-note").startswith("Elige «ella» o «él»")
        seats = page.locator("#names .name-seat")
        seats.nth(0).locator("input").fill("Yolanda")
        seats.nth(0).locator("select.gender").select_option("f")
        seats.nth(1).locator("input").fill("Luis")
        seats.nth(1).locator("select.gender").select_option("m")
        seats.nth(2).locator("input").fill("Carla")  # said of nobody: her lines agree with nobody
        seats.nth(2).locator("input").press("Tab")  # a name is sent as its field is left
        page.wait_for_function("window.__wolfcall.sent.some((m) => m.t === 'names' && m.names[2] === 'Carla' "
                               "&& m.genders[1] === 'm')")
        page.click("#deal")
        page.wait_for_selector("#show")
        table = journal_table(tmp_path)
        assert table["players"][:3] == ["Yolanda", "Luis", "Carla"]
        assert table["genders"] == ["f", "m", "", "", "", ""]


def test_a_phone_that_joins_says_how_it_is_spoken_of(page: Any, browser: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port, "--lang", "de", "--players", "6"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        page.select_option("#mode", "own_devices")
        page.wait_for_selector("#room-code")
        code = page.inner_text("#room-code")
        phone = browser.new_context().new_page()
        phone.goto(f"http://127.0.0.1:{port}/")
        phone.wait_for_selector("#join-gender")
        assert phone.inner_text("label[for=join-gender]") == "Wie die Spielleitung von dir spricht"
        phone.fill("#join-code", code)
        phone.fill("#join-name", "Anna")
        phone.select_option("#join-gender", "f")
        phone.click("#join-button")
        phone.wait_for_selector("#lobby-seat")
        page.wait_for_function("[...document.querySelectorAll('#seats li')]"
                               ".some((li) => li.textContent.includes('Anna'))")
        assert page.evaluate("window.__wolfcall.received.filter((m) => m.t === 'screen' && m.draft)"
                             ".pop().draft.genders[0]") == "f"
        phone.context.close()
