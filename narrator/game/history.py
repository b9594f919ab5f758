"""The group's history: what a finished game leaves behind (who played what, who won), and the numbers per player
name drawn from many of them. Built only from a game that is over: nothing of a game in play is ever kept."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine import State
from engine.roles import ROLES
from engine.sides import side_of

SIDES = ("village", "wolves", "solo")


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    name: str  # as the table wrote it; "" where only a number was given
    role: str  # the card held at the end
    dealt: str  # the card dealt
    side: str  # village | wolves | solo, at the end
    won: bool
    alive: bool
    voted_out: bool
    account: int | None = None  # an online room's account that sat there


@dataclass(frozen=True)
class GameRecord:
    """One finished game. `key` names the game it came from (its journal and its number there), so the same
    game ended again after an undo replaces its record instead of adding one."""

    key: str
    ended: float  # seconds since the epoch, from the caller's clock
    ruleset: str
    mode: str
    winner: str
    reason: str
    nights: int
    days: int
    seats: tuple[SeatRecord, ...]
    log: tuple[dict[str, Any], ...] = ()
    id: int | None = None  # the store's number, once stored


def winners(state: State) -> set[int]:
    """The seats that won: a side's living and dead members, a solo role's holder, or the lovers."""
    winner = state.winner
    if winner in ("village", "wolves"):
        return {s for s in state.seats if side_of(state, s) == winner}
    if winner == "lovers":
        from engine.roles.cupid import lovers

        pair = lovers(state)
        return set(pair) if pair else set()
    if winner in ROLES:
        return set(state.seats_of(winner))
    return set()


def record_of(state: State, key: str, ended: float, accounts: dict[int, int] | None = None) -> GameRecord:
    """The record of a game that is over (`accounts`: seat -> account, in an online room)."""
    if not state.over:
        raise ValueError("only a finished game is recorded")
    won = winners(state)
    voted = {d.seat for d in state.deaths if d.cause == "vote"}
    dealt = state.dealt or state.roles
    seats = tuple(SeatRecord(s, state.name(s), state.role_of(s), dealt[s - 1], side_of(state, s), s in won,
                             s in state.alive, s in voted, (accounts or {}).get(s)) for s in state.seats)
    return GameRecord(key, ended, state.ruleset, state.mode, str(state.winner), str(state.reason or ""),
                      state.night, state.verdicts, seats, tuple(e.to_json() for e in state.log))


@dataclass
class Tally:
    """Games and wins of one kind (a side, a role)."""

    games: int = 0
    wins: int = 0

    def add(self, won: bool | int, games: int = 1) -> None:
        """`games` games of which `won` (a flag for one game, a count for many) were won."""
        self.games += games
        self.wins += int(won)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "wins": self.wins, "rate": round(self.rate, 4)}


@dataclass(frozen=True)
class Group:
    """The seats of one player name with one side and one role at the end, counted (a store's GROUP BY row)."""

    name: str
    side: str
    role: str
    games: int
    wins: int
    survived: int
    voted_out: int


@dataclass
class PlayerStats:
    """One player name's numbers over the games kept."""

    name: str
    games: int = 0
    wins: int = 0
    survived: int = 0
    voted_out: int = 0
    sides: dict[str, Tally] = field(default_factory=dict)
    roles: dict[str, Tally] = field(default_factory=dict)

    def add(self, seat: SeatRecord) -> None:
        self.add_group(Group(seat.name, seat.side, seat.role, 1, int(seat.won), int(seat.alive),
                             int(seat.voted_out)))

    def add_group(self, group: Group) -> None:
        self.games += group.games
        self.wins += group.wins
        self.survived += group.survived
        self.voted_out += group.voted_out
        self.sides.setdefault(group.side, Tally()).add(group.wins, group.games)
        self.roles.setdefault(group.role, Tally()).add(group.wins, group.games)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games, "wins": self.wins,
                "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
                "survived": self.survived, "survival": round(self.survived / self.games, 4) if self.games else 0.0,
                "voted_out": self.voted_out,
                "sides": {k: self.sides[k].to_json() for k in SIDES if k in self.sides},
                "roles": {k: v.to_json() for k, v in sorted(self.roles.items())}}


def player_stats(games: Iterable[GameRecord], account: int | None = None) -> list[PlayerStats]:
    """Per player name (unnamed seats left out), most games first; with `account`, only that account's seats."""
    out: dict[str, PlayerStats] = {}
    for game in games:
        for seat in game.seats:
            if not seat.name or (account is not None and seat.account != account):
                continue
            out.setdefault(seat.name, PlayerStats(seat.name)).add(seat)
    return ranked(out.values())


def grouped_stats(groups: Iterable[Group]) -> list[PlayerStats]:
    """The same numbers as `player_stats`, from counts a store has already grouped by name, side and role."""
    out: dict[str, PlayerStats] = {}
    for group in groups:
        out.setdefault(group.name, PlayerStats(group.name)).add_group(group)
    return ranked(out.values())


def ranked(players: Iterable[PlayerStats]) -> list[PlayerStats]:
    return sorted(players, key=lambda p: (-p.games, p.name.casefold()))


def game_json(game: GameRecord) -> dict[str, Any]:
    """A game as the history screen and the file show it."""
    return {"id": game.id, "key": game.key, "ended": game.ended, "ruleset": game.ruleset, "mode": game.mode,
            "winner": game.winner, "reason": game.reason, "nights": game.nights, "days": game.days,
            "seats": [{"seat": s.seat, "name": s.name, "role": s.role, "dealt": s.dealt, "side": s.side,
                       "won": s.won, "alive": s.alive, "voted_out": s.voted_out, "account": s.account}
                      for s in game.seats],
            "log": list(game.log)}


def overview(games: list[GameRecord], last: int = 20, account: int | None = None) -> dict[str, Any]:
    """What the history screen shows: the last games (newest first) and every player name's numbers. (A store
    answers the same from its own tables, `HistoryStore.overview`, without reading every game.)"""
    newest = sorted(games, key=lambda g: (-g.ended, -(g.id or 0)))
    return overview_of(len(games), newest[:last], player_stats(games, account))


def overview_of(count: int, newest: Iterable[GameRecord], players: Iterable[PlayerStats]) -> dict[str, Any]:
    """The history screen's data: how many games, the last ones (newest first, no night log), the players."""
    return {"count": count, "games": [{k: v for k, v in game_json(g).items() if k != "log"} for g in newest],
            "players": [p.to_json() for p in players]}
