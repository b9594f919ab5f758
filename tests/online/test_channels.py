"""The voice chat changes with the game the moment the narrator says it changed, not at the next question.

Before, the channels followed the question on screen: after a verdict the executed player stayed paired with
every living seat until the night's first question, every living pair stayed open past "night falls", and a
wolf killed at night stayed paired with the pack after the dawn. Here a speaker looks at the room's pairs as
each of those lines is captioned.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine import State
from engine.roles.cupid import lovers as lovers_of
from narrator.online.room import Room
from narrator.speech.lines import Line
from narrator.ui.web.hub import Hub, PageCaptions

from .roomtable import open_room, play_room

DEATHS = ("day.vote.out", "dawn.death", "dawn.deaths", "death.also")


class Watching(PageCaptions):
    """Captions on every page, as a room's narrator has them; the pairs seen as each line is captioned."""

    heard: list[tuple[str, set[int], frozenset[frozenset[int]]]]
    nightfalls: list[tuple[frozenset[frozenset[int]], State]]
    room: Room

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        out = super().say(line, at, seconds)
        dead = {p.seat for p in line.parts if p.kind == "name" and p.seat}
        if self.room.phase() != "over":  # the game's end: everyone talks together again, dead or alive
            self.heard.append((line.scene, dead, self.room.voice.pairs))
        state = self.room.hub.state
        if line.scene == "night.start" and state is not None:
            self.nightfalls.append((self.room.voice.pairs, state))
        return out


def test_the_voice_chat_follows_the_verdict_nightfall_and_dawn_as_they_are_said(tmp_path: Path) -> None:
    heard: list[tuple[str, set[int], frozenset[frozenset[int]]]] = []
    nightfalls: list[tuple[frozenset[frozenset[int]], State]] = []
    rooms: list[Room] = []

    def speaker(hub: Hub, table: Any) -> Watching:
        watching = Watching(hub)
        watching.heard, watching.nightfalls, watching.room = heard, nightfalls, rooms[0]
        return watching

    for seed in (3, 4):
        heard.clear()
        nightfalls.clear()
        rooms.clear()
        _rooms, room, table, phones = open_room(tmp_path / str(seed), 8, "classic", seed=seed, speaker=speaker)
        rooms.append(room)
        phones[0].send(t="deal")
        play_room(room, table, phones, random.Random(seed))
        dead: set[int] = set()
        for i, (scene, named, pairs) in enumerate(heard):
            if scene in DEATHS:
                dead |= named
                news = set(dead)  # with those who die with them, named in the lines that follow (grief)
                for later, also, _ in heard[i + 1:]:
                    if later not in DEATHS:
                        break
                    news |= also
                for pair in pairs:
                    assert not (pair & named and pair - news), f"{scene}: {sorted(named)} still paired: {pair}"
        for pairs, state in nightfalls:  # eyes closed: the pack, the lovers (from night 2), the dead among themselves
            gone = set(state.seats) - set(state.alive)
            pack = {s for s in state.alive if state.is_wolf(s)}
            lovers = frozenset(lovers_of(state) or ())
            for pair in pairs:
                assert pair <= gone or pair <= pack or pair == lovers, f"night falls with a day's pair open: {pair}"
        assert any(scene in DEATHS for scene, _, _ in heard), "the game had a death"
        assert nightfalls, "the game had a nightfall"
        room.close()
