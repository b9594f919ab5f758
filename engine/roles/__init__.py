"""Roles: one module each, found by the role's name. Each brings its steps and hooks.

A role module defines `ROLE`, an instance of `Role` (an office like the captain is one too, with
`card = False`). The registry below finds every module in this package, so adding a role means
adding its module (and its scenes, strings and tests), nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil

from ._base import NightCall, Role, Step, TargetStep, who

ROLES: dict[str, Role] = {}
STEPS: dict[str, Step] = {}
STEP_ROLE: dict[str, str] = {}  # step id -> the role whose module asks it (whose picture the step shows)
CALLS: list[tuple[Role, NightCall]] = []


def _discover() -> None:
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
            STEP_ROLE[step.id] = role.id
        for call in role.night:
            CALLS.append((role, call))


_discover()
BY_WIN = sorted(ROLES.values(), key=lambda r: r.win_rank)


def specials(rules: str, *, wolves: bool = False) -> tuple[Role, ...]:
    """The cards a ruleset deals beside the plain werewolf and villager: the wolves among them
    (`wolves=True`), or the others (the property tests and the bench draw random deals from these)."""
    return tuple(r for r in ROLES.values() if r.card and rules in r.rulesets and r.id not in ("werewolf", "villager")
                 and (r.side == "wolves") == wolves)


def with_hook(name: str) -> tuple[Role, ...]:
    """The roles that define hook `name` (the others would only answer the default)."""
    return tuple(r for r in ROLES.values() if getattr(type(r), name) is not getattr(Role, name))


class Hooks:
    """Each hook with the roles that define it, so a death or a vote asks only those."""

    after_death = with_hook("after_death")
    defer_execution = with_hook("defer_execution")
    after_execution = with_hook("after_execution")
    execution_win = with_hook("execution_win")
    ballot_weight = with_hook("ballot_weight")
    extra_votes = with_hook("extra_votes")
    settle_tie = tuple(sorted(with_hook("settle_tie"), key=lambda r: r.tie_rank))
    dawn_deaths = with_hook("dawn_deaths")
    dawn_news = with_hook("dawn_news")
    reaction = with_hook("reaction")
    wins = tuple(r for r in BY_WIN if r in with_hook("wins"))
    knows = with_hook("knows")
    public = with_hook("public")


__all__ = ["BY_WIN", "CALLS", "ROLES", "STEPS", "STEP_ROLE", "Hooks", "NightCall", "Role", "Step", "TargetStep",
           "specials", "who"]
