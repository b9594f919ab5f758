"""The history screen's answers to the host's page: the last games and each player's numbers (the page draws them
as small charts), and what the host changes there: a game deleted, a player renamed or merged, the file exported."""

from __future__ import annotations

from typing import Any

from narrator.game.historyfile import dumps
from narrator.game.historystore import HistoryStore
from narrator.ui.web.refusals import Refusal

LAST = 30  # games listed on the screen
NAME_MAX = 96


def history_reply(store: HistoryStore, message: dict[str, Any], account: int | None = None) -> dict[str, Any]:
    """What the page is sent for a `history` message (`account`: an online account's own games alone)."""
    action = message.get("action")
    reply: dict[str, Any] = {"t": "history"}
    if action == "delete":
        game = message.get("game")
        if not isinstance(game, int) or isinstance(game, bool) or not store.delete_game(game):
            raise Refusal("history.no_game", "there is no such game in the history")
    elif action == "rename":
        old, new = (str(message.get(k, "")).strip() for k in ("old", "new"))
        if not new or len(new) > NAME_MAX or old not in store.names():
            raise Refusal("history.no_player", "nobody of that name is in the history")
        store.rename_player(old, new)
    elif action == "export":
        reply["file"] = dumps(store, account)
    elif action is not None:
        raise Refusal("message.form", "a history message asks for nothing it knows")
    reply["data"] = store.overview(LAST, account)
    return reply
