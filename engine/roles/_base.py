"""The shapes a role module fills in: its steps, its night calls, its reactions and its win.

A role (or an office such as the captain) is one module in this package that defines `ROLE`.
The engine never names a role outside its module: it asks every role's hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..choice import Choice, seat_choices, seats_choice
from ..errors import Refused
from ..events import Event, Said
from ..modes import Mode
from ..state import Pending, State, asking, circle

# The cards that are wolves from the start: every card whose role says `side = "wolves"`. The registry
# (engine.roles) fills it once, as it finds the roles; role modules read it only while a game runs.
WOLF_CARDS: set[str] = set()

# choice shapes: what a step's answer looks like, for the scenario parser, the terminal and the page
SEAT, POTIONS, SEATS, OPTION, VOTE, SECONDS = "seat", "potions", "seats", "option", "vote", "seconds"


def who(state: State, seat: int) -> str:
    """How a refusal names a seat: the player's name, else "player N"."""
    return state.name(seat) or f"player {seat}"


def every_night(state: State, night: int) -> bool:
    return True


def first_night(state: State, night: int) -> bool:
    return night == 1


def even_nights(state: State, night: int) -> bool:
    return night % 2 == 0


def odd_nights(state: State, night: int) -> bool:
    return night % 2 == 1


@dataclass(frozen=True)
class NightCall:
    """One step of the night as the narrator calls it: `order` places it (per ruleset when a dict),
    `when` says on which nights, `asked` whether anyone answers (recognitions are only narrated); `facts`: the
    call's own facts its wake and sleep lines are chosen by (space-separated, narrator/speech/moment.py); `told`:
    those its own rule tells from the game (the narrator tells the others, as the big bad wolf's `spent`)."""

    step: str
    order: int | dict[str, int]
    when: Callable[[State, int], bool] = every_night
    asked: bool = True
    facts: str = ""
    told: Callable[[State], Mapping[str, str]] | None = None

    def position(self, rules: str) -> int:
        return self.order if isinstance(self.order, int) else self.order[rules]


def at_players(**rulesets: tuple[int, ...]) -> Mapping[str, tuple[int, ...]]:
    """A card's place in the recommended deal, per ruleset: the player counts from which one more of it
    (or one more group of its `copies`) is dealt. `(6, 6, 9, 12)`: two from six players, three from nine."""
    return MappingProxyType(rulesets)


@dataclass(frozen=True)
class Spoken:
    """A line the narrator says for this role beyond its night calls (the scene ids its events name): the
    placeholders every variant must use and those a variant may use (space-separated), and `rare` when
    it is heard once an evening rather than many times (the scripts then need fewer variants); `facts`: the
    scene's own facts its lines may be chosen by (what its event tells the narrator, `Said.facts`); `tells`: every
    line of it that may say the card says its {player}'s (the hunter's call, the scapegoat's death), so the table
    has heard that card and a later line (the end's reveal) need not give it as news."""

    id: str
    required: str = ""
    optional: str = ""
    rare: bool = False
    facts: str = ""
    tells: bool = False


class Step:
    """One question the engine asks: its shape, candidate answers, why one is refused, what it does."""

    id: str = ""
    shape: str = SEAT
    announce: str | None = None  # the scene said when this step is asked by day (with `{player}`: its seat)
    moot: bool = False  # once the game is decided its answer changes nothing: nobody is asked (flow.moot_choice)
    options: tuple[str, ...] = ()
    count: int = 2  # seats in a SEATS answer
    # Earlier steps of the same night whose results this step reads (its actor, its legal choices or what
    # its actor learns at once): while one of them is unanswered tonight, this step cannot be answered
    # ahead of its turn (round the table, the narrator collects answers before the engine asks for them).
    after: tuple[str, ...] = ()

    def actor(self, state: State) -> Pending | None:
        """Who answers now; None when nobody alive holds the card (the step is still narrated)."""
        return None

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        """Nobody, then each living player in seat order."""
        row = seat_choices(self.id, len(state.roles))
        return [row[0], *[row[seat] for seat in circle(state)]]

    def malformed(self, state: State, choice: Choice) -> str | None:
        """Why the choice is not of this step's shape (exit 2), or None."""
        return None

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        return None

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        """The candidates the rules allow now, in their order: each one `refusal` lets through. A step may work this
        out faster, never differently (tests/engine/test_legal.py holds every step to it)."""
        refusal = self.refusal
        return [c for c in self.candidates(state, pending) if refusal(state, pending, c) is None]

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        return []

    def answer(self, state: State, pending: Pending, choice: Choice) -> str | None:
        """What the actor learns at once from this choice, shown only to them (the seer's answer,
        the fox's nose): a role id, or a word the page translates; None: nothing."""
        return None

    def learnable(self, state: State) -> tuple[str, ...]:
        """Every answer this step may show its actor in this game, from what the whole table knows (the ruleset,
        the cards in play): round the table a turn with nothing to learn is shown one of them, drawn at random,
        so the seer's answer looks like anyone's. (): the step shows nothing."""
        return ()

    def skipped(self, state: State, pending: Pending) -> bool:
        """True when the step has become moot by the time it comes (nobody left to name)."""
        return False


