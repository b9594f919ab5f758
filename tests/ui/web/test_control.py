"""Control of the table, in a real browser (Debian's Chromium) on a Spanish game, where it was found: a game
waiting after a restart is offered in its language; a server that died is said over the page until it is back;
another device takes over the table only with the code the table has; an undo is said at once."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ...browser import CHROMIUM, GUARD_MS, PHONE, RECORD_MESSAGES, free_port, server
from ...journals import record

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
CODE = re.compile(r"escribe en él este código: (\d{4})")


def spanish_game_waiting(data: Path) -> None:
    """A Spanish game cut off after 14 answers, waiting in the server's data folder."""
    games = data / "games"
    games.mkdir(parents=True)
    record(games / "20260101-200000-play-11.jsonl", seed=11, kind="play", stop=14, lang="es")


@pytest.fixture
def other(browser: Any) -> Iterator[Any]:
    """A second device: another phone on the same Wi-Fi."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    context.set_default_timeout(GUARD_MS)
    context.add_init_script(RECORD_MESSAGES)
    yield context.new_page()
    context.close()


def console_code(data: Path, port: int) -> str:
    """The code `wolfcall play` printed last, in Spanish (printed before the asking page is answered)."""
    found = CODE.findall((data / f"server-{port}.log").read_text(encoding="utf-8"))
    assert found, "no takeover code on the console"
    return str(found[-1])


def test_a_waiting_spanish_game_a_dead_server_and_a_takeover_from_the_host(page: Any, other: Any,
                                                                            tmp_path: Path) -> None:
    spanish_game_waiting(tmp_path)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with server(tmp_path, port) as proc:
        page.goto(url)
        page.wait_for_selector("#continue")
        assert page.inner_text("#screen h1") == "Hay una partida a medias"
        assert page.inner_text("#continue") == "Continuar la partida"
        page.click("#continue")
        page.wait_for_function("document.getElementById('caption').textContent !== ''")  # the narrator speaks
        assert page.is_hidden("#offline")
        proc.kill()  # kill -9
        page.wait_for_selector("#offline", state="visible")
        assert page.inner_text("#offline") == "Se ha perdido la conexión. Reconectando…"
        assert page.evaluate("(() => { const r = document.getElementById('offline').getBoundingClientRect();"
                             " return r.top <= 0 && r.bottom >= innerHeight && r.width >= innerWidth; })()"), \
            "the banner covers the page: nothing under it can be tapped"
    with server(tmp_path, port):  # restarted: the page finds it by itself
        page.wait_for_selector("#offline", state="hidden")
        page.wait_for_selector("#continue")
        assert page.inner_text("#screen h1") == "Hay una partida a medias"
        assert page.inner_text("#caption") == "", "the dead server's last line stays under the resume screen"
        other.goto(url)
        other.wait_for_selector("#takeover-ask")
        assert other.inner_text("#lobby-watch") == ("La partida se juega en el móvil de la mesa; desde aquí puedes "
                                                     "seguirla.")
        assert other.inner_text("#takeover-ask") == "Llevar la partida desde este móvil"
        other.click("#takeover-ask")
        other.wait_for_selector("#takeover-code")
        code = console_code(tmp_path, port)
        page.wait_for_selector("#takeover-host")
        assert page.inner_text("#takeover-host") == ("Otro móvil quiere llevar la partida. Solo si es de esta "
                                                     f"mesa, escribe en él este código: {code}")
        other.fill("#takeover-code", str((int(code) + 1) % 10000).zfill(4))
        other.click("#takeover-send")
        other.wait_for_function("document.getElementById('toast').textContent === 'Código incorrecto.'")
        assert other.is_hidden("#continue")
        other.fill("#takeover-code", code)
        other.click("#takeover-send")
        other.wait_for_selector("#continue")  # the new device runs the table
        page.wait_for_selector("#takeover-ask")  # the old one watches
        assert page.is_hidden("#takeover-host") and page.is_hidden("#continue")
        other.click("#new")  # a new game's setup, in the waiting game's language
        other.wait_for_function("document.querySelector('#screen h1').textContent === 'Nueva partida'")
        assert other.input_value("#lang") == "es"


def test_after_a_restart_with_the_host_lost_a_new_device_takes_over_with_the_console_code(
        page: Any, other: Any, tmp_path: Path) -> None:
    spanish_game_waiting(tmp_path)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with server(tmp_path, port):
        page.goto(url)
        page.wait_for_selector("#continue")  # this page was the host; its browser is lost with the server
    page.context.close()
    with server(tmp_path, port):
        other.goto(url)
        other.wait_for_selector("#takeover-ask")
        assert other.is_hidden("#continue"), "a new device runs the table without the code"
        other.click("#takeover-ask")
        other.wait_for_selector("#takeover-code")
        assert other.inner_text("#takeover p") == ("Escribe el código que aparece en el móvil de la mesa o que "
                                                   "se ha dicho en voz alta:")
        code = console_code(tmp_path, port)
        assert code not in str(other.evaluate("window.__wolfcall.received")), "the code reached the asking page"
        other.fill("#takeover-code", code)
        other.click("#takeover-send")
        other.wait_for_selector("#continue")
        assert other.inner_text("#screen h1") == "Hay una partida a medias"


def test_play_resume_opens_the_game_and_an_undo_is_said_at_once(page: Any, tmp_path: Path) -> None:
    spanish_game_waiting(tmp_path)
    port = free_port()
    with server(tmp_path, port, "--resume"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function("!!document.getElementById('screen').dataset.screen")
        assert page.get_attribute("#screen", "data-screen") != "resume", "--resume left the game waiting"
        page.wait_for_selector("#undo", state="visible")
        page.evaluate("""window.__undoing = [];
            new MutationObserver(() => {
              const box = document.getElementById('undoing');
              const caption = document.getElementById('caption').textContent;
              if (box && !box.hidden) window.__undoing.push([box.textContent, caption]);
            }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});""")
        page.click("#undo")
        page.wait_for_function("window.__undoing.length > 0")
        assert page.evaluate("window.__undoing[0]") == ["Deshaciendo…", ""]
