"""Resolve the dawn: who dies, in seat order, and what their deaths set off; then its news."""

from __future__ import annotations

from .deaths import killed
from .events import DawnBroke, Event, Told, fold
from .roles import ROLES, Hooks
from .state import State

# per ruleset: a player both guarded and healed dies (the classic rules: the two saves cancel out)
DOUBLE_SAVE_KILLS = {"classic": True, "extended": False}


def double_save_kills(state: State) -> bool:
    """Whether a guard's shield and a witch's heal on one victim cancel out, so the victim dies."""
    return DOUBLE_SAVE_KILLS[state.ruleset]


def resolve(state: State) -> list[Event]:
    """The dawn's events. Attacks can be stopped (guard, heal) or survived (the elder); a lone
    wolf's `kill` and poison cannot. Each role may add deaths of its own (the knight's sword)."""
    return resolved(state)[0]


def resolved(state: State) -> tuple[list[Event], State]:
    """`resolve`, with the state its events lead to (each event applied once, on the way)."""
    broke = DawnBroke(state.night)
    events: list[Event] = [broke]
    after = broke.apply(state)
    dying: dict[int, str] = {}
    double_kills = double_save_kills(state)
    protected, healed = {m.target for m in state.marks("protect")}, {m.target for m in state.marks("heal")}
    for mark in state.marks("attack"):
        seat = mark.target
        if seat not in state.alive or seat in dying:
            continue
        saves = (seat in protected) + (seat in healed)
        if (saves == 1) if double_kills else saves >= 1:
            continue
        spared = ROLES[state.role_of(seat)].attack_spared(after, seat)
        if spared is not None:
            events += spared
            after = fold(spared, after)
            continue
        dying[seat] = "wolves"
    for mark in state.marks("kill"):
        if mark.target in state.alive:
            dying.setdefault(mark.target, "wolves")
    for mark in state.marks("poison"):
        if mark.target in state.alive:
            dying[mark.target] = "poison"  # poison always kills, and a classic hunter poisoned may not shoot
    for role in Hooks.of("dawn_deaths", state.ruleset):
        for seat, cause in role.dawn_deaths(state).items():
            if seat in state.alive:
                dying.setdefault(seat, cause)
    for seat in sorted(dying):
        more, after = killed(after, seat, dying[seat])
        events += more
    deaths = tuple(sorted(state.alive - after.alive))
    if not deaths:
        told = Told("dawn.quiet")
    elif len(deaths) == 1:
        told = Told("dawn.death", deaths[0])
    else:
        told = Told("dawn.deaths", players=deaths)
    return [*events, told], told.apply(after)


def news(state: State) -> list[Event]:
    """What the whole table hears once the dawn's deaths and all they set off (grief, shots, the successor,
    the captain's election) are resolved and nobody has won: the raven's letter, the dog's night."""
    return [event for role in Hooks.of("dawn_news", state.ruleset) for event in role.dawn_news(state)]
