"""The hub's parts' narrow ports: a page connected starts as a watcher with a nonce of its own, and a table at home
is given hooks that add nothing to its game."""

from __future__ import annotations

from engine import Game
from narrator.ui.web.guard import Bucket
from narrator.ui.web.ports import Conn, Hooks

from ...narration import NAMES, ROLES


def test_a_page_connected_is_a_watcher_with_its_own_nonce() -> None:
    sent: list[dict[str, object]] = []
    one, two = Conn(sent.append, Bucket(lambda: 0.0)), Conn(sent.append, Bucket(lambda: 0.0))
    assert (one.who, one.seat, one.last, one.wrong_codes) == ("spectator", None, "", 0)
    assert one.nonce != two.nonce and len(one.nonce) >= 16  # a proof seen on one connection proves nothing on another


def test_a_table_at_home_is_given_hooks_that_add_nothing() -> None:
    hooks = Hooks()
    assert (hooks.keeps_config, hooks.keeps_tokens, hooks.offers_voices) == (True, True, True)
    assert hooks.extra_votes(Game.new(NAMES, roles=ROLES).state) is None and hooks.accounts() is None
    assert hooks.before_screens() is False
