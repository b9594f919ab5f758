"""The scene catalogue: every scene id the narrator may say, its placeholders and its minimum
number of variants. A role's scenes come from its module (its night calls' wake and sleep, its name,
and the lines it declares in `Role.scenes`), so a new role adds none here."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import cast

from engine import RULESETS, Mode, State
from engine.roles import CALLS, ROLES
from engine.roles._base import NightCall
from narrator.speech.moment import FACTS, SCENE_FACTS

RECURRING = 20  # night, dawn, hunter, day and end.reveal: heard many times an evening
RARE = 20  # welcome, dealing and the end banners: heard once an evening, but by the same friends every week
ONCE = 8  # the variants a moment needs that comes at most once a game (DESIGN.md, Contract 2)
MODES = FACTS["mode"]

WORD = 1  # names, numbers and role names: said as parts of other lines

MAX_SEAT = 40  # seat numbers are spoken up to this


@dataclass(frozen=True)
class SceneSpec:
    id: str
    minimum: int
    required: frozenset[str] = frozenset()  # every variant must use these
    optional: frozenset[str] = frozenset()  # a variant may use these
    sequence: str = ""  # said for each item of a sequence, once a "game" (the deal, the reveals) or a "night"
    modes: tuple[str, ...] = MODES  # the ways of playing the scene is said in
    nights: tuple[str, ...] = FACTS["night"]  # the nights it is said on
    facts: frozenset[str] = frozenset()  # the scene's own facts (SCENE_FACTS) its lines may be chosen by
    narrated: tuple[str, ...] = FACTS["narrator"]  # whether a person may narrate it: only the classic rules have one

    @property
    def allowed(self) -> frozenset[str]:
        """The placeholders a variant may use; a line that names the role may name the card instead."""
        return self.required | self.optional | (frozenset({"card"}) if "role" in self.required | self.optional
                                                 else frozenset())

    def domains(self) -> dict[str, tuple[str, ...]]:
        """The values each fact takes where this scene is said (narrator/speech/moment.py)."""
        out = {"mode": self.modes, "night": self.nights, "narrator": self.narrated}
        if not self.sequence:
            out["position"] = ()
        if "player" not in self.allowed:
            out["gender"] = out["revealed"] = ()
        for fact in SCENE_FACTS - self.facts:
            out[fact] = ()
        return out

    def once_a_game(self, facts: dict[str, str]) -> bool:
        """Whether a moment of this scene comes at most once a game: a rare scene's, the first night's, the first
        or last item of a game's sequence, the pied piper's last charm (he wins at that dawn)."""
        return (self.minimum < RECURRING or facts.get("night") == "first" or facts.get("charms") == "one"
                or (self.sequence == "game" and facts.get("position") in ("first", "last")))


def _spec(scene: str, minimum: int, required: str = "", optional: str = "", sequence: str = "",
          modes: tuple[str, ...] = MODES, facts: str = "") -> SceneSpec:
    return SceneSpec(scene, minimum, frozenset(required.split()), frozenset(optional.split()), sequence, modes,
                     facts=frozenset(facts.split()))


_FIXED = [
    _spec("game.welcome", RARE, facts="game"),
    _spec("game.resume", RARE),
    _spec("deal.pass", RECURRING, "player", sequence="game",
          modes=(Mode.ONE_DEVICE, Mode.ROUND_TABLE)),  # up to 40 a game
    _spec("deal.cards", RARE, "roles"),  # the cards in play, announced before the deal
    _spec("game.undo", RARE),  # a step was taken back
    _spec("deal.done", RARE),
    _spec("deal.own", RARE, modes=(Mode.OWN_DEVICES,)),  # own phones: said once, instead of passing the device round
    _spec("night.start", RECURRING, optional="night"),
    _spec("night.reminder", RECURRING, optional="player", facts="again task turn"),  # {player}: a turn's holder
    _spec("night.gone", RECURRING, "cards", facts="calls"),  # once a night, names the cards long gone (nightcalls.LONG)
    _spec("round.start", RECURRING, optional="night", modes=(Mode.ROUND_TABLE,), facts="two"),  # nightfall, eyes open
    _spec("round.turn", RECURRING, "player", sequence="night", modes=(Mode.ROUND_TABLE,),
          facts="lap"),  # up to 40 a night
    _spec("round.again", RECURRING, modes=(Mode.ROUND_TABLE,), facts="again two"),
    _spec("round.done", RECURRING, modes=(Mode.ROUND_TABLE,), facts="two"),
    _spec("round.dawn", RECURRING, modes=(Mode.ROUND_TABLE,)),  # said instead of dawn.start: nobody slept
    _spec("dawn.start", RECURRING),
    _spec("dawn.quiet", RECURRING),
    _spec("dawn.death", RECURRING, "player"),
    _spec("dawn.deaths", RECURRING, "players"),
    _spec("day.debate", RECURRING),
    _spec("day.timer.start", RECURRING, "minutes"),
    _spec("day.timer.warning", RECURRING),
    _spec("day.timer.end", RECURRING),
    _spec("day.vote.start", RECURRING),
    _spec("day.vote.out", RECURRING, "player", facts="spared"),
    _spec("day.vote.nobody", RECURRING),
    _spec("end.village", RARE, facts="infected"),
    _spec("end.wolves.number", RARE, facts="even wolves infected"),
    _spec("end.wolves.side", RARE),  # Contract 2's id, kept for user scripts; the game says the two below
    _spec("end.wolves.villagers", RARE),
    _spec("end.wolves.specials", RARE),
    _spec("end.draw", RARE),
    _spec("end.reveal", RECURRING, "player role", sequence="game"),
    _spec("address.say", RARE, "host address port"),  # where phones join: said by the device on the table
    _spec("address.dot", WORD),  # between the groups of an address said digit by digit
    _spec("table.takeover", RECURRING, "code"),  # another device asks to run the table: the code, said at the table
    _spec("names.seat", WORD, "number"),
    _spec("names.seat_f", WORD, "number"),  # the seat word for a player spoken of as a woman ("Spielerin vier")
    _spec("names.and", WORD),
    _spec("names.and_i", WORD),  # Spanish says "e" before an i-sound; elsewhere the same as names.and
    _spec("names.more", WORD, "number"),  # the end of a list cut short: "and seven more" (a story's long list)
    *(_spec(f"numbers.{n}", WORD) for n in range(MAX_SEAT + 1)),
]

# scenes only the extended ruleset's table says (a role's own lines come from its module)
_EXTENDED = [
    _spec("death.also", RECURRING, "player", facts="cause"),
    _spec("day.vote.tie", RECURRING),
    _spec("day.vote.reveal", RECURRING, "player role"),
    _spec("day.vote.mutual", RARE, "players"),
    _spec("end.mutual_vote", RARE),
    # one device, nobody narrating: the called role puts the device back in the middle before its eyes close
    replace(_spec("night.device.back", RECURRING, modes=(Mode.ONE_DEVICE,), facts="hands"), narrated=("no",)),
]


def _called(call: NightCall, modes: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ways of playing and the nights a night call is made on (its `when`, asked of each mode and of the first
    nights: a call's rule reads no more of the game than these)."""
    def called(mode: str, night: int) -> bool:
        return call.when(cast(State, SimpleNamespace(mode=mode)), night)

    said_in = tuple(m for m in modes if any(called(m, n) for n in range(1, 5)))
    nights = tuple(n for n, span in (("first", (1,)), ("later", (2, 3, 4))) if any(called(m, k) for m in said_in
                                                                                   for k in span))
    return said_in, nights


