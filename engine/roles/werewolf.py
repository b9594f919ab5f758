"""The werewolves: wake together and choose one player to attack, or nobody."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..choice import Choice
from ..events import Event
from ..sides import living_wolves
from ..state import LogEntry, Pending, State
from ._base import Role, TargetStep, rules_of


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    target: int | None

    def apply(self, state: State) -> State:
        if self.target is None:
            return state
        return state.but(tonight=replace(state.tonight, attacked=self.target),
                         log=state.logged(LogEntry(state.night, "night", "attack", "werewolf", self.target)))


class PackStep(TargetStep):
    """The pack's step: any living player may be attacked, a wolf included."""

    id = "werewolves"
    verb = "attack"

    def dealt(self, state: State) -> bool:
        return "werewolf" in state.roles

    def actor(self, state: State) -> Pending | None:
        return Pending(self.id) if living_wolves(state) else None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        return [Attacked(choice.target)]


class Werewolf(Role):
    id = "werewolf"
    side = "wolves"
    steps = (PackStep(),)
    win_rank = 20

    def wins(self, state: State) -> tuple[str, str] | None:
        wolves = living_wolves(state)
        if not wolves:
            return None
        if state.house.win == "number":
            return ("wolves", "wolves_number") if len(wolves) >= len(state.alive) - len(wolves) else None
        # win by side: every plain villager dead, or every special role in play dead
        plain = state.seats_of("villager")
        if plain and not any(s in state.alive for s in plain):
            return ("wolves", "villagers_dead")
        specials = [s for s in state.seats if state.role_of(s) in rules_of(state).specials]
        if specials and not any(s in state.alive for s in specials):
            return ("wolves", "specials_dead")
        return None


ROLE = Werewolf()
