"""The heuristic player's decisions: each one is made from the seat's own screen (`view`), the engine's
legal choices for it and the player's memory (`Mind`), and is always one of those choices."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import Choice

from .mind import Claim, Mind

View = Mapping[str, Any]
BUS = 0.15  # how often a wolf joins a vote already lost against a pack mate
COUNTER_CLAIM = 0.3  # how often an accused wolf's pack mate claims the seer too, naming the real one


def targets(choices: Sequence[Choice]) -> list[int]:
    return [c.target for c in choices if c.target is not None]


def pick(choices: Sequence[Choice], seat: int | None) -> Choice:
    """The legal choice naming `seat` (None: the pass), else the first legal choice."""
    for c in choices:
        if c.target == seat and c.heal is None and c.poison is None:
            return c
    return choices[0]


def ranked(mind: Mind, seats: Sequence[int], rng: random.Random, most_wolfish: bool = True) -> list[int]:
    """Seats ordered by belief, the ties broken at random (a shade of noise as at a real table)."""
    sign = -1.0 if most_wolfish else 1.0
    return sorted(seats, key=lambda s: (sign * mind.belief(s), rng.random()))


def wolves_attack(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """The pack kills the claimed seer first, then the captain, then anyone not of the pack."""
    prey = [s for s in targets(choices) if s not in mind.pack]
    if not prey:
        return pick(choices, None)
    for wanted in (mind.seer_claimant(), view.get("captain")):
        if wanted in prey and rng.random() < 0.8:
            return pick(choices, wanted)
    return pick(choices, rng.choice(prey))


def seer_look(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    fresh = [s for s in targets(choices) if s not in mind.known]
    if not fresh:
        return pick(choices, None) if any(c.is_pass for c in choices) else choices[0]
    return pick(choices, ranked(mind, fresh, rng)[0])


def witch_brew(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """Save the victim while the heal lasts (unless a known wolf); poison a wolf she is sure enough of."""
    attacked = view.get("attacked")
    heals = [c for c in choices if c.heal is not None and c.poison is None]
    if attacked is not None and mind.belief(attacked) < 50:
        for c in heals:
            if c.heal == attacked:
                return c
    poisons = [c for c in choices if c.poison is not None and c.heal is None]
    sure = [c for c in poisons if c.poison != mind.seat and mind.belief(c.poison or 0) >= 2.5]
    if sure:
        return max(sure, key=lambda c: mind.belief(c.poison or 0))
    return next((c for c in choices if c.is_pass), choices[0])


def guard_shield(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    seats = targets(choices)
    seer = mind.seer_claimant()
    if seer in seats:
        return pick(choices, seer)
    trusted = ranked(mind, [s for s in seats if s != mind.seat], rng, most_wolfish=False)
    return pick(choices, trusted[0] if trusted else None)


def shoot(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """A dying shot: a wolf takes a trusted villager along, the village its prime suspect."""
    seats = [s for s in targets(choices) if s != mind.seat]
    if mind.wolf:
        seats = [s for s in seats if s not in mind.pack]
        trusted = ranked(mind, seats, rng, most_wolfish=False)
        return pick(choices, trusted[0] if trusted else None)
    suspects = ranked(mind, [s for s in seats if mind.belief(s) > -50], rng)
    return pick(choices, suspects[0] if suspects else None)


def vote(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """One raised hand, after seeing the hands already up: suspicion plus the pull of the crowd."""
    seats = [s for s in targets(choices) if s != mind.seat]
    if not seats:
        return pick(choices, None)
    up: dict[int, int] = {}
    for target in mind.hands.values():
        if target is not None:
            up[target] = up.get(target, 0) + 1
    if mind.wolf:
        return pick(choices, wolf_hand(mind, seats, up, rng))
    belief = mind.belief
    return pick(choices, max(seats, key=lambda s: (belief(s) + 0.35 * up.get(s, 0), rng.random())))


def wolf_hand(mind: Mind, seats: Sequence[int], up: Mapping[int, int], rng: random.Random) -> int:
    """A wolf joins the strongest vote against a non-wolf, buses a doomed pack mate rarely."""
    leader = max(up, key=lambda s: up[s], default=None)
    if leader in mind.pack and leader in seats and up[leader] * 2 > len(mind.alive) and rng.random() < BUS:
        return leader
    others = [s for s in seats if s not in mind.pack]
    if not others:
        return seats[0]
    seer = mind.seer_claimant()
    if seer in others:
        return seer
    return max(others, key=lambda s: (up.get(s, 0), rng.random()))


def elect(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """The captain: the village picks the claimed seer or whom it trusts most; a wolf picks the pack."""
    seats = targets(choices)
    if mind.wolf:
        pack = [s for s in seats if s in mind.pack]
        return pick(choices, rng.choice(pack) if pack else rng.choice(seats))
    seer = mind.seer_claimant()
    if seer in seats:
        return pick(choices, seer)
    return pick(choices, ranked(mind, seats, rng, most_wolfish=False)[0])


def settle(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """A captain settling a tie: the most suspect of the tied (a wolf spares the pack)."""
    seats = targets(choices)
    if mind.wolf:
        free = [s for s in seats if s not in mind.pack]
        return pick(choices, rng.choice(free or seats))
    return pick(choices, ranked(mind, seats, rng)[0])


def fallback(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """Any other step (the extended roles): a random legal choice, sparing oneself and known friends."""
    friendly = {s for s, wolf in mind.known.items() if wolf == mind.wolf} | {mind.seat}
    if mind.wolf:
        friendly |= mind.pack
    aimed = [c for c in choices if c.target not in friendly and friendly.isdisjoint(c.seats)]
    return rng.choice(aimed or list(choices))


DECISIONS: dict[str, Callable[[View, Sequence[Choice], Mind, random.Random], Choice]] = {
    "werewolves": wolves_attack, "seer": seer_look, "witch": witch_brew, "guard": guard_shield,
    "hunter": shoot, "day_vote": vote, "captain_election": elect, "captain_successor": elect,
    "captain_tiebreak": settle,
}


def decide(view: View, choices: Sequence[Choice], mind: Mind, rng: random.Random) -> Choice:
    """The heuristic player's answer to the step its screen asks: one of `choices`."""
    mind.observe(view)
    step = choices[0].step
    return DECISIONS.get(step, fallback)(view, choices, mind, rng)


def talk(view: View, mind: Mind, rng: random.Random) -> Claim | None:
    """What this player says openly before the vote: the seer claims once she has found a living wolf
    (then every day, with her new looks); a wolf may counter-claim when a pack mate is named."""
    mind.observe(view)
    if mind.card == "seer" and not mind.wolf:
        looks = tuple((s, w) for s, w in mind.known.items() if s not in mind.pack)
        if mind.claimed or any(w and s in mind.alive for s, w in looks):
            mind.claimed = True
            return Claim(mind.seat, looks)
        return None
    if mind.wolf and not mind.claimed:
        named = [c for c in mind.claims.values()
                 if c.by not in mind.pack and any(w and s in mind.pack for s, w in c.looks)]
        if named and rng.random() < COUNTER_CLAIM:
            mind.claimed = True
            return Claim(mind.seat, ((named[0].by, True),))
    return None
