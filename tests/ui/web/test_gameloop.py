"""The hub's game thread (narrator/ui/web/gameloop.py): a rematch is the engine's `rematch` choice, answered on
the end screen and journaled in the game's own journal; undo on the end screen is the session's undo, as
anywhere; a continued journal with a rematch in it goes on with the second game."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from engine.flow import REMATCH
from narrator.config import Config
from narrator.game.journal import Journal
from narrator.game.session import Table as Dealt
from narrator.game.session import open_journal
from narrator.speech.lines import Line
from narrator.ui.web.hub import Hub
from narrator.ui.web.tablevoice import PageCaptions

from ...narration import SCRIPT
from .tables import GUARD_S, Phone, Table, journal_of
from .test_frames import play

OPENING = ["game.welcome", "deal.cards", "deal.pass"]  # what a table hears first of a game dealt


class Voices:
    """Every speaker the hub makes (one per session), each keeping the scenes it said."""

    def __init__(self, kind: type[PageCaptions] = PageCaptions) -> None:
        self.kind = kind
        self.made: list[PageCaptions] = []

    def __call__(self, hub: Hub, table: Dealt) -> PageCaptions:
        self.made.append(self.kind(hub.stage))
        return self.made[-1]

    def scenes(self) -> list[str]:
        return [c.scene for speaker in self.made for c in speaker.captions]


class HeldReveal(PageCaptions):
    """Holds the narrator in the first card revealed at the end until the test lets it go on."""

    def __init__(self, stage: Any) -> None:
        super().__init__(stage)
        self.speaking, self.done = threading.Event(), threading.Event()

    def say(self, line: Line, at: float, seconds: float | None = None) -> float:
        if line.scene == "end.reveal" and not self.speaking.is_set():
            self.speaking.set()
            assert self.done.wait(GUARD_S)
        return super().say(line, at, seconds)


def ended(tmp_path: Path, voices: Voices | None = None) -> tuple[Hub, Table, Phone]:
    """A one-device game of 8 played by its host to the end screen."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=voices)
    table = Table(hub, 11)
    host = table.connect("host")
    host.send(t="players", players=8)
    host.send(t="deal")
    play(hub, table, [], host, None, random.Random(11))
    return hub, table, host


def screens(phone: Phone, after: int = 0) -> list[dict[str, Any]]:
    return [f.message for f in phone.frames[after:] if f.message["t"] == "screen"]


def records(hub: Hub) -> list[dict[str, Any]]:
    assert journal_of(hub) is not None
    return Journal.read(journal_of(hub)).records


def test_a_rematch_is_a_choice_in_the_games_journal_and_its_deal_is_narrated_as_a_new_games(tmp_path: Path) -> None:
    voices = Voices()
    hub, table, host = ended(tmp_path, voices)
    path, session, first = journal_of(hub), hub.input, hub.dealt
    said = len(voices.scenes())  # the cards may still be revealed aloud: a rematch cuts that short
    host.send(t="rematch")
    # the deal screen comes with the deal, the voice goes on: wait for the new game's opening to be said
    table.wait(lambda: (host.screen() or {}).get("screen") == "deal" and "deal.pass" in voices.scenes()[said:])
    assert journal_of(hub) == path and hub.input is session, "the rematch started another session and journal"
    assert hub.state is not None and hub.state.game == 2 and hub.dealt is not first
    answered = [r for r in records(hub) if r["kind"] == "answer"]
    assert answered[-1]["step"] == REMATCH and answered[-1]["value"] == REMATCH
    assert [r["kind"] for r in records(hub)][-2] == "over"
    after = voices.scenes()[said:]
    again = after.index("game.welcome")
    assert voices.scenes()[:3] == OPENING and after[again:again + 3] == OPENING
    assert set(after[:again]) <= {"end.reveal"}, "something else was said between the end and the new deal"
    assert len(list(tmp_path.glob("games/*.jsonl"))) == 1
    hub.stop_game()


