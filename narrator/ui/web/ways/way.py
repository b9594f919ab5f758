"""A way to play: what its pages' taps become, what each of its pages is shown, and everything else that differs
by the way a table plays (its lobby, the host's list of phones, what the deal needs, the phase a page listens to).

The hub holds one `Way` for the game in play (made at its deal, a continued game, a rematch), and before a deal
the setup's way, and routes to it every message that answers the game: "tap", "show", "cover", "open", "count"
(narrator/ui/web/hub.py's message table). A way turns a tap into a choice, has the desk (narrator/game/desk.py)
check it once against the question open now, and returns the answer for the narrator; the hub hands it on (the
one place an answer reaches the narrator, narrator/ui/web/stage.py). The way decides only who may tap what, and
which screen each page gets (frames.py, from the engine's `view()`). It sees the game in play as a `OnStage` and the
connected pages as `Pages` (ports.py), nothing more.

Every way says what its tap, show and cover do; the rest has a default here (the screens as frames.py draws
them). A new way is a subclass in a module of its own, and one line in ways/__init__.py's table.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from engine import Choice, NotAChoice, Refused, State, view
from narrator.game.inputs import COVERED, START, Checked, Prompt, Question
from narrator.ui.web import shape
from narrator.ui.web.frames import Frames
from narrator.ui.web.ports import Conn, Handed, OnStage, Pages
from narrator.ui.web.refusals import STALE, Refusal
from narrator.ui.web.screens import inline_picture

VOTING = "day_vote"  # the engine's step of the day's vote


class Beats:
    """When a question closes: for most ways with its answer, one answer being all there is. Own devices keep a
    night step's on every screen until the narrator closes it on a beat (narrator/game/beats.py)."""

    def holds(self, q: Question) -> bool:
        """Whether `q`, answered now, stays on every screen until the narrator closes it."""
        return False

    def close(self, q: Question) -> bool:
        """The narrator closes `q`, held since its answer (`holds`); False: nothing was held."""
        return False

    def answered_all(self, number: int) -> bool:
        """Every page that answers question `number` has tapped (own devices: every living phone, a decoy too)."""
        return True


