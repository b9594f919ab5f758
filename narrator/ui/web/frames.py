"""Each connection's screen, computed for it alone: the host (or the device on the table), a seat's own
phone, or a watcher. Nothing here is sent to anyone but the receiver it was computed for.

- `Frames`: the table device sees the questions; every other connection watches: the phase, the captions, the
  day's public news, the end (one device, and the device passed round the table).
- `seat_screen`: a seat's own phone (narrator/ui/web/ways/own_devices.py draws it) sees its own card, its own
  night action, or a decoy of the same shape when it has none, its ballot; built from its `view()` and the
  moment's public facts alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import State, options_of, shape_of, view
from engine.flow import ALL_STEPS, announce_of
from engine.roles import ROLES
from narrator.game.inputs import REVEAL, START, TURN, VOTE, Question
from narrator.ui.web.screens import STEP_ROLE, Screens, icon, named

CALLED = -1  # the question number of a night step called while nobody is asked (its role is dead or done)


def secret_step(step: str, state: State) -> bool:
    """A step whose holder the table must not learn from who taps (secret_at, in the state's phase)."""
    return secret_at(step, state.phase)


def secret_at(step: str, phase: str) -> bool:
    """A step whose holder the table must not learn from who taps: every night step, and a card's step
    by day that is not announced (the judge's sign, the servant's take); the hunter is called aloud."""
    if phase == "night":
        return True
    role = ROLES.get(STEP_ROLE.get(step, ""))
    return role is not None and role.card and announce_of(step) is None


@dataclass(frozen=True)
class Moment:
    """All a seat's screen is built from besides its own `view()`: the question asked (its step and number,
    never its choices), the table's public screen, public facts of the rules, and what this seat has tapped."""

    step: str | None  # the question's step; None while nobody is asked
    number: int
    decoy: bool  # the question is a dead step's, asked of nobody
    table: dict[str, Any]
    called: str | None  # the night step called aloud
    table_asked: bool  # the whole table answers the question (the table's own view says so)
    voters: tuple[int, ...]  # who casts a ballot today
    extended: bool
    tapped: bool = False  # this seat has answered the question on screen (an action or a decoy)
    voted: bool = False
    called_done: bool = False  # this seat has tapped the called step's decoy
    seen_card: bool = False  # this seat has looked at its card
    picks: tuple[tuple[int, str], ...] = ()  # the pack's picks so far, for a seat its view puts in the pack


@dataclass
class Frames:
    """The screens of one moment of one table, as every way draws them (a way draws its own where it differs:
    narrator/ui/web/ways/)."""

    screens: Screens
    state: State | None
    question: Question | None
    table: dict[str, Any]  # the table device's screen, as the hub shows it

    # -- who sees what -------------------------------------------------------------------------
    def host(self) -> dict[str, Any]:
        """The table's own device: the screen the narrator's question put up."""
        return self.table

    def seat(self, seat: int) -> dict[str, Any]:
        """A seat's phone, where the table's device answers for everyone: it watches."""
        return self.watcher()

    def watcher(self) -> dict[str, Any]:
        """A page that watches: built from the table's view and the public screen alone (watch_screen)."""
        seen = view(self.state) if self.state is not None else None
        return watch_screen(seen, self.table, self.question.step if self.question else None)

    # -- pieces ----------------------------------------------------------------------------------
    def listening(self) -> dict[str, Any]:
        state = self.state
        if state is None and self.table.get("screen") != "listen":
            return {"screen": "listen", "phase": None}
        return listen_screen(self.table, state.phase if state else "", self.question.step if self.question else None)

    def decoy(self, q: Question, state: State, night: bool | None = None) -> dict[str, Any]:
        """A screen of the same shape as the step's, for a seat that has nothing to do (decoy_screen).
        `night`: drawn as the night's (round the table, a turn after the engine's night is over), or as the state's."""
        return decoy_screen(self.screens, q, state.night, sorted(state.alive),
                            state.phase == "night" if night is None else night)


def public_table(table: dict[str, Any], step: str | None) -> dict[str, Any]:
    """What a seat's screen may take of the table's: the day's screen at the vote, else what it listens to."""
    return table if step == VOTE else {k: table[k] for k in ("screen", "phase") if k in table}


def listen_screen(table: dict[str, Any], phase: str, step: str | None) -> dict[str, Any]:
    """The screen of a page that only listens: the table's phase, the deal's, or the night's or day's."""
    if table.get("screen") == "listen":
        return {"screen": "listen", "phase": table.get("phase")}
    if step == REVEAL:
        return {"screen": "listen", "phase": "deal"}
    if step == TURN:
        return {"screen": "listen", "phase": "night"}  # round the table: the night's until its last lap ends
    return {"screen": "listen", "phase": "night" if phase == "night" else "day"}


def watch_screen(seen: dict[str, Any] | None, table: dict[str, Any], step: str | None) -> dict[str, Any]:
    """A watcher's screen from the table's view `seen` (None before a game) and the public screen `table`."""
    if seen is None:
        listens = table.get("screen") == "listen"
        return listen_screen(table, "", step) if listens else {"screen": "listen", "phase": None}
    if step != TURN and seen["phase"] == "over":
        return table  # a turn round the table, even once the game is decided, is the night's
    if step == VOTE:
        return {**table, "watch": True}
    return listen_screen(table, seen["phase"], step)


def seat_screen(screens: Screens, seen: dict[str, Any], m: Moment) -> dict[str, Any]:
    """A seat's screen from its view `seen` (engine.view) and the moment `m`, and nothing else of the game."""
    seat, phase = seen["you"], seen["phase"]
    asked = seen["asked"] if m.step is not None and not m.decoy else None
    if seat not in seen["alive"] and asked is None:
        return {**listen_screen(m.table, phase, m.step), "dead": True}  # the dying hunter and captain still answer
    if m.step is None and m.called is not None and phase == "night" and m.called not in ALL_STEPS:
        # a recognition called (the lovers, the charmed): eyes still closed, and those it calls told so here
        return {**listen_screen(m.table, phase, None), **told(screens, seen, m.called)}
    if m.step is None and m.called is not None and phase == "night" and seen["asked"] == m.called:
        # the called step's own actor, before the narrator asks it: its real question at once, its tap kept
        return {**action_screen(screens, seen, Question(m.called, (), None, CALLED), m), "done": m.called_done}
    if m.step is None and m.called is not None and phase == "night":
        return {**decoy_screen(screens, Question(m.called, (), None, CALLED), seen["night"], seen["alive"]),
                "done": m.called_done}
    if m.step is None and m.table.get("screen") == "listen" and m.table.get("phase") == "deal":
        # between two seats' turns at the deal: the card screen stays (no flicker under a finger on it)
        return {"screen": "card", "name": screens.name(seat), "seen": m.seen_card}
    if m.step is None or m.step == START:
        return listen_screen(m.table, phase, m.step)
    q = Question(m.step, (), None, m.number)
    if m.step == REVEAL:
        return {"screen": "card", "q": m.number, "name": screens.name(seat), "seen": m.seen_card}
    if m.step == VOTE:
        return {**m.table, "watch": True}
    if m.step == "day_vote":
        return ballot_screen(screens, seen, m)
    if asked == m.step and not m.table_asked:
        return {**action_screen(screens, seen, q, m), "done": m.tapped}
    if secret_at(m.step, phase):
        return {**decoy_screen(screens, q, seen["night"], seen["alive"], phase == "night"), "done": m.tapped}
    return listen_screen(m.table, phase, m.step)


def told(screens: Screens, seen: dict[str, Any], call: str) -> dict[str, Any]:
    """What a recognition call tells this seat of itself, from its own view: a lover whom Cupid joined them to, a
    charmed player who else the piper's tune holds. Nothing for anyone else: they only listen."""
    you, lover = seen["you"], seen.get("lover")
    if call == "lovers" and lover:
        return {"told": screens.sentence("told.lovers", name=screens.spoken(lover, named(seen, lover)))}
    if call == "charmed" and you in seen.get("charmed", ()):
        others = ", ".join(screens.spoken(s, named(seen, s)) for s in seen["charmed"] if s != you)
        return {"told": " ".join([screens.sentence("told.charmed"),
                                  *([screens.sentence("told.charmed_with", names=others)] if others else [])])}
    return {}


def action_screen(screens: Screens, seen: dict[str, Any], q: Question, m: Moment) -> dict[str, Any]:
    """The seat's own step, with every living player listed (those it may not choose greyed), so its
    screen looks like everyone else's."""
    shape = shape_of(q.step)
    screen = screens.asked(q, seen, screens.listed(seen["choices"]))
    if shape == "seat" and "pick" not in screen:
        legal = {c["target"] for c in screen["choices"] if c["kind"] == "target"}
        listed = [c for c in screen["choices"] if c["kind"] == "target"]
        for s in seen["alive"]:
            if s not in legal:
                name = screens.name(s)
                listed.append({"value": "", "kind": "target", "target": s, "seats": [], "name": name,
                               "label": name, "off": True})
        listed.sort(key=lambda c: c["target"])
        screen["choices"] = listed + [c for c in screen["choices"] if c["kind"] != "target"]
    if q.step == "werewolves":
        picks = dict(m.picks)
        screen["picks"] = [{"name": screens.name(w), "pick": picked(screens, picks.get(w))}
                           for w in seen["pack"] if w in seen["alive"]]
    return {**screen, "q": q.number}


def picked(screens: Screens, text: str | None) -> str | None:
    if text is None:
        return None
    target = text.partition(":")[2]
    return screens.name(int(target)) if target.isdigit() else screens.words["night.nobody"]


def decoy_screen(screens: Screens, q: Question, night_no: int, alive: list[int],
                 night: bool = True) -> dict[str, Any]:
    """A screen of the same shape as the step's, for a seat that has nothing to do: its tap is kept by nobody."""
    shape = shape_of(q.step)
    living = sorted(alive)
    names = [{"value": f"decoy:{s}", "kind": "target", "target": s, "seats": [], "name": screens.name(s),
              "label": screens.name(s)} for s in living]
    screen: dict[str, Any] = {"screen": "night" if night else "step", "night": night_no,
                              "step": q.step, "shape": shape, "decoy": True, "q": q.number,
                              "icon": icon(STEP_ROLE.get(q.step, "")), "ask": screens.words["decoy.ask"]}
    if shape == "potions":
        screen["choices"] = [{**c, "kind": "poison", "poison": c["target"]} for c in names]
    elif shape == "seats":
        screen["choices"] = [{"value": "decoy:none", "kind": "none", "label": screens.words["night.pass"]}]
        screen["pick"] = {"count": 2 if len(living) > 1 else 1,
                          "seats": [{"seat": s, "name": screens.name(s)} for s in living]}
    elif shape == "seconds":
        screen["choices"] = []
    elif shape == "option":  # the step's own options, the same buttons as its holder's (judge, servant)
        screen["choices"] = [{"value": f"decoy:={o}", "kind": "option", "target": None, "seats": [], "name": "",
                              "label": screens.words.get(f"option.{o}", o)} for o in options_of(q.step)]
    else:
        screen["shape"] = "seat"
        screen["choices"] = [*names, {"value": "decoy:none", "kind": "none",
                                      "label": screens.words["night.nobody"]}]
    return screen


def ballot_screen(screens: Screens, seen: dict[str, Any], m: Moment) -> dict[str, Any]:
    seat = seen["you"]
    if seat not in m.voters:
        return {"screen": "ballot", "q": m.number, "day": seen["night"], "silent": True}
    choices = [{"value": f"day_vote:{s}", "kind": "target", "target": s, "name": screens.name(s)}
               for s in seen["alive"]]
    choices.append({"value": "day_vote:none", "kind": "none", "name": ""})
    return {"screen": "ballot", "q": m.number, "day": seen["night"], "choices": choices, "done": m.voted,
            "double": seen["captain"] == seat and m.extended}
