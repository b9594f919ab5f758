"""On a phone (390×844, Debian's Chromium) what a screen asks to confirm is in reach without scrolling past a long
list, above the caption, and a refusal covers no confirm; in the language where each finding was made."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine import Choice, Game
from narrator.game.inputs import Question
from narrator.ui.web.screens import Screens
from narrator.ui.web.strings import strings

from ...browser import CHROMIUM, PHONE, free_port, german_setup, received, server, wait_message

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Ines", "Juan", "Kira", "Luis"]
# a caption of three lines on a phone, as the narrator's longer lines are
CAPTION = ("Die Nacht senkt sich über das Dorf. Wer eine Karte hat, die nachts gerufen wird, hört gut zu und "
           "öffnet die Augen erst, wenn er gerufen wird.")


def twelve(lang: str) -> tuple[Game, Screens]:
    game = Game.new(NAMES, ruleset="extended", seed=1, mode="one_device",
                    roles=["cupid", "werewolf", "werewolf", "witch", *["villager"] * 8])
    return game, Screens(lang, lambda s: NAMES[s - 1])


def at_the_witch(lang: str) -> dict[str, Any]:
    """The witch's screen of a twelve-player first night: Eva attacked, twelve names to poison."""
    game, screens = twelve(lang)
    game.choose(Choice("cupid", seats=(7, 8)))
    while game.state.current is not None and game.state.current.step != "witch":
        game.choose(Choice(game.state.current.step, 5))
    return {**screens.question(Question("witch", (), 4, 3), game.state), "q": 3, "t": "screen"}


def drawn_at(page: Any, port: int, lang: str, screen: dict[str, Any]) -> None:
    """`screen` drawn on the page of a table in `lang`, under a caption of three lines, the page at its top."""
    if lang == "de":
        german_setup(page, port)
    else:
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        since = received(page)
        page.evaluate("send({t: 'probe'})")  # answered after the new setup: no late redraw wipes the screen below
        wait_message(page, since, "m.t === 'refused'")
        page.evaluate("document.getElementById('toast').hidden = true")
    page.evaluate(f"render({json.dumps(screen)}); document.getElementById('caption').textContent = {CAPTION!r};")
    # two frames drawn: a ResizeObserver's news of the caption's new height is delivered within the first
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.evaluate("window.scrollTo(0, 0)")


def in_reach(page: Any, selector: str) -> dict[str, float]:
    """`selector`'s box, checked to be on the phone's screen above the caption, as it is now scrolled."""
    button = page.locator(selector).bounding_box()
    caption = page.locator("#caption").bounding_box()
    assert button is not None and caption is not None
    assert button["y"] >= 0 and button["y"] + button["height"] <= caption["y"], \
        f"{selector} at {button} is not above the caption at {caption} on a {PHONE} screen"
    return dict(button)


def test_the_witch_with_twelve_names_sees_bestaetigen_without_scrolling(page: Any, tmp_path: Path) -> None:
    """The witch scrolled past twelve names to "Bestätigen"."""
    port = free_port()
    with server(tmp_path, port):
        drawn_at(page, port, "de", at_the_witch("de"))
        assert page.locator("button[data-kind=poison]").count() == 12  # her list of twelve names
        assert page.inner_text("#brew") == "Bestätigen"
        in_reach(page, "#brew")
        opaque(page, "#brew")  # not yet enabled, over the names: none shows through it
        page.click("button[data-kind=poison][data-target='12']")  # the last name, scrolled to
        in_reach(page, "#brew")
        assert page.is_enabled("#brew")


def test_cupids_confirm_is_in_reach_and_says_to_pick_two(page: Any, tmp_path: Path) -> None:
    """Cupid's confirm was off the screen, with nothing saying that two names are to be picked."""
    game, screens = twelve("de")
    cupid = {**screens.question(Question("cupid", (), 1, 0), game.state), "q": 0, "t": "screen"}
    port = free_port()
    with server(tmp_path, port):
        drawn_at(page, port, "de", cupid)
        hint = page.locator("#pick-hint")
        assert hint.inner_text() == "Tippe 2 Namen an und dann auf „Bestätigen“."
        opaque(page, "#pick-confirm")
        hinted = hint.bounding_box()
        assert hinted is not None and hinted["y"] >= 0 and hinted["y"] + hinted["height"] <= PHONE["height"]
        in_reach(page, "#pick-confirm")
        page.click("button[data-seat='11']")
        page.click("button[data-seat='12']")
        in_reach(page, "#pick-confirm")
        assert page.is_enabled("#pick-confirm")


def opaque(page: Any, selector: str) -> None:
    """A walk saw "Lukas" through the witch's disabled "Bestätigen", floating over her list: drawn at 40% opacity."""
    style = page.evaluate(f"(() => {{ const s = getComputedStyle(document.querySelector({selector!r}));"
                          " return [s.opacity, s.backgroundColor]; })()")
    assert page.is_disabled(selector) and style[0] == "1" and style[1].startswith("rgb("), style


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_a_refusal_does_not_cover_confirmar(page: Any, tmp_path: Path) -> None:
    """A refusal (the witch's two potions in one night) covered «Confirmar»."""
    port = free_port()
    with server(tmp_path, port):
        drawn_at(page, port, "es", at_the_witch("es"))
        page.click("button[data-kind=heal]")
        page.click("button[data-kind=poison][data-target='12']")
        refusal = strings("es")["refusal.witch.one_potion"]
        page.evaluate(f"toast({json.dumps(refusal)})")  # as the page shows the server's refusal of that tap
        assert page.inner_text("#brew") == "Siguiente" and page.inner_text("#toast") == refusal
        for scrolled in ("window.scrollTo(0, document.body.scrollHeight)", "window.scrollTo(0, 0)"):
            page.evaluate(scrolled)
            toast, confirm = page.locator("#toast").bounding_box(), page.locator("#brew").bounding_box()
            assert toast is not None and confirm is not None
            assert not overlap(toast, confirm), f"the refusal at {toast} covers «Confirmar» at {confirm}"
            in_reach(page, "#brew")
