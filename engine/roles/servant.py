"""The servant: once per game takes over the card of an executed player, powers and all.
One device: asked each night whether she takes the next executed player's card; nobody learns it.
Own devices: she steps in after a verdict, and only that she took over becomes known."""

from __future__ import annotations

from ..choice import Choice
from ..events import Asked, CardTaken, Died, Event, Logged, Remembered, SideChanged, Told, fold
from ..state import Pending, State
from ._base import WOLF_CARDS, NightCall, OptionStep, Role, Spoken


def one_device(state: State, night: int) -> bool:
    return state.mode != "own_devices"


def unused(state: State) -> bool:
    return "servant.took" not in state.memo


def take(state: State, servant: int, seat: int) -> list[Event]:
    """The servant plays the executed card from now on; if it is a wolf's, she is one."""
    card = state.role_of(seat)
    wolf = card in WOLF_CARDS or (seat in state.wolves and card in ("wolf_dog", "wild_child"))
    events: list[Event] = [CardTaken(servant, card), Remembered("servant.took", card),
                           Logged("day", "take", "servant", seat, servant, card)]
    if wolf:
        events.append(SideChanged(servant, True))
    return events


class TakeStep(OptionStep):
    id = role = "servant"
    options = ("take", "pass")

    def actor(self, state: State) -> Pending | None:
        if state.mode == "own_devices" or not unused(state):
            return None
        return super().actor(state)

    def malformed(self, state: State, choice: Choice) -> str | None:
        return None if choice.is_pass else super().malformed(state, choice)

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        took = choice.option == "take"
        condemned = state.memo.get("servant.condemned")
        if state.phase == "verdict" and condemned is not None:  # own devices: after the verdict
            from ..vote import put_to_death

            events: list[Event] = [Remembered("servant.condemned", None)]
            if took and pending.seat is not None:
                events += [*take(state, pending.seat, condemned), Told("servant.took")]
            return events + put_to_death(fold(events, state), condemned, dead=True)
        return [Remembered("servant.bound", took)]


class Servant(Role):
    id = "servant"
    picture = "broom"
    scenes = (Spoken("servant.took", rare=True),)
    steps = (TakeStep(),)
    night = (NightCall("servant", 130, one_device),)

    def defer_execution(self, state: State, seat: int) -> list[Event]:
        maids = state.living(self.id)
        if state.mode != "own_devices" or not maids or maids[0] == seat or not unused(state):
            return []
        return [Died(seat, "vote"), Remembered("servant.condemned", seat), Asked(self.id, maids[0])]

    def after_execution(self, state: State, seat: int) -> list[Event]:
        maids = state.living(self.id)
        if state.mode == "own_devices" or not maids or maids[0] == seat or not unused(state):
            return []
        if not state.memo.get("servant.bound", False):
            return []
        return [Remembered("servant.bound", False), *take(state, maids[0], seat)]


ROLE = Servant()
