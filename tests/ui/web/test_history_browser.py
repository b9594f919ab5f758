"""The history screen on the host's page, in en/de/es: the kept games and each player's numbers drawn as bars
whose lengths are the hand-counted rates; a game deleted and a player renamed from the page."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from narrator.game.historystore import open_history

from ...browser import CHROMIUM, free_port, server, shot
from ...game.history_games import GAMES as HAND_COUNTED

# the hand-counted games, played one evening 40 minutes apart (the README's pictures show their dates)
GAMES = [replace(g, ended=1795892400.0 + g.ended * 24) for g in HAND_COUNTED]

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")

WORDS = {"en": ("The group's history", "Wins by side"), "de": ("Die Chronik der Runde", "Siege nach Lager"),
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


REFUSED = {"de": "Diese Datei wurde nicht importiert, an der Chronik hat sich nichts geändert: In games[1].seats[0] "
                 "muss der Schlüssel „won“ true oder false sein.",
           "es": "No se ha importado este archivo y el historial no ha cambiado: en games[1].seats[0], la clave "
                 "«won» tiene que ser true o false.",
           "en": "This file was not imported, and nothing in the history changed: in games[1].seats[0], the key "
                 "'won' should be true or false."}


def chosen(page: Any, name: str, data: bytes) -> str:
    """The host picks a file to import; the notice the screen then shows (it is drawn again with the answer)."""
    page.evaluate("document.getElementById('history-notice')?.remove()")
    page.set_input_files("#history-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("#history-notice")
    return str(page.inner_text("#history-notice"))


def post(port: int, body: bytes, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    import json
    import urllib.error
    import urllib.request

    request = urllib.request.Request(f"http://127.0.0.1:{port}/history/import", data=body, headers=headers)
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_a_history_file_imported_from_the_page(page: Any, tmp_path: Path) -> None:
    import json

    from narrator.game.historyfile import dumps
    from narrator.game.historystore import SqliteHistory

    store = open_history(tmp_path)
    for g in GAMES[:3]:
        store.add_game(g)
    store.close()
    other = SqliteHistory(tmp_path / "other.sqlite")
    for g in GAMES[2:]:
        other.add_game(g)
    good = dumps(other).encode()
    other.close()
    broken = json.loads(good)
    broken["games"][1]["seats"][0]["won"] = "yes"
    port = free_port()
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#history-open")
        for lang, words in REFUSED.items():
            page.select_option("#lang", lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            page.wait_for_selector("#history-open")
            opened(page)
            assert chosen(page, "broken.json", json.dumps(broken).encode()) == words
            assert page.locator("#history-games li").count() == 3  # nothing kept changed
            page.click("#history-close")
        opened(page)
        assert "line 3, column 1" in chosen(page, "cut.json", b'{"format": "wolfcall-history",\n"games": [\n')
        ticket = page.evaluate("window.__wolfcall.received.filter((m) => m.t === 'history').pop().ticket")
        # the site's rules: another site's page, a form's type, or no ticket is refused before the file is read
        assert post(port, good, {"Content-Type": "application/json", "Origin": "http://evil.example",
                                 "X-Wolfcall-Ticket": ticket})[0] == 403
        assert post(port, good, {"Content-Type": "text/plain", "X-Wolfcall-Ticket": ticket})[0] == 415
        assert post(port, good, {"Content-Type": "application/json"}) == (
            403, {"rule": "history.ticket", "text": "open the history screen again, then import"})
        assert chosen(page, "good.json", good) == "Imported: 2 games added, 1 replaced."
        page.wait_for_function("document.querySelectorAll('#history-games li').length === 5")
        assert rates(page, "Ana", "overall") == ["0.6000", "0.6000", "0.2000"]  # all five games: as counted by hand
        shot(page, "history-import-en")
    kept = open_history(tmp_path)
    assert sorted(g.key for g in kept.games()) == ["g1", "g2", "g3", "g4", "g5"]
