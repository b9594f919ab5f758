"""The setup screen on a phone (390×844, Debian's Chromium), in the language where each finding was made: the
language is chosen at the top, a voice's whole label is readable, the cards are grouped by side with their totals."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, PHONE, free_port, gen, german_setup, server

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")


def box(page: Any, selector: str) -> dict[str, float]:
    """Where `selector` is on the page (not the viewport: the page is scrolled to its top)."""
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return dict(found)


def spanish_setup(page: Any, port: int) -> None:
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("#deal")
    page.select_option("#lang", "es")
    page.wait_for_function("document.querySelector('h1').textContent === 'Nueva partida' && "
                           "document.querySelector('#voice option[value=alvaro]') !== null")


def test_the_language_is_chosen_at_the_top_of_the_setup(page: Any, tmp_path: Path) -> None:
    """The language selector sat at the bottom of the setup, below the cards and the house rules."""
    port = free_port()
    with server(tmp_path, port):
        spanish_setup(page, port)
        assert page.evaluate("window.scrollY") == 0
        lang = box(page, "#lang")
        assert lang["y"] + lang["height"] <= PHONE["height"], "the language is below the fold"
        order = page.evaluate("[...document.querySelectorAll('#screen select')].map((s) => s.id)")
        assert order[0] == "lang", f"the setup's choices, top to bottom: {order}"


def test_the_voice_not_downloaded_is_read_whole_on_a_phone(page: Any, tmp_path: Path) -> None:
    """The voice read "Álvaro (con espeak-ng hasta que s…": a closed select cuts its text off at its width."""
    port = free_port()
    with server(tmp_path, port):
        spanish_setup(page, port)
        page.wait_for_function("document.getElementById('voice').value === 'alvaro'")
        fits = page.evaluate("""(() => {
          const s = document.getElementById('voice'), css = getComputedStyle(s);
          const pen = document.createElement('canvas').getContext('2d');
          pen.font = css.font;
          const text = pen.measureText(s.selectedOptions[0].text).width;
          // the room a closed select draws its text in: inside its padding, beside its arrow (24 px is more than it)
          const room = s.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 24;
          return {label: s.selectedOptions[0].text, text, room};
        })()""")
        assert fits["text"] <= fits["room"], f"the voice's label is cut off: {fits}"
        assert fits["label"].startswith("Álvaro (")
        note = page.locator("#voice-floor")
        assert note.inner_text().startswith("Hasta que se descargue la voz de Álvaro, habla espeak-ng")
        drawn = box(page, "#voice-floor")
        assert drawn["x"] >= 0 and drawn["x"] + drawn["width"] <= PHONE["width"]
        assert page.evaluate("(() => { const p = document.getElementById('voice-floor');"
                             " return p.scrollWidth <= p.clientWidth; })()"), "the note does not wrap"


def redrawn(page: Any, before: int, condition: str) -> None:
    page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && {condition}")


def test_the_cards_are_grouped_by_side_with_their_totals_and_the_thiefs_two(page: Any, tmp_path: Path) -> None:
    """The extended list came in the English ids' order, with no side's total, and with the thief 14 cards for 12
    players, unexplained."""
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        before = gen(page)
        page.select_option("#ruleset", "extended")
        redrawn(page, before, "document.querySelector('[data-card=wolf_father]') !== null")
        before = gen(page)
        page.select_option("#players", "12")
        redrawn(page, before, "document.getElementById('players').value === '12'")
        assert page.inner_text("#cards-total") == "12 Karten für 12 Spieler"
        page.click("#adjust")
        page.wait_for_selector("[data-card=thief] b + button")
        before = gen(page)
        page.click("[data-card=thief] button:text-is('+')")
        redrawn(page, before, "document.querySelector('b[data-role=thief]').textContent === '1'")
        assert page.inner_text("#cards-total") == ("14 Karten für 12 Spieler: Zwei bleiben beim Austeilen für den "
                                                   "Dieb übrig.")
        sides = page.evaluate("[...document.querySelectorAll('#cards-field [data-side]')].map((g) => ({"
                              "side: g.dataset.side, title: g.querySelector('h3').textContent,"
                              "cards: [...g.querySelectorAll('[data-help]')].map((b) => b.textContent)}))")
        assert [(g["side"], g["title"]) for g in sides] == [("wolves", "Werwölfe: 3"), ("village", "Dorf: 11"),
                                                           ("solo", "Einzelgänger: 0")]
        for group in sides:  # the plain card first, then the others in German alphabetical order
            rest = group["cards"][1:] if group["cards"][0] in ("Werwolf", "Dorfbewohner") else group["cards"]
            assert rest == sorted(rest, key=lambda name: name.replace("ä", "a").replace("Ä", "A")), group
        wolves, village, solo = (g["cards"] for g in sides)
        assert wolves[0] == "Werwolf" and "Urwolf" in wolves and "Weißer Wolf" in wolves
        assert village[0] == "Dorfbewohner" and "Dieb" in village and solo == ["Flötenspieler"]
        assert sum(len(g["cards"]) for g in sides) == page.locator("[data-card]").count() == 27
