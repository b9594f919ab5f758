"""Round the table ("Reihum"): the device goes clockwise, lap after lap, one question a seat a turn.

Every game here runs on the virtual clock; none depends on the wall clock.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine import Choice, Game, HouseRules, State
from engine.house import defaults
from narrator.cli.main import main
from narrator.game import laps
from narrator.game.clock import Clock, VirtualClock
from narrator.game.inputs import NEVER, TURN, UNDO, Answer, Input, Question, RandomInput
from narrator.game.journal import Journal
from narrator.game.narrator import Narrator
from narrator.game.records import Numbered
from narrator.game.roundnight import REACH_FIRST
from narrator.game.session import Session, Table, encode, open_journal
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.ui.terminal import Keyboard, TerminalInput

from ..cli.test_demo import said_end
from ..narration import SCRIPT

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Inés", "Juan", "Kira", "Luis"]
WITCH_FIRST = ["witch", "seer", "villager", "hunter", "werewolf", "werewolf", "villager"]
SEEDS = [1, 2, 3, 4, 5, 6]


class Tracing(Narrator):
    """A narrator that keeps every question it asks (once each), and who lived at each nightfall."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[tuple[int, Question]] = []  # (night, question)
        self.nightfall: dict[int, list[int]] = {}

    def ask(self, question: Question, asked_at: float, until: float = NEVER) -> Answer | None:
        if not self.asked or self.asked[-1][1] != question:
            self.asked.append((self.state.night, question))
        return super().ask(question, asked_at, until)

    def night(self) -> None:
        self.nightfall[self.state.night] = sorted(self.state.alive)
        super().night()

    def turns(self, night: int) -> list[Question]:
        return [q for n, q in self.asked if n == night and q.step == TURN]


@dataclass
class Steady(RandomInput):
    """RandomInput's answers, each turn answered `delay` seconds after it is asked; wolves as told."""

    delay: float = 2.0
    picks: dict[int, int | None] = field(default_factory=dict)

    def _draw(self, question: Question) -> Answer:
        drawn = super()._draw(question)
        if question.step != TURN:
            return drawn
        pick = Choice("werewolves", self.picks.get(question.seat or 0))
        if question.task == "werewolves" and question.seat in self.picks and pick in question.legal:
            return Answer(pick, self.delay)
        return Answer(drawn.value, self.delay)


def table(players: int = 12, roles: Sequence[str] | None = None, ruleset: str = "extended", seed: int = 1,
          house: HouseRules | None = None) -> Table:
    return Table.deal(NAMES[:players] if players <= len(NAMES) else [*NAMES, *[""] * (players - len(NAMES))],
                      house or defaults(ruleset), seed, "en", kind="demo", roles=roles, ruleset=ruleset,
                      mode="round_table")


def play(t: Table, live: Input | None = None, replay: list[Answer] | None = None, lang: str = "en",
         record: Any = None) -> Tracing:
    lines = Lines(SCRIPT, lang, Picker(t.seed), t.players)
    n = Tracing(t.game(), lines, CaptionSpeaker(None), VirtualClock(), live or RandomInput(t.seed), seed=t.seed,
                replay=replay, resumed=bool(replay), record=record)
    n.run()
    return n


def captions(n: Narrator) -> list[Any]:
    speaker = n.live_speaker
    assert isinstance(speaker, CaptionSpeaker)
    return speaker.captions


