"""The wild child: on night 1 chooses a model. A villager while the model lives; when the model
dies (any cause) the child becomes a werewolf at once and hunts from the next night."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..choice import Choice
from ..events import Event, Said, SideChanged
from ..state import LogEntry, Memory, Pending, State
from ._base import NightCall, Role, SeatStep, Spoken, at_players, first_night


@dataclass(frozen=True, slots=True)
class WildChildMemory(Memory):
    model: int | None = None  # the seat the child chose as its model


@dataclass(frozen=True, slots=True)
class ModelChosen(Event):
    seat: int
    model: int

    def apply(self, state: State) -> State:
        return state.but(memories=state.remember(WildChildMemory(self.model)),
                         log=state.logged(LogEntry(state.night, "night", "model", "wild_child", self.model,
                                                   self.seat)))


class ModelStep(SeatStep):
    id = role = "wild_child"
    verb = "choose"
    may_pass = False
    may_target_self = False

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None and choice.target is not None
        return [ModelChosen(pending.seat, choice.target)]


class WildChild(Role):
    id = "wild_child"
    picture = "baby-face"
    recommended = at_players(extended=(26,))
    steps = (ModelStep(),)
    night = (NightCall("wild_child", 25, first_night),)
    # {player} is the child, {players} its model (the end tells all): "Das Vorbild von Spieler 21" was heard as
    # Spieler 21 being the model
    scenes = (Spoken("end.story.wild_child", "player", optional="players", rare=True),)

    def story(self, state: State) -> list[Said]:
        """A wild child whose model died played with the wolves: the card does not say so. A child bitten by the
        wolf father came to the pack that way (a wolf cannot be bitten, so the bite came first): that story tells
        it."""
        bitten = {entry.target for entry in state.log if entry.kind == "infect"}
        model = state.memory(WildChildMemory).model
        return [Said("end.story.wild_child", seat, players=() if model is None else (model,))
                for seat in state.seats_of(self.id)
                if seat in state.wolves and seat not in bitten]

    def after_death(self, state: State, seat: int, cause: str) -> list[Event]:
        if state.memory(WildChildMemory).model != seat:
            return []
        return [SideChanged(child, True) for child in state.living(self.id) if child not in state.wolves]

    def wolf_card(self, state: State, seat: int) -> bool:
        model = state.memory(WildChildMemory).model  # a child whose model died is a werewolf, card and all
        return model is not None and model not in state.alive

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        model = state.memory(WildChildMemory).model
        if state.role_of(seat) != self.id or model is None:
            return {}
        return {"model": model}


ROLE = WildChild()
