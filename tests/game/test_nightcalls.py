"""The night as its steps are called: each step the same shape, live or dead (a wake line, the fixed window, one
reminder and more time when it runs out, the sleep line), a dead step's extra time drawn from the live overruns."""

from __future__ import annotations

import re

import pytest

from narrator.game.inputs import VOTE
from narrator.game.narrator import Narrator
from narrator.speech.lines import Lines
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

from ..narration import DAY1_EXPEL_SEER, NIGHT1, NIGHT2, answers, captions, narrate


def step_captions(n: Narrator, index: int) -> list:  # type: ignore[type-arg]
    step = n.steps[index]
    return [c for c in captions(n) if step.t <= c.t < step.end]


def length(c) -> float:  # type: ignore[no-untyped-def]
    return c.end - c.t


def test_live_step_on_time_waits_out_the_window() -> None:
    n = narrate(answers(*NIGHT1))
    wolves = n.steps[0]
    wake, sleep = step_captions(n, 0)
    assert (wolves.step, wolves.actor_alive) == ("werewolves", True)
    assert wake.scene == "night.werewolves.wake" and sleep.scene == "night.werewolves.sleep"
    assert wolves.end - wolves.t == pytest.approx(length(wake) + 6 + length(sleep))


def test_live_step_running_late_gets_one_reminder_and_more_time() -> None:
    n = narrate(answers(*NIGHT1))
    witch = n.steps[1]
    wake, reminder, sleep = step_captions(n, 1)
    assert reminder.scene == "night.reminder"
    assert reminder.t == pytest.approx(wake.end + 6)
    assert witch.end - witch.t == pytest.approx(length(wake) + 6 + max(length(reminder), 4.0) + length(sleep))
    assert n.overruns == [0.0, 4.0, 0.0]


def test_dead_step_is_narrated_with_the_same_shape() -> None:
    n = narrate(answers(*NIGHT1, *DAY1_EXPEL_SEER, *NIGHT2))
    seer = n.steps[5]
    assert (seer.step, seer.actor_alive) == ("seer", False)
    parts = step_captions(n, 5)
    assert parts[0].scene == "night.seer.wake" and parts[-1].scene == "night.seer.sleep"
    extra = (seer.end - seer.t) - length(parts[0]) - 6 - length(parts[-1])
    if len(parts) == 3:
        assert parts[1].scene == "night.reminder"
        live = [o for o in n.overruns if o > 0]
        assert extra >= length(parts[1]) - 1e-6 or min(live) * 0.85 <= extra <= max(live) * 1.15
    else:
        assert extra == pytest.approx(0)


def test_dead_extras_follow_the_live_overruns() -> None:
    n = narrate([])
    n.overruns = [0.0, 0.0, 5.0, 8.0]
    draws = [n.telling.calls.draw_extra() for _ in range(400)]
    zeros = sum(1 for d in draws if d == 0)
    assert 0.35 < zeros / len(draws) < 0.65
    assert all(d == 0 or 5 * 0.85 <= d <= 8 * 1.15 for d in draws)


def test_a_role_with_nothing_left_is_still_asked_and_timed() -> None:
    both_used = [("werewolves:6", 2.0), ("witch:heal:6", 2.0), ("seer:1", 2.0), (VOTE, 10.0),
                 ("day_vote:none", 2.0), ("werewolves:7", 2.0), ("witch:poison:1", 2.0), ("seer:2", 2.0),
                 (VOTE, 10.0), ("day_vote:none", 2.0), ("werewolves:6", 1.0)]
    n = narrate(answers(*both_used))
    from engine import Choice

    assert n.game.legal() == [Choice("witch")]
    assert n.state.current is not None and n.state.current.step == "witch"


def test_wake_lines_do_not_depend_on_who_is_alive() -> None:
    alive = narrate(answers(*NIGHT1, (VOTE, 30.0), ("day_vote:none", 3.0), ("werewolves:7", 2.0),
                            ("witch:pass", 2.0), ("seer:2", 3.0)))
    dead = narrate(answers(*NIGHT1, *DAY1_EXPEL_SEER, ("werewolves:7", 2.0), ("witch:pass", 2.0)))

    def seer_lines(n: Narrator) -> list[int]:
        return [c.variant for c in captions(n) if c.scene.startswith("night.seer.")]

    assert seer_lines(alive)[:4] == seer_lines(dead)[:4]


