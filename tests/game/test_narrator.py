"""The step loop: fixed-length night steps, the day timer, captions, undo by replay."""

from __future__ import annotations

import itertools

import pytest

from narrator.game.inputs import VOTE, Answer
from narrator.game.narrator import Narrator
from narrator.speech.captions import estimate_seconds

from ..narration import answers, captions, narrate

NIGHT1 = [("werewolves:6", 2.0), ("witch:pass", 10.0), ("seer:1", 3.0)]
DAY1_EXPEL_SEER = [(VOTE, 30.0), ("day_vote:3", 3.0)]
NIGHT2 = [("werewolves:7", 4.0), ("witch:poison:1", 2.0)]


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


def test_dawn_names_the_dead_in_seat_order_without_cause() -> None:
    n = narrate(answers(*NIGHT1, (VOTE, 30.0), ("day_vote:none", 2.0), ("werewolves:7", 2.0),
                        ("witch:poison:5", 2.0), ("seer:2", 2.0)))
    deaths = [c for c in captions(n) if c.scene == "dawn.deaths"]
    assert len(deaths) == 1 and "Eva" in deaths[0].text and "Gala" in deaths[0].text
    assert deaths[0].text.index("Eva") < deaths[0].text.index("Gala")
    assert "hunter.wake" not in [c.scene for c in captions(n)]  # poisoned: no shot


def test_day_timer_warns_at_one_minute_and_at_the_end_but_never_ends_the_day() -> None:
    late = narrate(answers(*NIGHT1, (VOTE, 200.0), ("day_vote:none", 2.0)), day_timer_minutes=3)
    scenes = [c.scene for c in captions(late)]
    start = next(c for c in captions(late) if c.scene == "day.timer.start")
    warning = next(c for c in captions(late) if c.scene == "day.timer.warning")
    end = next(c for c in captions(late) if c.scene == "day.timer.end")
    assert warning.t == pytest.approx(start.end + 120) and end.t == pytest.approx(start.end + 180)
    assert scenes.index("day.timer.end") < scenes.index("day.vote.start")
    vote = next(c for c in captions(late) if c.scene == "day.vote.start")
    assert vote.t >= start.end + 200 - 1e-6  # the captions' times are sums of floats
    middle = narrate(answers(*NIGHT1, (VOTE, 150.0), ("day_vote:none", 2.0)), day_timer_minutes=3)
    assert "day.timer.warning" in [c.scene for c in captions(middle)]
    assert "day.timer.end" not in [c.scene for c in captions(middle)]
    early = narrate(answers(*NIGHT1, (VOTE, 50.0), ("day_vote:none", 2.0)), day_timer_minutes=3)
    assert not any(c.scene.startswith("day.timer.w") for c in captions(early))
    off = narrate(answers(*NIGHT1, (VOTE, 500.0), ("day_vote:none", 2.0)))
    assert not any(c.scene.startswith("day.timer") for c in captions(off))


def test_expelled_hunter_gets_his_step_and_the_end_reveals_every_card() -> None:
    n = narrate(answers(*NIGHT1, (VOTE, 30.0), ("day_vote:5", 2.0), ("hunter:2", 4.0), ("werewolves:4", 2.0),
                        ("witch:poison:1", 2.0), ("seer:7", 2.0)))
    scenes = [c.scene for c in captions(n)]
    assert scenes[scenes.index("day.vote.out") + 1] == "hunter.wake"
    assert scenes[scenes.index("hunter.wake") + 1] == "hunter.shot"
    assert n.state.winner == "village"
    assert scenes[-8] == "end.village" and scenes[-7:] == ["end.reveal"] * 7
    reveal = [c.text for c in captions(n)][-7:]
    assert "Ana" in reveal[0] and "werewolf" in reveal[0] and "Carla" in reveal[2] and "seer" in reveal[2]


def test_every_line_said_is_captioned_once_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    from narrator.speech.lines import Lines

    said = []
    original = Lines.say

    def spy(self: Lines, scene: str, moment: object = None, **values: object):  # type: ignore[no-untyped-def]
        line = original(self, scene, moment, **values)
        said.append(line)
        return line

    monkeypatch.setattr(Lines, "say", spy)
    n = narrate(answers(*NIGHT1, (VOTE, 30.0), ("day_vote:5", 2.0), ("hunter:2", 4.0), ("werewolves:4", 2.0),
                        ("witch:poison:1", 2.0), ("seer:7", 2.0)), day_timer_minutes=5)
    caps = captions(n)
    assert [(c.scene, c.variant, c.text) for c in caps] == [(x.scene, x.variant, x.text) for x in said]
    assert all(b.t >= a.end - 1e-9 for a, b in itertools.pairwise(caps))
    assert all(c.end - c.t == pytest.approx(estimate_seconds(c.text)) for c in caps)


def test_nothing_secret_is_spoken() -> None:
    n = narrate(answers(*NIGHT1, (VOTE, 30.0), ("day_vote:none", 2.0), ("werewolves:7", 2.0),
                        ("witch:heal:7", 2.0), ("seer:2", 2.0)))
    night_text = " ".join(c.text for c in captions(n) if c.scene.startswith(("night.", "dawn.")))
    for word in ("werewolf", "seer", "village"):
        assert f"was {word}" not in night_text
    assert "Gala" not in night_text  # attacked and healed: never named
    assert "Ana" not in night_text  # looked at by the seer: never named


def test_a_refused_answer_is_asked_again() -> None:
    bad = [Answer(*a) for a in [(x.value, x.delay) for x in answers(("werewolves:6", 2.0))]]
    from engine import Choice

    n = narrate([*bad, Answer(Choice("witch", heal=6, poison=1), 2.0), *answers(("witch:pass", 2.0))])
    assert n.state.current is not None and n.state.current.step == "seer"


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
