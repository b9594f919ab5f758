"""The thief: two extra cards lie face down. On night 1 he sees them and may swap his card for one;
if both are werewolves he must. Kept, his card plays as a villager."""

from __future__ import annotations

from typing import Any

from ..choice import Choice
from ..errors import Refused
from ..events import CardTaken, Event, Logged, SideChanged
from ..state import Pending, State
from ._base import WOLF_CARDS, NightCall, OptionStep, Role, first_night


class SwapStep(OptionStep):
    id = role = "thief"
    options = ("keep", "1", "2")

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.option == "keep" and state.extra and all(c in WOLF_CARDS for c in state.extra):
            return Refused("thief.must_swap", "Both extra cards are werewolves, so the thief must take one.")
        if choice.option != "keep" and len(state.extra) < 2:
            return Refused("thief.no_cards", "There are no extra cards to take.")
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None
        if choice.option == "keep":
            return [Logged("night", "keep", "thief", pending.seat, pending.seat)]
        card = state.extra[int(choice.option or "1") - 1]
        events: list[Event] = [CardTaken(pending.seat, card),
                               Logged("night", "swap", "thief", pending.seat, pending.seat, card)]
        if card in WOLF_CARDS:
            events.append(SideChanged(pending.seat, True))
        return events


class Thief(Role):
    id = "thief"
    picture = "robber"
    steps = (SwapStep(),)
    night = (NightCall("thief", 10, first_night),)

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        if state.dealt[seat - 1] != self.id or state.night > 1:
            return {}
        return {"extra_cards": list(state.extra)}


ROLE = Thief()
