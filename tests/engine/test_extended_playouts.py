"""Random extended games: 3-40 players, random legal role sets, modes, house rules and choices.

Invariants: every game ends; no dead seat is asked or accepted as a target; the winner agrees with
RULES.md's win order (checked by an oracle written from RULES.md, not from the engine); replaying
the log gives the same state; undo gives the state before the last choice.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Choice, Game, Refused, State, Unknown, fold
from engine import charmed as charmed_of
from engine.roles.cupid import lovers as lovers_of

from ..strategies import random_choice, random_extended_game

GAMES = 2000
REACTIONS = ("hunter", "captain_successor")  # asked of a seat that has just died


def oracle(s: State) -> tuple[str, str] | None:
    """RULES.md "Win order", from the state's plain facts: who lives, who counts as a wolf, the lovers,
    the charmed. (The angel and the mutual vote end the game at the vote and are checked there.)"""
    alive = set(s.alive)
    if not alive:
        return ("draw", "nobody_alive")
    cards = {seat: s.role_of(seat) for seat in alive}
    pipers = [seat for seat, c in cards.items() if c == "pied_piper"]
    charmed = set(charmed_of(s))
    if pipers and alive - {pipers[0]} and alive - {pipers[0]} <= charmed:
        return ("pied_piper", "all_charmed")
    lovers = lovers_of(s)
    if lovers is not None and alive == set(lovers):
        return ("lovers", "lovers")
    if len(alive) == 1 and cards[next(iter(alive))] == "white_werewolf":
        return ("white_werewolf", "white_werewolf")
    wolves = alive & set(s.wolves)
    if any(cards[w] != "white_werewolf" for w in wolves):
        if s.house.win == "number":
            if len(wolves) >= len(alive) - len(wolves):
                return ("wolves", "wolves_number")
        else:
            from engine.roles import ROLES

            plain = [seat for seat in s.seats if s.role_of(seat) == "villager"]
            special = [seat for seat in s.seats
                       if ROLES[s.role_of(seat)].side == "village" and s.role_of(seat) != "villager"]
            if plain and not alive & set(plain):
                return ("wolves", "villagers_dead")
            if special and not alive & set(special):
                return ("wolves", "specials_dead")
    if not wolves and not pipers:
        return ("village", "wolves_dead")
    return None


def targets_of(choice: Choice) -> list[int]:
    seats = [t for t in (choice.target, choice.heal, choice.poison) if t is not None]
    seats += list(choice.seats)
    seats += [t for _, t in choice.ballots or () if t is not None] + [t for t, _ in choice.tally or ()]
    return seats


def check_choice(game: Game, choice: Choice) -> None:
    state = game.state
    pending = state.current
    assert pending is not None
    if pending.seat is not None and pending.step not in REACTIONS:
        assert pending.seat in state.alive, f"dead seat {pending.seat} asked for {pending.step}"
    dead = sorted(set(state.seats) - state.alive)
    if dead and pending.step not in ("witch", "day_vote", "thief", "wolf_dog", "wolf_father", "servant", "judge",
                                     "little_girl", "dog_handler", "cupid", "pied_piper"):
        with pytest.raises((Refused, Unknown)):
            game.choose(Choice(pending.step, dead[0]))
        assert game.state == state, "a refused choice changed the game"
    game.choose(choice)
    assert all(t in state.alive for t in targets_of(choice)), "a dead seat was accepted as a target"
    after = game.state
    game.undo()
    assert game.state == state, "undo did not restore the state before the choice"
    game.choose(choice)
    assert game.state == after
    if after.phase == "over" and after.reason not in ("angel", "mutual_vote"):
        assert (after.winner, after.reason) == oracle(after), "the winner disagrees with RULES.md's win order"
    elif after.phase == "day" and after.current is not None and after.current.step == "day_vote":
        assert oracle(after) is None, "a won game went on to the day"


@settings(max_examples=GAMES, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_extended_games(seed: int) -> None:
    game, rng = random_extended_game(seed)
    made = 0
    while not game.state.over:
        assert made < 1500, "the game did not end"
        check_choice(game, random_choice(game, rng))
        made += 1
    assert fold(game.events) == game.state, "replaying the log did not rebuild the state"