class TargetStep(Step):
    """A step that points at one living player, or at nobody when `may_pass`."""

    may_pass = True
    may_target_self = True
    verb = "choose"

    def malformed(self, state: State, choice: Choice) -> str | None:
        if choice.heal is not None or choice.poison is not None or choice.seats or choice.option is not None \
                or choice.ballots is not None or choice.tally is not None or choice.seconds is not None:
            return f"the choice must be a seat number or none ({self.id} {self.verb}s one player)"
        return None

    def refusal(self, state: State, pending: Pending, choice: Choice) -> Refused | None:
        if choice.target is None:
            if self.may_pass or self.spent(state, pending) is not None:
                return None
            return Refused("choice.required", f"You must {self.verb} a player.")
        spent = self.spent(state, pending)
        if spent is not None:
            return spent
        if choice.target not in state.alive:
            return Refused("target.dead", f"{who(state, choice.target)} is dead; {self.verb} a living player.",
                           player=choice.target)
        if not self.may_target_self and choice.target == pending.seat:
            return Refused(f"{self.id}.self", f"The {self.id.replace('_', ' ')} cannot {self.verb} themselves; "
                                              f"choose another player.")
        return self.rule(state, pending, choice.target)

    def legal(self, state: State, pending: Pending) -> list[Choice]:
        """`refusal` asked of every candidate at once: whether the power is spent is the same for all of them, and a
        step without a rule of its own lets every living target through."""
        if type(self).refusal is not TargetStep.refusal:  # a refusal of its own (the witch's potions)
            return super().legal(state, pending)
        spent = self.spent(state, pending)
        rule = None if type(self).rule is TargetStep.rule else self.rule
        alive, actor, other = state.alive, pending.seat, not self.may_target_self
        out = []
        for choice in self.candidates(state, pending):
            target = choice.target
            if target is None:
                if self.may_pass or spent is not None:
                    out.append(choice)
            elif spent is None and target in alive and not (other and target == actor) \
                    and (rule is None or rule(state, pending, target) is None):
                out.append(choice)
        return out

    def spent(self, state: State, pending: Pending) -> Refused | None:
        """Why the power cannot be used at all now (only `none` is left), or None."""
        return None

    def rule(self, state: State, pending: Pending, target: int) -> Refused | None:
        """The step's own rule about a living target; None when allowed."""
        return None


class SeatStep(TargetStep):
    """A night step taken by the one living seat holding `role`."""

    role = ""

    def actor(self, state: State) -> Pending | None:
        living = state.living(self.role)
        return asking(self.id, living[0]) if living else None


class OptionStep(Step):
    """A step answered by naming one of `options`."""

    shape = OPTION
    role = ""

    def actor(self, state: State) -> Pending | None:
        living = state.living(self.role)
        return asking(self.id, living[0]) if living else None

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        for option in self.options:
            yield Choice(self.id, option=option)

    def malformed(self, state: State, choice: Choice) -> str | None:
        if choice.option not in self.options:
            return f"the choice must be one of {', '.join(self.options)}"
        return None


class SeatsStep(Step):
    """A step answered with `count` different seats (cupid's lovers, the dog's gap, the piper's two)."""

    shape = SEATS
    role = ""
    may_pass = False
    exact = True  # False: fewer seats may be named when fewer are left (the piper's last charm)

    def actor(self, state: State) -> Pending | None:
        living = state.living(self.role)
        return asking(self.id, living[0]) if living else None

    def malformed(self, state: State, choice: Choice) -> str | None:
        if choice.is_pass:
            return None
        wrong = len(choice.seats) != self.count if self.exact else not 1 <= len(choice.seats) <= self.count
        if not choice.seats or wrong or choice.target is not None:
            return f"the choice must be a list of {self.count} seats" + (" or none" if self.may_pass else "")
        return None

    def candidates(self, state: State, pending: Pending) -> Iterable[Choice]:
        yield Choice(self.id)
        living = sorted(state.alive)
        for i, a in enumerate(living):
            for b in living[i + 1:]:
                yield seats_choice(self.id, (a, b))


