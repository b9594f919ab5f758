"""The werewolves: wake together and choose one player to attack, or nobody. They win at parity."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..choice import Choice
from ..events import Event
from ..rulesets import CLASSIC_SPECIALS
from ..state import LogEntry, Mark, Memory, Pending, State, asking
from . import ROLES
from ._base import WOLF_CARDS, NightCall, Role, TargetStep, at_players


@dataclass(frozen=True, slots=True)
class PackMemory(Memory):
    night: int = 0  # the night of the pack's last choice
    target: int | None = None  # its victim then


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    target: int | None

    def apply(self, state: State) -> State:
        memo = state.remember(PackMemory(state.night, self.target))
        if self.target is None:
            return state.but(memories=memo)
        return state.but(memories=memo, tonight=(*state.tonight, Mark("attack", self.target, None, "pack")),
                         log=state.logged(LogEntry(state.night, "night", "attack", "werewolf", self.target)))


def pack_victim(state: State) -> int | None:
    """The player the pack chose tonight (infected or not), or None."""
    pack = state.memory(PackMemory)
    return pack.target if pack.night == state.night else None


class PackStep(TargetStep):
    """The pack's step: any living player may be attacked, a wolf included."""

    id = "werewolves"
    verb = "attack"

    def actor(self, state: State) -> Pending | None:
        return asking(self.id) if state.wolves & state.alive else None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        return [Attacked(choice.target)]


def specials(state: State) -> list[int]:
    """The seats of the village's special roles (for `win: side`)."""

    if state.ruleset == "classic":
        return [s for s in state.seats if state.role_of(s) in CLASSIC_SPECIALS]
    return [s for s in state.seats if ROLES[state.role_of(s)].side == "village" and state.role_of(s) != "villager"]


class Werewolf(Role):
    id = "werewolf"
    picture = "werewolf"
    many = True
    recommended = at_players(classic=(6, 6, 9, 12), extended=(3, 6, 23, 31, 35, 39))
    side = "wolves"
    steps = (PackStep(),)
    night = (NightCall("werewolves", 70),)
    win_rank = 60
    rulesets = ("classic", "extended")
    deal_rank = 0

    def in_play(self, state: State) -> bool:
        return not WOLF_CARDS.isdisjoint(state.dealt) or not WOLF_CARDS.isdisjoint(state.extra) or bool(state.wolves)

    def wins(self, state: State) -> tuple[str, str] | None:
        wolves = state.wolves & state.alive
        if not wolves or all(state.role_of(s) == "white_werewolf" for s in wolves):
            return None  # with the white werewolf as the last wolf, the pack does not win
        if state.house.win == "number":
            return ("wolves", "wolves_number") if len(wolves) >= len(state.alive) - len(wolves) else None
        plain = state.seats_of("villager")
        if plain and not any(s in state.alive for s in plain):
            return ("wolves", "villagers_dead")
        special = specials(state)
        if special and not any(s in state.alive for s in special):
            return ("wolves", "specials_dead")
        return None

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        if seat not in state.wolves:
            return {}
        return {"pack": sorted(state.wolves), "pack_target": pack_victim(state)}


ROLE = Werewolf()
