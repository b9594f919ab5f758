"""The game as the table has heard it: each event not yet said, with the state right after it, so the screens
and an online room's voice chat change with the line that tells the change, not before (a dawn that ends the
game opens no voice pair and turns no victim's page dead ahead of the lines that say so)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine import Event, Game, State, evolve, fold


def as_heard(game: Game, unsaid: Sequence[Event]) -> Iterator[tuple[Event, State]]:
    """Each of `unsaid` (events of `game`'s log, in its order) with the state the log stands at right after it;
    the log's events between them (ones no line says) are applied on the way."""
    if not unsaid:
        return
    log = game.events
    first = next((i for i in range(len(log) - 1, -1, -1) if log[i] is unsaid[0]), None)
    if first is None:  # not from this log (a rematch dealt since): as the game stands
        yield from ((event, game.state) for event in unsaid)
        return
    state, wanted = fold(log[:first]), iter(unsaid)
    next_unsaid: Event | None = next(wanted)
    for event in log[first:]:
        state = evolve(state, event)
        if event is next_unsaid:
            yield event, state
            next_unsaid = next(wanted, None)
            if next_unsaid is None:
                return
    yield from ((event, game.state) for event in [e for e in [next_unsaid, *wanted] if e is not None])


def night_as_heard(game: Game) -> State:
    """The game as it stood when its night's last choice was made, before the dawn resolved it: what the night's
    last calls (the charmed's recognition, after the piper's choice) are drawn from, its deaths not yet said."""
    state, last = State(), game.state
    for event in game.events:
        state = evolve(state, event)
        if state.phase == "night" and state.night == game.state.night:
            last = state
    return last
