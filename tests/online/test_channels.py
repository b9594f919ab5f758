"""The voice chat changes with the game the moment the narrator says it changed, not at the next question.

Before, the channels followed the question on screen: after a verdict the executed player stayed paired with
every living seat until the night's first question, every living pair stayed open past "night falls", and a
wolf killed at night stayed paired with the pack after the dawn. Here a speaker looks at the room's pairs as
each of those lines is captioned, against the game as the narrator holds it at that moment.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import narrator.ui.web.gameloop as hub_module
from engine import State
from engine.roles.cupid import lovers as lovers_of
from narrator.game.session import Session
from narrator.online.room import Room
from narrator.speech.lines import Line
from narrator.ui.web.hub import Hub, PageCaptions

from .roomtable import open_room, play_room

DEATHS = ("day.vote.out", "dawn.death", "dawn.deaths", "death.also")
Heard = tuple[str, frozenset[frozenset[int]], State]


class Watching(PageCaptions):
    """Captions on every page, as a room's narrator has them; the pairs seen as each line is captioned."""

    heard: list[Heard]
    sessions: list[Session]
    room: Room

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        out = super().say(line, at, seconds)
        narrator = self.sessions[-1].narrator
        if narrator is not None and self.room.phase() != "over":  # at the end everyone talks together again
            self.heard.append((line.scene, self.room.voice.pairs, narrator.state))
        return out


def test_the_voice_chat_follows_the_verdict_nightfall_and_dawn_as_they_are_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[Heard] = []
    sessions: list[Session] = []
    rooms: list[Room] = []

    class Kept(Session):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            sessions.append(self)

    def speaker(hub: Hub, table: Any) -> Watching:
        watching = Watching(hub)
        watching.heard, watching.sessions, watching.room = heard, sessions, rooms[0]
        return watching

    monkeypatch.setattr(hub_module, "Session", Kept)
    for seed in (3, 4):
        heard.clear()
        rooms.clear()
        _rooms, room, table, phones = open_room(tmp_path / str(seed), 8, "classic", seed=seed, speaker=speaker)
        rooms.append(room)
        phones[0].send(t="deal")
        play_room(room, table, phones, random.Random(seed))
        for scene, pairs, state in heard:
            gone = set(state.seats) - set(state.alive)
            if scene in DEATHS:
                for pair in pairs:
                    assert not (pair & gone and pair - gone), f"{scene}: a dead and a living seat paired: {pair}"
            if scene == "night.start":  # eyes closed: the pack, the lovers (from night 2), the dead among themselves
                pack = {s for s in state.alive if state.is_wolf(s)}
                lovers = frozenset(lovers_of(state) or ())
                for pair in pairs:
                    assert pair <= gone or pair <= pack or pair == lovers, f"night falls with a day's pair: {pair}"
        assert any(scene in DEATHS for scene, _, _ in heard), "the game had a death"
        assert any(scene == "night.start" for scene, _, _ in heard), "the game had a nightfall"
        room.close()
