"""The judge: once per game, right after a verdict, secretly demands an immediate second vote with
no debate. Only with every player on their own device."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..choice import Choice
from ..events import Asked, Event, Remembered, Told, VoteAgain
from ..modes import Mode
from ..state import Memory, Pending, State
from ._base import OptionStep, Role, Spoken


@dataclass(frozen=True, slots=True)
class JudgeMemory(Memory):
    used: bool = False  # he has called his second vote
    asked: int | None = None  # the verdict (counted from 1) after which he was last asked


class SecondVoteStep(OptionStep):
    id = role = "judge"
    options = ("second_vote", "pass")

    def actor(self, state: State) -> Pending | None:
        return None  # asked after a verdict, never at night

    def malformed(self, state: State, choice: Choice) -> str | None:
        return None if choice.is_pass else super().malformed(state, choice)

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.option != "second_vote":
            return []
        return [Remembered(replace(state.memory(JudgeMemory), used=True)), Told("judge.second_vote"), VoteAgain()]


class Judge(Role):
    id = "judge"
    picture = "gavel"
    scenes = (Spoken("judge.second_vote", rare=True),)
    steps = (SecondVoteStep(),)
    modes = (Mode.OWN_DEVICES,)

    def reaction(self, state: State) -> list[Event]:
        judges = state.living(self.id)
        memory = state.memory(JudgeMemory)
        if state.phase != "verdict" or not judges or memory.used or memory.asked == state.verdicts:
            return []
        return [Remembered(replace(memory, asked=state.verdicts)), Asked(self.id, judges[0])]


ROLE = Judge()
