"""Roles: one module each, found by the role's name. Each brings its steps and hooks.

A role module defines `ROLE`, an instance of `Role` (an office like the captain is one too, with
`card = False`). `discover` finds every module in this package, so adding a role means adding its
module (and its scenes, strings and tests), nothing else. The engine runs it once its own modules are
loaded (engine/__init__.py), since role modules use them (the vote, a death); until then the tables
below are empty, and nothing reads them before a game is played.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import ClassVar

from ._base import NightCall, Role, Step, TargetStep, who

ROLES: dict[str, Role] = {}
STEPS: dict[str, Step] = {}  # every step the engine asks: the roles' and its own (the day's vote)
CALLS: list[tuple[Role, NightCall]] = []
BY_WIN: list[Role] = []  # the roles in the order their win hooks are asked


def with_hook(name: str) -> tuple[Role, ...]:
    """The roles that define hook `name` (the others would only answer the default)."""
    return tuple(r for r in ROLES.values() if getattr(type(r), name) is not getattr(Role, name))


class Hooks:
    """Each hook with the roles that define it, so a death or a vote asks only those."""

    after_death: ClassVar[tuple[Role, ...]] = ()
    defer_execution: ClassVar[tuple[Role, ...]] = ()
    after_execution: ClassVar[tuple[Role, ...]] = ()
    execution_win: ClassVar[tuple[Role, ...]] = ()
    ballot_weight: ClassVar[tuple[Role, ...]] = ()
    extra_votes: ClassVar[tuple[Role, ...]] = ()
    settle_tie: ClassVar[tuple[Role, ...]] = ()  # in the order they settle a tie
    dawn_deaths: ClassVar[tuple[Role, ...]] = ()
    dawn_news: ClassVar[tuple[Role, ...]] = ()
    reaction: ClassVar[tuple[Role, ...]] = ()
    wins: ClassVar[tuple[Role, ...]] = ()  # in their win rank
    knows: ClassVar[tuple[Role, ...]] = ()
    public: ClassVar[tuple[Role, ...]] = ()

    @classmethod
    def index(cls) -> None:
        """Sort the registered roles by the hooks they define."""
        cls.after_death = with_hook("after_death")
        cls.defer_execution = with_hook("defer_execution")
        cls.after_execution = with_hook("after_execution")
        cls.execution_win = with_hook("execution_win")
        cls.ballot_weight = with_hook("ballot_weight")
        cls.extra_votes = with_hook("extra_votes")
        cls.settle_tie = tuple(sorted(with_hook("settle_tie"), key=lambda r: r.tie_rank))
        cls.dawn_deaths = with_hook("dawn_deaths")
        cls.dawn_news = with_hook("dawn_news")
        cls.reaction = with_hook("reaction")
        cls.wins = tuple(r for r in BY_WIN if r in with_hook("wins"))
        cls.knows = with_hook("knows")
        cls.public = with_hook("public")


def discover(*steps: Step) -> None:
    """Find every role module of this package and register its role, steps and night calls; `steps` are
    the engine's own steps (the day's vote). Once only: a second call changes nothing."""
    if ROLES:
        return
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        role: Role | None = getattr(module, "ROLE", None)
        if role is None:
            continue
        ROLES[role.id] = role
        for step in role.steps:
            STEPS[step.id] = step
        for call in role.night:
            CALLS.append((role, call))
    for step in steps:
        STEPS[step.id] = step
    BY_WIN[:] = sorted(ROLES.values(), key=lambda r: r.win_rank)
    Hooks.index()


__all__ = ["BY_WIN", "CALLS", "ROLES", "STEPS", "Hooks", "NightCall", "Role", "Step", "TargetStep", "discover",
           "who"]
