"""Five small games written by hand for the history's tests; their numbers are counted by hand in the tests."""

from __future__ import annotations

from narrator.game.history import GameRecord, SeatRecord


def seat(n: int, name: str, role: str, won: bool, alive: bool, voted: bool = False, account: int | None = None,
         side: str | None = None) -> SeatRecord:
    side = side or ("wolves" if role == "werewolf" else "village")
    return SeatRecord(n, name, role, role, side, won, alive, voted, account)


def game(key: str, ended: float, winner: str, *seats: SeatRecord) -> GameRecord:
    return GameRecord(key, ended, "classic", "one_device", winner, "wolves_dead" if winner == "village" else
                      "wolves_number", 2, 2, seats, ({"night": 1, "phase": "night", "kind": "attack",
                                                      "role": "werewolves", "target": 2},))


# Ana: wolf in G1 (won, alive), seer in G2 (lost, dead), villager in G3 (won, alive, voted out? no), wolf in G4
# (lost, voted out), seer in G5 (won, alive). Ben: in G1..G4 only.
GAMES = [
    game("g1", 100.0, "wolves",
         seat(1, "Ana", "werewolf", True, True), seat(2, "Ben", "seer", False, False),
         seat(3, "Carla", "villager", False, False, voted=True)),
    game("g2", 200.0, "wolves",
         seat(1, "Ana", "seer", False, False), seat(2, "Ben", "werewolf", True, True),
         seat(3, "Carla", "villager", False, False, voted=True)),
    game("g3", 300.0, "village",
         seat(1, "Ana", "villager", True, True), seat(2, "Ben", "werewolf", False, False, voted=True),
         seat(3, "Carla", "seer", True, False)),
    game("g4", 400.0, "village",
         seat(1, "Ana", "werewolf", False, False, voted=True), seat(2, "Ben", "villager", True, True),
         seat(3, "", "seer", True, True)),
    game("g5", 500.0, "village",
         seat(1, "Ana", "seer", True, True), seat(2, "Dario", "werewolf", False, False, voted=True),
         seat(3, "Carla", "villager", True, True)),
]
