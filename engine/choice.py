"""A choice tapped by a player: a small frozen value with a stable text form."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .errors import NotAChoice

_BARE = {"witch": "witch:pass", "rematch": "rematch"}
MAX_TEXT = 4096  # a choice's text form is short; anything longer is not a choice


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to one step, by its shape:

    - one seat: `seer:5`, `werewolves:none`
    - potions: `witch:heal:3+poison:4`, `witch:pass`
    - seats: `cupid:3,5`, `dog_handler:4,5`
    - an option: `thief:=keep`, `wolf_dog:=wolves`
    - ballots: `day_vote:ballots:1>3,2>-` (voter > seat, `-` abstains); a tally: `day_vote:tally:3*4,5*1`
    - seconds held: `little_girl:held:5`
    """

    step: str
    target: int | None = None
    heal: int | None = None
    poison: int | None = None
    seats: tuple[int, ...] = ()
    option: str | None = None
    ballots: tuple[tuple[int, int | None], ...] | None = None
    tally: tuple[tuple[int, int], ...] | None = None
    seconds: int | None = None

    def text(self) -> str:
        if self.heal is not None or self.poison is not None:
            parts = []
            if self.heal is not None:
                parts.append(f"heal:{self.heal}")
            if self.poison is not None:
                parts.append(f"poison:{self.poison}")
            return f"{self.step}:{'+'.join(parts)}"
        if self.seats:
            tail = "," if len(self.seats) == 1 else ""  # one seat of a seats step: `pied_piper:4,`
            return f"{self.step}:{','.join(map(str, self.seats))}{tail}"
        if self.option is not None:
            return f"{self.step}:={self.option}"
        if self.ballots is not None:
            return f"{self.step}:ballots:" + ",".join(f"{v}>{'-' if t is None else t}" for v, t in self.ballots)
        if self.tally is not None:
            return f"{self.step}:tally:" + ",".join(f"{s}*{n}" for s, n in self.tally)
        if self.seconds is not None:
            return f"{self.step}:held:{self.seconds}"
        if self.target is None:
            return _BARE.get(self.step, f"{self.step}:none")
        return f"{self.step}:{self.target}"

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: str) -> Choice:
        """Parse the text form; raises NotAChoice (a Malformed) on anything else."""
        if len(text) > MAX_TEXT:
            raise NotAChoice(text)
        step, _, rest = text.partition(":")
        if step == "rematch" and not rest:
            return cls(step)
        if not step or not rest:
            raise NotAChoice(text)
        try:
            return _parse(step, rest)
        except ValueError:
            raise NotAChoice(text) from None

    @property
    def is_pass(self) -> bool:
        return (self.target is None and self.heal is None and self.poison is None and not self.seats
                and self.option is None and self.ballots is None and self.tally is None and self.seconds is None)


@cache
def seat_choice(step: str, seat: int | None = None) -> Choice:
    """The choice of `seat` (None: nobody) at `step`, made once: the legal choices of every state hold these."""
    return Choice(step, seat)


@cache
def seat_choices(step: str, seats: int) -> tuple[Choice, ...]:
    """`step`'s choice of nobody (at 0) and of each seat from 1 to `seats`, made once per table."""
    return tuple(seat_choice(step, seat or None) for seat in range(seats + 1))


@cache
def seats_choice(step: str, seats: tuple[int, ...]) -> Choice:
    """The choice of `seats` at `step` (the lovers, a gap, the charmed), made once."""
    return Choice(step, seats=seats)


def _seat(text: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise ValueError(text)
    return int(text)


def _parse(step: str, rest: str) -> Choice:
    if rest in ("none", "pass"):
        return Choice(step)
    if rest.isdigit():
        return Choice(step, target=_seat(rest))
    if rest.startswith("="):
        return Choice(step, option=rest[1:]) if rest[1:] else Choice(step)
    kind, _, body = rest.partition(":")
    if kind == "held":
        return Choice(step, seconds=_seat(body))
    if kind == "ballots":
        ballots = []
        for item in filter(None, body.split(",")):
            voter, _, target = item.partition(">")
            ballots.append((_seat(voter), None if target == "-" else _seat(target)))
        return Choice(step, ballots=tuple(ballots))
    if kind == "tally":
        tally = []
        for item in filter(None, body.split(",")):
            seat, _, count = item.partition("*")
            tally.append((_seat(seat), _seat(count)))
        return Choice(step, tally=tuple(tally))
    if "," in rest and all(p.isdigit() for p in rest.split(",") if p):
        return Choice(step, seats=tuple(_seat(p) for p in rest.split(",") if p))
    potions: dict[str, int] = {}
    for part in rest.split("+"):
        kind, _, seat = part.partition(":")
        if kind not in ("heal", "poison") or kind in potions:
            raise ValueError(rest)
        potions[kind] = _seat(seat)
    return Choice(step, heal=potions.get("heal"), poison=potions.get("poison"))
