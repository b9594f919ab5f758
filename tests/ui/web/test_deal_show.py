"""The deal on one device passed round, in German: "Ich bin Anna: Karte zeigen" names Anna's question, so a tap of
it that comes late (tapped twice, or kept while the socket reconnected) opens no card once the device is Ben's;
and a table that nobody narrates is not asked who its narrator is."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, free_port, received, sent, server, wait_message
from .ways.test_ways import RAW_SEND

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")


def round_table_deal(page: Any, port: int) -> None:
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("#deal")
    page.select_option("#mode", "round_table")
    page.wait_for_function("document.getElementById('mode').value === 'round_table'")
    page.click("#deal")
    page.wait_for_selector("#show")


def test_a_late_show_from_the_seat_before_opens_no_card(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port, "--lang", "de", "--players", "6", "--names", "Anna,Ben,Carla,Dario,Eva,Fede"):
        round_table_deal(page, port)
        assert page.inner_text("#show") == "Ich bin Anna: Karte zeigen"
        since = len(sent(page))
        page.click("#show")
        page.wait_for_selector("#secret:not([hidden]) #cover")
        show = sent(page, since)[0]
        assert show["t"] == "show" and isinstance(show.get("q"), int), show
        page.click("#cover")
        page.wait_for_function("document.querySelector('#show') && "
                               "document.querySelector('#show').textContent === 'Ich bin Ben: Karte zeigen'")
        since = received(page)
        page.evaluate(RAW_SEND, json.dumps(show))  # Anna's tap, late: the device is Ben's now
        refused = wait_message(page, since, "m.t === 'refused' || m.t === 'private'")
        assert refused["t"] == "refused" and refused["rule"] == "stale", f"Ben's card went to Anna's tap: {refused}"


def test_a_table_passed_round_starts_the_night_without_a_narrator(page: Any, tmp_path: Path) -> None:
    """Round the table nobody narrates, yet the deal ended on "Ich bin der Erzähler" (the classic one device's)."""
    port = free_port()
    with server(tmp_path, port, "--lang", "de", "--players", "6", "--names", "Anna,Ben,Carla,Dario,Eva,Fede"):
        round_table_deal(page, port)
        for name in ("Anna", "Ben", "Carla", "Dario", "Eva", "Fede"):
            page.wait_for_function(f"document.querySelector('#show') && "
                                   f"document.querySelector('#show').textContent === 'Ich bin {name}: Karte zeigen'")
            page.click("#show")
            page.click("#secret:not([hidden]) #cover")
        page.wait_for_selector("#start")
        assert page.inner_text("#screen p.big") == "Alle haben ihre Karte gesehen."
        assert page.inner_text("#start") == "Die Nacht beginnen"
