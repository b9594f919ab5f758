"""How the narrator tells a game by the way the table plays, taken once from one table by mode: the deal, the night
(steps called, or laps round the table), the dawn's first line, the decoys, and whether a narrator holds the device."""

from __future__ import annotations

from engine import Game, Mode
from narrator.game.nightcalls import CalledNight
from narrator.game.roundnight import RoundNight
from narrator.game.tellings import TELLINGS, OneDevice, OwnDevices, RoundTable, Telling, narrated, telling

from ..narration import NAMES, ROLES, captions, narrate


def test_every_way_of_playing_has_its_telling_and_an_unknown_way_is_told_plainly() -> None:
    assert dict(TELLINGS) == {Mode.ONE_DEVICE: OneDevice, Mode.ROUND_TABLE: RoundTable, Mode.OWN_DEVICES: OwnDevices}
    assert telling("a_way_added_on_the_page") is Telling


def test_one_device_passes_the_device_seat_by_seat_and_own_devices_deal_at_once() -> None:
    passed = [c.scene for c in captions(narrate([], mode=Mode.ONE_DEVICE))]
    own = [c.scene for c in captions(narrate([], mode=Mode.OWN_DEVICES))]
    assert passed.count("deal.pass") == len(NAMES) and "deal.own" not in passed
    assert own.count("deal.own") == 1 and "deal.pass" not in own
    for scenes in (passed, own):  # then the first night begins
        opening = scenes[:scenes.index("deal.done") + 1]
        assert opening[:2] == ["game.welcome", "deal.cards"] and set(opening[2:-1]) <= {"deal.pass", "deal.own"}


def test_only_own_devices_open_decoys_and_only_round_the_table_goes_in_laps() -> None:
    tellings = {mode: narrate([], mode=mode).telling for mode in Mode}
    assert [t.decoys for t in tellings.values()] == [m == Mode.OWN_DEVICES for m in tellings]
    round_table = tellings[Mode.ROUND_TABLE]
    assert isinstance(round_table, RoundTable) and isinstance(round_table.rounds, RoundNight)
    assert all(isinstance(t.calls, CalledNight) for t in tellings.values())
    assert [t.dawn for t in tellings.values()] == ["round.dawn" if m == Mode.ROUND_TABLE else "dawn.start"
                                                   for m in tellings]


def test_a_narrator_holds_the_one_device_of_a_classic_game_only() -> None:
    def state(mode: Mode, ruleset: str = "classic") -> object:
        return Game.new(NAMES, roles=ROLES if ruleset == "classic" else None, ruleset=ruleset, mode=mode).state

    assert narrated(state(Mode.ONE_DEVICE))  # type: ignore[arg-type]
    assert not narrated(state(Mode.ONE_DEVICE, "extended"))  # type: ignore[arg-type]
    assert not narrated(state(Mode.OWN_DEVICES)) and not narrated(state(Mode.ROUND_TABLE))  # type: ignore[arg-type]

