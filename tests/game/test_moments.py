"""The narrator knows where it is: each line is picked for the moment it is said in (narrator/game/moments.py),
and what the table already heard or will hear next shapes what it says."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest

from engine import Game
from engine.events import Died, fold
from narrator.game.clock import VirtualClock
from narrator.game.inputs import VOTE, Exhausted, ScriptedInput
from narrator.game.moments import moment as moment_of
from narrator.game.moments import pack
from narrator.game.narrator import Narrator
from narrator.game.nightcalls import call_facts
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Lines, RoleName, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker

from ..narration import NAMES, ROLES, SCRIPT, answers, captions, narrate, opening

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
    (["werewolf", "wolf_dog", "villager"], [], "some"),  # the wolf-dog may join the pack: one or two
    (["wolf_father", "seer", "villager"], [], "some"),  # he may infect: the pack grows
    (["werewolf", "werewolf", "wild_child", "villager", "villager", "villager", "villager"], [], "many"),
    (["werewolf", "thief", "villager"], ["werewolf", "villager"], "many"),  # the thief may take the other
    (["werewolf", "thief", "villager"], ["seer", "villager"], "one"),
])
def test_the_pack_is_one_only_when_the_deal_leaves_it_one_all_game(cards: list[str], extra: list[str],
                                                                    said: str) -> None:
    """As the deal announced it: one wolf card and none that can join is "one", two or more "many", else "some"."""
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
    assert {m.mode for _, m in moments} == {"one_device"}
    assert {m.pack for s, m in moments if not s.startswith("end.")} == {"many"}  # no wolf's card said till the end
    assert {m.pack for s, m in moments if s.startswith("end.")} == {"many"}  # the end counts the cards dealt
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


def test_the_end_counts_the_wolves_dealt_not_those_left(moments: list[tuple[str, Moment]]) -> None:
    """Two wolves dealt, Ana's card shown at her execution, Ben wins at parity: the table hears that the werewolves
    win (the dead wolf won too), not "the werewolf wins"."""
    cards = ["werewolf", "werewolf", "villager", "villager", "villager", "villager"]
    n = narrate(answers(("werewolves:3", 2.0), (VOTE, 30.0), ("day_vote:1", 2.0), ("werewolves:4", 2.0), (VOTE, 30.0),
                        ("day_vote:5", 2.0)), lang="de", roles=cards, ruleset="extended")
    assert n.state.over and n.state.winner == "wolves", n.state
    before = [m.pack for s, m in moments if s == "night.werewolves.wake"]
    assert before == ["many", "one"]  # in play the table counts the wolf shown dead out
    assert {m.pack for s, m in moments if s.startswith("end.")} == {"many"}
    banner = next(c.text for c in captions(n) if c.scene.startswith("end.wolves"))
    assert "Der Werwolf gewinnt" not in banner and "Der Wolf" not in banner, banner


def test_the_pack_counts_the_wolves_said_of_the_dead() -> None:
    """A wolf whose card the table heard at his death leaves the pack: two dealt, one shown dead, is one; with a
    card that can join, it may be one or more. A death whose card was not said changes nothing."""
    game = Game.new([f"P{i}" for i in range(1, 7)], ruleset="extended",
                    roles=["werewolf", "werewolf", "seer", "villager", "villager", "villager"], seed=1)
    state = game.state.but(alive=game.state.alive - {1})
    assert (pack(state), pack(state, {1}), pack(state, {3})) == ("many", "one", "many")
    joined = Game.new([f"P{i}" for i in range(1, 7)], ruleset="extended",
                      roles=["werewolf", "werewolf", "wild_child", "villager", "villager", "villager"], seed=1)
    assert pack(joined.state.but(alive=joined.state.alive - {2}), {2}) == "some"


def test_the_end_speaks_of_the_pack_dealt() -> None:
    """Two wolves dealt, one shown dead during the game: the nights call one, the end line tells of both; a night's
    line said once the game is decided still calls one."""
    game = Game.new([f"P{i}" for i in range(1, 7)], ruleset="extended",
                    roles=["werewolf", "werewolf", "seer", "villager", "villager", "villager"], seed=1)
    state = game.state.but(alive=game.state.alive - {1})
    assert moment_of(state, said={1}).pack == "one"
    assert moment_of(state.but(phase="over"), said={1}, scene="end.wolves.number").pack == "many"
    assert moment_of(state.but(phase="over"), said={1}, scene="night.werewolves.sleep").pack == "one"


def test_the_big_bad_wolf_knows_when_the_table_saw_a_wolf_die() -> None:
    """A werewolf's card said at his death ends the second victim for the table to hear; a death unseen does not."""
    game = Game.new([f"P{i}" for i in range(1, 8)], ruleset="extended",
                    roles=["werewolf", "big_bad_wolf", "seer", "villager", "villager", "villager", "villager"], seed=1)
    state = game.state.but(alive=game.state.alive - {1})
    assert call_facts(state, "big_bad_wolf", {1})["spent"] == "yes"
    assert call_facts(state, "big_bad_wolf", set())["spent"] == "no"
    assert "spent" not in call_facts(state, "seer", {1})