PIPER = ["pied_piper", "werewolf", *["villager"] * 6]  # Ana the piper, Ben the wolf
# three nights: two charmed a night, one killed a night and one a day, till only the wolf is left to charm
TO_THE_LAST = answers(("werewolves:5", 2.0), ("pied_piper:3,4", 2.0), (VOTE, 30.0), ("day_vote:7", 2.0),
                      ("werewolves:3", 2.0), ("pied_piper:6,8", 2.0), (VOTE, 30.0), ("day_vote:4", 2.0),
                      ("werewolves:6", 2.0), ("pied_piper:2,", 2.0))
TWO = {"en": r"\btwo\b|\bboth\b", "de": r"\bzwei\b|\bbeiden?\b", "es": r"\bdos\b|\bambos\b|tócales|\bsus hombros"}


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_pied_piper_is_asked_for_one_when_only_one_is_left_to_charm(lang: str) -> None:
    """Issue 35: on the night only one uncharmed player is left, his wake (and sleep) said "two" though the screen
    asks for the last one. The `charms` fact: two while two are left, one after."""
    n = narrate(TO_THE_LAST, lang=lang, roles=PIPER, ruleset="extended")
    said = [(c.scene, c.text) for c in captions(n) if c.scene.startswith("night.pied_piper.")]
    wakes = [text for scene, text in said if scene.endswith(".wake")]
    assert len(wakes) == 3 and [s for s, _ in said][-1] == "night.pied_piper.sleep", said
    assert all(re.search(TWO[lang], text, re.IGNORECASE) for text in wakes[:2]), wakes
    last_night = said[-2:]
    assert [text for _, text in last_night if re.search(TWO[lang], text, re.IGNORECASE)] == [], last_night


def test_one_device_without_a_narrator_tells_every_called_role_to_put_the_device_back() -> None:
    """Extended rules on one device: the seer took the device, and nobody told her to put it back; the next role
    heard "the device is in the middle". Every step that hands it over ends with the device back in the middle;
    Cupid's own sleep lines say it with the touch on the shoulder; the lovers only look. A narrator keeps the
    device in hand: the classic table hears none."""
    cards = ["cupid", "werewolf", "seer", "witch", "villager", "villager"]
    n = narrate(answers(("cupid:5,6", 2.0), ("werewolves:4", 2.0), ("seer:1", 2.0), ("witch:pass", 2.0),
                        (VOTE, 30.0), ("day_vote:none", 2.0), ("werewolves:3", 2.0), ("seer:2", 2.0),
                        ("witch:pass", 2.0)), lang="de", roles=cards, ruleset="extended")
    scenes = [c.scene for c in captions(n)]
    before_sleep = {s: scenes[i - 1] for i, s in enumerate(scenes) if s.startswith("night.") and s.endswith(".sleep")}
    for step in ("werewolves", "seer", "witch"):
        assert before_sleep[f"night.{step}.sleep"] == "night.device.back", (step, scenes)
    backs = scenes.count("night.device.back")
    assert backs == 6 and before_sleep["night.cupid.sleep"] != "night.device.back", scenes
    assert before_sleep["night.lovers.sleep"] != "night.device.back"
    classic = narrate(answers(*NIGHT1))
    assert "night.device.back" not in [c.scene for c in captions(classic)]


