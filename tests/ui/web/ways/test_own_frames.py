"""Own devices' screens of one moment: the host's (the speaking device) by what the table is asked, and each seat's
own from its view and the moment's public facts alone (the pack's picks to the pack only)."""

from __future__ import annotations

from engine import Choice, Game, Mode
from engine.flow import legal_choices
from narrator.game.inputs import REVEAL, START, Question
from narrator.ui.web.gather import Gather
from narrator.ui.web.screens import Screens
from narrator.ui.web.ways.own_frames import OwnFrames

from ....narration import NAMES, ROLES

SCREENS = Screens("en", lambda s: NAMES[s - 1])
TABLE = {"screen": "listen", "phase": "night"}


def game() -> Game:
    return Game.new(NAMES, seed=1, roles=ROLES, mode=Mode.OWN_DEVICES)


def test_the_host_shows_the_deals_progress_by_name() -> None:
    state = game().state
    frames = OwnFrames(SCREENS, state, Question(REVEAL, (), None, 0), TABLE, seen={2, 5})
    assert frames.host() == {"screen": "deal_wait", "q": 0, "seen": ["Ben", "Eva"],
                             "waiting": ["Ana", "Carla", "Dario", "Fede", "Gala"]}
    assert OwnFrames(SCREENS, state, Question(START, (), None, 7), {"screen": "narrator"}).host() == \
        {"screen": "narrator"}  # the narrator's own question: the table's screen as it is


def test_the_host_counts_the_ballots_cast_and_listens_while_a_seat_is_asked() -> None:
    g = game()
    for text in ("werewolves:6", "witch:pass", "seer:1"):
        g.choose(Choice.from_text(text))
    state = g.state
    assert state.current is not None and state.current.step == "day_vote"
    vote = Question("day_vote", tuple(legal_choices(state)), None, 12)
    counted = OwnFrames(SCREENS, state, vote, TABLE, gather=Gather(12, ballots={1: 3, 2: None})).host()
    assert counted == {"screen": "ballots", "q": 12, "day": state.night, "cast": 2, "of": len(state.alive)}
    night = game().state
    wolves = Question("werewolves", tuple(legal_choices(night)), None, 8)
    asked = OwnFrames(SCREENS, night, wolves, {"screen": "step", "q": 8, "step": "werewolves"}).host()
    assert asked["screen"] == "listen"  # the wolves answer on their own phones: the table hears nothing of it


def test_only_the_pack_sees_the_packs_picks_and_an_ended_game_is_watched() -> None:
    state = game().state
    q = Question("werewolves", tuple(legal_choices(state)), None, 8)
    frames = OwnFrames(SCREENS, state, q, TABLE, gather=Gather(8, picks={1: "werewolves:6"}, done={1}))
    wolf, villager = frames.seat(2), frames.seat(6)
    assert [p["pick"] for p in wolf["picks"]] == ["Fede", None] and "picks" not in villager
    assert wolf["screen"] == villager["screen"] and villager.get("decoy")
    assert frames.moment(1, {"pack": [1, 2]}, state).tapped and not frames.moment(2, {"pack": [1, 2]}, state).tapped
    assert frames.moment(2, {"pack": [1, 2]}, state).picks == ((1, "werewolves:6"),)
    assert frames.moment(6, {"pack": []}, state).picks == ()


def test_a_continued_games_watchers_are_offered_to_join() -> None:
    assert OwnFrames(SCREENS, None, None, TABLE, waiting=True).watcher() == {"screen": "lobby", "join": True}
    assert OwnFrames(SCREENS, None, None, TABLE).watcher()["screen"] != "lobby"
