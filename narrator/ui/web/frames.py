"""Each connection's screen, computed for it alone: the host (or the device on the table), a seat's own
phone, or a watcher. Nothing here is sent to anyone but the receiver it was computed for.

- One device (eyes closed, or passed round the table): the table device sees the questions; every other
  connection watches: the phase, the captions, the day's public news, the end.
- Own devices: each seat's phone sees its own card, its own night action, or a decoy of the same
  shape when it has none, its ballot; the host (the speaking device) sees the public screens, the
  table's own questions and who is connected; the dead and watchers see nothing secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import State, actor_of, options_of, shape_of, voters
from engine.flow import announce_of
from engine.roles import ROLES
from narrator.game.inputs import REVEAL, START, TURN, VOTE, Question
from narrator.ui.web.gather import Gather
from narrator.ui.web.screens import STEP_ROLE, Screens, icon

OWN = "own_devices"
CALLED = -1  # the question number of a night step called while nobody is asked (its role is dead or done)


def secret_step(step: str, state: State) -> bool:
    """A step whose holder the table must not learn from who taps: every night step, and a card's step
    by day that is not announced (the judge's sign, the servant's take); the hunter is called aloud."""
    if state.phase == "night":
        return True
    role = ROLES.get(STEP_ROLE.get(step, ""))
    return role is not None and role.card and announce_of(step) is None


@dataclass
class Frames:
    """The screens of one moment of one table."""

    screens: Screens
    state: State | None
    question: Question | None
    table: dict[str, Any]  # the table device's screen (one device), as the hub shows it
    mode: str
    gather: Gather | None
    called: str | None = None  # own devices: the night step called aloud, between its wake and sleep lines
    called_done: frozenset[int] | set[int] = frozenset()
    seen: frozenset[int] | set[int] = frozenset()  # own devices: the seats that have looked at their card

    # -- who sees what -------------------------------------------------------------------------
    def host(self) -> dict[str, Any]:
        if self.mode != OWN or self.state is None or self.state.over:
            return self.table
        q, state = self.question, self.state
        if q is None or q.step == START or q.step == VOTE:
            return self.table
        if q.step == REVEAL:
            return {"screen": "deal_wait", "q": q.number,
                    "seen": [self.screens.name(s) for s in state.seats if s in self.seen],
                    "waiting": [self.screens.name(s) for s in state.seats if s not in self.seen]}
        if q.step == "day_vote":
            cast = len(self.gather.ballots) if self.gather else 0
            return {"screen": "ballots", "q": q.number, "day": state.night, "cast": cast, "of": len(voters(state))}
        if state.current is not None and state.current.seat is None and q.step != "werewolves":
            return self.table  # the table answers it together (the captain's election)
        return self.listening()

    def seat(self, seat: int) -> dict[str, Any]:
        state, q = self.state, self.question
        if state is None or state.over or self.mode != OWN:
            return self.watcher()
        current = state.current
        if seat not in state.alive and not (current is not None and current.seat == seat and q is not None):
            return {**self.listening(), "dead": True}  # the dying hunter and captain still answer
        if q is None and self.called is not None and state.phase == "night":
            return {**self.decoy(Question(self.called, (), None, CALLED), state), "done": seat in self.called_done}
        if q is None and self.table.get("screen") == "listen" and self.table.get("phase") == "deal":
            # between two seats' turns at the deal: the card screen stays (no flicker under a finger on it)
            return {"screen": "card", "name": self.screens.name(seat), "seen": seat in self.seen}
        if q is None or q.step == START:
            return self.listening()
        if q.step == REVEAL:
            return {"screen": "card", "q": q.number, "name": self.screens.name(seat),
                    "seen": seat in self.seen}
        if q.step == VOTE:
            return {**self.table, "watch": True}
        if q.step == "day_vote":
            return self.ballot(seat, q, state)
        actors = actor_of(state)
        done = bool(self.gather and seat in self.gather.done)
        own_step = state.current is not None and (state.current.seat is not None or q.step == "werewolves")
        if seat in actors and own_step:
            return {**self.action(seat, q, state), "done": done}
        if secret_step(q.step, state):
            return {**self.decoy(q, state), "done": done}
        return self.listening()

    def watcher(self) -> dict[str, Any]:
        if self.state is None or (self.question is not None and self.question.step == TURN):
            return self.listening()  # a turn round the table, even once the game is decided: the night's
        if self.state.over:
            return self.table
        if self.question is not None and self.question.step == VOTE:
            return {**self.table, "watch": True}
        return self.listening()

    # -- pieces ----------------------------------------------------------------------------------
    def listening(self) -> dict[str, Any]:
        if self.table.get("screen") == "listen":
            return {"screen": "listen", "phase": self.table.get("phase")}
        state = self.state
        if state is None:
            return {"screen": "listen", "phase": None}
        if self.question is not None and self.question.step == REVEAL:
            return {"screen": "listen", "phase": "deal"}
        if self.question is not None and self.question.step == TURN:
            return {"screen": "listen", "phase": "night"}  # round the table: the night's until its last lap ends
        return {"screen": "listen", "phase": "night" if state.phase == "night" else "day"}

    def action(self, seat: int, q: Question, state: State) -> dict[str, Any]:
        """The seat's own step, with every living player listed (those it may not choose greyed), so its
        screen looks like everyone else's."""
        shape = shape_of(q.step)
        if q.step in ("hunter", "captain_tiebreak", "captain_successor"):
            screen = self.screens.question(q, state)
        else:
            screen = self.screens.step(q, state, seat, shape, self.screens.choices(state, seat))
        if shape == "seat" and "pick" not in screen:
            legal = {c["target"] for c in screen["choices"] if c["kind"] == "target"}
            listed = [c for c in screen["choices"] if c["kind"] == "target"]
            for s in sorted(state.alive):
                if s not in legal:
                    name = self.screens.name(s)
                    listed.append({"value": "", "kind": "target", "target": s, "seats": [], "name": name,
                                   "label": name, "off": True})
            listed.sort(key=lambda c: c["target"])
            screen["choices"] = listed + [c for c in screen["choices"] if c["kind"] != "target"]
        if q.step == "werewolves" and self.gather is not None:
            screen["picks"] = [{"name": self.screens.name(w), "pick": self._picked(self.gather.picks.get(w))}
                               for w in actor_of(state)]
        return {**screen, "q": q.number}

    def _picked(self, text: str | None) -> str | None:
        if text is None:
            return None
        target = text.partition(":")[2]
        return self.screens.name(int(target)) if target.isdigit() else self.screens.words["night.nobody"]

    def decoy(self, q: Question, state: State, night: bool | None = None) -> dict[str, Any]:
        """A screen of the same shape as the step's, for a seat that has nothing to do: its tap is kept by nobody.
        `night`: drawn as the night's (round the table, a turn after the engine's night is over), or as the state's."""
        shape = shape_of(q.step)
        night = state.phase == "night" if night is None else night
        living = sorted(state.alive)
        names = [{"value": f"decoy:{s}", "kind": "target", "target": s, "seats": [], "name": self.screens.name(s),
                  "label": self.screens.name(s)} for s in living]
        screen: dict[str, Any] = {"screen": "night" if night else "step", "night": state.night,
                                  "step": q.step, "shape": shape, "decoy": True, "q": q.number,
                                  "icon": icon(STEP_ROLE.get(q.step, "")), "ask": self.screens.words["decoy.ask"]}
        if shape == "potions":
            screen["choices"] = [{**c, "kind": "poison", "poison": c["target"]} for c in names]
        elif shape == "seats":
            screen["choices"] = [{"value": "decoy:none", "kind": "none", "label": self.screens.words["night.pass"]}]
            screen["pick"] = {"count": 2 if len(living) > 1 else 1,
                              "seats": [{"seat": s, "name": self.screens.name(s)} for s in living]}
        elif shape == "seconds":
            screen["choices"] = []
        elif shape == "option":  # the step's own options, the same buttons as its holder's (judge, servant)
            screen["choices"] = [{"value": f"decoy:={o}", "kind": "option", "target": None, "seats": [], "name": "",
                                  "label": self.screens.words.get(f"option.{o}", o)} for o in options_of(q.step)]
        else:
            screen["shape"] = "seat"
            screen["choices"] = [*names, {"value": "decoy:none", "kind": "none",
                                          "label": self.screens.words["night.nobody"]}]
        return screen

    def ballot(self, seat: int, q: Question, state: State) -> dict[str, Any]:
        if seat not in voters(state):
            return {"screen": "ballot", "q": q.number, "day": state.night, "silent": True}
        done = bool(self.gather and seat in self.gather.ballots)
        choices = [{"value": f"day_vote:{s}", "kind": "target", "target": s, "name": self.screens.name(s)}
                   for s in sorted(state.alive)]
        choices.append({"value": "day_vote:none", "kind": "none", "name": ""})
        return {"screen": "ballot", "q": q.number, "day": state.night, "choices": choices, "done": done,
                "double": state.captain == seat and state.extended}
