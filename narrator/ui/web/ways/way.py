"""A way to play: what turns its pages' taps into answers at the desk, and what each of its pages is shown.

The hub holds one `Way` for the game in play (made at its deal, a continued game, a rematch) and routes to it
every message that answers the game: "tap", "show", "cover", "open", "count". The way turns a tap into a
choice and hands it to the desk (narrator/game/desk.py), which checks it once against the question open now
and gives the narrator its one answer; the way decides only who may tap what, and which screen each page
gets (frames.py, from the engine's `view()`). It sees the hub as a `GameLike` (ports.py), nothing more.

Every way says what its tap, show and cover do; the rest has a default here that changes nothing (the
screens as frames.py draws them). A new way is a subclass, registered by its mode in ways/__init__.py.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from engine import Choice, NotAChoice, Refused, State, view
from narrator.game.inputs import Question
from narrator.ui.web import shape
from narrator.ui.web.frames import Frames
from narrator.ui.web.guard import Refusal
from narrator.ui.web.ports import Conn, GameLike
from narrator.ui.web.screens import inline_picture
from narrator.ui.web.strings import strings


class Way(ABC):
    """One way to play, over the game the hub holds."""

    def __init__(self, game: GameLike) -> None:
        self.game = game

    # -- what its pages send -------------------------------------------------------------------------
    @abstractmethod
    def tap(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """A tap on a screen: a choice for the question open now, handed to the desk (`submit`), or refused."""

    @abstractmethod
    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """A card is shown to the screen that holds it (`card`), or refused."""

    @abstractmethod
    def cover(self, conn: Conn, message: dict[str, Any]) -> None:
        """A card has been seen and covered."""

    def open(self, message: dict[str, Any]) -> None:
        """The called player has taken the device (round the table only)."""
        raise Refusal("stale", "this screen has moved on")

    def count(self, message: dict[str, Any]) -> None:
        """The host closes the day's vote with the ballots cast (own devices only)."""
        self.game.asked(message, "day_vote")
        raise Refusal("message.not_yours", "the ballots are cast on the players' own phones")

    # -- what the narrator does ----------------------------------------------------------------------
    def ask(self, question: Question) -> object | None:
        """The narrator asks `question`: the way makes ready for its taps. An answer it holds already is
        returned (own devices: a card its phone has shown), to be handed at once; None for most."""
        return None

    def answered(self) -> None:
        """The question's answer has been handed to the narrator."""
        return None  # nothing, for most ways

    def calling(self, step: str | None) -> None:
        """A night step is called (its wake line), or over (`step` None, its sleep line)."""
        return None  # nothing, for most ways

    # -- what each page is shown -----------------------------------------------------------------------
    def frames(self) -> Frames:
        """The screens of this moment of the game, for every receiver."""
        game = self.game
        return Frames(game.screens(), game.state if game.table else None, game.question, game.current_screen(),
                      game.mode, None)

    def host(self, frames: Frames) -> dict[str, Any]:
        """The host's screen (the device on the table)."""
        return frames.host()

    def seat(self, frames: Frames, seat: int) -> dict[str, Any]:
        """A seat's own phone's screen."""
        return frames.seat(seat)

    def watcher(self, frames: Frames) -> dict[str, Any]:
        """A page that only watches."""
        return frames.watcher()

    def living(self) -> set[int]:
        """The seats whose phones are sent frames of one shape (shape.py): none but own devices' living."""
        return set()

    def welcome(self, conn: Conn) -> None:
        """A seat's page is back (a reload): what it may know again."""
        return None  # nothing, for most ways

    # -- what every way shares -------------------------------------------------------------------------
    def chosen(self, message: dict[str, Any]) -> tuple[Question, Choice]:
        """The question a tap answers (the one on screen) and the choice it carries, not yet checked."""
        q = self.game.asked(message)
        assert self.game.state is not None
        text = message.get("value")
        if not isinstance(text, str):
            raise Refusal("message.form", "a tap carries its value")
        try:
            return q, Choice.from_text(text)
        except NotAChoice:
            raise Refused("other", f"not a choice: {text[:40]}") from None

    def submit(self, client: int, q: Question, choice: Choice) -> None:
        """The one path of a tap that answers: the desk checks `choice` once (the rules say no with a reason),
        what the actor learns goes only to the screen that tapped, and the narrator is handed it once."""
        desk = self.game.input_desk()
        choice = desk.check(choice)
        result = desk.learns(choice)
        if result is not None:
            self.game.send_to(client, self.private_answer(choice.target or 0, result))
        else:
            self.learns_nothing(client)
        self.game.put(q, choice)

    def learns_nothing(self, client: int) -> None:
        """A checked answer taught its player nothing: nothing is shown, for most ways."""
        return None

    def private_answer(self, target: int, result: str) -> dict[str, Any]:
        """What the actor learns at once of `target` (the seer's card), as a secret for one screen."""
        return shape.private({"t": "private", "kind": "answer", "target": self.game.name(target),
                              **self.game.screens().answer(result)})

    def card(self, state: State, seat: int) -> dict[str, Any]:
        """A seat's card as its holder sees it (its pack mates, for a wolf), as a secret for one screen."""
        seen = view(state, seat)
        card = seen["cards"][str(seat)]
        words = strings(self.game.lang)
        pack = [self.game.name(s) for s in seen["pack"] if s != seat]
        return shape.private({"t": "private", "kind": "card", "name": self.game.name(seat),
                              "role": words.get(f"role.{card}", card), "help": words.get(f"help.{card}", ""),
                              "picture": inline_picture(card), "pack": pack})
