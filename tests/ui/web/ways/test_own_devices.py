"""Own devices: the called step's actor gets its real question with the wake line, and its first tap counts."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ..tables import Phone
from ..test_frames import own_table, play


@pytest.mark.parametrize(("rules", "lang", "players", "seed"), [("classic", "de", 6, 31), ("extended", "de", 8, 32)])
def test_a_wolfs_first_screen_in_his_step_is_the_real_question(tmp_path: Path, rules: str, lang: str, players: int,
                                                                seed: int) -> None:
    """A wolf's phone showed a look-alike list titled "Werwölfe" while the pack was called, answered his tap with
    "Erledigt. Warte auf die anderen." and then asked again: his first tap was thrown away."""
    hub, table, host, phones = own_table(tmp_path, players, rules, lang, seed)
    host.send(t="deal")
    play(hub, table, phones, host, None, random.Random(seed))
    checked = 0
    for phone in phones:
        night = None
        for f in phone.frames:
            m, public, state = f.message, f.public, f.state
            if m["t"] != "screen" or public is None or state is None or public.called != "werewolves":
                continue
            if phone.seat not in state.wolves or phone.seat not in state.alive or m.get("screen") != "night":
                continue
            if night == m["night"]:
                continue  # only his first screen of the step
            night = m["night"]
            checked += 1
            assert not m.get("decoy") and m["step"] == "werewolves", f"{phone.name} was first shown a decoy: {m}"
            assert not m.get("done"), f"{phone.name} was told he was done before he tapped: {m}"
    assert checked, "no wolf's phone was shown the pack's step"
    end = host.screen()
    assert end is not None and end["screen"] == "end"


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> list[Phone]:
    """A classic game of 8 on the players' phones, every bot tapping at a person's pace on a virtual clock
    (some during the wake lines); its seer is eaten the first night, so her step is called dead after the
    witch's, the night's last choice, every night after."""
    from narrator.game.clock import AgendaClock
    from narrator.ui.web import gameloop

    from ..test_frame_steps import people

    clock, seed = AgendaClock(), 34  # a seed whose game goes so (the steps' beats move every later tap)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gameloop, "random_seed", lambda: seed)
        hub, table, host, phones = own_table(tmp_path_factory.mktemp("paced"), 8, "classic", "en", seed)
        hub.loop.clock = lambda: clock
        people(table, clock, random.Random(seed))
        host.send(t="deal")
        table.wait(lambda: (host.screen() or {}).get("screen") == "end")
        hub.stop_game()
    return phones


def test_a_step_answered_by_an_early_tap_opens_its_question_on_every_phone(paced: list[Phone]) -> None:
    """An actor's tap during the wake line was handed to the narrator the moment it asked, and no phone was
    sent the step's question: a live step then showed no frame where a dead step's decoy opens and closes, and
    the seer's answer (with every other phone's dummy) came before any screen of her question. Now every living
    phone is shown the step's own question as it opens, then told what it learned, then listens."""
    from engine import answerer

    early = checked = 0
    for phone in paced:
        for run in called_runs(phone):
            state, step = run[0].state, run[0].public.called
            if state.phase != "night" or phone.seat not in state.alive or state.current is None \
                    or state.current.step != step:
                continue  # a dead or idle step, or a dead phone's
            own = [f for f in run if f.public.step == step and not f.public.decoy]
            checked += 1
            assert own and own[0].message["t"] == "screen" and own[0].message["q"] == own[0].public.number, \
                f"{phone.name} was not shown {step}'s question first: {[f.message for f in own[:2]]}"
            before = run[:next(i for i, f in enumerate(run) if f is own[0])]  # the wake line, before the narrator asks
            early += any((set(f.public.called_done) | {s for s, _ in f.public.picks}) & set(answerer(state).seats)
                         for f in before)
    assert checked and early, (checked, early)  # live steps, some answered by an early tap


def test_a_dead_step_after_the_nights_last_choice_stays_on_the_night(paced: list[Phone]) -> None:
    """The game was told to the page before every wake line, dead steps too: a dead seer's step after the
    witch's choice came with the night already resolved, so her phone-less step showed every phone the day's
    "step" screen (not padded to a night screen's size) and the night's deaths before the dawn said them. A
    step called is a night screen on every living phone, of the night as the table has heard it."""
    trailing = 0
    for phone in paced:
        for run in called_runs(phone):
            first, step = run[0].state, run[0].public.called
            if phone.seat not in first.alive:
                continue
            trailing += step == "seer" and (first.current is None or first.current.step != step)
            for f in run:
                assert f.state.phase == "night" and f.state.deaths == first.deaths, \
                    f"{phone.name} in {step}: the game shown is at {f.state.phase}"
                if f.message["t"] == "screen":
                    assert f.message["screen"] == "night", f"{phone.name}: {f.message}"
    assert trailing, "no dead seer's step was called"


def called_runs(phone: Any) -> list[list[Any]]:
    """A phone's frames grouped by the night step called when each was sent (from its wake to its sleep)."""
    runs: list[list[Any]] = []
    last = None
    for f in phone.frames:
        called = f.public.called if f.public is not None and f.state is not None and not f.state.over else None
        if called is not None:
            if called != last:
                runs.append([])
            runs[-1].append(f)
        last = called
    return runs
