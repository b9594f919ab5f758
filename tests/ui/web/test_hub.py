"""The hub behind the page, without a browser: who is sent what."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from narrator.audio.clip import Clip
from narrator.config import Config
from narrator.game.journal import Journal
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from narrator.ui.web.strings import missing_keys, strings
from narrator.ui.web.tablevoice import BrowserSink
from tests.ui.web.tables import journal_of

SCRIPT = load(SHIPPED)
GUARD_S = 120


def hub(tmp_path: Path) -> tuple[Hub, dict[int, list[dict[str, Any]]]]:
    h = Hub(Config(), SCRIPT, tmp_path, fast=True)
    inbox: dict[int, list[dict[str, Any]]] = {}
    for _ in range(2):
        messages: list[dict[str, Any]] = []
        client = h.connect(messages.append, host=True)
        inbox[client] = messages
    return h, inbox


def wait_for(h: Hub, screen: str) -> None:
    """Wait for the hub to show `screen`: a watching connection is told the moment it does."""
    shown = threading.Event()

    def watch(message: dict[str, Any]) -> None:
        if message.get("t") == "screen" and message.get("screen") == screen:
            shown.set()

    client = h.connect(watch, host=True)  # told the current screen at once, then every new one
    try:
        assert shown.wait(GUARD_S), f"never shown: {screen} (now {h.screen})"  # a guard against a hang only
    finally:
        h.disconnect(client)


def test_every_language_has_every_word() -> None:
    assert missing_keys() == {}
    assert strings("de")["deal.cover"] == "Verstanden, verdecken"
    assert strings("es")["deal.show"] == "Soy {name}, ver"


def test_a_card_goes_only_to_the_screen_that_asked(tmp_path: Path) -> None:
    h, inbox = hub(tmp_path)
    first, second = list(inbox)
    h.handle(first, {"t": "players", "players": 6})
    h.handle(first, {"t": "deal"})
    wait_for(h, "deal")
    h.handle(first, {"t": "show", "q": h.screen["q"]})  # the deal's question on screen
    private = [m for m in inbox[first] if m["t"] == "private"]
    assert len(private) == 1 and private[0]["kind"] == "card" and private[0]["role"]
    assert private[0]["help"] in strings("en").values()  # the card's help, read by its holder alone
    assert (private[0]["picture"] or "<svg").startswith("<svg")  # drawn inline: nothing fetched, nothing cached
    assert not [m for m in inbox[second] if m["t"] == "private"]
    assert all("role" not in m for m in inbox[second])
    h.stop_game()


def test_refusals_are_translated(tmp_path: Path) -> None:
    h, inbox = hub(tmp_path)
    first = next(iter(inbox))
    h.handle(first, {"t": "lang", "lang": "es"})
    h.handle(first, {"t": "players", "players": 6})
    h.handle(first, {"t": "adjust", "role": "werewolf", "delta": 1})
    refused = [m for m in inbox[first] if m["t"] == "refused"]
    assert refused and refused[-1]["text"] == strings("es")["refusal.setup.too_many_wolves"]


def test_browser_sound_serves_each_clip_once(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from narrator.ui.web.app import create_app

    h, inbox = hub(tmp_path)
    sink = BrowserSink(h)
    sink.play(Clip(np.zeros(2205, dtype=np.float32)), 0.0)
    first = next(iter(inbox))
    assert inbox[first][-1] == {"t": "audio", "url": "/audio/1"}
    client = TestClient(create_app(h))
    response = client.get("/audio/1")
    assert response.status_code == 200 and response.content[:4] == b"RIFF"
    assert client.get("/audio/99").status_code == 404
    page = client.get("/")
    assert page.status_code == 200 and b"/static/app.js" in page.content


def test_lan_shows_a_qr_code_of_the_address(tmp_path: Path) -> None:
    import segno
    from starlette.testclient import TestClient

    from narrator.ui.web.address import lan_address
    from narrator.ui.web.app import create_app

    address = f"http://{lan_address()}:8765/"
    h, _ = hub(tmp_path)
    h.lan_url = address
    svg = segno.make(address).svg_inline(scale=4)
    client = TestClient(create_app(h, svg))
    response = client.get("/qr.svg")
    assert response.status_code == 200 and response.text.startswith("<svg")
    assert h.stage.table_screen()["lan"] == address
    assert TestClient(create_app(h)).get("/qr.svg").status_code == 404


ANSWERED = {"deal", "narrator", "night", "step", "day", "vote", "hunter", "tiebreak", "end"}


def play_until(page: Any, at: int, until: str) -> tuple[int, dict[str, Any]]:
    """Answer every screen as a table that wants the game over, until the hub shows `until`."""
    for _ in range(600):
        at, m = page.screen(at, screen=ANSWERED)
        if m["screen"] == until:
            return at, m
        at += 1
        kind = m["screen"]
        if kind == "deal":
            page.send(t="cover")
        elif kind == "narrator":
            page.send(t="start")
        elif kind == "day":
            page.send(t="vote")
        elif m.get("shape") == "potions":
            page.send(t="tap", value=f"{m['step']}:pass")
        elif kind == "hunter":
            page.send(t="tap", value=m["choices"][-1]["value"])
        else:
            targets = [c for c in m["choices"] if c["kind"] != "none"] or m["choices"]
            page.send(t="tap", value=targets[0]["value"])
    raise AssertionError(f"never shown: {until}")


def held_hub(tmp_path: Path, scene: str) -> tuple[Hub, Any, list[Any]]:
    """A hub whose narrator holds on after saying `scene` the first time; the page is told when it does."""
    from narrator.speech.lines import Line
    from narrator.ui.web.tablevoice import PageCaptions

    from .test_hub_resume import Page

    class Held(PageCaptions):
        def __init__(self, h: Hub) -> None:
            super().__init__(h.stage)
            self.speaking, self.done = threading.Event(), threading.Event()

        def say(self, line: Line, at: float, seconds: float | None = None) -> float:
            out = super().say(line, at, seconds)
            if line.scene == scene and not self.speaking.is_set():  # held just after its caption is shown
                self.speaking.set()
                with page.changed:
                    page.changed.notify_all()
                assert self.done.wait(GUARD_S)
            return out

    held: list[Held] = []

    def speaker(h: Hub, table: Any) -> Held:
        held.append(Held(h))
        return held[-1]

    h = Hub(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=speaker)
    page = Page(h)
    return h, page, held


def test_the_listen_screen_says_what_the_table_does(tmp_path: Path) -> None:
    h, page, held = held_hub(tmp_path, "dawn.start")
    page.send(t="players", players=6)
    page.send(t="deal")
    at, _ = page.screen(0, screen="deal", seat=1)
    page.send(t="cover")
    _, listen = page.screen(at, screen="listen")
    assert listen["phase"] == "deal", "the table looks at the deal, eyes open"
    at = play_until(page, at, "narrator")[0]
    page.send(t="start")
    _, listen = page.screen(at, screen="listen")
    assert listen["phase"] == "night"

    def night_screen() -> int | None:
        return next((i for i, m in enumerate(page.messages[at:], at) if m.get("screen") == "night"), None)

    while True:  # the night answered until the narrator says the dawn
        with page.changed:
            assert page.changed.wait_for(lambda: held[0].speaking.is_set() or night_screen() is not None, GUARD_S)
            found = night_screen()
        if held[0].speaking.is_set():
            break
        assert found is not None
        m = page.messages[found]
        at = found + 1
        value = f"{m['step']}:pass" if m.get("shape") == "potions" else \
            ([c for c in m["choices"] if c["kind"] != "none"] or m["choices"])[0]["value"]
        page.send(t="tap", value=value)
    assert h.screen == {"screen": "listen", "phase": "day"}, h.screen  # eyes open: the dawn is told
    held[0].done.set()
    h.stop_game()


def test_the_end_screen_comes_at_once_while_the_cards_are_revealed(tmp_path: Path) -> None:
    h, page, held = held_hub(tmp_path, "end.reveal")
    page.send(t="players", players=6)
    page.send(t="deal")
    at, end = play_until(page, 0, "end")
    assert held[0].speaking.wait(GUARD_S)  # the first card is being revealed aloud, the end screen already up
    assert h.screen["screen"] == "end" and end["winner"]
    page.send(t="undo")  # taken back before the next reveal: the game stands before its last choice
    held[0].done.set()
    page.screen(at + 1, screen=ANSWERED - {"end"})  # the question before the end, asked again
    assert journal_of(h) is not None
    assert [r["kind"] for r in Journal.read(journal_of(h)).records][-1] == "undo"
    h.stop_game()


def test_a_new_game_clears_the_caption_and_speaks_the_setups_language(tmp_path: Path) -> None:
    from .test_hub_resume import Page

    h = Hub(Config(), SCRIPT, tmp_path, fast=True)
    page = Page(h)
    page.send(t="lang", lang="de")
    page.send(t="players", players=6)
    page.send(t="deal")
    page.screen(0, screen="deal", seat=1)
    assert h.pages.caption, "the narrator has spoken"
    since = len(page.messages)
    page.send(t="new")
    page.screen(since, screen="setup")
    after = page.messages[since:]
    assert {"t": "caption", "text": ""} in after and h.pages.caption == ""
    page.send(t="lang", lang="en")
    page.send(t="adjust", role="werewolf", delta=1)
    refused = [m for m in page.messages if m["t"] == "refused"]
    assert refused and refused[-1]["text"] == strings("en")["refusal.setup.too_many_wolves"], refused
    late: list[dict[str, Any]] = []
    h.connect(late.append)
    assert not [m for m in late if m["t"] == "caption"], "a page opened later shows the old game's caption"


def test_the_day_screen_sends_the_seconds_left(tmp_path: Path) -> None:
    h, _ = hub(tmp_path)
    h.stage.screen = {"screen": "day", "day": 1, "deaths": [], "news": [], "timer": 3}
    h.stage.day_started = time.monotonic() - 30
    shown = h.stage.table_screen()
    assert "started" not in shown and 148 <= shown["left"] <= 150


ADDRESS = "one nine two dot one six eight dot one dot two three, port eight seven six five."


def test_the_host_has_the_address_said_to_every_page_and_nobody_else_may(tmp_path: Path) -> None:
    from narrator.ui.web.address import Announcer, attach

    h, inbox = hub(tmp_path)
    watcher: list[dict[str, Any]] = []
    guest = h.connect(watcher.append)  # a page that has not said who it is: it watches
    inbox[guest] = watcher
    host = next(iter(inbox))
    h.handle(host, {"t": "say_address"})  # without --lan no phone can reach the page: nothing is said
    assert [m["rule"] for m in inbox[host] if m["t"] == "refused"] == ["address.no_lan"]
    assert inbox[host][-1]["text"] == strings("en")["setup.no_lan"]
    h.lan_url = "http://192.168.1.23:8765/"
    said = attach(h, Announcer(h, 8765, find=lambda: "192.168.1.23", name=lambda: "wolfcall", seed=1))
    h.handle(guest, {"t": "say_address"})
    assert [m["rule"] for m in watcher if m["t"] == "refused"] == ["message.not_yours"]
    assert not said.said and not [m for ms in inbox.values() for m in ms if m["t"] == "caption"]
    h.handle(host, {"t": "say_address"})
    for messages in inbox.values():  # a caption on every page, the watcher's too
        captions = [m["text"] for m in messages if m["t"] == "caption"]
        assert len(captions) == 1 and "wolfcall dot local" in captions[0] and captions[0].endswith(ADDRESS)
    assert [line.scene for line in said.said] == ["address.say"]


def test_the_address_waits_while_a_game_is_narrated(tmp_path: Path) -> None:
    from narrator.ui.web.address import Announcer

    h, inbox = hub(tmp_path)
    h.lan_url = "http://192.168.1.23:8765/"
    said = Announcer(h, 8765, find=lambda: "192.168.1.23", name=lambda: "wolfcall", seed=1)
    h.stage.screen = {"screen": "listen", "phase": "night"}  # a game's narrator has the table
    assert said.request() is False and said.pending
    assert not [m for ms in inbox.values() for m in ms if m["t"] == "caption"]
    h.stage.screen = {"screen": "setup"}
    assert said.tick() is True and not said.pending  # the next look, once the table is quiet
    assert [m["text"] for m in next(iter(inbox.values())) if m["t"] == "caption"][-1].endswith(ADDRESS)
    assert said.tick() is False  # the same address: said once


def test_play_voice_sets_the_setups_voice_and_its_language(tmp_path: Path) -> None:
    from narrator.config import OptionError

    h = Hub(Config(), SCRIPT, tmp_path, fast=True, voice="lucia")
    assert (h.draft.voice, h.draft.lang) == ("lucia", "es")
    assert Hub(Config(), SCRIPT, tmp_path, fast=True, voice="lucia", lang="de").draft.lang == "de"
    with pytest.raises(OptionError, match="no voice 'nobody'"):
        Hub(Config(), SCRIPT, tmp_path, fast=True, voice="nobody")


def test_a_wolfs_card_lists_only_the_pack_after_a_villager_was_executed(tmp_path: Path) -> None:
    """Own devices, extended: a villager executed on day 1 shows his card to all; the wolf's card screen
    must not count him as a pack mate (it listed every card the wolf could see)."""
    from engine import Choice, Game
    from narrator.game.session import Table

    roles = ["werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager", "villager"]
    names = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo"]
    game = Game.new(names, ruleset="extended", seed=1, mode="own_devices", roles=roles)
    game.choose(Choice("werewolves", 8))
    game.choose(Choice("seer", 1))
    voters = sorted(game.state.alive)
    game.choose(Choice("day_vote", ballots=tuple((v, 4) for v in voters)))
    state = game.state
    assert 4 not in state.alive and "4" in __import__("engine").view(state, 1)["cards"]  # his card is public now
    h = Hub(Config(), SCRIPT, tmp_path, fast=True)
    h.stage.begin(Table(names, roles, game.state.house, "extended", "own_devices", 1, "en"), None)
    card = h.way.card(state, 1)
    assert card["pack"] == ["Ben"]
