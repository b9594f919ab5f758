"""The day as the narrator tells it: the debate's timer that warns but never ends the day, the vote, a shot after
it, and the end that reveals every card."""

from __future__ import annotations

import re

import pytest

from narrator.game.inputs import VOTE

from ..narration import NIGHT1, answers, captions, narrate


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


@pytest.mark.parametrize("genders", [(), ("m", "f", "f", "m", "f", "m", "f", "m")])
def test_the_second_sister_card_of_the_end_is_not_said_as_the_first(genders: tuple[str, ...]) -> None:
    """Read A6, D: "Auf dem Platz von Felix liegt eine der beiden Schwesternkarten." then "Das Geheimnis von Spieler
    fünfzehn: eine der beiden Schwesternkarten.": the second is "die zweite Schwesternkarte" (a woman's, "die
    andere Schwester")."""
    roles = ["werewolf", "sister", "sister", *["villager"] * 5]
    n = narrate(answers(("werewolves:4", 2.0), (VOTE, 30.0), ("day_vote:1", 3.0)), lang="de", ruleset="extended",
                roles=roles, genders=genders)
    reveals = [c.text for c in captions(n) if c.scene == "end.reveal"]
    assert len(reveals) == 8 and re.search(r"(?i)eine der (beiden Schwesternkarten|Schwestern)\b", reveals[1])
    assert re.search(r"\b(zweite[n]? Schwesternkarte|andere[n]? Schwester)\b", reveals[2]), reveals[2]


@pytest.mark.parametrize(("lang", "third"), [("de", r"\bdritte[n]? Brüderkarte\b"),
                                             ("es", r"\b(tercera carta de hermano|tercer hermano)\b"),
                                             ("en", r"\bthird (of the brothers' cards|brother)\b")])
def test_the_third_brother_card_of_the_end_is_said_as_the_third(lang: str, third: str) -> None:
    """read_de_B7 17: "Spieler sechzehn: eine weitere Brüderkarte" … "Spieler vierundzwanzig: eine weitere
    Brüderkarte": the third card of a group is "die dritte Brüderkarte"."""
    roles = ["werewolf", "brother", "brother", "brother", *["villager"] * 6]
    n = narrate(answers(("werewolves:5", 2.0), (VOTE, 30.0), ("day_vote:1", 3.0)), lang=lang, ruleset="extended",
                roles=roles)
    reveals = [c.text for c in captions(n) if c.scene == "end.reveal"]
    assert len(reveals) == 10 and re.search(third, reveals[3]), reveals[1:4]
