"""How the narrator tells a game, by the way the table plays: the opening and its deal, the night (its steps
called, or laps round the table), the dawn's first line, the night's decoys and whether a narrator holds the
device.

The narrator takes its telling once, from TELLINGS by the game's mode (`telling`), and never looks at the mode
again. A way of playing not listed here (a new way on the page) is told as a table nobody narrates: every card
passed, every night step called.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine import Mode, State, ruleset
from engine.roles import ROLES
from narrator.game.inputs import REVEAL, START, Answer
from narrator.game.nightcalls import CalledNight, Calling
from narrator.game.roundnight import Narrating, RoundNight
from narrator.speech.captions import Speaker
from narrator.speech.lines import Cards, Lines, Seat
from narrator.speech.moment import position


class Teller(Narrating, Calling, Protocol):
    """What a telling uses of the narrator that holds it, besides what the night's calls and laps use."""

    speaker: Speaker
    lines: Lines

    games: int  # the games this narrator has opened (a rematch is not the evening's first)

    def aside(self, scene: str, **facts: str | None) -> None: ...

    def wait_for(self, step: str, seat: int | None = None) -> Answer: ...


class Telling:
    """A table nobody narrates, where the device is passed for each card and every night step is called."""

    decoys = False  # a dead step opens a decoy question on every phone, shaped like a live one's
    dawn = "dawn.start"  # the morning's first line

    def __init__(self, narrator: Teller) -> None:
        self.narrator = narrator
        # the night's steps, each held for the night's window
        self.calls = CalledNight(narrator, self.decoys, self.hands_back(narrator.state))

    def opening(self) -> None:
        """The welcome, the cards in play, the deal as this way makes it, and the first night's start."""
        n = self.narrator
        prepare_names = getattr(n.speaker, "prepare_names", None)
        if prepare_names is not None:
            prepare_names([part for seat in n.state.seats
                           for part in n.lines.peek("deal.pass", player=Seat(seat)).parts if part.kind == "name"])
        n.aside("game.welcome", game="later" if n.games else "first")
        n.games += 1
        n.eyes = "deal"  # the device goes round the table (or every phone shows its own card)
        order = ruleset(n.state.ruleset).roles  # the cards in play as a game master reads them out: the wolves
        cards = sorted((*n.state.dealt, *n.state.extra),  # together first, then the rest, each in the rules' order
                       key=lambda card: (ROLES[card].side != "wolves", order.index(card)))
        n.say("deal.cards", roles=Cards(tuple(cards), frozenset(c for c in cards if ROLES[c].many)))
        self.deal()  # the device passed seat by seat, or every phone showing its own card
        n.say("deal.done")
        n.wait_for(START)

    def deal(self) -> None:
        """Each seat in turn is passed the device, sees its card and covers it."""
        n = self.narrator
        seats = n.state.seats
        for index, seat in enumerate(seats):
            n.say_at("deal.pass", position(index, len(seats)), player=Seat(seat))
            n.wait_for(REVEAL, seat)

    def night(self) -> None:
        """Every step called in its fixed order, each of the same shape (nightcalls.py)."""
        self.calls.run()

    @staticmethod
    def narrated(state: State) -> bool:
        """Whether a narrator holds the device and knows every card (then ↶ takes back anything at night)."""
        return False

    def hands_back(self, state: State) -> bool:
        """Whether a called role takes the one device from the middle and must be told to put it back."""
        return False


class OneDevice(Telling):
    """The device in the middle; with the classic rules the seed's narrator holds it."""

    @staticmethod
    def narrated(state: State) -> bool:
        return not state.extended

    def hands_back(self, state: State) -> bool:
        return not self.narrated(state)  # a narrator keeps the device in hand


class RoundTable(Telling):
    """Round the table: nobody closes their eyes; the night is laps of turns (roundnight.py)."""

    dawn = "round.dawn"  # nobody slept: the morning does not ask them to open their eyes

    def __init__(self, narrator: Teller) -> None:
        super().__init__(narrator)
        self.rounds = RoundNight(narrator, self.calls)

    def night(self) -> None:
        self.rounds.run()


class OwnDevices(Telling):
    """Every player's own phone: the cards are seen all at once, and a dead step opens a decoy question."""

    decoys = True

    def deal(self) -> None:
        n = self.narrator
        n.say("deal.own")  # every player looks at their card on their own phone, all at once
        for seat in n.state.seats:
            n.wait_for(REVEAL, seat)


TELLINGS: Mapping[str, type[Telling]] = {Mode.ONE_DEVICE: OneDevice, Mode.ROUND_TABLE: RoundTable,
                                         Mode.OWN_DEVICES: OwnDevices}


def telling(mode: str) -> type[Telling]:
    """The telling of a game played in `mode`: the one place a mode picks how the narrator tells it."""
    return TELLINGS.get(mode, Telling)


def narrated(state: State) -> bool:
    """Whether a narrator holds the device of this game (the start screen's words, undo's reach at night)."""
    return telling(state.mode).narrated(state)


__all__ = ["TELLINGS", "Teller", "Telling", "narrated", "telling"]