PIPER = ["werewolf", "cupid", "pied_piper", "witch", "hunter", "villager", "villager", "villager"]


def test_each_steps_first_reminder_is_calm_and_its_second_may_hurry(moments: list[tuple[str, Moment]]) -> None:
    """Counted per step, not per night: the seer's first reminder came already hurried, 11 seconds after she woke,
    because the wolves had been reminded. A step slower than two windows hears a second one, which may hurry."""
    narrate(answers(("werewolves:6", 99.0), ("witch:pass", 8.0), ("seer:1", 99.0), (VOTE, 30.0),
                    ("day_vote:5", 2.0), ("hunter:1", 2.0), ("werewolves:4", 99.0), ("witch:poison:2", 2.0)))
    said = [(s, m.again) for s, m in moments if s.endswith(".wake") or s == "night.reminder"]
    steps: list[list[str | None]] = []
    for scene, again in said:
        if scene.endswith(".wake"):
            steps.append([])
        else:
            steps[-1].append(again)
    assert steps[:3] == [["no", "yes"], ["no"], ["no", "yes"]], said  # wolves, witch (8 s: one window), seer
    assert all(step[:1] in ([], ["no"]) for step in steps), said


def test_a_recognition_hears_no_reminder_but_lasts_as_long(moments: list[tuple[str, Moment]],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The lovers only look at each other: "Immer mit der Ruhe." in their step (the extra time of a slow night) told
    them to hurry up with nothing to do (read_de_B7 B5, the brothers' and the sisters' too). It passes unsaid, and
    the step lasts exactly as long as with the reminder said; a step with a choice still hears one that asks."""
    slow = answers(("cupid:5,6", 99.0), ("werewolves:3", 99.0), ("seer:2", 99.0), ("witch:pass", 99.0))
    quiet = narrate(slow, lang="es", roles=LOVERS, ruleset="extended")
    calls = [s for s, _ in moments if s.endswith((".wake", ".sleep")) or s == "night.reminder"]
    tasks = {m.task for s, m in moments if s == "night.reminder"}
    lovers = calls.index("night.lovers.wake")
    assert calls[lovers + 1] == "night.lovers.sleep" and tasks == {"yes"}, (calls, tasks)
    steps = type(quiet.telling.calls)
    remind = steps.remind

    def said_anyway(self: Any, holder: int | None = None) -> None:
        idle, self.idle = self.idle, False
        remind(self, holder)
        self.idle = idle

    monkeypatch.setattr(steps, "remind", said_anyway)
    moments.clear()
    loud = narrate(slow, lang="es", roles=LOVERS, ruleset="extended")
    said = [s for s, _ in moments if s.endswith((".wake", ".sleep")) or s == "night.reminder"]
    assert said[said.index("night.lovers.wake") + 1] == "night.reminder", said
    assert quiet.steps == loud.steps


def test_a_call_knows_its_role_is_gone_once_its_card_was_said_of_the_dead(moments: list[tuple[str, Moment]]) -> None:
    """The seer (Carla) is executed and her card shown; the night after, her call knows (the pack's does not)."""
    narrate(answers(("cupid:5,6", 2.0), ("werewolves:none", 2.0), ("seer:1", 2.0), ("witch:pass", 2.0), (VOTE, 30.0),
                    ("day_vote:3", 2.0), ("werewolves:4", 2.0)), lang="de", roles=LOVERS, ruleset="extended")
    seer = [m.gone for s, m in moments if s == "night.seer.wake"]
    wolves = {m.gone for s, m in moments if s.startswith("night.werewolves.")}
    assert seer == ["no", "yes"] and wolves == {None}, (seer, wolves)


def test_the_pipers_story_knows_whether_he_won(moments: list[tuple[str, Moment]]) -> None:
    narrate(answers(("cupid:1,4", 2.0), ("werewolves:5", 2.0), ("witch:poison:6", 2.0), ("pied_piper:7,8", 2.0),
                    ("hunter:7", 2.0), (VOTE, 30.0), ("day_vote:tally:8*4", 2.0), ("werewolves:2", 2.0),
                    ("witch:pass", 2.0), ("pied_piper:2,4", 2.0), (VOTE, 30.0), ("day_vote:tally:1*2", 2.0)),
            lang="de", roles=PIPER, ruleset="extended")
    assert [(m.won, m.count) for s, m in moments if s == "end.story.charmed"] == [("yes", "many")]


def test_a_card_that_cannot_agree_with_its_player_is_said_as_the_card() -> None:
    """«Ana era el padre de los lobos», «Ben era una de las hermanas»: the card has no form for the player, so
    no line that says what the player was may be chosen; «la cazadora» has one."""
    lines = Lines(SCRIPT, "es", Picker(1), ["Ana", "Ben"], ["f", "m"])
    wolf_father, sisters, hunter = (RoleName(r) for r in ("wolf_father", "sister", "hunter"))
    assert lines.moment_of(None, {"player": Seat(1), "role": wolf_father}).gender == "unsaid"
    assert lines.moment_of(None, {"player": Seat(2), "role": sisters}).gender == "unsaid"
    assert lines.moment_of(None, {"player": Seat(1), "role": hunter}).gender == "f"
    assert lines.moment_of(None, {"player": Seat(2), "role": wolf_father}).gender == "m"


def test_a_table_that_heard_a_welcome_this_evening_is_welcomed_to_a_rematch(moments: list[tuple[str, Moment]]) -> None:
    """The evening's memory goes from game to game (a new narrator each): the second game's welcome knows."""
    first = narrate(answers(("werewolves:6", 2.0)))
    evening = first.lines.picker.snapshot()
    game = Game.new(NAMES, roles=ROLES, ruleset="classic", seed=2)
    second = Narrator(game, Lines(SCRIPT, "en", Picker(2, evening), NAMES), CaptionSpeaker(None), VirtualClock(),
                      ScriptedInput(opening(len(ROLES))), seed=2)
    with contextlib.suppress(Exhausted):
        second.run()
    assert [m.game for s, m in moments if s == "game.welcome"] == ["first", "later"]


GONE_SEER = answers(("cupid:5,6", 99.0), ("werewolves:none", 99.0), ("seer:1", 99.0), ("witch:pass", 99.0),
                    (VOTE, 30.0), ("day_vote:3", 2.0), ("werewolves:4", 99.0), ("witch:pass", 99.0))


def test_a_call_whose_card_is_gone_hears_no_reminder_but_lasts_as_long(moments: list[tuple[str, Moment]],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The seer's card was shown at her execution: "Seherin, mach die Augen auf." then "Die Uhr tickt." told the
    table to wait for a dead card. Her step's extra time (every answer slow) passes unsaid, and the step lasts
    exactly as long as it would with its reminders said."""
    quiet = narrate(GONE_SEER, lang="de", roles=LOVERS, ruleset="extended")
    scenes = [s for s, _ in moments]
    wake = max(i for i, (s, m) in enumerate(moments) if s == "night.seer.wake" and m.gone == "yes")
    after = next(i for i in range(wake + 1, len(scenes)) if scenes[i].endswith(".wake") or scenes[i].startswith("dawn"))
    assert "night.reminder" not in scenes[wake:after], scenes[wake:]  # (its sleep line too is held unsaid)
    calls = type(quiet.telling.calls)
    remind = calls.remind

    def said_anyway(self: Any, holder: int | None = None) -> None:
        gone, self.gone = self.gone, False  # the reminders said as in any dead step, and only they: the device's
        remind(self, holder)  # line back stays held unsaid as the quiet game holds it
        self.gone = gone

    monkeypatch.setattr(calls, "remind", said_anyway)
    loud = narrate(GONE_SEER, lang="de", roles=LOVERS, ruleset="extended")
    step = [i for i, s in enumerate(loud.steps) if s.step == "seer" and not s.actor_alive][-1]
    said = [c.scene for c in captions(loud) if loud.steps[step].t <= c.t < loud.steps[step].end]
    assert "night.reminder" in said, said
    assert quiet.steps == loud.steps


@pytest.mark.parametrize(("dead", "said", "left"), [((), (), "all"), ((1,), (1,), "some"), ((1,), (), "all"),
                                                    ((1, 2), (1, 2), "one"), ((1, 2, 3), (1, 2, 3), "none"),
                                                    ((1, 2, 3), (1, 3), "one")])
def test_the_brothers_calls_know_how_many_of_them_the_table_saw_die(dead: tuple[int, ...], said: tuple[int, ...],
                                                                     left: str) -> None:
    """Only a card said aloud counts: a brother dead unseen is alive for the table, so nothing is given away."""
    roles = ["brother", "brother", "brother", "werewolf", "werewolf", *["villager"] * 5]
    game = Game.new([f"P{i}" for i in range(1, 11)], ruleset="extended", roles=roles, seed=1)
    state = fold([Died(seat, "wolves") for seat in dead], game.state)
    assert call_facts(state, "brothers", set(said))["left"] == left
    assert "left" not in call_facts(state, "seer", set(said))


def test_a_night_decided_by_the_last_wolf_still_speaks_to_one_wolf(moments: list[tuple[str, Moment]]) -> None:
    """read_es_A6 B: Ana's card shown at the gallows, Ben alone kills the villager that leaves him at parity. The game
    is over as his choice lands, yet his device-back and sleep lines are the night's: «Deja el móvil…», «Lobo,
    cierra los ojos», not «Poned el móvil…», «Lobos, cerrad los ojos» of the two wolves dealt; the end counts both."""
    cards = ["werewolf", "werewolf", *["villager"] * 5]
    n = narrate(answers(("werewolves:3", 2.0), (VOTE, 30.0), ("day_vote:1", 2.0), ("werewolves:4", 2.0), (VOTE, 30.0),
                        ("day_vote:5", 2.0), ("werewolves:6", 2.0)), lang="es", roles=cards, ruleset="extended")
    assert n.state.over and n.state.winner == "wolves", n.state
    assert [m.pack for s, m in moments if s == "night.werewolves.sleep"] == ["many", "one", "one"]
    assert [m.hands for s, m in moments if s == "night.device.back"] == ["many", "one", "one"]
    assert {m.pack for s, m in moments if s.startswith("end.")} == {"many"}
    last_sleep = [c.text for c in captions(n) if c.scene == "night.werewolves.sleep"][-1]
    assert not re.search(r"\b(cerrad|Lobos)\b", last_sleep), last_sleep
