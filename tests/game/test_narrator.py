"""The narrator's loop: the dawn's news, every line captioned once, nothing secret said, a refused answer asked
again (the night's steps: test_nightcalls.py; the day: test_daytime.py)."""

from __future__ import annotations

import itertools

import pytest

from narrator.game.inputs import VOTE, Answer
from narrator.speech.captions import estimate_seconds

from ..narration import NIGHT1, answers, captions, narrate


def test_dawn_names_the_dead_in_seat_order_without_cause() -> None:
    n = narrate(answers(*NIGHT1, (VOTE, 30.0), ("day_vote:none", 2.0), ("werewolves:7", 2.0),
                        ("witch:poison:5", 2.0), ("seer:2", 2.0)))
    deaths = [c for c in captions(n) if c.scene == "dawn.deaths"]
    assert len(deaths) == 1 and "Eva" in deaths[0].text and "Gala" in deaths[0].text
    assert deaths[0].text.index("Eva") < deaths[0].text.index("Gala")
    assert "hunter.wake" not in [c.scene for c in captions(n)]  # poisoned: no shot


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

