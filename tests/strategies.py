"""Hypothesis strategies and the random playout, in one place."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from hypothesis import strategies as st

from engine import Choice, Game, HouseRules
from engine.roles import ROLES, specials

seeds = st.integers(min_value=0, max_value=2**32 - 1)
win_modes = st.sampled_from(["number", "side"])
player_counts = st.integers(min_value=6, max_value=12)


def random_game(players: int, win: str, seed: int, *, self_heal: bool = True) -> tuple[Game, random.Random]:
    house = HouseRules(win=win, witch_self_heal_first_night=self_heal)
    names = [f"P{i}" for i in range(1, players + 1)]
    return Game.new(names, house=house, seed=seed), random.Random(seed)


def play_out(game: Game, rng: random.Random, each: Callable[[Game, Choice], None] | None = None,
             limit: int = 1000) -> int:
    """Choose at random among the legal choices until the game ends; returns how many were made."""
    made = 0
    while not game.state.over and made < limit:
        choice = rng.choice(game.legal())
        if each:
            each(game, choice)
        else:
            game.choose(choice)
        made += 1
    return made


# -- the extended ruleset: random legal role sets, modes and house rules ----------------------

# from the role registry, so a new role plays in these games as soon as its module exists
EXTENDED_SPECIALS = [r.id for r in specials("extended")]
EXTENDED_WOLVES = [r.id for r in specials("extended", wolves=True)]


def random_extended_game(seed: int, players: int | None = None) -> tuple[Game, random.Random]:
    """A random legal extended game: 3-40 players, a random role set, mode and house rules."""
    from engine.house import defaults

    rng = random.Random(seed)
    n = players or rng.randint(3, 40)
    mode = rng.choice(["one_device", "round_table", "own_devices"])
    wolves = rng.randint(1, max(1, (n - 1) // 2))
    cards = ["werewolf"] * wolves
    for i, special in enumerate(rng.sample(EXTENDED_WOLVES, k=min(wolves, rng.randint(0, 3)))):
        cards[i] = special
    allowed = [r for r in EXTENDED_SPECIALS if n >= ROLES[r].min_players
               and (ROLES[r].modes is None or mode in ROLES[r].modes)]
    for role in rng.sample(allowed, k=rng.randint(0, len(allowed))):
        copies = ROLES[role].copies or 1
        if len(cards) + copies <= n:
            cards += [role] * copies
    cards += ["villager"] * (n - len(cards))
    rng.shuffle(cards)
    extra: list[str] = []
    if "thief" in cards:
        extra = [rng.choice(["villager", "werewolf", "seer", "villager"]) for _ in range(2)]
        if extra.count("seer") > (0 if "seer" in cards else 1):
            extra = ["villager", "villager"]
    house = replace(defaults("extended"), captain=rng.random() < 0.5, win=rng.choice(["number", "side"]),
                    witch_one_potion_per_night=rng.random() < 0.3)
    names = [f"P{i}" for i in range(1, n + 1)]
    return Game.new(names, ruleset="extended", house=house, seed=seed, mode=mode, roles=cards, extra=extra), rng


def random_choice(game: Game, rng: random.Random) -> Choice:
    """A random legal choice; for a counted vote, random ballots or a random tally."""
    state = game.state
    pending = state.current
    if pending is not None and pending.step == "day_vote" and state.extended:
        from engine.vote import weight

        voters = [s for s in sorted(state.alive) if weight(state, s) > 0]
        targets = sorted(state.alive)
        kind = rng.random()
        if kind < 0.45:
            ballots = tuple((v, rng.choice([*targets, None])) for v in voters if rng.random() < 0.9)
            return Choice("day_vote", ballots=ballots)
        if kind < 0.85:
            budget = sum(weight(state, s) for s in voters)
            tally: dict[int, int] = {}
            for _ in range(rng.randint(0, budget)):
                t = rng.choice(targets)
                tally[t] = tally.get(t, 0) + 1
            return Choice("day_vote", tally=tuple(sorted(tally.items())))
    return rng.choice(game.legal())
