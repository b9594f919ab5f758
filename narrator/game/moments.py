"""What the narrator knows of the moment a line is said in: the public facts the scripts' conditions name
(narrator/speech/moment.py). Nothing here reads a secret: the cards announced at the deal, the night's number,
the way of playing, and what the table has already heard."""

from __future__ import annotations

from collections.abc import Set

from engine import State
from engine.roles import ROLES
from engine.roles._base import WOLF_CARDS
from engine.sides import side_of
from narrator.game.nightcalls import fallen
from narrator.game.tellings import narrated
from narrator.speech.moment import Moment

# cards that can bring another player into the pack: the wolf-dog's choice, the wild child's turn, an infection, the
# servant's take of an executed wolf's card (secret with one device)
JOINERS = frozenset({"wolf_dog", "wild_child", "wolf_father", "servant"})
END = "end."  # the scenes said once the game is over: the winner's line, the cards, the stories
# the scenes that say their {player}'s card (a role's `Spoken(tells=True)`): once said, the table has heard it
TELLS = frozenset(line.id for role in ROLES.values() for line in role.scenes if line.tells)


def pack(state: State, said: Set[int] = frozenset()) -> str:
    """The pack as the table can know it: the wolf cards announced at the deal, less those said of the dead
    (`said`: the seats whose card was said aloud). "one": one left and no card that can join him; "many": two or
    more (said in the plural, whoever is alive: the rhythm and the words stay the same when a wolf dies unseen);
    "some": one or none left, but a card that can join the pack was dealt (a line must not count them)."""
    cards = (*state.dealt, *state.extra)
    wolves = sum(1 for card in cards if card in WOLF_CARDS) - len(fallen(state, said))
    if wolves >= 2:
        return "many"
    return "one" if wolves == 1 and not JOINERS & set(cards) else "some"


def even(state: State) -> str:
    """end.wolves.number: "yes" when the living wolves are exactly as many as the others, "no" when more (two
    died at once). Said once the game is over, with every card about to be shown."""
    wolves = len(state.wolves & state.alive)
    return "yes" if wolves == len(state.alive) - wolves else "no"


def end_facts(scene: str, state: State) -> dict[str, str]:
    """What the table sees as the game ends, for the winner's line: the wolves' count that holds and how many are
    left alive (read_es_A8: «La manada ya es tan grande como lo que queda de la aldea» of one wolf left facing one
    villager, `pack` being the wolf cards dealt), and whether the last two, the lovers, both play for the village
    (their win is the village's too: no wolf is left); and whether the wolf father's infection made the end (the
    cards are shown now: no secret left, read_de_B9 13, read_de_A9 16)."""
    infected = {entry.target for entry in state.log if entry.kind == "infect"}
    if scene == "end.wolves.number":  # an infected wolf alive made the count: the win line may say so
        return {"even": even(state), "wolves": "one" if len(state.wolves & state.alive) == 1 else "many",
                "infected": "yes" if infected & state.alive else "no"}
    if scene == "end.village":  # the infected died a wolf: a card shown as the witch's, and yet the last wolf
        return {"infected": "yes" if infected else "no"}
    if scene == "end.lovers":
        return {"couple": "village" if all(side_of(state, s) == "village" for s in state.alive) else "other"}
    return {}


def moment(state: State, position: str | None = None, revealed: bool | None = None,
           said: Set[int] = frozenset(), scene: str = "") -> Moment:
    """The facts of a line said now; `position` in a sequence, whether its {player}'s card was said, the seats
    whose card was (`said`), and the `scene` said. The end's lines count the pack by the wolf cards dealt: a wolf
    shown dead won with it ("the werewolves win", never "the werewolf wins" of the one still alive). Only the end's:
    a night's last lines, said after the choice that decided the game, still speak to the pack the table knows."""
    counted = frozenset() if scene.startswith(END) else said
    return Moment(mode=state.mode, narrator="yes" if narrated(state) else "no",  # a person holds the device and taps
                  night="first" if state.night <= 1 else "later", pack=pack(state, counted),
                  position=position, revealed=None if revealed is None else "yes" if revealed else "no")
