"""Own phones tell the players a recognition calls that they were chosen (frames.py `told`): the lovers whom Cupid
joined them to, the charmed who else the tune holds; on their own phones only, from their own view."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import MappingProxyType

import pytest

from engine import Choice, Game, view
from narrator.game.heard import night_as_heard
from narrator.ui.web.frames import Moment, seat_screen
from narrator.ui.web.screens import Screens
from narrator.ui.web.strings import strings

from .test_frames import own_table, play

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo"]


def test_the_lovers_phones_tell_them_whom_they_love_and_nobody_else_hears_of_it(tmp_path: Path) -> None:
    """Issue 35: "Lovers, your phones have told you" was said while every phone showed "Eyes closed". From the
    lovers' call on, each lover's phone names the other; no other phone shows anything of it."""
    hub, table, host, phones = own_table(tmp_path, 10, "extended", "es", 5)
    host.send(t="deal")
    try:
        play(hub, table, phones, host, None, random.Random(5))
    finally:
        hub.stop_game()
    state = next(f.state for p in phones for f in reversed(p.frames) if f.state is not None)
    pair = [e.target for e in state.log if e.kind == "link"]
    assert len(pair) == 2, "the deal for ten has Cupid, who links two"
    for phone in phones:
        told = [f.message["told"] for f in phone.frames if "told" in f.message]
        if phone.seat in pair:
            other = next(s for s in pair if s != phone.seat)
            assert told and all(hub.stage.seat_name(other) in text for text in told), (phone.seat, told)
            assert "Cupido te ha elegido" in told[0]
        else:
            assert told == [], (phone.seat, told)


def test_the_charmed_are_told_so_with_the_others_the_piper_holds() -> None:
    """The piper's is the night's last choice on own phones: the charmed's call is drawn from the night as it stood
    then (heard.py `night_as_heard`), tonight's charms in it and the dawn not yet."""
    game = Game.new(NAMES, ruleset="extended", roles=["pied_piper", "werewolf", *["villager"] * 6], seed=1,
                    mode="own_devices")
    game.choose(Choice("werewolves", 5))
    game.choose(Choice("pied_piper", seats=(3, 4)))
    assert game.state.phase != "night"
    night = night_as_heard(game)
    assert night.phase == "night" and 5 in night.alive
    screens = Screens("de", lambda seat: NAMES[seat - 1])
    said = {}
    for seat in range(1, 9):
        seen = view(night, seat)
        m = Moment(None, -1, False, {"screen": "listen", "phase": "night"}, "charmed", False, (), True, False, False,
                   False, False)
        said[seat] = seat_screen(screens, MappingProxyType(seen), m).get("told")  # type: ignore[arg-type]
    # read de B5, 25: no "Öffne jetzt die Augen." on a screen only read with the eyes open (the voice says it)
    assert said[3] == "Der Flötenspieler hat dich verzaubert. Mit dir verzaubert: Dario."
    assert said[4] is not None and "Carla" in said[4]
    assert [s for s, text in said.items() if text is not None] == [3, 4], "the piper and the others: nothing"


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_a_told_screen_does_not_ask_to_open_the_eyes_it_is_read_with(lang: str) -> None:
    """Read de B5, 25: "Amor hat dich gewählt: Du bist in Ben verliebt. Öffne jetzt die Augen." on the lover's own
    phone, read with the eyes already open; the voice tells the lovers (or the charmed, all of them) to open them."""
    words = strings(lang)
    told = {k: v for k, v in words.items() if k.startswith("told.")}
    assert len(told) >= 3 and [v for v in told.values() if re.search(r"Augen|eyes|ojos", v)] == [], told
