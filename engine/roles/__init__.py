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
        for call in role.night:
            CALLS.append((role, call))


_discover()
BY_WIN = sorted(ROLES.values(), key=lambda r: r.win_rank)

__all__ = ["BY_WIN", "CALLS", "ROLES", "STEPS", "NightCall", "Role", "Step", "TargetStep", "who"]
