"""A name typed longer than the game takes, in Spanish: the field stops at 24 characters, and the setup says so
under the names (the name was cut short with no word of why: "Hans-Joachim von Weißenf")."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, PHONE, free_port, server

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")


def test_a_name_at_the_longest_says_so_in_spanish(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port, "--lang", "es"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#screen .grid input")
        assert page.is_hidden("#names-note"), "said before any name is that long"
        field = page.locator("#screen .grid input").nth(1)
        field.press_sequentially("Hans-Joachim von Weißenfels")  # key by key, as on a phone
        assert field.input_value() == "Hans-Joachim von Weißenf"
        note = page.locator("#names-note")
        assert note.is_visible()
        assert note.inner_text() == "Los nombres pueden tener como mucho 24 caracteres."
        drawn = note.bounding_box()
        assert drawn is not None and drawn["x"] + drawn["width"] <= PHONE["width"]
        field.press("Backspace")
        assert page.is_hidden("#names-note"), "still said once the name is shorter"
