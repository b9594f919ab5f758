"""The narrator knows where it is: each line is picked for the moment it is said in (narrator/game/moments.py),
and what the table already heard or will hear next shapes what it says."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from narrator.game.inputs import VOTE
from narrator.game.moments import pack
from narrator.speech.lines import Lines
from narrator.speech.moment import Moment

from ..narration import answers, captions, narrate

LOVERS = ["cupid", "werewolf", "seer", "witch", "villager", "villager"]  # Ana cupid ... Eva and Fede villagers
HUNTER = ["werewolf", "hunter", "villager", "villager", "villager", "villager"]
IDIOT = ["werewolf", "village_idiot", "villager", "villager", "villager", "villager"]


@pytest.fixture
def moments(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Moment]]:
    """Every line said, with the moment the narrator gave it."""
    said: list[tuple[str, Moment]] = []
    original = Lines.say

    def spy(self: Lines, scene: str, moment: Moment | None = None, **values: Any) -> Any:
        said.append((scene, self.moment_of(moment, values)))
        return original(self, scene, moment, **values)

    monkeypatch.setattr(Lines, "say", spy)
    return said


@pytest.mark.parametrize(("cards", "extra", "said"), [
    (["werewolf", "werewolf", "seer", "villager", "villager", "villager"], [], "many"),
    (["werewolf", "seer", "villager"], [], "one"),
    (["werewolf", "wolf_dog", "villager"], [], "many"),  # the wolf-dog may join the pack
    (["wolf_father", "seer", "villager"], [], "many"),  # he may infect: the pack grows
    (["werewolf", "thief", "villager"], ["werewolf", "villager"], "many"),  # the thief may take the other
    (["werewolf", "thief", "villager"], ["seer", "villager"], "one"),
])
def test_the_pack_is_one_only_when_the_deal_leaves_it_one_all_game(cards: list[str], extra: list[str],
                                                                    said: str) -> None:
    names = [f"P{i}" for i in range(1, len(cards) + 1)]
    game = Game.new(names, ruleset="extended", roles=cards, extra=extra, seed=1)
    assert pack(game.state) == said


def test_the_deal_and_the_reveals_know_their_first_and_last(moments: list[tuple[str, Moment]]) -> None:
    n = narrate(answers(("werewolves:6", 2.0), ("witch:pass", 2.0), ("seer:1", 2.0), (VOTE, 30.0),
                        ("day_vote:5", 2.0), ("hunter:1", 2.0), ("werewolves:4", 2.0), ("witch:poison:2", 2.0),
                        ("seer:7", 2.0)), lang="de")
    assert n.state.over
    for scene in ("deal.pass", "end.reveal"):
        where = [m.position for s, m in moments if s == scene]
        assert where == ["first", *["middle"] * 5, "last"], (scene, where)
    assert {m.mode for _, m in moments} == {"one_device"} and {m.pack for _, m in moments} == {"many"}
    nights = [m.night for s, m in moments if s == "night.start"]
    assert nights == ["first", "later"]


def test_the_hunters_call_knows_his_card_was_just_said(moments: list[tuple[str, Moment]]) -> None:
    narrate(answers(("werewolves:none", 2.0), (VOTE, 30.0), ("day_vote:2", 2.0), ("hunter:3", 2.0)), lang="es",
            roles=HUNTER, ruleset="extended")
    assert [m.revealed for s, m in moments if s == "hunter.wake"] == ["yes"]


def test_a_verdict_followed_by_a_pardon_knows_it_spares(moments: list[tuple[str, Moment]]) -> None:
    narrate(answers(("werewolves:none", 2.0), (VOTE, 30.0), ("day_vote:2", 2.0)), lang="de", roles=IDIOT,
            ruleset="extended")
    assert [m.spared for s, m in moments if s == "day.vote.out"] == ["yes"]


def test_grief_is_said_as_grief_and_the_lovers_are_named_after_the_cards(moments: list[tuple[str, Moment]]) -> None:
    n = narrate(answers(("cupid:3,5", 2.0), ("werewolves:none", 2.0), ("seer:2", 2.0), ("witch:pass", 2.0),
                        (VOTE, 30.0), ("day_vote:5", 2.0), ("werewolves:1", 2.0), ("seer:4", 2.0),
                        ("witch:pass", 2.0), (VOTE, 30.0), ("day_vote:2", 2.0)),
                lang="es", roles=LOVERS, ruleset="extended")
    assert [m.cause for s, m in moments if s == "death.also"] == ["grief"]
    assert n.state.over
    scenes = [c.scene for c in captions(n)]
    last_card = max(i for i, s in enumerate(scenes) if s == "end.reveal")
    assert scenes[last_card + 1:] == ["end.story.lovers"]
    assert "Carla" in captions(n)[-1].text and "Eva" in captions(n)[-1].text


def test_a_successor_is_not_asked_once_the_game_is_decided() -> None:
    """The captain and the last wolf die at one dawn: the table hears who won, not who is the new captain."""
    cards = ["werewolf", "witch", "villager", "villager", "villager", "villager"]  # Ana wolf, Ben witch
    n = narrate(answers(("werewolves:none", 2.0), ("witch:pass", 2.0), ("captain_election:1", 2.0), (VOTE, 30.0),
                        ("day_vote:none", 2.0), ("werewolves:3", 2.0), ("witch:poison:1", 2.0)),
                lang="de", roles=cards, ruleset="extended", captain=True)
    assert n.state.over and n.state.winner == "village"
    scenes = [c.scene for c in captions(n)]
    assert "captain.successor" not in scenes and "captain.named" not in scenes
    assert scenes.index("dawn.deaths") < scenes.index("end.village")
