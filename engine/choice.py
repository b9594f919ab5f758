"""A choice tapped by a player: a small frozen value with a stable text form."""

from __future__ import annotations

from dataclasses import dataclass

_BARE = {"witch": "witch:pass", "rematch": "rematch"}


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to one step: `seer:5`, `werewolves:none`, `witch:heal:3+poison:4`.

    `target` is the seat a step points at (None: nobody / pass). The witch uses
    `heal` and `poison` instead of `target`.
    """

    step: str
    target: int | None = None
    heal: int | None = None
    poison: int | None = None

    def text(self) -> str:
        if self.heal is not None or self.poison is not None:
            parts = []
            if self.heal is not None:
                parts.append(f"heal:{self.heal}")
            if self.poison is not None:
                parts.append(f"poison:{self.poison}")
            return f"{self.step}:{'+'.join(parts)}"
        if self.target is None:
            return _BARE.get(self.step, f"{self.step}:none")
        return f"{self.step}:{self.target}"

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: str) -> Choice:
        """Parse the text form; raises ValueError on anything else."""
        step, _, rest = text.partition(":")
        if step == "rematch" and not rest:
            return cls(step)
        if not step or not rest:
            raise ValueError(f"not a choice: {text!r}")
        if rest in ("none", "pass"):
            return cls(step)
        if rest.isdigit():
            return cls(step, target=int(rest))
        potions: dict[str, int] = {}
        for part in rest.split("+"):
            kind, _, seat = part.partition(":")
            if kind not in ("heal", "poison") or not seat.isdigit() or kind in potions:
                raise ValueError(f"not a choice: {text!r}")
            potions[kind] = int(seat)
        return cls(step, heal=potions.get("heal"), poison=potions.get("poison"))

    @property
    def is_pass(self) -> bool:
        return self.target is None and self.heal is None and self.poison is None