def test_a_wake_line_that_left_the_device_in_the_middle_is_not_followed_by_put_it_back() -> None:
    """Read de A5, A2: "Werwölfe, … tippt es auf dem Gerät in der Mitte an." then "Leg das Gerät sanft zurück in die
    Mitte." The device never left the middle: a wake line of its scene's `middle` family has no back line after it;
    one that had the role take the device still has. And the back line after the pack speaks to them all (A1):
    no "Leg …" to one "du" after "Werwölfe, …"."""
    from narrator.speech.script import MIDDLE

    from ..narration import SCRIPT

    cards = ["werewolf", "werewolf", "seer", "witch", "fox", "villager", "villager"]
    kept = took = packs = 0
    for seed in range(1, 9):
        n = narrate(answers(("werewolves:6", 2.0), ("seer:1", 2.0), ("witch:pass", 2.0), ("fox:7", 2.0),
                            (VOTE, 30.0), ("day_vote:none", 2.0), ("werewolves:7", 2.0), ("seer:2", 2.0),
                            ("witch:pass", 2.0), ("fox:3", 2.0)), lang="de", seed=seed, roles=cards,
                    ruleset="extended")
        said = [(c.scene, c.text) for c in captions(n)]
        for i, (scene, text) in enumerate(said):
            if not (scene.startswith("night.") and scene.endswith(".wake")) or scene == "night.lovers.wake":
                continue
            nxt = next(s for s, _ in said[i + 1:] if s in ("night.device.back", scene.replace(".wake", ".sleep")))
            middle = MIDDLE in SCRIPT.scenes["de"][scene].families_of(text)
            kept, took = kept + middle, took + (not middle)
            assert (nxt == "night.device.back") != middle, (seed, text, nxt)
        woken = [next(s for s, _ in reversed(said[:i]) if s.endswith(".wake")) for i, (b, _) in enumerate(said)
                 if b == "night.device.back"]
        backs = [t for (b, t) in said if b == "night.device.back"]
        pack = [t for t, w in zip(backs, woken, strict=True) if w == "night.werewolves.wake"]
        packs += len(pack)
        assert [t for t in pack if re.match(r"(Leg|Schieb) ", t)] == [], pack
    assert kept and took and packs  # both kinds of wake line were heard, and the pack put the device back


def test_one_device_tells_the_pack_to_put_the_device_back_in_the_plural() -> None:
    """Read es A5, B1: «Lobos, abrid los ojos… coged el móvil» → «Deja el móvil en el centro.»: the pack's step is
    told back as the wake called it (the `hands` fact), a single role in the singular."""
    cards = ["werewolf", "werewolf", "seer", "witch", "villager", "villager"]
    said = []
    for seed in (1, 2, 3):  # the lines are picked by the seed: three games hear most of each pool
        n = narrate(answers(("werewolves:4", 2.0), ("seer:1", 2.0), ("witch:pass", 2.0), (VOTE, 30.0),
                            ("day_vote:none", 2.0), ("werewolves:3", 2.0), ("seer:2", 2.0), ("witch:pass", 2.0)),
                    lang="es", seed=seed, roles=cards, ruleset="extended")
        said += [(c.scene, c.text) for c in captions(n)]
    lines = Lines(load(SHIPPED), "es", Picker(0))
    scene = lines.script.scenes["es"]["night.device.back"]
    pool = {hands: {scene.variants[i].text for i in lines.fitting("night.device.back", Moment(
        mode="one_device", narrator="no", hands=hands))} for hands in ("one", "many")}
    wolves = [text for i, (s, text) in enumerate(said) if s == "night.device.back"
              and said[i + 1][0] == "night.werewolves.sleep"]
    others = [text for i, (s, text) in enumerate(said) if s == "night.device.back"
              and said[i + 1][0] != "night.werewolves.sleep"]
    assert len(wolves) == 6 and all(text in pool["many"] for text in wolves), said
    assert others and all(text in pool["one"] for text in others), said


# the servant (Ben) is dealt with one device; Carla's card is executed on day 1, and Ben takes it or not: nobody
# learns which (RULES.md, Servant), so her card's later calls are said from the same facts either way
def servant_game(card: str, took: bool, rest: list[tuple[str, float]]) -> Narrator:
    more = ["sister", "villager"] if card == "sister" else ["villager"]  # the sisters need eight players
    roles = ["werewolf", "servant", card, *more, *["villager"] * 3]
    first = ("guard:5", 2.0) if card == "guard" else None
    script = [*([first] if first else []), ("werewolves:6", 2.0), ("servant:=take" if took else "servant:=pass", 2.0),
              (VOTE, 30.0), ("day_vote:3", 3.0), *rest]
    return narrate(answers(*script), lang="de", ruleset="extended", roles=roles)


def test_the_servants_secret_take_does_not_change_the_taken_cards_later_calls() -> None:
    took = servant_game("guard", True, [("guard:4", 2.0), ("werewolves:5", 2.0)])
    kept = servant_game("guard", False, [("werewolves:5", 2.0), ("servant:=pass", 2.0)])
    lines = Lines(load(SHIPPED), "de", Picker(1), ())
    not_gone = Moment(mode="one_device", narrator="no", night="later", pack="one", gone="no")
    for n in (took, kept):
        assert n.state.night == 2 and n.steps[3].step == "guard"
        calls = [c for c in step_captions(n, 3) if c.scene in ("night.guard.wake", "night.guard.sleep")]
        assert [c.scene for c in calls] == ["night.guard.wake", "night.guard.sleep"]
        for c in calls:
            assert c.variant in lines.fitting(c.scene, not_gone), (c.scene, c.text)
    assert [c.variant for c in step_captions(took, 3)] == [c.variant for c in step_captions(kept, 3)]