def catalogue() -> dict[str, SceneSpec]:
    """Every scene the shipped scripts must have, by id."""
    specs = {s.id: s for s in (*_FIXED, *_EXTENDED)}
    for role in ROLES.values():
        for line in role.scenes:
            spec = _spec(line.id, RARE if line.rare else RECURRING, line.required, line.optional, facts=line.facts)
            specs[line.id] = spec if "classic" in role.rulesets else replace(spec, narrated=("no",))
    for role, call in CALLS:
        modes, nights = _called(call, role.modes or MODES)
        narrated = FACTS["narrator"] if "classic" in role.rulesets else ("no",)
        for part in ("wake", "sleep"):
            scene = f"night.{call.step}.{part}"
            gone = frozenset({"gone"}) if call.asked and not (role.many or role.copies) else frozenset()
            told = frozenset(call.facts.split()) | {"order"}  # every call has a place in the night
            # a gone card's lines may say it as the table heard its holder ({role}: "der Seher" of David)
            specs[scene] = SceneSpec(scene, RARE if nights == ("first",) else RECURRING,
                                     optional=frozenset({"role"}) if gone else frozenset(), modes=modes,
                                     nights=nights, narrated=narrated, facts=gone | told)
    for rules in RULESETS.values():
        for role_id in rules.roles:
            specs[f"roles.{role_id}"] = _spec(f"roles.{role_id}", WORD)
    return specs


LANGUAGES = ("en", "de", "es")
