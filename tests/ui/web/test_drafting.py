"""The setup screen's choices before the deal, each its own message: checked, kept in the draft, and the setup
shown again to every page (a malformed or refused one changes nothing)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from engine import Mode, Refused, recommended, ruleset
from narrator.config import Config, OptionError
from narrator.ui.web.drafting import Drafting
from narrator.ui.web.soundsetup import SoundSetup


class Setup:
    """A Drafting with what it shows and broadcasts kept."""

    def __init__(self, **cfg: Any) -> None:
        self.shown: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.part = Drafting(Config(**cfg), modes=lambda: [Mode.ONE_DEVICE, Mode.OWN_DEVICES], show=self.shown.append,
                             at_setup=lambda: True, broadcast=self.sent.append, lan=lambda: None,
                             lock=threading.RLock(), outputs=SoundSetup(Config(), "none", keeps_config=False),
                             offer=lambda: None, keeps_config=False)
        self.draft = self.part.draft


def test_other_rules_keep_the_players_within_theirs_and_the_house_rules_both_know() -> None:
    s = Setup(players=12, ruleset="extended")
    s.part.house({"t": "house", "step_seconds": 10, "captain": False})
    s.draft.names = [f"P{n}" for n in range(1, 13)]
    s.part.ruleset({"t": "ruleset", "ruleset": "classic"})
    d = s.draft
    assert (d.ruleset, d.players, d.counts) == ("classic", 12, recommended(ruleset("classic"), 12))
    assert d.house.step_seconds == 10 and len(d.names) == 12
    s.part.players({"t": "players", "players": 7})
    assert (d.players, d.counts, d.names) == (7, recommended(ruleset("classic"), 7), [f"P{n}" for n in range(1, 8)])
    assert s.shown == [{"screen": "setup"}] * 3


def test_a_count_or_house_rule_the_rules_refuse_changes_nothing() -> None:
    s = Setup()
    before = (s.draft.players, dict(s.draft.counts), s.draft.house)
    with pytest.raises(Refused):
        s.part.players({"t": "players", "players": 40})
    with pytest.raises(Refused) as refused:
        s.part.house({"t": "house", "step_seconds": 7})
    assert refused.value.rule == "house.step_seconds"
    with pytest.raises(Refused):
        s.part.house({"t": "house", "captain": True})  # an extended rule, not the classic's
    assert (s.draft.players, s.draft.counts, s.draft.house) == before


def test_one_card_fewer_as_the_rules_allow() -> None:
    s = Setup()
    wolves = s.draft.counts["werewolf"]
    s.part.adjust({"t": "adjust", "role": "werewolf", "delta": -1})
    assert s.draft.counts["werewolf"] == wolves - 1 and sum(s.draft.counts.values()) == s.draft.players
    with pytest.raises(Refused):
        s.part.adjust({"t": "adjust", "role": "villager", "delta": 1})  # the villagers fill what is left


def test_the_language_brings_its_own_narrator_and_every_page_its_words() -> None:
    s = Setup()
    s.part.lang({"t": "lang", "lang": "de"})
    assert (s.draft.lang, s.draft.voice) == ("de", "leopold")
    assert [(m["t"], m["lang"]) for m in s.sent] == [("ui", "de")] and "setup.title" in s.sent[0]["strings"]
    s.part.voice({"t": "voice", "voice": "jutta"})
    s.part.lang({"t": "lang", "lang": "fr"})  # not one the page speaks: nothing changes
    assert (s.draft.lang, s.draft.voice, len(s.sent)) == ("de", "jutta", 1)


def test_only_a_known_sound_mode_and_layer_are_taken() -> None:
    s = Setup()
    s.part.sound({"t": "sound", "sound": "browser"})
    s.part.sound({"t": "sound", "sound": "radio"})
    s.part.mode({"t": "mode", "mode": Mode.OWN_DEVICES})
    s.part.mode({"t": "mode", "mode": Mode.ROUND_TABLE})  # not among this page's ways
    s.part.levels({"t": "levels", "layer": "bed", "volume": 30})
    with pytest.raises(TypeError):
        s.part.levels({"t": "levels", "layer": "drums", "volume": 30})
    assert (s.draft.sound, s.draft.mode, s.draft.levels["bed"]) == ("browser", Mode.OWN_DEVICES, 30)


def test_a_name_refused_leaves_the_others_standing() -> None:
    s = Setup(players=7)
    s.part.names({"t": "names", "names": ["Ana", "Ben"]})
    with pytest.raises(Refused) as refused:
        s.part.names({"t": "names", "names": ["Ana", "Ana", "Carla"]})
    assert refused.value.rule.startswith("setup.name_") and s.draft.names[0] == "Ana"
    with pytest.raises(TypeError):
        s.part.names({"t": "names", "names": "Ana"})


def test_the_play_options_set_the_setup_and_a_voice_brings_its_language() -> None:
    s = Setup()
    s.part.from_options(None, ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"], voice="lucia", genders=["f"])
    assert (s.draft.lang, s.draft.voice, s.draft.players, s.draft.genders) == ("es", "lucia", 6, ["f"])
    s.part.from_options("de", None, voice="lucia")  # --lang wins: its own narrator speaks
    assert (s.draft.lang, s.draft.voice) == ("de", "leopold")
    with pytest.raises(OptionError, match="--voice: there is no voice 'nobody'"):
        s.part.from_options(None, None, voice="nobody")
