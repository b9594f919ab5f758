"""The narrator's signals: what the table does as each line is said, told by the narrator itself."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import State
from engine.house import defaults
from narrator.game.clock import VirtualClock
from narrator.game.inputs import Answer, Question, RandomInput
from narrator.game.narrator import Narrator
from narrator.game.session import Table
from narrator.game.signals import Deaf
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Line, Lines
from narrator.speech.picker import Picker

from ..narration import SCRIPT

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Ines"]


class Told(Deaf):
    """A listener that keeps the phase told for the line about to be said."""

    def __init__(self) -> None:
        self.phase: str | None = None

    def on_phase(self, phase: str) -> None:
        self.phase = phase


class Heard(CaptionSpeaker):
    """Every line with the phase the table was told as it began (None: none was told)."""

    def __init__(self, told: Told) -> None:
        super().__init__(None)
        self.told = told
        self.heard: list[tuple[str, str | None]] = []

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        self.heard.append((line.scene, self.told.phase))
        self.told.phase = None
        return super().say(line, at, seconds)


def expected(scene: str) -> str | None:
    """The pages' phase as they read it from the scene ids before the narrator told it: the oracle."""
    return {"night": "night", "deal": "deal", "game": None}.get(scene.split(".", 1)[0], "day")


def told_game(mode: str, seed: int, replay: list[Answer] | None = None,
              record: Callable[[Question, Answer], None] | None = None) -> tuple[Narrator, Heard]:
    """A whole game at random on the virtual clock (taken up again after the answers `replay`)."""
    table = Table.deal(NAMES, defaults("extended"), seed, "en", kind="demo", ruleset="extended", mode=mode)
    told = Told()
    speaker = Heard(told)
    narrator = Narrator(table.game(), Lines(SCRIPT, "en", Picker(seed), table.players), speaker, VirtualClock(),
                        RandomInput(seed), seed=seed, listener=told, replay=replay, resumed=bool(replay),
                        record=record)
    narrator.run()
    assert narrator.state.over
    return narrator, speaker


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_line_is_told_with_what_the_table_does(mode: str, seed: int) -> None:
    _, speaker = told_game(mode, seed)
    scenes = {scene for scene, _ in speaker.heard}
    assert {"game.welcome", "deal.cards", "dawn.start" if mode != "round_table" else "round.dawn"} <= scenes
    for scene, phase in speaker.heard:
        assert phase == expected(scene), f"{mode}: {scene} said as {phase}"


@pytest.mark.parametrize("mode", ["one_device", "round_table"])
def test_a_game_taken_up_again_is_told_from_where_it_stands(mode: str) -> None:
    answers: list[Answer] = []
    told_game(mode, 4, record=lambda q, a: answers.append(a))
    _, speaker = told_game(mode, 4, replay=answers[: len(answers) // 2])
    assert speaker.heard[0] == ("game.resume", None), "the welcome back changes nothing"
    for scene, phase in speaker.heard:
        assert phase == expected(scene), f"{mode}: {scene} said as {phase}"


class StateTold(Deaf):
    """A listener that keeps the last state it was told."""

    def __init__(self) -> None:
        self.state: State | None = None

    def on_state(self, state: State) -> None:
        self.state = state


class Seen(CaptionSpeaker):
    """Every line with the state the screens were showing as it began."""

    def __init__(self, told: StateTold) -> None:
        super().__init__(None)
        self.told = told
        self.seen: list[tuple[str, State | None]] = []

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        self.seen.append((line.scene, self.told.state))
        return super().say(line, at, seconds)


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
@pytest.mark.parametrize("seed", range(6))
def test_the_screens_learn_a_death_and_the_end_no_earlier_than_the_lines_that_say_them(mode: str, seed: int) -> None:
    """The morning's line is heard with the night's dead still alive on every screen (and in the voice chat), and
    no screen shows the game over before a line of the end is said."""
    table = Table.deal(NAMES, defaults("extended"), seed, "en", kind="demo", ruleset="extended", mode=mode)
    told = StateTold()
    speaker = Seen(told)
    Narrator(table.game(), Lines(SCRIPT, "en", Picker(seed), table.players), speaker, VirtualClock(),
             RandomInput(seed), seed=seed, listener=told).run()
    dawns = 0
    for n, (scene, state) in enumerate(speaker.seen):
        if scene in ("dawn.start", "round.dawn"):
            start = max(i for i, (sc, _) in enumerate(speaker.seen[:n]) if sc in ("night.start", "round.start"))
            night = [s for _, s in speaker.seen[start:n] if s is not None] or \
                [s for _, s in speaker.seen[:start] if s is not None][-1:]  # as the night began
            alive = set(night[0].alive) if night else set(range(1, len(NAMES) + 1))  # nothing told yet: all alive
            assert state is not None and set(state.alive) == alive, f"{scene} said after the night's deaths"
            dawns += 1
        if state is not None and state.over:
            assert scene.startswith("end.") or any(sc.startswith("end.") for sc, _ in speaker.seen[:n]), scene
    assert dawns and any(state is not None and state.over for _, state in speaker.seen)
