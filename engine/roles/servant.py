"""The servant: once per game takes over the card of an executed player, powers and all.
One device: asked each night whether she takes the next executed player's card; nobody learns it.
Own devices: she steps in after a verdict, and only that she took over becomes known."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..choice import Choice
from ..events import Asked, CardTaken, Died, Event, Logged, Remembered, SideChanged, Told, fold
from ..modes import Mode
from ..state import Memory, Pending, State
from ..vote import put_to_death
from . import ROLES
from ._base import NightCall, OptionStep, Role, Spoken


@dataclass(frozen=True, slots=True)
class ServantMemory(Memory):
    took: str | None = None  # the card she took over (once per game)
    condemned: int | None = None  # own devices: the executed seat whose card she is asked about
    bound: bool = False  # one device: she said she takes the next executed card


def one_device(state: State, night: int) -> bool:
    return state.mode != Mode.OWN_DEVICES


def takes_unseen(state: State) -> bool:
    """Whether a servant is in play whose take nobody learns (one device, round the table): any executed card may
    be hers now, for all the table knows."""
    return state.mode != Mode.OWN_DEVICES and "servant" in (*state.dealt, *state.extra)


def unused(state: State) -> bool:
    return state.memory(ServantMemory).took is None


def take(state: State, servant: int, seat: int) -> list[Event]:
    """The servant plays the executed card from now on, in the state it is in; if it is a wolf's card now, she
    counts as a wolf at once. The card's own module says (a wolf-dog who chose the wolves, a wild child whose
    model died); the executed player's infection was his, not his card's."""
    card = state.role_of(seat)
    wolf = ROLES[card].wolf_card(state, seat)
    events: list[Event] = [CardTaken(servant, card), Remembered(replace(state.memory(ServantMemory), took=card)),
                           Logged("day", "take", "servant", seat, servant, card)]
    if wolf:
        events.append(SideChanged(servant, True))
    return events


class TakeStep(OptionStep):
    id = role = "servant"
    options = ("take", "pass")

    def actor(self, state: State) -> Pending | None:
        if state.mode == Mode.OWN_DEVICES or not unused(state):
            return None
        return super().actor(state)

    def malformed(self, state: State, choice: Choice) -> str | None:
        return None if choice.is_pass else super().malformed(state, choice)

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        took = choice.option == "take"
        memory = state.memory(ServantMemory)
        condemned = memory.condemned
        if state.phase == "verdict" and condemned is not None:  # own devices: after the verdict
            events: list[Event] = [Remembered(replace(memory, condemned=None))]
            if took and pending.seat is not None:
                events += [*take(fold(events, state), pending.seat, condemned), Told("servant.took")]
            return events + put_to_death(fold(events, state), condemned, dead=True)
        return [Remembered(replace(memory, bound=took))]


class Servant(Role):
    id = "servant"
    picture = "broom"
    scenes = (Spoken("servant.took", rare=True),)
    steps = (TakeStep(),)
    night = (NightCall("servant", 130, one_device),)

    def defer_execution(self, state: State, seat: int) -> list[Event]:
        maids = state.living(self.id)
        if state.mode != Mode.OWN_DEVICES or not maids or maids[0] == seat or not unused(state):
            return []
        return [Died(seat, "vote"), Remembered(replace(state.memory(ServantMemory), condemned=seat)),
                Asked(self.id, maids[0])]

    def after_execution(self, state: State, seat: int) -> list[Event]:
        maids = state.living(self.id)
        if state.mode == Mode.OWN_DEVICES or not maids or maids[0] == seat or not unused(state):
            return []
        memory = state.memory(ServantMemory)
        if not memory.bound:
            return []
        unbound: list[Event] = [Remembered(replace(memory, bound=False))]
        return [*unbound, *take(fold(unbound, state), maids[0], seat)]


ROLE = Servant()