@pytest.mark.parametrize("seed", SEEDS)
def test_every_living_seat_has_a_turn_in_every_lap(seed: int) -> None:
    n = play(table(seed=seed))
    assert n.state.over and n.nightfall
    for night, seats in n.nightfall.items():
        turns = [q.seat for q in n.turns(night)]
        assert len(turns) % len(seats) == 0
        lap_count = len(turns) // len(seats)
        assert lap_count >= laps.MIN_LAPS
        assert turns == seats * lap_count  # clockwise from the first living seat, every lap
        decoys = laps.decoys(seats)
        assert all(q.legal == decoys for q in n.turns(night) if q.task is None)
    scenes = [c.scene for c in captions(n)]
    assert scenes.count("round.done") == len(n.nightfall)
    assert not any(s.startswith("night.") and s.endswith(".wake") for s in scenes)  # nobody is woken
    for start in (i for i, s in enumerate(scenes) if s == "round.start"):  # the dawn waits for the last turn
        done = scenes.index("round.done", start)
        assert set(scenes[start + 1:done]) <= {"round.turn", "round.again", "night.reminder"}
        assert scenes[done + 1] == "round.dawn"


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_a_turn_lasts_the_same_whether_it_acts_or_is_a_decoy(seed: int) -> None:
    t = table(seed=seed)
    n = play(t, Steady(t.seed, delay=2.0))
    window = t.house.step_seconds
    heard = captions(n)
    kinds = set()
    for timing in n.steps:
        inside = [c for c in heard if timing.t <= round(c.t, 3) < timing.end]
        assert [c.scene for c in inside] == ["round.turn"]
        assert timing.end - timing.t == pytest.approx(inside[0].end - inside[0].t + window, abs=2e-3)
        kinds.add(timing.actor_alive)
    assert kinds == {True, False}  # both actions and decoys were timed

    # every answer late, past the time the device needs to come round too: a lap reminds once, at its first turn
    late = play(t, Steady(t.seed, delay=window + REACH_FIRST + 3.0))
    heard = captions(late)
    laps = [c.t for c in heard if c.scene in ("round.start", "round.again")]
    for timing in late.steps:
        inside = [c.scene for c in heard if timing.t <= round(c.t, 3) < timing.end]
        lap_start = max(t for t in laps if t <= timing.t)
        first_turn = not any(lap_start <= s.t < timing.t for s in late.steps)
        assert inside == (["round.turn", "night.reminder"] if first_turn else ["round.turn"])


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_very_slow_turn_hears_one_reminder_not_two(lang: str) -> None:
    """Read s46: "Noch ist die Wahl nicht getroffen. Ganz ruhig." then, in the same short turn, "Ein paar Sekunden
    noch für die Wahl." (de 2.txt 23:25/23:31); «Toca decidir, con calma.» then «En silencio, y sin entretenerse
    más.» (es 23:45/23:51): a calm line and a hurried one clash. A turn answered more than two windows late hears
    one reminder, the lap's first, and no second; the turn's time is held as before."""
    t = table(seed=2)
    late = play(t, Steady(t.seed, delay=2 * t.house.step_seconds + 3.0), lang=lang)
    heard = captions(late)
    counts = [sum(1 for c in heard if timing.t <= round(c.t, 3) < timing.end and c.scene == "night.reminder")
              for timing in late.steps]
    assert late.steps and max(counts) == 1 and counts.count(1) >= len(late.nightfall), counts


@pytest.mark.parametrize("seed", SEEDS)
def test_the_engine_gets_the_choices_it_would_get_from_one_device(seed: int) -> None:
    t = table(seed=seed)
    n = play(t)
    direct = t.game()
    for choice in n.game.choices:
        direct.choose(choice)
    assert direct.state == n.state and direct.events == n.game.events
    one_device = Game.new(t.players, ruleset=t.ruleset, house=t.house, seed=t.seed, roles=t.roles,
                          extra=t.extra, mode="one_device")
    for choice in n.game.choices:  # the scenario contract does not change with the mode
        one_device.choose(choice)
    assert one_device.state.but(mode="round_table") == n.state
    assert not any(c.step == laps.DECOY for c in n.game.choices)


