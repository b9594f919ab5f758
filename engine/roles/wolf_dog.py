"""The wolf-dog: on night 1 secretly chooses the village or the wolves; with the wolves he wakes
with the pack that same night and counts as a wolf from then on."""

from __future__ import annotations

from ..choice import Choice
from ..events import Event, Logged, Said, SideChanged
from ..state import Pending, State
from ._base import NightCall, OptionStep, Role, Spoken, at_players, first_night


class SideStep(OptionStep):
    id = role = "wolf_dog"
    options = ("village", "wolves")

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None
        events: list[Event] = [Logged("night", "side", "wolf_dog", pending.seat, pending.seat, choice.option)]
        if choice.option == "wolves":
            events.append(SideChanged(pending.seat, True))
        return events


class WolfDog(Role):
    id = "wolf_dog"
    picture = "hound"
    recommended = at_players(extended=(28,))
    steps = (SideStep(),)
    night = (NightCall("wolf_dog", 20, first_night),)
    scenes = (Spoken("end.story.wolf_dog", "player", rare=True),)

    def story(self, state: State) -> list[Said]:
        """A wolf-dog who chose the wolves: the card does not say which side."""
        return [Said("end.story.wolf_dog", seat) for seat in state.seats_of(self.id) if seat in state.wolves]

    def wolf_card(self, state: State, seat: int) -> bool:
        # the card's choice, read from the log (the one place it is written), not the seat's side: a wolf-dog
        # who chose the village and was then infected holds a village card
        return any(e.kind == "side" and e.role == self.id and e.result == "wolves" for e in state.log)


ROLE = WolfDog()
