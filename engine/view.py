"""What one seat may know: the single place that decides it. The page, the narrator and the
network all go through here."""

from __future__ import annotations

from typing import Any

from .flow import actor_of, legal_choices
from .roles.witch import has_heal, has_poison, shown_victim
from .sides import is_wolf
from .state import NARRATOR, State


def view(state: State, seat: int = NARRATOR) -> dict[str, Any]:
    """The state as `seat` may see it; NARRATOR (0) is the table: public facts only."""
    current = state.current
    out: dict[str, Any] = {
        "phase": state.phase,
        "night": state.night,
        "game": state.game,
        "you": seat,
        "players": list(state.players),
        "seats": len(state.roles),
        "alive": sorted(state.alive),
        "latest_deaths": list(state.latest_deaths),
        "expelled": state.expelled,
        "step": current.step if current else None,
        "winner": state.winner,
        "reason": state.reason,
        "cards": {},
        "choices": [],
    }
    if state.over:
        out["cards"] = {str(s): state.role_of(s) for s in state.seats}
        out["log"] = [e.to_json() for e in state.log]
        out["choices"] = [c.text() for c in legal_choices(state)]
        return out
    acting = current is not None and (
        seat in actor_of(state) if seat != NARRATOR else current.step == "day_vote")
    if acting:
        out["choices"] = [c.text() for c in legal_choices(state)]
    if seat == NARRATOR or seat not in state.seats:
        return out
    own = state.role_of(seat)
    cards = {str(seat): own}
    if is_wolf(state, seat):
        cards.update({str(s): state.role_of(s) for s in state.seats if is_wolf(state, s)})
    out["cards"] = cards
    if own == "seer":
        out["checks"] = [{"night": n, "target": t, "result": r} for n, t, r in state.memo.get("seer.checks", ())]
    if own == "witch":
        out["potions"] = {"heal": has_heal(state), "poison": has_poison(state)}
        shown, victim = shown_victim(state)
        if acting and shown:
            out["attacked"] = victim
    return out
