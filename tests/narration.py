"""Helpers for narrator tests: a scripted table and a narrator on the virtual clock."""

from __future__ import annotations

import contextlib

from engine import Choice, Game, HouseRules, Mode
from engine.roles import STEP_ROLE
from narrator.game.clock import VirtualClock
from narrator.game.inputs import COVERED, STARTED, VOTE, VOTE_CALLED, Answer, ScriptedInput
from narrator.game.narrator import Narrator
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Lines, RoleName
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)


def own_card(scene: str) -> dict[str, object]:
    """A night call's own card, as its gone lines say it ({role}) when no holder is said: "die Seherin"; the cards
    long gone the night's one line for them names ({cards})."""
    if scene == "night.gone":
        return {"cards": (RoleName("seer"), RoleName("witch"))}
    parts = scene.split(".")
    step = parts[1] if len(parts) == 3 and parts[0] == "night" else ""
    return {"role": RoleName(STEP_ROLE[step])} if step in STEP_ROLE else {}


NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala"]
MORE_NAMES = ["Hugo", "Ines", "Jon"]  # for a table of more than seven: NAMES stays the classic seven seats
ROLES = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager"]
# the classic seven's first night, a day that expels the seer, and a second night (as answers() takes them)
NIGHT1 = [("werewolves:6", 2.0), ("witch:pass", 10.0), ("seer:1", 3.0)]
DAY1_EXPEL_SEER = [(VOTE, 30.0), ("day_vote:3", 3.0)]
NIGHT2 = [("werewolves:7", 4.0), ("witch:poison:1", 2.0)]


def opening(players: int = 7) -> list[Answer]:
    return [Answer(COVERED, 2.0)] * players + [Answer(STARTED, 1.0)]


def answers(*items: tuple[str, float]) -> list[Answer]:
    """("werewolves:6", 2.0), ("vote", 30) ..."""
    out = []
    for text, delay in items:
        out.append(Answer(VOTE_CALLED, delay) if text == VOTE else Answer(Choice.from_text(text), delay))
    return out


def narrate(script: list[Answer], lang: str = "en", seed: int = 1, roles: list[str] | None = None,
            ruleset: str = "classic", mode: Mode = Mode.ONE_DEVICE, genders: tuple[str, ...] = (),
            **house: object) -> Narrator:
    """Play the scripted answers to the end (or until they run out) on a virtual clock: the classic seven
    seats of ROLES, or `roles` (one card a seat, names from NAMES, spoken of as `genders` says) under `ruleset`."""
    from narrator.game.inputs import Exhausted

    cards = roles or ROLES
    names = [*NAMES, *MORE_NAMES][:len(cards)]
    game = Game.new(names, roles=cards, ruleset=ruleset, house=HouseRules(**house),  # type: ignore[arg-type]
                    seed=seed, mode=mode)
    lines = Lines(SCRIPT, lang, Picker(seed), names, genders)
    narrator = Narrator(game, lines, CaptionSpeaker(None), VirtualClock(),
                        ScriptedInput(opening(len(cards)) + script), seed=seed)
    with contextlib.suppress(Exhausted):
        narrator.run()
    return narrator


def captions(narrator: Narrator) -> list:  # type: ignore[type-arg]
    speaker = narrator.live_speaker
    assert isinstance(speaker, CaptionSpeaker)
    return speaker.captions
