"""The game in play as the pages see it: the question open now and the one state the screens are drawn from, the
way to play of the table, the one place an answer reaches the narrator (`hand`), and ↶."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Choice, Game, HouseRules, Mode
from narrator.config import Config
from narrator.game.desk import Stale
from narrator.game.inputs import COVERED, Question
from narrator.game.session import Table as Deal
from narrator.speech.lines import Line
from narrator.ui.web.hub import Hub
from narrator.ui.web.refusals import STALE, Refusal
from narrator.ui.web.webinput import WebInput

from ...narration import NAMES, ROLES, SCRIPT
from .tables import Phone, Table


def dealt(tmp_path: Path) -> tuple[Hub, Phone, WebInput, Game, Question]:
    """A hub whose game (not narrated: the test asks as its narrator would) has its wolves' question open."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    host = Table(hub).connect("host")
    live = WebInput(hub.stage.publish)
    game = Game.new(NAMES, seed=1, roles=ROLES)
    with hub.lock:
        hub.stage.begin(Deal.deal(NAMES, HouseRules(), 1, "en", roles=ROLES), live)
    q = Question("werewolves", tuple(game.legal()), None, 5)
    hub.stage.publish(q, game.state)
    return hub, host, live, game, q


def test_a_question_published_opens_on_the_desk_and_the_tables_screen(tmp_path: Path) -> None:
    hub, host, live, game, q = dealt(tmp_path)
    stage = hub.stage
    assert stage.question == q and stage.state is game.state and stage.desk() is live.desk
    screen = host.screen()
    assert screen is not None and screen["q"] == 5
    assert stage.asked({"q": 5}, "werewolves") == q
    for message, steps in (({"q": 4}, ()), ({"q": 5}, ("seer",)), ({}, ())):
        with pytest.raises(Refusal) as refused:
            stage.asked(message, *steps)
        assert refused.value.rule == STALE


def test_an_answer_handed_goes_to_the_narrators_queue_once_and_the_table_listens(tmp_path: Path) -> None:
    hub, _host, live, game, q = dealt(tmp_path)
    stage = hub.stage
    checked = stage.desk().check(Choice("werewolves", 6))
    stage.hand((q, checked))
    assert live.taps.get_nowait() == (5, checked) and live.taps.empty()
    assert stage.question is None and stage.screen["screen"] == "listen"
    stage.publish(q, game.state)  # asked again after the reminder, answered meanwhile: it stays closed
    assert stage.question is None
    with pytest.raises(Stale):
        stage.hand((q, COVERED))


def test_undo_is_kept_for_the_narrator_and_every_page_drops_the_caption(tmp_path: Path) -> None:
    hub, host, live, _, _ = dealt(tmp_path)
    before = len(host.frames)
    hub.stage.undo()
    assert live.take_undo()
    assert [f.message for f in host.frames[before:] if f.message["t"] in ("caption", "undoing")] == [
        {"t": "caption", "text": ""}, {"t": "undoing"}]
    live.undo_rule = lambda: "undo.night"
    with pytest.raises(Refusal) as refused:
        hub.stage.undo()
    assert refused.value.rule == "undo.night" and not live.take_undo()


def test_a_line_of_a_game_replaced_is_not_captioned(tmp_path: Path) -> None:
    hub, host, live, _, _ = dealt(tmp_path)
    line = Line("night.start", 0, "en", "Night falls.")
    hub.stage.spoken(live, line)
    hub.stage.spoken(WebInput(hub.stage.publish), line)  # another game's narrator, replaced
    assert [f.message["text"] for f in host.frames if f.message["t"] == "caption"] == ["Night falls."]


def test_the_way_follows_the_tables_mode_and_is_made_afresh_at_a_deal(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    stage = hub.stage
    setup_way = stage.way
    assert stage.way is setup_way and stage.table is None and stage.question is None and stage.state is None
    hub.setup.draft.mode = Mode.OWN_DEVICES
    assert stage.way is not setup_way and type(stage.way).__name__ == "OwnDevices"
    with hub.lock:
        stage.begin(Deal.deal(NAMES, HouseRules(), 1, "en", roles=ROLES, mode=Mode.ROUND_TABLE), None)
    assert type(stage.way).__name__ == "RoundTable"
    with pytest.raises(Stale):
        stage.desk()  # a table without a narrator's input: no desk to check a tap


def test_a_seat_is_named_by_its_setup_name_and_in_a_game_by_its_label(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    hub.setup.draft.names = ["Ana", ""]
    assert [hub.stage.seat_name(s) for s in (1, 2, 3)] == ["Ana", "2", "3"] and hub.stage.name(1) == "1"
    with hub.lock:
        hub.stage.begin(Deal.deal(["Ana", "", "Carla", "", "", ""], HouseRules(), 1, "en"), None)
    assert hub.stage.seat_name(1) == "Ana" and hub.stage.name(2) == "player two" and hub.stage.seats() == 6
