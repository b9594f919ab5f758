"""Every screen a seat's phone or a watcher is sent is built from `view()` alone (narrator/ui/web/frames.py).

Random whole games, on own devices and on one device: at every screen a page was sent, the screen is built
again from the receiver's `view(state, seat)` (the table's for a watcher) and the public inputs of that
moment only (the question's step and number, the table's public screen, the seat's own taps), and it must be
the very screen that was sent. The rebuild is handed a view and never the state: a frame that read a secret
from the state (who acts, who is a wolf) would differ from it somewhere in these games.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from engine import Mode, State, view, voters
from narrator.config import Config
from narrator.ui.web.frames import Moment, public_table, seat_screen, watch_screen
from narrator.ui.web.hub import Hub
from narrator.ui.web.screens import Screens

from .tables import Frame, Phone, Public, Table
from .test_frames import SCRIPT, own_table, play


def moment(public: Public, state: State, seen: dict[str, Any]) -> Moment:
    """The moment's inputs a seat may know: public ones, its own taps, the pack's picks for the pack."""
    seat = seen["you"]
    return Moment(public.step, public.number if public.number is not None else -1, public.decoy,
                  public_table(public.table, public.step), public.called, view(state)["asked"] is not None,
                  tuple(voters(state)), state.ruleset == "extended", seat in public.done, seat in public.ballots,
                  seat in public.called_done, seat in public.seen, public.picks if seat in seen["pack"] else ())


def rebuilt(frame: Frame, phone: Phone, screens: Screens) -> dict[str, Any] | None:
    """The screen `frame` should be, from the receiver's view and the public inputs; None: not a game's screen."""
    state, public = frame.state, frame.public
    if frame.message["t"] != "screen" or state is None or public is None:
        return None
    if phone.who == "seat" and phone.seat is not None and state.mode == Mode.OWN_DEVICES and not state.over:
        seen = view(state, phone.seat)
        screen = seat_screen(screens, MappingProxyType(seen), moment(public, state, seen))  # type: ignore[arg-type]
    elif phone.who == "spectator" and state.mode != Mode.OWN_DEVICES:
        screen = watch_screen(MappingProxyType(view(state)), public.table, public.step)  # type: ignore[arg-type]
    else:
        return None
    return {**screen, "t": "screen"}


def check(hub: Hub, pages: list[Phone]) -> int:
    """Every game screen each page was sent equals its rebuild; how many were checked."""
    screens = Screens(hub.lang, hub.stage.name)
    checked = 0
    for phone in pages:
        for frame in phone.frames:
            again = rebuilt(frame, phone, screens)
            if again is not None:
                assert again == dict(frame.message), (phone.name, frame.message, again)
                checked += 1
    return checked


@pytest.mark.parametrize(("rules", "lang", "players", "seed"), [
    ("classic", "en", 7, 31), ("extended", "de", 10, 32), ("extended", "es", 12, 33), ("classic", "es", 9, 34),
])
def test_own_devices_every_phones_screen_is_its_view_and_the_public_moment(tmp_path: Path, rules: str, lang: str,
                                                                          players: int, seed: int) -> None:
    hub, table, host, phones = own_table(tmp_path, players, rules, lang, seed)
    host.send(t="deal")
    play(hub, table, phones, host, None, random.Random(seed))
    assert check(hub, phones) > 20 * players
    hub.stop_game()


@pytest.mark.parametrize(("rules", "seed"), [("classic", 35), ("extended", 36)])
def test_one_device_every_watchers_screen_is_the_tables_view(tmp_path: Path, rules: str, seed: int) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub, seed)
    host = table.connect("host")
    host.send(t="ruleset", ruleset=rules)
    host.send(t="players", players=8)
    watchers = [table.connect(n) for n in ("Ana", "Ben")]
    host.send(t="deal")
    play(hub, table, [], host, None, random.Random(seed))
    assert check(hub, watchers) > 10
    hub.stop_game()
