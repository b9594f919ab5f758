"""The scene catalogue: every scene id the narrator may say, its placeholders and its minimum
number of variants. A role's scenes come from its module (its night calls' wake and sleep, its name,
and the lines it declares in `Role.scenes`), so a new role adds none here."""

from __future__ import annotations

from dataclasses import dataclass

from engine import RULESETS
from engine.roles import CALLS, ROLES
from engine.roles._base import first_night

RECURRING = 20  # night, dawn, hunter, day and end.reveal: heard many times an evening
RARE = 20  # welcome, dealing and the end banners: heard once an evening, but by the same friends every week

WORD = 1  # names, numbers and role names: said as parts of other lines

MAX_SEAT = 40  # seat numbers are spoken up to this


@dataclass(frozen=True)
class SceneSpec:
    id: str
    minimum: int
    required: frozenset[str] = frozenset()  # every variant must use these
    optional: frozenset[str] = frozenset()  # a variant may use these

    @property
    def allowed(self) -> frozenset[str]:
        return self.required | self.optional


def _spec(scene: str, minimum: int, required: str = "", optional: str = "") -> SceneSpec:
    return SceneSpec(scene, minimum, frozenset(required.split()), frozenset(optional.split()))


_FIXED = [
    _spec("game.welcome", RARE),
    _spec("game.resume", RARE),
    _spec("deal.pass", RECURRING, "player"),  # said up to 40 times a game
    _spec("deal.cards", RARE, "roles"),  # the cards in play, announced before the deal
    _spec("game.undo", RARE),  # a step was taken back
    _spec("deal.done", RARE),
    _spec("deal.own", RARE),  # own phones: said once, instead of passing the device round
    _spec("night.start", RECURRING, optional="night"),
    _spec("night.reminder", RECURRING),
    _spec("round.start", RECURRING, optional="night"),  # round the table: said at nightfall, eyes open
    _spec("round.turn", RECURRING, "player"),  # round the table: up to forty times a night
    _spec("round.again", RECURRING),
    _spec("round.done", RECURRING),
    _spec("round.dawn", RECURRING),  # round the table: said instead of dawn.start, nobody slept
    _spec("dawn.start", RECURRING),
    _spec("dawn.quiet", RECURRING),
    _spec("dawn.death", RECURRING, "player"),
    _spec("dawn.deaths", RECURRING, "players"),
    _spec("day.debate", RECURRING),
    _spec("day.timer.start", RECURRING, "minutes"),
    _spec("day.timer.warning", RECURRING),
    _spec("day.timer.end", RECURRING),
    _spec("day.vote.start", RECURRING),
    _spec("day.vote.out", RECURRING, "player"),
    _spec("day.vote.nobody", RECURRING),
    _spec("end.village", RARE),
    _spec("end.wolves.number", RARE),
    _spec("end.wolves.side", RARE),  # Contract 2's id, kept for user scripts; the game says the two below
    _spec("end.wolves.villagers", RARE),
    _spec("end.wolves.specials", RARE),
    _spec("end.draw", RARE),
    _spec("end.reveal", RECURRING, "player role"),
    _spec("address.say", RARE, "host address port"),  # where phones join: said by the device on the table
    _spec("address.dot", WORD),  # between the groups of an address said digit by digit
    _spec("table.takeover", RECURRING, "code"),  # another device asks to run the table: the code, said at the table
    _spec("names.seat", WORD, "number"),
    _spec("names.and", WORD),
    _spec("names.and_i", WORD),  # Spanish says "e" before an i-sound; elsewhere the same as names.and
    *(_spec(f"numbers.{n}", WORD) for n in range(MAX_SEAT + 1)),
]

# scenes only the extended ruleset's table says (a role's own lines come from its module)
_EXTENDED = [
    _spec("death.also", RECURRING, "player"),
    _spec("day.vote.tie", RECURRING),
    _spec("day.vote.reveal", RECURRING, "player role"),
    _spec("day.vote.mutual", RARE, "players"),
    _spec("end.mutual_vote", RARE),
]


def catalogue() -> dict[str, SceneSpec]:
    """Every scene the shipped scripts must have, by id."""
    specs = {s.id: s for s in (*_FIXED, *_EXTENDED)}
    for role in ROLES.values():
        for line in role.scenes:
            specs[line.id] = _spec(line.id, RARE if line.rare else RECURRING, line.required, line.optional)
    for _, call in CALLS:
        minimum = RARE if call.when is first_night else RECURRING
        for part in ("wake", "sleep"):
            specs[f"night.{call.step}.{part}"] = _spec(f"night.{call.step}.{part}", minimum)
    for rules in RULESETS.values():
        for role_id in rules.roles:
            specs[f"roles.{role_id}"] = _spec(f"roles.{role_id}", WORD)
    return specs


LANGUAGES = ("en", "de", "es")
