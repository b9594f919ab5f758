"""One whole game played by the engine's rules: by heuristic players (each deciding from its own
`view` and the legal choices) or by random taps (a uniform pick of the legal choices)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import NARRATOR, Choice, Game, HouseRules, Setup, answerer, legal_choices, view, voters
from engine.state import State

from .heuristic import decide, talk
from .mind import Mind

Decide = Callable[[Mapping[str, Any], Sequence[Choice], Mind, random.Random], Choice]
PLAYERS = ("heuristic", "random")


def new_game(setup: Setup, house: HouseRules, seed: int) -> Game:
    names = [f"P{i}" for i in range(1, setup.players + 1)]
    return Game.new(names, ruleset=setup.rules.id, house=house, seed=seed, mode=setup.mode, setup=setup)


def play(setup: Setup, house: HouseRules, seed: int, players: str = "heuristic",
         decision: Decide = decide) -> str:
    """The winner of one game (`village`, `wolves`, `draw`, a solo role or `lovers`)."""
    game = new_game(setup, house, seed)
    rng = random.Random(f"balance:{seed}")
    if players == "random":
        while not game.state.over:
            game.choose(rng.choice(game.legal()))
        return game.state.winner or "draw"
    table = Table(game, rng, decision)
    while not game.state.over:
        game.choose(table.next_choice())
        table.after()
    return game.state.winner or "draw"


class Table:
    """The players around one game: every question goes to the seats that answer it."""

    def __init__(self, game: Game, rng: random.Random, decision: Decide) -> None:
        self.game = game
        self.rng = rng
        self.decision = decision
        self.minds = {s: Mind(s) for s in game.state.seats}
        self._state: State | None = None
        self._views: dict[int, dict[str, Any]] = {}
        self.hands: dict[int, int | None] | None = None  # the last show of hands, until its verdict is counted

    def seen(self, state: State, seat: int) -> dict[str, Any]:
        """`view(state, seat)`, built once per state and seat (the debate and the hands read the same)."""
        if self._state is not state:
            self._state, self._views = state, {}
        if seat not in self._views:
            self._views[seat] = view(state, seat)
        return self._views[seat]

    def ask(self, state: State, seat: int, legal: Sequence[Choice]) -> Choice:
        choice = self.decision(self.seen(state, seat), legal, self.minds[seat], self.rng)
        if not any(choice is c for c in legal) and choice not in legal:  # (one of the list itself, most often)
            raise ValueError(f"seat {seat} chose {choice.text()}, which is not a legal choice")
        return choice

    def next_choice(self) -> Choice:
        state = self.game.state
        who = answerer(state)
        legal = legal_choices(state)
        if who.kind in ("seat", "pack"):
            return self.ask(state, who.seats[0], legal)  # the pack agrees on its first living wolf's pick
        if who.step == "day_vote":
            return self.day_vote(state, legal)
        picks = Counter(self.ask(state, s, legal) for s in who.seats)
        most = max(picks.values())
        return self.rng.choice([c for c, n in picks.items() if n == most])

    def day_vote(self, state: State, legal: Sequence[Choice]) -> Choice:
        """The debate (claims said aloud), then a show of hands, each voter seeing the hands already up (only the
        seats with a vote: a pardoned village idiot speaks but raises no hand)."""
        living = sorted(state.alive)
        for seat in living:
            claim = talk(self.seen(state, seat), self.minds[seat], self.rng)
            if claim is not None:
                for other in living:
                    self.minds[other].hear(claim)
        voting = voters(state)
        start = self.rng.randrange(len(voting))
        hands: dict[int, int | None] = {}
        for other in living:
            self.minds[other].hands = hands  # each voter sees the hands up so far: this dict, as it fills
        for seat in voting[start:] + voting[:start]:
            hands[seat] = self.ask(state, seat, legal).target
        self.hands = hands
        return verdict(state, legal, hands)

    def after(self) -> None:
        """Once a vote is counted: everyone saw the hands, and the card of the one voted out if the rules show it."""
        if self.hands is None:
            return
        state = self.game.state
        out = state.expelled
        card = table_card(state, out)
        for mind in self.minds.values():
            mind.hands = {}
            mind.saw_hands(self.hands, out, card)
        self.hands = None


def verdict(state: State, legal: Sequence[Choice], hands: Mapping[int, int | None]) -> Choice:
    """The table's answer: the ballots where the rules count them, else the seat most hands name (a tie or
    no hands: nobody leaves)."""
    if legal and state.ruleset == "extended":
        return Choice("day_vote", ballots=tuple(sorted(hands.items())))
    counts = Counter(t for t in hands.values() if t is not None)
    top = counts.most_common(2)
    if not top or (len(top) > 1 and top[0][1] == top[1][1]):
        return Choice("day_vote")
    return Choice("day_vote", top[0][0])


def table_card(state: State, seat: int | None) -> str | None:
    """The card of `seat` as the whole table sees it (None when it stays hidden)."""
    if seat is None:
        return None
    card = view(state, NARRATOR)["cards"].get(str(seat))
    return None if card is None else str(card)
