"""The setup screen on a phone (390×844, Debian's Chromium), in the language where each finding was made: the
language is chosen at the top, a voice's whole label is readable, the cards are grouped by side with their totals."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, PHONE, free_port, server

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
