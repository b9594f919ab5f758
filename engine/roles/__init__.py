"""Roles: one module each, found by the role's name. Each brings its steps and hooks.

A role module defines `ROLE`, an instance of `Role` (an office like the captain is one too, with
`card = False`). The registry below finds every module in this package, so adding a role means
adding its module (and its scenes, strings, picture and tests), nothing else. `discover` runs once the
engine's own modules are loaded (engine/__init__.py), since role modules use them (the vote, a death);
until then the tables below are empty, and nothing reads them before a game is played.

More roles can come from folders outside the package, named in the environment variable
`WOLFCALL_ROLES` (separated like PATH; unset: none). Such a folder holds role modules (`<role>.py`,
written like the shipped ones: they import `._base` and `..events`, and load as `engine.roles.<role>`)
and, beside them, the role's lines in `scripts/<lang>/*.yaml` and its page words in `ui/<lang>.yaml`,
which the narrator adds to the shipped ones. The variable is read once, when the engine is imported.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import ClassVar

from ._base import WOLF_CARDS, NightCall, Role, Step, TargetStep, who

EXTRA = "WOLFCALL_ROLES"
FOLDERS = tuple(Path(f) for f in os.environ.get(EXTRA, "").split(os.pathsep) if f)  # more roles (see above)
ROLES: dict[str, Role] = {}
STEPS: dict[str, Step] = {}  # every step the engine asks: the roles' and its own (the day's vote)
STEP_ROLE: dict[str, str] = {}  # step id -> the role whose module asks it (whose picture the step shows)
CALLS: list[tuple[Role, NightCall]] = []
BY_WIN: list[Role] = []  # the roles in the order their win hooks are asked


class RoleFolderError(ImportError):
    """A folder in WOLFCALL_ROLES that cannot be read as roles (missing, broken, or a name already taken).
    An ImportError: it is raised while the engine is imported, before any of its names can be."""


def _extra(folder: Path) -> Iterator[ModuleType]:
    """The role modules of one extra folder, loaded into this package so their relative imports work."""
    if not folder.is_dir():
        raise RoleFolderError(f"{EXTRA}: {folder} is not a folder")
    for path in sorted(folder.glob("*.py")):
        name = f"{__name__}.{path.stem}"
        if path.stem.startswith("_"):
            continue
        if name in sys.modules or importlib.util.find_spec(name) is not None:
            raise RoleFolderError(f"{EXTRA}: {path} is named like a role the game has; rename the file")
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise RoleFolderError(f"{EXTRA}: {path} cannot be loaded as a module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # the role's own module is broken: say where, in one line
            del sys.modules[name]
            raise RoleFolderError(f"{EXTRA}: {path} does not load ({type(exc).__name__}: {exc})") from exc
        yield module


def _modules() -> Iterator[ModuleType]:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            yield importlib.import_module(f"{__name__}.{info.name}")
    for folder in FOLDERS:
        yield from _extra(folder)


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

    at_death: ClassVar[tuple[Role, ...]] = ()
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
    story: ClassVar[tuple[Role, ...]] = ()
    _of: ClassVar[dict[tuple[str, str], tuple[tuple[Role, ...], tuple[Role, ...]]]] = {}

    @classmethod
    def of(cls, name: str, rules: str) -> tuple[Role, ...]:
        """The roles of ruleset `rules` that define hook `name`, in the hook's order: a game asks only the roles its
        rules have (sorted out once per hook, not at every death or dawn)."""
        every = getattr(cls, name)
        kept = cls._of.get((name, rules))
        if kept is None or kept[0] is not every:
            kept = cls._of[name, rules] = (every, tuple(r for r in every if rules in r.rulesets))
        return kept[1]

    @classmethod
    def index(cls) -> None:
        """Sort the registered roles by the hooks they define."""
        cls.at_death = with_hook("at_death")
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
        cls.story = with_hook("story")
        cls._of = {}


def calls_in_order(rules: str) -> tuple[tuple[Role, NightCall], ...]:
    """Every night call of ruleset `rules`, in the night's order (sorted once; a stable sort, so calls at the same
    place keep the registry's order)."""
    found = _ORDERED.get(rules)
    if found is None:
        found = _ORDERED[rules] = tuple(sorted(((role, call) for role, call in CALLS if rules in role.rulesets),
                                               key=lambda rc: rc[1].position(rules)))
    return found


_ORDERED: dict[str, tuple[tuple[Role, NightCall], ...]] = {}


def discover(*steps: Step) -> None:
    """Find every role module (this package's, then the WOLFCALL_ROLES folders') and register its role, steps
    and night calls; `steps` are the engine's own steps (the day's vote). Once only: a second call changes
    nothing."""
    if ROLES:
        return
    for module in _modules():
        role: Role | None = getattr(module, "ROLE", None)
        if role is None:
            continue
        if role.id in ROLES or any(step.id in STEPS for step in role.steps):
            raise RoleFolderError(f"{module.__file__}: the role {role.id!r} or one of its steps is already known")
        ROLES[role.id] = role
        if role.card and role.side == "wolves":
            WOLF_CARDS.add(role.id)
        for step in role.steps:
            STEPS[step.id] = step
            STEP_ROLE[step.id] = role.id
        for call in role.night:
            CALLS.append((role, call))
    for step in steps:
        STEPS[step.id] = step
    BY_WIN[:] = sorted(ROLES.values(), key=lambda r: r.win_rank)
    _ORDERED.clear()
    Hooks.index()


__all__ = ["BY_WIN", "CALLS", "EXTRA", "FOLDERS", "ROLES", "STEPS", "STEP_ROLE", "Hooks", "NightCall", "Role",
           "RoleFolderError", "Step", "TargetStep", "calls_in_order", "discover", "specials", "who"]
