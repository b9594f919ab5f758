"""The game as the table has heard it: each event not yet said, with the state right after it."""

from __future__ import annotations

from engine import Choice, Game, fold

from ..narration import NAMES, ROLES


def night_one() -> Game:
    game = Game.new(NAMES, roles=ROLES, seed=1)
    for text in ("werewolves:6", "witch:poison:1", "seer:2"):
        game.choose(Choice.from_text(text))
    return game


def test_each_unsaid_event_comes_with_the_state_right_after_it() -> None:
    from narrator.game.heard import as_heard

    game = night_one()
    log = game.events
    said = [log[3], log[-2]]
    heard = list(as_heard(game, said))
    assert [event for event, _ in heard] == said
    assert [state for _, state in heard] == [fold(log[:4]), fold(log[:-1])]
    assert heard[0][1] != game.state  # not the game as it stands: the screens wait for the line


def test_events_of_another_log_are_heard_as_the_game_stands() -> None:
    from narrator.game.heard import as_heard

    game, other = night_one(), night_one()
    assert list(as_heard(game, other.events[-2:])) == [(e, game.state) for e in other.events[-2:]]
    assert list(as_heard(game, [])) == []
