"""↶ is said over the screen it undoes until the screen it brings back is drawn (control.js): the narrator's line
for an undo ("Un momento. Lo último, como si no hubiera pasado.") is no screen of the game, and under it the old
screen, still tappable, stayed for the seconds the undo's lines take."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, free_port, server
from .test_control import spanish_game_waiting

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")


def test_the_undo_covers_the_old_screen_under_its_own_line_until_the_new_screen(page: Any, tmp_path: Path) -> None:
    spanish_game_waiting(tmp_path)
    port = free_port()
    with server(tmp_path, port, "--resume"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#undo", state="visible")
        page.evaluate("""window.__seen = [];
            new MutationObserver(() => {
              const box = document.getElementById('undoing');
              const caption = document.getElementById('caption').textContent;
              window.__seen.push({undoing: !!box && !box.hidden, caption,
                                  gen: document.getElementById('screen').dataset.gen});
            }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});""")
        before = page.get_attribute("#screen", "data-gen")
        page.click("#undo")
        page.wait_for_function(f"document.getElementById('screen').dataset.gen !== '{before}'")
        page.wait_for_selector("#undoing", state="hidden")
        seen = page.evaluate("window.__seen")
        from narrator.speech.script import SHIPPED, load

        undo_lines = set(load(SHIPPED).variants("es", "game.undo"))  # whichever the picker says
        said = [s for s in seen if s["caption"] in undo_lines]
        assert said, seen
        old = [s for s in said if s["gen"] == before]
        assert old and all(s["undoing"] for s in old), f"the old screen uncovered under the undo's line: {seen}"
        assert not any(s["undoing"] for s in seen if s["gen"] != before), "the new screen still covered"
