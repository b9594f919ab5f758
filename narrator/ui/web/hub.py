"""The game behind the page: the setup, the narrator's thread, and what each screen may see.

Every screen is computed on the server (narrator/ui/web/screens.py) from the engine's `view()` and the
question the narrator asks; the page only renders it. Secrets (a card, the seer's answer) go only to
the screen that tapped for them, in a message the page drops when the card is covered.

The parts: connections.py (pages and their screens), drafting.py (the setup), seating.py (who sits where),
gameloop.py (the narrator's thread); this module routes what a page sends. What answers the game ("tap",
"show", "cover", "open", "count") goes to the way to play of the table in play (`self.way`, a `Way` of
ways/, made by its mode at every deal): it hands the desk its answer and says what each page is shown.
An online room adds to the game through the hub's `hooks` (ports.py `Hooks`).
"""

from __future__ import annotations

from typing import Any

from engine import (
    Malformed,
    Refused,
    Unknown,
    WrongStep,
)
from narrator.game.desk import Stale
from narrator.game.inputs import START, UNDO, VOTE
from narrator.game.session import (
    Table,
)
from narrator.ui.web.address import say_address
from narrator.ui.web.connections import HOST_FILE, TURN, Conn, Connections
from narrator.ui.web.draft import MODES, Draft
from narrator.ui.web.drafting import Drafting
from narrator.ui.web.gameloop import GameLoop
from narrator.ui.web.guard import (
    SETUP,
    Refusal,
    check_message,
)
from narrator.ui.web.historyimport import history_screen
from narrator.ui.web.ports import Send
from narrator.ui.web.seating import Seating
from narrator.ui.web.tablevoice import PageCaptions
from narrator.ui.web.voicedownload import VoiceDownload
from narrator.ui.web.ways import WAYS, Way

__all__ = ["HOST_FILE", "MODES", "TURN", "Conn", "Connections", "Draft", "Hub", "PageCaptions", "Send"]

PLAY = ("tap", "show", "cover", "open", "count")  # what the way to play of the game takes (ways/)


class Hub(GameLoop, Seating, Drafting, Connections):
    """The game behind the page: what a page sends is routed to the part that takes it."""

    def handle(self, client: int, message: object) -> None:
        """One message from a page: checked against its sender, its size and rate, and the question on its
        screen; anything else is refused with a reason and changes nothing."""
        with self.lock:
            conn = self.conns.get(client)
            if conn is None:
                return
            try:
                if not conn.bucket.take():
                    raise Refusal("message.rate", "too many messages; wait a moment")
                kind = check_message(conn.who, message)
                assert isinstance(message, dict)
                self._dispatch(client, conn, kind, message)
            except Refusal as exc:
                self._refuse_rule(conn, exc.rule, str(exc))
                if exc.rule == "stale":
                    self.show_now(conn)
            except Refused as exc:
                self.refuse(client, exc)
            except Malformed as exc:  # a choice of the wrong form: say why, change nothing
                self.refuse(client, Refused("other", str(exc)))
            except (WrongStep, Unknown, Stale):
                self._refuse_rule(conn, "stale", "this screen has moved on")
                self.show_now(conn)
            except (KeyError, ValueError, TypeError):
                self._refuse_rule(conn, "message.form", "a malformed message")

    def _dispatch(self, client: int, conn: Conn, kind: str, message: dict[str, Any]) -> None:
        if kind == "hello":
            self._hello(conn, message.get("proof"))
        elif kind == "join":
            self._join(conn, message)
        elif kind == "takeover":  # a watcher asks to run the table, or types the code it was given (takeover.py)
            self.takeover.handle(self, conn, message.get("code"))
        elif kind in ("allow", "deny"):  # the host answers a seat asked back by name (claims.py)
            self.claims.answer(self, kind == "allow", message.get("seat"))
        elif kind in SETUP:
            if self.table is not None and self.screen.get("screen") != "setup":
                raise Refusal("setup.running", "the game is running; start a new game to change the setup")
            self.change_setup(kind, message)
        elif kind == "deal":
            self._deal()
        elif kind == "continue":
            self._continue()
        elif kind == "new":
            self._new()
        elif kind == "rematch":
            self._rematch()
        elif kind in PLAY:
            self._play(client, conn, kind, message)
        elif kind in ("start", "vote"):
            self._answer_plain(kind, message)
        elif kind == "undo":
            self._answer(UNDO)
        elif kind == "voice_download" and self.voice_download is not None:
            self.voice_download.handle(str(message.get("action", "")))
        elif kind == "sound_device":
            self.outputs.choose(self, message.get("device"))
        elif kind == "sound_volume":
            self.outputs.set_volume(self, message.get("volume"))
        elif kind == "sound_test":
            self.outputs.test(self)
        elif kind == "history":  # the group's finished games, to the host's page alone (historyview.py)
            self.send_to(client, history_screen(self, client, message))
        elif kind == "say_address":  # the device on the table says where phones join (address.py)
            say_address(self)

    def _play(self, client: int, conn: Conn, kind: str, message: dict[str, Any]) -> None:
        """A message that answers the game, taken by the way to play of the table in play (before a deal, by
        the setup's, which finds nothing to answer)."""
        way = self.way
        if kind == "tap":
            way.tap(client, conn, message)
        elif kind == "show":
            way.show(client, conn, message)
        elif kind == "cover":
            way.cover(conn, message)
        elif kind == "open":
            way.open(message)
        else:
            way.count(message)

    def way_for(self, mode: str) -> Way:
        """A fresh way to play of `mode` over this hub (ways/__init__.py lists them)."""
        return WAYS[mode](self)

    def _answer_plain(self, kind: str, message: dict[str, Any]) -> None:
        q = self.asked(message, START if kind == "start" else VOTE)
        self.put(q, q.step)

    def _voice_offer(self) -> VoiceDownload:
        return VoiceDownload(self)

    def _rejoin(self, conn: Conn, message: dict[str, Any]) -> None:
        """A player whose phone lost its token asks for their seat back by name: the host is asked, and only
        the host's yes gives it (claims.py, given the hub itself); a phone that kept its token needs no
        asking (its hello)."""
        from narrator.names import same_name_key

        assert self.table is not None
        typed = same_name_key(str(message.get("name", ""))[:96].strip())
        seat = next((i for i, n in enumerate(self.table.players, 1) if n and same_name_key(n) == typed), None)
        if seat is None:
            raise Refusal("join.closed", "there is no free seat of that name at this table")
        self.claims.ask(self, conn, seat)

    def _speaker(self, table: Table) -> Any:
        """What says the narrator's lines: the server's voice, or captions (and clips) on the pages."""
        return self.speaker_factory(self, table) if self.speaker_factory else PageCaptions(self)
