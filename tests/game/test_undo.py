"""What ↶ may take back at night (narrator/game/undo.py)."""

from __future__ import annotations

from engine import Choice, Game
from narrator.game.tellings import narrated
from narrator.game.undo import night_refusal

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo"]


def test_by_night_only_the_step_still_called_is_undone_and_never_a_secret_seen() -> None:
    state = Game.new(NAMES, ruleset="extended", seed=2, mode="one_device").state
    assert not narrated(state)  # nobody narrates the 28 roles on one device
    witch, seer = (Choice("witch"), False), (Choice("seer", 2), True)
    assert night_refusal(True, "seer", witch) == "undo.night"  # the witch's screen would come back
    assert night_refusal(True, None, witch) == "undo.night"  # her step has closed
    assert night_refusal(True, "witch", witch) is None  # she changes her mind in her own step
    assert night_refusal(True, "seer", seer) == "undo.secret"  # the seer has seen her answer
    assert night_refusal(False, None, seer) is None  # by day, any choice


def test_the_classic_narrator_holding_the_one_device_undoes_as_before() -> None:
    state = Game.new(NAMES, seed=2).state
    assert state.mode == "one_device" and night_refusal(not narrated(state), "seer", (Choice("witch"), False)) is None
    for mode in ("round_table", "own_devices"):  # nobody narrates the other ways
        assert not narrated(Game.new(NAMES, seed=2, mode=mode).state)