def test_the_witch_before_the_wolves_is_asked_on_the_second_lap() -> None:
    t = table(7, WITCH_FIRST, "classic", seed=3)
    n = play(t, Steady(t.seed, picks={5: 3, 6: 3}))
    night1 = n.turns(1)
    assert [q.seat for q in night1] == list(range(1, 8)) * 2
    lap1, lap2 = night1[:7], night1[7:]
    assert [q.task for q in lap1] == [None, "seer", None, None, "werewolves", "werewolves", None]
    assert [q.task for q in lap2] == ["witch", None, None, None, None, None, None]
    direct = t.game()
    direct.choose(n.game.choices[0])
    assert lap2[0].legal == tuple(direct.legal())  # the witch: the choices the engine gives her
    direct.choose(n.game.choices[1])
    assert lap1[1].legal == tuple(direct.legal())  # the seer, asked a lap ahead of the engine
    assert n.game.choices[0] == Choice("werewolves", 3) and Choice("witch", heal=3) in lap2[0].legal
    assert [c.step for c in n.game.choices[:3]] == ["werewolves", "witch", "seer"]


@pytest.mark.parametrize(("picks", "victim"), [({1: 5, 2: 5, 3: 7}, 5), ({1: 5, 2: 7, 3: 6}, None),
                                                ({1: 6, 2: None, 3: 6}, 6), ({1: None, 2: None, 3: 9}, None)])
def test_the_pack_takes_the_seat_most_wolves_picked(picks: dict[int, int | None], victim: int | None) -> None:
    roles = ["werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager"]
    t = table(9, roles, "classic", seed=2)
    n = play(t, Steady(t.seed, picks=picks))
    pack = next(c for c in n.game.choices if c.step == "werewolves")
    assert pack == Choice("werewolves", victim)


def test_two_wolves_at_odds_attack_nobody() -> None:
    t = table(7, WITCH_FIRST, "classic", seed=3)
    n = play(t, Steady(t.seed, picks={5: 1, 6: 2}))
    assert n.game.choices[0].text() == "werewolves:none"


