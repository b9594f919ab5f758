"""The setup and the screens on a phone, in the table's language, in a real browser (Debian's Chromium):
what is typed stays, what is refused is said in the table's language, and what a screen asks is in reach."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, free_port, gen, german_setup, received, server, wait_message

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
TWELVE = ["Ana", "ana", "Carla", "Dario", "Eva", "Fede", "Gala", "Hans-Joachim von Weißenfels", "Ines", "Juan",
          "Kira", "Luis"]


def names_shown(page: Any) -> list[str]:
    return list(page.evaluate("[...document.querySelectorAll('#screen .grid input')].map((x) => x.value)"))


def test_a_long_name_and_a_duplicate_lose_no_name_typed_and_are_said_in_german(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.select_option("#players", "12")
        page.wait_for_function("document.querySelectorAll('#screen .grid input').length === 12")
        since = received(page)
        for i, name in enumerate(TWELVE):
            field = page.locator("#screen .grid input").nth(i)
            field.press_sequentially(name)  # typed key by key, as on a phone: the field takes 24 characters
            field.dispatch_event("change")
        page.evaluate("send({t: 'probe'})")  # answered after every name sent before it
        wait_message(page, since, "m.t === 'refused' && m.rule === 'message.not_yours'")
        refusals = page.evaluate(f"window.__wolfcall.received.slice({since}).filter((m) => m.t === 'refused')"
                                 ".map((m) => m.text)")
        assert refusals[0] == ("Spieler 1 und Spieler 2 heißen beide „ana“; die Namen dürfen sich nicht nur in "
                               "der Groß- und Kleinschreibung unterscheiden."), refusals
        typed = [*TWELVE[:7], "Hans-Joachim von Weißenf", *TWELVE[8:]]
        assert names_shown(page) == typed
        before = gen(page)
        page.select_option("#step", "4")  # any other change redraws the setup: the names typed stay
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before}")
        assert names_shown(page) == typed
        draft = page.evaluate("screen.draft.names")
        assert draft == [typed[0], "", *typed[2:]], "the server lost the names typed after the duplicate"


def test_a_name_being_typed_stays_with_its_cursor_when_the_setup_is_drawn_again(page: Any, tmp_path: Path) -> None:
    """A walk with 32 players lost "Xaver": the setup drawn again (its odds arriving) while he was typed, before his
    field was left and sent, put the field back empty."""
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        field = page.locator("#screen .grid input").nth(3)
        field.press_sequentially("Xaer")
        field.press("ArrowLeft")
        field.press("ArrowLeft")  # the cursor between "Xa" and "er"
        before = gen(page)
        page.evaluate("send({t: 'house', step_seconds: 4})")  # a new setup screen comes while the field is typed in
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before}")
        assert names_shown(page)[3] == "Xaer"
        assert page.evaluate("document.activeElement === document.querySelectorAll('#screen .grid input')[3]")
        page.keyboard.type("v")  # typing goes on where it was
        assert names_shown(page)[3] == "Xaver"


def test_a_spanish_numbered_seat_takes_its_article_on_the_screens(page: Any, tmp_path: Path) -> None:
    """Unnamed seats in Spanish: "Pásale el móvil al jugador uno", "Soy el jugador uno", "Curar al jugador uno",
    never "a jugador uno" (scripts/es/words.yaml's seat word, contracted as the narrator says it)."""
    port = free_port()
    with server(tmp_path, port, "--lang", "es", "--players", "6"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        page.click("#deal")
        page.wait_for_function("document.getElementById('screen').dataset.screen === 'deal'")
        assert page.inner_text("#screen h1") == "Pásale el móvil al jugador uno"
        assert page.inner_text("#show") == "Soy el jugador uno, ver"
        said = page.evaluate("[t('night.heal', {name: 'jugador uno'}), t('hunter.title', {name: 'jugador dos'}),"
                             " t('peers.dropped', {name: 'jugador tres'}), t('night.heal', {name: 'Ana'})]")
        assert said == ["Curar al jugador uno", "El jugador dos apunta: el último disparo del cazador",
                        "El móvil del jugador tres se ha desconectado.", "Curar a Ana"]
