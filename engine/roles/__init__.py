"""Roles: one module each, found by the role's name. Each brings its steps and hooks.

A role module defines `ROLE`, an instance of `Role`. The registry below finds every module in
this package, so adding a role means adding its module (and its scenes and tests), nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil

from ._base import Role, Step, TargetStep, who

ROLES: dict[str, Role] = {}
STEPS: dict[str, Step] = {}


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        role: Role | None = getattr(module, "ROLE", None)
        if role is not None:
            ROLES[role.id] = role
        for step in getattr(module, "STEPS", ()):
            STEPS[step.id] = step
        if role is not None:
            for step in role.steps:
                STEPS[step.id] = step


_discover()

__all__ = ["ROLES", "STEPS", "Role", "Step", "TargetStep", "who"]
