"""The narrator's signals on the page's hub: what the table does as a line is said comes from the narrator,
not from the line's scene id."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from narrator.config import Config
from narrator.speech.lines import Line
from narrator.ui.web.hub import Hub
from narrator.ui.web.tablevoice import PageCaptions

from .test_hub import SCRIPT, play_until
from .test_hub_resume import Page


def test_the_listen_screen_follows_the_narrator_whatever_its_lines_scene_ids(tmp_path: Path) -> None:
    """Every line reaches the page under a scene id that says nothing of the game ("said.1", "said.2"...):
    the table's screen as each is captioned still closes the eyes at nightfall and opens them at dawn."""
    seen: list[tuple[str, dict[str, Any]]] = []

    class Renamed(PageCaptions):
        def say(self, line: Line, at: float, seconds: float | None = None) -> float:
            out = super().say(replace(line, scene=f"said.{len(seen) + 1}"), at, seconds)
            seen.append((line.scene, dict(self.stage.screen)))
            return out

    h = Hub(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=lambda hub, table: Renamed(hub.stage))
    page = Page(h)
    page.send(t="players", players=6)
    page.send(t="deal")
    play_until(page, 0, "day")  # the first day's debate: the night and its dawn have been said
    h.stop_game()
    screens = {scene: screen for scene, screen in reversed(seen)}  # as each scene was first said
    assert screens["night.start"] == {"screen": "listen", "phase": "night"}, "eyes closed as the night falls"
    assert screens["night.werewolves.wake"] == {"screen": "listen", "phase": "night"}
    assert screens["dawn.start"] == {"screen": "listen", "phase": "day"}, "eyes open at dawn"
