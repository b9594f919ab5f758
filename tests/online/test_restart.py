"""The rooms of one server across a restart, without a browser: suspended as SIGTERM does (`Rooms.suspend`), then
reopened by a new `Rooms` on the same data folder (`Rooms.reopen`), as the next `wolfcall serve` start does.
The browser test with a real server process and SIGTERM/SIGKILL is tests/online/test_restart_browser.py."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.flow import REMATCH
from narrator.config import Config
from narrator.game.journal import Fence, Journal
from narrator.game.session import open_journal
from narrator.online.openrooms import RECORD, RoomFiles
from narrator.online.rooms import Rooms
from narrator.ui.web.refusals import Refusal
from tests.ui.web.tables import Frame, journal_of
from tests.ui.web.test_frames import secrets_allowed

from .roomtable import NAMES, SCRIPT, RoomTable, open_room, play_room
from .test_room import as_seat


class Pause(Exception):
    """The game has got where the test restarts the server."""


def mid_night(room: Any) -> bool:
    """Raised before any page answers the wolves' question of a night: the restart comes there."""
    state, q = room.hub.state, room.hub.question
    if state is not None and state.phase == "night" and q is not None and q.step == "werewolves":
        raise Pause
    return False


def no_wolf_tap(room: Any, phones: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """No page answers the wolves' question before the restart: `mid_night` looks before a page acts, and the
    hub may open the question (and send its screens) between that look and the page's tap, so a tap for the
    wolves' question (a wolf's pick, a decoy's) raises the Pause where it would be sent."""
    for phone in phones:
        def send(_send: Any = phone.send, **message: Any) -> None:
            q = room.hub.question
            if q is not None and q.step == "werewolves" and message.get("q") == q.number:
                raise Pause
            _send(**message)
        monkeypatch.setattr(phone, "send", send)


def shown(screen: dict[str, Any] | None) -> dict[str, Any]:
    """A screen as the page draws it (the clock's reading aside)."""
    return {k: v for k, v in (screen or {}).items() if k not in ("now", "ends")}


def answers(path: Path) -> list[tuple[object, float]]:
    return [(str(a.value), a.delay) for a in open_journal(path).answers]


@pytest.mark.parametrize("speaking", [False, True])
def test_a_restart_reopens_the_room_at_its_seats_screens_and_game(tmp_path: Path, speaking: bool,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    rooms, room, table, phones = open_room(tmp_path, 6, "classic", seed=5, speaking=speaking)
    rng = random.Random(5)
    phones[0].send(t="deal")
    no_wolf_tap(room, phones, monkeypatch)
    with pytest.raises(Pause):
        play_room(room, table, phones, rng, hold=lambda phone: mid_night(room))
    asking = room.hub.question
    assert asking is not None  # the question is open before its screens are sent: the restart comes once they are
    table.wait(lambda: all((p.screen() or {}).get("q") == asking.number for p in phones if p.seat is not None))
    with room.lock:
        state, q = room.hub.state, room.hub.question
        assert q is not None
        asked = (q.step, q.number)
        screens = {p.seat: shown(p.screen()) for p in phones}
        spoke = set(room.channels.speaking.spoke) if room.channels.speaking else set()
    path = journal_of(room.hub)
    assert path is not None
    kept = answers(path)

    rooms.suspend()
    for phone in phones:  # every page is told, and nothing else reaches it
        assert phone.frames[-1].message == {"t": "restarting"}, phone.frames[-1].message
    with pytest.raises(Refusal) as refused:
        rooms.open(1, NAMES[0], {})
    assert refused.value.rule == "server.restarting"

    again = Rooms(Config(), SCRIPT, tmp_path, fast=True)
    assert again.reopen() == [room.code]
    back = again.find(room.code)
    assert back is not None and back is not room
    table2 = RoomTable(back, 5)
    phones2 = [table2.enter(user, NAMES[user - 1]) for user in range(1, 7)]
    table2.wait(lambda: back.hub.question is not None and (back.hub.question.step, back.hub.question.number) == asked)
    with back.lock:
        assert back.hub.state == state, "the game reopened is not the one the restart left"
        assert back.members == room.members
        if speaking:
            assert back.channels.speaking is not None and back.channels.speaking.spoke == spoke
    for old, new in zip(phones, phones2, strict=True):
        assert (new.who, new.seat) == (old.who, old.seat)
        table2.wait(lambda old=old, new=new: shown(new.screen()) == screens[old.seat])  # type: ignore[misc]
    play_room(back, table2, phones2, rng)
    assert back.hub.state is not None and back.hub.state.over
    assert answers(path)[: len(kept)] == kept, "an answer recorded before the restart was lost"
    for phone in [*phones, *phones2]:
        for frame in phone.frames:
            secrets_allowed(Frame(frame.message, frame.state), as_seat(phone), "en")
    again.close()


def test_a_reopened_room_nobody_rejoins_closes_when_idle(tmp_path: Path) -> None:
    from narrator.online.rooms import IDLE_SECONDS

    from .conftest import Clock

    clock = Clock()
    rooms, room, _table, _phones = open_room(tmp_path, 5, now=clock)
    rooms.suspend()
    again = Rooms(Config(), SCRIPT, tmp_path, fast=True, now=clock)
    assert again.reopen() == [room.code]
    clock.t += IDLE_SECONDS + 1
    assert again.find(room.code) is None
    assert RoomFiles(tmp_path / "rooms").all() == {}
    assert Rooms(Config(), SCRIPT, tmp_path, fast=True, now=clock).reopen() == []


def test_an_unreadable_record_is_skipped_and_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = RoomFiles(tmp_path / "rooms")
    files.save(Fence("ACDEFHJK", 0), {"code": "ACDEFHJK", "owner": 1}, lambda: None)
    (tmp_path / "rooms" / "MNPRTWXY").mkdir()
    (tmp_path / "rooms" / "MNPRTWXY" / RECORD).write_text('{"code": "MNPR', encoding="utf-8")  # torn
    assert list(files.all()) == ["ACDEFHJK"]
    assert "MNPRTWXY" in capsys.readouterr().err
    assert Rooms(Config(), SCRIPT, tmp_path, fast=True).reopen() == []  # no members: named, not reopened
    assert "ACDEFHJK" in capsys.readouterr().err
    files.drop(Fence("ACDEFHJK", 0))
    assert files.all() == {}


def records(path: Path) -> list[str]:
    return [r["kind"] for r in Journal.read(path).records]


def test_a_room_at_its_end_comes_back_at_its_end_and_plays_again(tmp_path: Path) -> None:
    """The end screen (who won, every card) is what the table looks at: a restart brings it back as it was, the
    host's rematch still asked; the game is neither journaled nor kept in the history a second time."""
    rooms, room, table, phones = open_room(tmp_path, 6, "classic", seed=5)
    phones[0].send(t="deal")
    play_room(room, table, phones, random.Random(5))
    table.wait(lambda: room.hub.question is not None and room.hub.question.step == REMATCH)
    screens = {p.seat: shown(p.screen()) for p in phones}
    path = journal_of(room.hub)
    assert path is not None and records(path)[-1] == "over"
    kept, games = records(path), [(g.key, g.ended) for g in rooms.history.games()]
    rooms.suspend()

    again = Rooms(Config(), SCRIPT, tmp_path, fast=True)
    assert again.reopen() == [room.code]
    back = again.find(room.code)
    assert back is not None
    table2 = RoomTable(back, 5)
    phones2 = [table2.enter(user, NAMES[user - 1]) for user in range(1, 7)]
    table2.wait(lambda: back.hub.question is not None and back.hub.question.step == REMATCH)
    for old, new in zip(phones, phones2, strict=True):
        table2.wait(lambda old=old, new=new: shown(new.screen()) == screens[old.seat])  # type: ignore[misc]
    assert len(games) == 1 and records(path) == kept and [(g.key, g.ended) for g in again.history.games()] == games
    phones2[0].send(t="rematch")
    table2.wait(lambda: back.hub.state is not None and back.hub.state.game == 2 and not back.hub.state.over)
    again.close()


def test_a_room_its_host_took_back_to_the_setup_comes_back_at_the_setup(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the host left for a new one's setup (here in the middle of a night) does not come back."""
    rooms, room, table, phones = open_room(tmp_path, 6, "classic", seed=5)
    phones[0].send(t="deal")
    no_wolf_tap(room, phones, monkeypatch)
    with pytest.raises(Pause):
        play_room(room, table, phones, random.Random(5), hold=lambda phone: mid_night(room))
    phones[0].send(t="new")
    table.wait(lambda: room.hub.screen.get("screen") == "setup")
    rooms.suspend()

    again = Rooms(Config(), SCRIPT, tmp_path, fast=True)
    assert again.reopen() == [room.code]
    back = again.find(room.code)
    assert back is not None
    with back.lock:
        assert back.hub.screen.get("screen") == "setup" and back.hub.table is None
    again.close()