def journal_of(t: Table, path: Path) -> Tracing:
    journal = Journal.create(path, t.to_json(), "a round-table game")
    records = Numbered(journal)

    def record(q: Question, a: Answer) -> None:
        records.append("answer", f"answer {q.number + 1} recorded", encode(q, a))

    try:
        return play(t, record=record)
    finally:
        journal.close()


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_a_game_resumed_from_its_journal_asks_the_same_questions(seed: int, tmp_path: Path) -> None:
    t = table(seed=seed)
    whole = journal_of(t, tmp_path / "game.jsonl")
    answers = open_journal(tmp_path / "game.jsonl").answers
    assert len(answers) == whole.answered
    assert any(isinstance(a.value, Choice) and a.value.step == laps.DECOY for a in answers)
    first_turn = next(i for i, (_, q) in enumerate(whole.asked) if q.step == TURN)
    for cut in (first_turn + 1, first_turn + 17, len(answers) // 2, len(answers) - 1):
        again = play(Table.from_json(t.to_json()), replay=answers[:cut])
        assert [q for _, q in again.asked] == [q for _, q in whole.asked]
        assert again.state == whole.state


def test_an_undo_during_the_laps_takes_back_the_last_turn(tmp_path: Path) -> None:
    @dataclass
    class UndoOnce(RandomInput):
        done: bool = False

        def answer(self, question: Question, state: State, clock: Clock, asked_at: float,
                   until: float) -> Answer | None:
            if question.step == TURN and state.night == 2 and not self.done:
                self.done = True
                return Answer(UNDO, 1.0)
            return super().answer(question, state, clock, asked_at, until)

    t = table(seed=4)
    path = tmp_path / "undo.jsonl"
    journal = Journal.create(path, t.to_json(), "a round-table game")
    live = UndoOnce(t.seed)
    session = Session(t, SCRIPT, CaptionSpeaker(None), VirtualClock(), live, journal)
    try:
        n = session.run()
    finally:
        journal.close()
    assert live.done and n.state.over
    kinds = [json.loads(line)["kind"] for line in path.read_text().splitlines()]
    assert "undo" in kinds
    replayed = play(Table.from_json(t.to_json()), replay=open_journal(path).answers)
    assert replayed.state == n.state


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_demo_goes_round_the_table_to_the_end(lang: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    timeline = tmp_path / "t.jsonl"
    assert main(["demo", "--fast", "--mode", "round_table", "--ruleset", "extended", "--players", "12",
                 "--lang", lang, "--seed", "8", "--timeline", str(timeline)]) == 0
    err = capsys.readouterr().err
    said_end(err, lang, 8)
    assert "Traceback" not in err
    rows = [json.loads(line) for line in timeline.read_text().splitlines()]
    scenes = {r["scene"] for r in rows if "scene" in r}
    assert {"round.turn", "round.again", "round.done"} <= scenes
    assert {r["step"] for r in rows if "step" in r} >= {laps.DECOY, "werewolves"}


def test_the_terminal_shows_a_turn_with_the_seat_and_its_choices() -> None:
    t = table(7, WITCH_FIRST, "classic", seed=3)
    state = t.game().state
    lines = Lines(SCRIPT, "en", Picker(t.seed), t.players)
    out = io.StringIO()
    seer = Question(TURN, tuple(laps.legal(state, "seer")), 2, 8, "seer")
    term = TerminalInput(lines, out, Keyboard(io.StringIO(f"{seer.legal[3].target}\n\n")))  # a seat's key: its number
    answer = term.answer(seer, state, VirtualClock(), 0.0, NEVER)
    assert answer is not None and answer.value == seer.legal[3]
    shown = out.getvalue()
    assert "Ben" in shown and "1)" in shown and "Gala" in shown
    out = io.StringIO()
    decoy = Question(TURN, laps.decoys(sorted(state.alive)), 3, 9, None)
    term = TerminalInput(lines, out, Keyboard(io.StringIO("1\n")))
    answer = term.answer(decoy, state, VirtualClock(), 0.0, NEVER)
    assert answer is not None and answer.value == Choice(laps.DECOY, 1)
    assert "Carla" in out.getvalue() and "Ana" in out.getvalue()


@pytest.mark.parametrize(("players", "seed"), [(12, 1), (12, 2), (18, 3), (18, 4), (8, 5)])
def test_the_number_of_laps_depends_only_on_the_cards_and_the_night(players: int, seed: int) -> None:
    """How many laps a night takes is fixed by the cards in play and whether it is night 1, never by who
    lives or where they sit: a third lap comes every night a chain (the witch after the wolf father after
    the pack) is in play, needed or not."""
    n = play(table(players=players, seed=seed))
    counts = {}
    for night, living in n.nightfall.items():
        asked = len(n.turns(night))
        assert asked % len(living) == 0
        counts[night] = asked // len(living)
    later = {c for night, c in counts.items() if night > 1}
    assert len(later) <= 1, counts  # every night after the first goes round the same number of times
    assert min(counts.values()) >= laps.MIN_LAPS


def test_the_morning_after_a_round_does_not_ask_to_open_eyes() -> None:
    n = play(table(players=8, seed=2))
    scenes = [c.scene for c in captions(n)]
    assert "round.dawn" in scenes and "dawn.start" not in scenes
    assert "night.start" not in scenes and "round.start" in scenes


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_a_later_laps_first_turn_is_said_as_a_start(lang: str) -> None:
    """Reader B (stop 45): after «Otra vuelta a la mesa…» the first seat heard «Después le toca a Ana.», as if the
    round went on from someone: the lap's first turn was said as a "middle" one. Now it is the lap's first (a
    start), with the later lap's lines (its device comes from the last seat, not the middle)."""
    n = play(table(players=8, seed=2), lang=lang)
    said = captions(n)
    variants = SCRIPT.scenes[lang]["round.turn"].variants
    firsts = [said[i + 1] for i, c in enumerate(said[:-1]) if c.scene == "round.again"]
    assert firsts and all(c.scene == "round.turn" for c in firsts)
    assert all(dict(variants[c.variant].when).get("lap") == frozenset({"later"}) for c in firsts), \
        [c.text for c in firsts]
