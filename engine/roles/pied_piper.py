"""The pied piper: plays alone. Each night charms two players (one when only one is left); the
charmed recognise each other, not the piper. Wins alone once every other living player is charmed,
or when he is the last one alive."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..choice import Choice, seats_choice
from ..errors import Refused
from ..events import Event, Said
from ..state import LogEntry, Memory, Pending, State
from ._base import NightCall, Role, SeatsStep, Spoken, at_players, who


@dataclass(frozen=True, slots=True)
class PiperMemory(Memory):
    charmed: tuple[int, ...] = ()  # everyone he has charmed, the dead too, in seat order


@dataclass(frozen=True, slots=True)
class Charmed(Event):
    seat: int
    targets: tuple[int, ...]

    def apply(self, state: State) -> State:
        charmed = tuple(sorted({*state.memory(PiperMemory).charmed, *self.targets}))
        log = state.log + tuple(LogEntry(state.night, "night", "charm", "pied_piper", t, self.seat)
                                for t in self.targets)
        return state.but(memories=state.remember(PiperMemory(charmed)), log=log)


def charmed(state: State) -> list[int]:
    """The living charmed players, in seat order."""
    return [s for s in state.memory(PiperMemory).charmed if s in state.alive]


def to_charm(state: State, piper: int) -> list[int]:
    done = set(state.memory(PiperMemory).charmed)
    return [s for s in sorted(state.alive) if s != piper and s not in done]


def charms(state: State) -> str:
    """How many the piper's call asks him to charm: "two", or "one" when fewer are left (the screen asks for the
    last one). Counted whether he lives or not, so a dead piper's call sounds as a living one's would."""
    pipers = state.seats_of("pied_piper")
    return "two" if pipers and len(to_charm(state, pipers[0])) >= 2 else "one"


class CharmStep(SeatsStep):
    id = role = "pied_piper"
    exact = False

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        assert pending.seat is not None
        left = to_charm(state, pending.seat)
        if not left:
            yield Choice(self.id)
        elif len(left) == 1:
            yield seats_choice(self.id, (left[0],))
        else:
            for i, a in enumerate(left):
                for b in left[i + 1:]:
                    yield seats_choice(self.id, (a, b))

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        return list(self.candidates(state, pending))  # as many as he must charm, all from those left to charm

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        assert pending.seat is not None
        left = to_charm(state, pending.seat)
        want = min(2, len(left))
        if choice.is_pass:
            return None if want == 0 else Refused("pied_piper.must_charm", f"The pied piper charms {want} "
                                                                           f"player{'s' if want > 1 else ''}.")
        if len(set(choice.seats)) != len(choice.seats):
            return Refused("pied_piper.two", "The pied piper charms two different players.")
        for seat in choice.seats:
            if seat not in state.alive:
                return Refused("target.dead", f"{who(state, seat)} is dead; charm a living player.", player=seat)
            if seat == pending.seat:
                return Refused("pied_piper.self", "The pied piper cannot charm himself.")
            if seat not in left:
                return Refused("pied_piper.already", f"{who(state, seat)} is already charmed.", player=seat)
        if len(choice.seats) != want:
            return Refused("pied_piper.count", f"The pied piper charms {want} player{'s' if want > 1 else ''} "
                                               f"tonight.")
        return None

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        if choice.is_pass or pending.seat is None:
            return []
        return [Charmed(pending.seat, tuple(sorted(choice.seats)))]


class PiedPiper(Role):
    id = "pied_piper"
    picture = "pan-flute"
    scenes = (Spoken("end.all_charmed", "player", rare=True, facts="alone"),
              Spoken("end.story.charmed", "players", rare=True, facts="won count share"))

    def story(self, state: State) -> list[Said]:
        """Everyone he charmed, the dead too."""
        spell = state.memory(PiperMemory).charmed
        won = "yes" if state.winner == "pied_piper" else "no"
        count = "one" if len(spell) == 1 else "many"  # one name is said with a singular verb
        # "almost took the village" only where at least half the others were charmed, "only ..." where fewer
        share = "many" if 2 * len(spell) >= len(state.seats) - 1 else "few"
        return [Said("end.story.charmed", players=tuple(sorted(spell)),
                     facts=(("won", won), ("count", count), ("share", share)))] if spell else []
    recommended = at_players(extended=(30,))
    side = "solo"
    min_players = 8
    steps = (CharmStep(),)
    night = (NightCall("pied_piper", 120, facts="charms", told=lambda state: {"charms": charms(state)}),
             NightCall("charmed", 125, asked=False))
    win_rank = 30

    def wins(self, state: State) -> tuple[str, str] | None:
        pipers = state.living(self.id)
        if not pipers:
            return None
        # every other living player charmed: none at all counts too, the piper left alone wins
        if state.alive - {pipers[0]} <= set(charmed(state)):
            return ("pied_piper", "all_charmed")
        return None

    def winners(self, state: State) -> tuple[int, ...]:
        return tuple(state.living(self.id)[:1])  # the piper who won, named in the winner's line

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        if state.role_of(seat) != self.id and seat not in state.memory(PiperMemory).charmed:
            return {}  # neither the piper nor ever charmed: nothing to know (the seats' views are many)
        now = charmed(state)
        if state.role_of(seat) == self.id or seat in now:
            return {"charmed": now}
        return {}


ROLE = PiedPiper()
