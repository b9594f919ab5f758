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

import narrator.online.channels as channels_module
import narrator.ui.web.gameloop as hub_module
from engine import NARRATOR, Choice, Game, State, view
from engine.roles.cupid import lovers as lovers_of
from narrator.game.session import Session
from narrator.online.channels import Channels
from narrator.online.room import Room
from narrator.speech.lines import Line
from narrator.ui.web.hub import Hub, PageCaptions

from .roomtable import open_room, play_room

DEATHS = ("day.vote.out", "dawn.death", "dawn.deaths", "death.also")
Heard = tuple[str, frozenset[frozenset[int]], State, str]


class Watching(PageCaptions):
    """Captions on every page, as a room's narrator has them; the pairs seen as each line is captioned."""

    heard: list[Heard]
    sessions: list[Session]
    room: Room

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        out = super().say(line, at, seconds)
        narrator = self.sessions[-1].narrator
        if narrator is not None:
            self.heard.append((line.scene, self.room.channels.voice.pairs, narrator.state, self.room.channels.phase()))
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
        watching = Watching(hub.stage)
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
        for n, (scene, pairs, state, phase) in enumerate(heard):
            if phase == "over":  # at the end everyone talks together again: once a line has said it
                assert any(said.startswith("end.") for said, *_ in heard[:n + 1]), f"{scene}: the room is over"
                continue
            gone = set(state.seats) - set(state.alive)
            if scene in DEATHS:
                for pair in pairs:
                    assert not (pair & gone and pair - gone), f"{scene}: a dead and a living seat paired: {pair}"
            if scene == "night.start":  # eyes closed: the pack, the lovers (from night 2), the dead among themselves
                pack = {s for s in state.alive if state.is_wolf(s)}
                lovers = frozenset(lovers_of(state) or ())
                for pair in pairs:
                    assert pair <= gone or pair <= pack or pair == lovers, f"night falls with a day's pair: {pair}"
        assert any(scene in DEATHS for scene, *_ in heard), "the game had a death"
        assert any(scene == "night.start" for scene, *_ in heard), "the game had a nightfall"
        assert any(state.over for _, _, state, _ in heard), "the game's end was heard"
        room.close()


class Seats:
    """A room's seats alone: every seat seated, with its voice page open."""

    def __init__(self, seats: int) -> None:
        self.count = seats

    def seated(self) -> int:
        return self.count

    def talking(self) -> set[int]:
        return set(range(1, self.count + 1))

    def resend(self) -> None:
        pass

    def to_seat_page(self, seat: int, message: dict[str, Any]) -> None:
        pass


def channels(seats: int) -> Channels:
    """A room's channels alone, the night begun just now (no hub: only the pairs are asked)."""
    made = Channels(None, Seats(seats), lambda: 1.0, speaking=False)  # type: ignore[arg-type]
    made.night_began = 0.0
    return made


def second_night() -> State:
    """Night 2 of a game where cupid linked seats 3 and 4, and seats 5 and 6 are the pack."""
    game = Game.new([f"P{s}" for s in range(1, 9)], ruleset="extended",
                    roles=["villager", "cupid", "villager", "villager", "werewolf", "werewolf", "seer", "villager"])
    for text in ("cupid:3,4", "werewolves:none", "seer:none", "day_vote:none"):
        game.choose(Choice.from_text(text))
    assert (game.state.phase, game.state.night) == ("night", 2)
    return game.state


def test_the_pairs_are_made_from_each_seats_view_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The room holds one game; every view it is given is another's: the pairs follow the views, so nothing
    of the game (its wolves, its lovers, its night) is read past what a seat's own view tells it."""
    held = Game.new([f"P{s}" for s in range(1, 9)],
                    roles=["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager"]).state
    told = second_night()

    def views(state: State, seat: int = NARRATOR) -> dict[str, Any]:
        assert state is held
        return view(told, seat)

    monkeypatch.setattr(channels_module, "view", views, raising=False)
    pairs, labels = channels(8).pairs("night", held, now=1.0)
    assert pairs == {frozenset((5, 6)), frozenset((3, 4))}, "the pack and, from night 2, the lovers"
    assert labels == {1: "none", 2: "none", 3: "lovers", 4: "lovers", 5: "wolves", 6: "wolves", 7: "none", 8: "none"}