def test_a_rematch_tapped_while_the_cards_are_revealed_cuts_them_short_and_deals(tmp_path: Path) -> None:
    voices = Voices(HeldReveal)
    hub, table, host = ended(tmp_path, voices)
    held = voices.made
    assert isinstance(held[0], HeldReveal)
    assert held[0].speaking.wait(GUARD_S)  # the end screen is up; the first card is being revealed aloud
    host.send(t="rematch")
    assert not host.refusals()
    held[0].done.set()
    table.wait(lambda: (host.screen() or {}).get("screen") == "deal")
    scenes = [c.scene for c in held[0].captions]
    assert scenes.count("end.reveal") == 1 and scenes[-3:] == OPENING, "the reveals went on after the rematch"
    answered = [r for r in records(hub) if r["kind"] == "answer"]
    assert answered[-1]["step"] == REMATCH and hub.input is not None and len(held) == 1
    hub.stop_game()


def test_the_end_screen_shows_each_card_as_the_voice_reveals_it(tmp_path: Path) -> None:
    """A walk: the end screen drew every card within a second (and the game's story, which names them too) while
    the narrator went on revealing them one by one for many seconds: each card was on the screen before it was said."""
    voices = Voices(HeldReveal)
    hub, table, host = ended(tmp_path, voices)
    held = voices.made[0]
    assert isinstance(held, HeldReveal) and held.speaking.wait(GUARD_S)  # the first card is being revealed aloud
    with table.changed:
        ends = [s for s in screens(host) if s["screen"] == "end"]
    assert ends[0]["revealed"] == [] and ends[-1]["revealed"] == [1], [s.get("revealed") for s in ends]
    held.done.set()
    table.wait(lambda: "revealed" not in ((host.screen() or {}) if (host.screen() or {}).get("screen") == "end"
                                          else {"revealed": 0}))
    revealed = [s.get("revealed") for s in screens(host) if s["screen"] == "end"]
    assert revealed == [[], *([list(range(1, n + 1)) for n in range(1, 9)]), None], revealed
    hub.stop_game()


def test_a_journal_continued_after_a_rematch_goes_on_with_the_second_game(tmp_path: Path) -> None:
    hub, table, host = ended(tmp_path)
    host.send(t="rematch")
    table.wait(lambda: (host.screen() or {}).get("screen") == "deal")
    host.send(t="show", q=host.screen()["q"])  # type: ignore[index]
    host.send(t="cover", q=host.screen()["q"])  # type: ignore[index]
    table.wait(lambda: (host.screen() or {}).get("seat") == 2)
    asked = hub.question
    hub.stop_game()  # the server stops in the second game's deal
    again = Hub(Config(), SCRIPT, tmp_path, fast=True)
    assert again.screen == {"screen": "resume"}
    page = Table(again).connect("host", host.token)
    page.send(t="continue")
    page.table.wait(lambda: (page.screen() or {}).get("screen") == "deal")
    assert again.state is not None and again.state.game == 2, "the continued game is the first again"
    assert again.question == asked
    again.stop_game()


def test_undo_on_the_end_screen_is_the_sessions_undo(tmp_path: Path) -> None:
    hub, table, host = ended(tmp_path)
    session = hub.input
    last = max(r["n"] for r in records(hub) if r["kind"] == "answer" and ":" in str(r["value"]))
    host.send(t="undo")
    table.wait(lambda: hub.question is not None and hub.question.step != REMATCH)
    assert hub.input is session, "undo on the end screen restarted the session"
    assert hub.question.number == last  # type: ignore[union-attr]
    assert [r["kind"] for r in records(hub)][-2:] == ["over", "undo"]
    hub.stop_game()


