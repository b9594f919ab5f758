"""The messages a page may send, as data (as Starlette's routes are): one row a kind, saying who may send it,
whether it answers the question open now (and of which steps), whether it changes the setup, whether an online
room passes it on, and what takes it. The hub routes every message by its table (narrator/ui/web/hub.py), and an
online room by its own, made of the hub's rows it passes on and its own rows (narrator/online/room.py).

A new kind of message is one row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from narrator.ui.web.refusals import Refusal

HOST, SEAT, WATCHER = "host", "seat", "spectator"  # who sends: the host's page, a seat's phone, a page that watches
ANYONE = frozenset({HOST, SEAT, WATCHER})
LONGEST = 400  # characters of one value in a message (the longest real one, a name, is far below)

Where = TypeVar("Where")  # what the table routes to: the hub, or an online room
Sender = TypeVar("Sender")  # who sent it: a page's connection, a room's client


@dataclass(frozen=True)
class Route(Generic[Where, Sender]):
    """One kind of message and what takes it: `take(where, sender, client, message, question)`, `question` the
    one it answers (None for a kind that answers none); it returns an answer for the narrator, if it makes one."""

    kind: str
    senders: frozenset[str]
    take: Callable[[Where, Sender, int, dict[str, Any], Any], Any]
    answers: tuple[str, ...] | None = None  # it answers the question open now: of these steps (() any)
    setup: bool = False  # it changes the setup: refused once a game runs
    online: bool = False  # an online room passes it on to its hub (narrator/online/room.py)
    longest: int = LONGEST  # characters of one value (a voice chat's offer is longer, and checked by its taker)


class Messages(Generic[Where, Sender]):
    """A table of routes, one a kind; a later row of a kind replaces the earlier one."""

    def __init__(self, routes: Iterable[Route[Where, Sender]] = ()) -> None:
        self.routes: dict[str, Route[Where, Sender]] = {}
        for route in routes:
            self.add(route)

    def add(self, route: Route[Where, Sender]) -> None:
        self.routes[route.kind] = route

    def __iter__(self) -> Any:
        return iter(self.routes.values())

    def find(self, who: str, message: object) -> Route[Where, Sender]:
        """The row of a message this sender may send; a Refusal otherwise (not an object, no kind, not theirs,
        a value too long)."""
        if not isinstance(message, dict):
            raise Refusal("message.form", "a message is a JSON object")
        kind = message.get("t")
        if not isinstance(kind, str):
            raise Refusal("message.form", "a message names its kind in 't'")
        route = self.routes.get(kind)
        if route is None or who not in route.senders:
            raise Refusal("message.not_yours", f"'{kind[:20]}' is not for this device to send")
        for key, value in message.items():
            if isinstance(value, str) and len(value) > route.longest:
                raise Refusal("message.form", f"'{key[:20]}' is too long")
        return route

    def kinds(self, who: str) -> set[str]:
        """The kinds this sender may send."""
        return {kind for kind, route in self.routes.items() if who in route.senders}


__all__ = ["ANYONE", "HOST", "SEAT", "WATCHER", "Messages", "Route"]