class Role:
    """A card (or an office): its side, its steps and night calls, and its hooks into the game."""

    id: str = ""
    side: str = "village"  # village | wolves | solo
    steps: tuple[Step, ...] = ()
    night: tuple[NightCall, ...] = ()
    win_rank: int = 100  # win hooks are asked in this order
    rulesets: tuple[str, ...] = ("extended",)
    card: bool = True  # False for an office (the captain)
    copies: int | None = None  # exactly this many cards when dealt (sisters 2, brothers 3); None: at most one
    many: bool = False  # any number of these cards may be dealt (werewolves, villagers): `copies` does not apply
    min_players: int = 0
    modes: tuple[str, ...] | None = None  # the ways of playing it is dealt in; None: every way
    house: tuple[str, ...] = ()  # the house rules this role reads
    deal_rank: int = 50  # where the card stands in a deal's list (the classic cards keep their order)
    recommended: Mapping[str, tuple[int, ...]] = at_players()  # in no recommended deal; villagers fill the rest
    scenes: tuple[Spoken, ...] = ()  # its own lines; each night call's wake and sleep come without saying
    picture: str = ""  # the game-icons.net name of its picture (narrator/ui/web/icons.py fetches it); "": none

    def in_play(self, state: State) -> bool:
        return self.id in state.dealt or self.id in state.extra

    def wolf_card(self, state: State, seat: int) -> bool:
        """Whether the card `seat` holds is a wolf's card now, its state included: what a player who takes it over
        becomes (the servant). A wolf card, or one that turned (the wolf-dog who chose the wolves); an infection
        belongs to the player, not to the card."""
        return self.side == "wolves"

    # -- hooks ------------------------------------------------------------------------
    def at_death(self, state: State, seat: int, cause: str) -> list[Event]:
        """Events a death sets off the moment it is resolved, before any role reacts to it (the knight's mark is
        set on the wolves as they stand then). `state` has the death applied and nothing else."""
        return []

    def after_death(self, state: State, seat: int, cause: str) -> list[Event]:
        """Events that any death sets off for this role (grief, a shot owed, the wild child's turn).
        `state` already has the death applied."""
        return []

    def at_execution(self, state: State, seat: int) -> list[Event] | None:
        """Asked of the condemned seat's card: events that replace its execution (the idiot's pardon)."""
        return None

    def defer_execution(self, state: State, seat: int) -> list[Event]:
        """Events that hold the execution back until someone answers (the servant stepping in)."""
        return []

    def after_execution(self, state: State, seat: int) -> list[Event]:
        """Events that come with an execution, before the death (the servant taking the card)."""
        return []

    def execution_win(self, state: State, seat: int) -> tuple[str, str] | None:
        """A win that an execution brings at once, before any reaction to the death (the angel on the first day)."""
        return None

    def ballot_weight(self, state: State, seat: int, weight: int) -> int:
        """How many votes `seat`'s ballot counts, given the weight so far (the captain doubles it)."""
        return weight

    def extra_votes(self, state: State) -> dict[int, int]:
        """Votes this role adds at the first vote of the day (the raven's letter)."""
        return {}

    tie_rank: int = 100  # who settles a tied vote first (the scapegoat before the captain)

    def settle_tie(self, state: State, tied: tuple[int, ...]) -> list[Event] | None:
        """Events that settle a tied vote (the scapegoat dies; the captain is asked); None: not this role."""
        return None

    def attack_spared(self, state: State, seat: int) -> list[Event] | None:
        """A wolf attack on `seat` got through: return events if this card survives it (the elder)."""
        return None

    def dawn_deaths(self, state: State) -> dict[int, str]:
        """Deaths this role brings at dawn beyond the night's marks (the knight's rusty sword)."""
        return {}

    def dawn_news(self, state: State) -> list[Event]:
        """What the whole table hears at dawn through this role (`Told` events: the raven's letter)."""
        return []

    def reaction(self, state: State) -> list[Event]:
        """A question once a dawn or a verdict is resolved and nobody has won (the captain's election,
        the judge); [] when this role has nothing to ask now."""
        return []

    def wins(self, state: State) -> tuple[str, str] | None:
        """(winner, reason) if this role has won in `state`."""
        return None

    def winners(self, state: State) -> tuple[int, ...]:
        """The players the line of this role's win names, in seat order (the lovers); () names none."""
        return ()

    def knows(self, state: State, seat: int) -> dict[str, Any]:
        """What `seat` learns through this role (its own card's knowledge, or being a lover...)."""
        return {}

    def story(self, state: State) -> list[Said]:
        """What the table hears of this role once every card is revealed, that the cards do not show (the lovers,
        an infection): said after the last card."""
        return []

    def public(self, state: State) -> dict[str, Any]:
        """What the whole table learns through this role (the raven's letter, where the dog lies)."""
        return {}


def card_taken(state: State, seat: int) -> bool:
    """Whether another player took `seat`'s card (the servant, at its execution): its powers went with it, so the
    dead seat's card sets nothing off (the hunter's shot is hers now)."""
    return any(entry.kind == "take" and entry.target == seat for entry in state.log)


def secret_take(state: State, seat: int) -> bool:
    """Whether `seat`'s card was taken over where the table cannot see it: the servant's take on the players' own
    phones (the executed card is not shown, nor who took it)."""
    return state.mode == Mode.OWN_DEVICES and card_taken(state, seat)


def holder(state: State, role: str) -> int | None:
    """The living seat holding `role`, if any."""
    living = state.living(role)
    return living[0] if living else None


__all__ = ["OPTION", "POTIONS", "SEAT", "SEATS", "SECONDS", "VOTE", "WOLF_CARDS", "NightCall", "OptionStep", "Role",
           "SeatStep", "SeatsStep", "Spoken", "Step", "TargetStep", "at_players", "card_taken", "even_nights",
           "every_night", "first_night", "holder", "odd_nights", "secret_take", "who"]