def test_undo_on_the_first_screen_after_a_rematch_goes_back_to_the_end_screen(tmp_path: Path) -> None:
    hub, table, host = ended(tmp_path)
    table.wait(lambda: hub.question is not None and hub.question.step == REMATCH)  # every card revealed aloud
    end = [s for s in screens(host) if s["screen"] == "end"][-1]
    assert "revealed" not in end, "the end screen shows every card once the rematch is asked"
    host.send(t="rematch")
    table.wait(lambda: (host.screen() or {}).get("screen") == "deal")
    shown = len(host.frames)
    host.send(t="undo")
    table.wait(lambda: hub.question is not None and hub.question.step == REMATCH)
    assert hub.state is not None and hub.state.over and hub.state.game == 1
    assert [s for s in screens(host, shown) if s["screen"] == "end"][-1] == end
    standing = open_journal(journal_of(hub)).answers  # type: ignore[arg-type]
    assert not [a for a in standing if a.origin is not None and a.origin.step == REMATCH], "the rematch stands"
    hub.stop_game()


def test_a_rematch_before_the_end_is_refused(tmp_path: Path) -> None:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub, 1)
    host = table.connect("host")
    host.send(t="rematch")  # no game yet
    host.send(t="players", players=6)
    host.send(t="deal")
    table.wait(lambda: (host.screen() or {}).get("screen") == "deal")
    session = hub.input
    host.send(t="rematch")  # a game in play is not ended by a rematch
    assert [r["rule"] for r in host.refusals()] == ["stale", "stale"]
    assert hub.input is session and (hub.state is None or hub.state.game == 1)
    hub.stop_game()


def test_a_continued_game_shows_its_screen_before_its_voice_is_built(tmp_path: Path) -> None:
    from .test_hub_resume import Page, waiting_game

    waiting_game(tmp_path)
    building, built = threading.Event(), threading.Event()

    def slow_voice(hub: Hub, table: Dealt) -> PageCaptions:  # a natural voice takes seconds to load
        building.set()
        assert built.wait(GUARD_S)
        return PageCaptions(hub.stage)

    hub = Hub(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=slow_voice)
    page = Page(hub)
    threading.Thread(target=page.send, kwargs={"t": "continue"}, daemon=True).start()
    page.screen(screen="listen", phase="wait")  # shown while the voice is still being built
    assert building.wait(GUARD_S) and not built.is_set()
    built.set()
    with page.changed:  # then the game goes on: its next question is asked
        assert page.changed.wait_for(lambda: any(m.get("t") == "screen" and "q" in m for m in page.messages), GUARD_S)
    hub.stop_game()


def test_undo_at_night_never_brings_back_another_roles_screen(tmp_path: Path) -> None:
    """During the seer's step, ↶ brought back the witch's screen (the wolves' victim, her potions) to whoever
    held the device. At night, with nobody narrating, ↶ takes back only the choice just made in the step still
    called: here it is refused, in German, and the seer's screen stays."""
    from narrator.ui.web.strings import strings

    from .tables import act

    rng = random.Random(3)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub, 3)
    host = table.connect("host")
    host.send(t="lang", lang="de")
    host.send(t="ruleset", ruleset="extended")
    host.send(t="players", players=8)
    host.send(t="deal")
    steps = 0
    while True:
        with table.changed:
            total = len(host.frames)
        s = host.screen()
        state = hub.state
        if s is not None and s["screen"] == "night" and s.get("step") == "seer" and state is not None:
            assert "witch" in state.dealt and state.night == 1  # her step came just before
            break
        if not act(host, rng):
            table.wait(lambda total=total: len(host.frames) > total)  # type: ignore[misc]
        steps += 1
        assert steps < 20_000
    before = len(host.frames)
    host.send(t="undo")
    refused = [f.message for f in host.frames[before:] if f.message["t"] == "refused"]
    assert refused and refused[0]["rule"] == "undo.night", host.frames[before:]
    assert refused[0]["text"] == strings("de")["refusal.undo.night"]
    s = host.screen()
    assert s is not None and s.get("step") == "seer", f"↶ at night brought back another screen: {s}"
    host.send(t="tap", q=s["q"], value=next(c["value"] for c in s["choices"] if c["kind"] == "target"))
    hub.stop_game()