def test_the_sisters_are_counted_as_the_table_knows_them_whoever_took_a_card() -> None:
    from narrator.game.nightcalls import call_facts

    facts = [call_facts(n.state, "sisters", n.revealed)
             for n in (servant_game("sister", took, []) for took in (True, False))]
    assert facts[0] == facts[1] and facts[0]["left"] == "one"


def heard_all_but(lang: str, scene: str, keep: re.Pattern[str]) -> dict[str, object]:
    """An evening's memory in which every line of `scene` was heard once but those `keep` matches: the picker says
    one of those next wherever it fits."""
    from narrator.speech.lines import marks
    from narrator.speech.picker import key_of

    variants = [v.text for v in load(SHIPPED).scenes[lang][scene].variants]
    kept = frozenset().union(*(marks(t) for t in variants if keep.search(t)))
    # heard long ago, those that open or end as a kept one longest ago: the scene's recent lines do not hide it
    texts = sorted((t for t in variants if not keep.search(t)), key=lambda t: bool(marks(t) & kept))
    return {"tick": len(texts), "heard": {scene: {key_of(t): [1, len(texts) - i] for i, t in enumerate(texts)}}}


def narrate_after(memory: dict[str, object], script: list, lang: str) -> Narrator:  # type: ignore[type-arg]
    """The classic seven narrated on one device, with `memory` as what the evening heard already."""
    import contextlib

    from engine import Game, HouseRules, Mode
    from narrator.game.clock import VirtualClock
    from narrator.game.inputs import Exhausted, ScriptedInput
    from narrator.speech.captions import CaptionSpeaker

    from ..narration import NAMES, ROLES, opening

    game = Game.new(NAMES, roles=ROLES, ruleset="classic", house=HouseRules(), seed=1, mode=Mode.ONE_DEVICE)
    lines = Lines(load(SHIPPED), lang, Picker(1, memory), NAMES, ())
    n = Narrator(game, lines, CaptionSpeaker(None), VirtualClock(), ScriptedInput(opening(7) + script), seed=1)
    with contextlib.suppress(Exhausted):
        n.run()
    return n


@pytest.mark.parametrize(("lang", "more"), [("de", r"noch nicht vorbei"), ("es", r"aún no ha terminado")])
def test_the_last_call_of_the_night_does_not_say_the_night_goes_on(lang: str, more: str) -> None:
    """read_de_A7 3, read_es_A7: the classic seer is the night's last call ("Seherin, schließ die Augen. Die Nacht
    ist noch nicht vorbei." and dawn four seconds later): even when that line is the one least heard, the seer's
    sleep at the end of the night says another."""
    n = narrate_after(heard_all_but(lang, "night.seer.sleep", re.compile(more)), answers(*NIGHT1), lang)
    scenes = [c.scene for c in captions(n)]
    sleep = [c.text for c in captions(n) if c.scene == "night.seer.sleep"]
    assert sleep and not re.search(more, sleep[0]), sleep
    assert scenes[scenes.index("night.seer.sleep") + 1].startswith("dawn"), scenes


def test_the_wolves_win_says_they_are_as_many_as_the_others() -> None:
    """read_es_A7: «La manada ya iguala o supera en número a la aldea» (exactly equal): the narrator knows the count;
    with two wolves and two others left, the line says "as many", never "or more" nor "more"."""
    hedge = re.compile(r"mindestens so")
    script = answers(*NIGHT1, (VOTE, 30.0), ("day_vote:7", 3.0), ("werewolves:4", 2.0), ("witch:pass", 2.0),
                     ("seer:5", 2.0))
    n = narrate_after(heard_all_but("de", "end.wolves.number", hedge), script, "de")
    won = [c.text for c in captions(n) if c.scene == "end.wolves.number"]
    assert n.state.reason == "wolves_number" and len(n.state.alive) == 4
    assert won and not hedge.search(won[0]) and not re.search(r"mehr (Köpfe )?als|stärker als", won[0]), won