class Way(ABC):
    """One way to play, over the game in play (`stage`) and the pages connected to it (`pages`)."""

    joins = False  # a guest may take a seat with the room code (own devices)
    beats = Beats()  # when its questions close

    def __init__(self, stage: OnStage, pages: Pages) -> None:
        self.stage, self.pages = stage, pages

    # -- what its pages send: each returns the answer it makes for the narrator, if any ---------------
    @abstractmethod
    def tap(self, client: int, conn: Conn, q: Question, message: dict[str, Any]) -> Handed | None:
        """A tap on the screen of question `q`: a choice checked at the desk (`submit`), or refused."""

    @abstractmethod
    def show(self, client: int, conn: Conn, message: dict[str, Any]) -> None:
        """A card is shown to the screen that holds it (`card`), or refused."""

    @abstractmethod
    def cover(self, conn: Conn, message: dict[str, Any]) -> Handed | None:
        """A card has been seen and covered."""

    def open(self, q: Question) -> None:
        """The called player has taken the device (round the table only)."""
        raise Refusal(STALE, "this screen has moved on")

    def count(self, q: Question) -> Handed | None:
        """The host closes the day's vote with the ballots cast (own devices only)."""
        if q.step != VOTING:
            raise Refusal(STALE, "this screen has moved on")
        raise Refusal("message.not_yours", "the ballots are cast on the players' own phones")

    def question(self, message: dict[str, Any]) -> Question:
        """The question a tap answers: the one on screen, with the number the message names."""
        return self.stage.asked(message)

    # -- what the narrator does ----------------------------------------------------------------------
    def ask(self, question: Question) -> Checked | Prompt | None:
        """The narrator asks `question`: the way makes ready for its taps. An answer it holds already is
        returned (own devices: a card its phone has shown), to be handed at once; None for most."""
        return None

    def answered(self) -> None:
        """The question's answer has been handed to the narrator."""
        return None  # nothing, for most ways

    def calling(self, step: str | None) -> None:
        """A night step is called (its wake line), or over (`step` None, its sleep line)."""
        return None  # nothing, for most ways

    def listens(self, q: Question, value: Checked | Prompt) -> str:
        """The phase the pages listen to once `q` is answered with `value`: the device going round at the deal,
        eyes closed once the night may begin, else the game's (the lines said change it)."""
        return "deal" if value == COVERED else "night" if q.step == START else self.stage.phase()

    def question_screen(self, q: Question, state: State) -> dict[str, Any]:
        """The table's screen for the narrator's question `q`."""
        return {**self.stage.screens().question(q, state), "q": q.number}

    # -- what each page is shown -----------------------------------------------------------------------
    def frames(self) -> Frames:
        """The screens of this moment of the game, for every receiver."""
        stage = self.stage
        return Frames(stage.screens(), stage.state, stage.question, stage.table_screen())

    def screen(self, conn: Conn, frames: Frames) -> dict[str, Any]:
        """The screen of a page in the game: the host's (the device on the table), a seat's, or a watcher's."""
        if conn.who == "host":
            return frames.host()
        if conn.who == "seat" and conn.seat is not None:
            return frames.seat(conn.seat)
        return frames.watcher()

    def lobby(self, conn: Conn) -> dict[str, Any]:
        """Before a deal, a page that is not the host's: it waits (a seat's phone, with its name)."""
        screen: dict[str, Any] = {"screen": "lobby", "join": False}
        if conn.who == "seat" and conn.seat is not None:
            screen.update(seat=conn.seat, name=self.stage.seat_name(conn.seat))
        return screen

    def setup(self) -> dict[str, Any]:
        """What the setup screen shows of this way besides the draft (own devices: the room code, the seats)."""
        return {}

    def living(self) -> set[int]:
        """The seats whose phones are sent frames of one shape (shape.py): none but own devices' living."""
        return set()

    def welcome(self, conn: Conn) -> None:
        """A seat's page is back (a reload): what it may know again."""
        return None  # nothing, for most ways

    def peers(self, online: set[int]) -> list[dict[str, Any]] | None:
        """Who sits where and whose phone is connected, for the host (own devices); None: the host is not told."""
        return None

    def ready(self) -> None:
        """The deal may begin (own devices: once every seat has a phone); the reason if not."""
        return None

    # -- what every way shares -------------------------------------------------------------------------
    def chosen(self, message: dict[str, Any]) -> Choice:
        """The choice a tap carries, not yet checked."""
        text = message.get("value")
        if not isinstance(text, str):
            raise Refusal("message.form", "a tap carries its value")
        try:
            return Choice.from_text(text)
        except NotAChoice:
            raise Refused("other", f"not a choice: {text[:40]}") from None

    def submit(self, client: int, q: Question, choice: Choice) -> Handed:
        """The one path of a tap that answers: the desk checks `choice` once (the rules say no with a reason),
        what the actor learns goes only to the screen that tapped, and the checked answer is the narrator's."""
        checked = self.stage.desk().check(choice)
        if checked.learned is not None:
            self.pages.send_to(client, self.private_answer(choice.target or 0, checked.learned))
        else:
            self.learns_nothing(client)
        return q, checked

    def learns_nothing(self, client: int) -> None:
        """A checked answer taught its player nothing: nothing is shown, for most ways."""
        return None

    def private_answer(self, target: int, result: str) -> dict[str, Any]:
        """What the actor learns at once of `target` (the seer's card), as a secret for one screen."""
        return shape.private({"t": "private", "kind": "answer", "target": self.stage.name(target),
                              **self.stage.screens().answer(result)})

    def card(self, state: State, seat: int) -> dict[str, Any]:
        """A seat's card as its holder sees it (its pack mates, for a wolf), as a secret for one screen."""
        seen = view(state, seat)
        card = seen["cards"][str(seat)]
        screens = self.stage.screens()
        pack = [self.stage.name(s) for s in seen["pack"] if s != seat]
        return shape.private({"t": "private", "kind": "card", "name": self.stage.name(seat),
                              "role": screens.role(card), "help": screens.help(card, state.mode),
                              "picture": inline_picture(card), "pack": pack})
