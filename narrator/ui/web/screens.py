"""The page's screens, built on the server from the engine's view and the narrator's question.

The page renders these and decides nothing: it knows no role, only the words, the pictures and the
choices it is sent. Public things only: what one player may see alone (a card, the seer's answer)
goes to the screen that tapped, from the hub.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from engine import NARRATOR, Choice, State, answerer, double_save_kills, ruleset, shape_of, view
from engine.flow import ALL_STEPS
from engine.roles import ROLES, Hooks
from engine.roles import STEP_ROLE as STEP_ROLE  # whose picture a step shows (frames.py reads it here)
from engine.state import Death
from engine.vote import extra_votes, weight
from narrator.game.inputs import REVEAL, START, VOTE, Question
from narrator.game.tellings import narrated
from narrator.resources import ICONS
from narrator.speech.spelling import spanish_euphony
from narrator.ui.web.strings import strings

NIGHT_CAUSES = ("wolves", "poison", "sword")  # deaths of the dark; shots, grief and the gallows come by day
SIDE_ANSWERS = {"village": "up", "no_werewolf": "up", "werewolf": "down"}  # answers shown as a thumb
# the night log's kinds that mark a card on the end screen
MARKS = {"link": "lovers", "charm": "charmed", "infect": "infected", "elected": "captain", "successor": "captain"}
THIEF = "thief"  # the step shown the two cards left over at the deal
PACK = "werewolves"  # the pack's step: a step that reads it names its victim (the wolf father's)
_SEAT_WORD = "\x00"  # where a Spanish sentence put "el" before a seat word (contracted after formatting)
# "a"/"de" as words of their own before that "el" ("al jugador cuatro"), never a word's last letters ("para el")
_CONTRACTED = re.compile(rf"(?<!\w)(a|de) {_SEAT_WORD}el ", re.IGNORECASE)


@functools.cache
def icon(picture: str) -> str | None:
    """The address of a picture once the build has fetched it (narrator/ui/web/icons.py, before the server
    starts); None: no picture. Asked for every screen of every page: the disk is looked at once a picture."""
    return f"/static/icons/{picture}.svg" if (ICONS / f"{picture}.svg").is_file() else None


def named(seen: dict[str, Any], seat: int) -> bool:
    """Whether the table named `seat` (a view's players), or only numbered it."""
    players = seen["players"]
    return seat - 1 < len(players) and bool(players[seat - 1])


@functools.cache
def inline_picture(picture: str) -> str | None:
    """A picture's SVG, for a secret: drawn inline, so no request for it stays in the browser's cache or timings
    (read once a picture)."""
    path = ICONS / f"{picture}.svg"
    return path.read_text(encoding="utf-8") if path.is_file() else None


def cards_of(rules_id: str) -> list[dict[str, Any]]:
    """The cards a ruleset deals, as the setup screen lists them (the page knows no role): each with the side it
    is dealt to (village, wolves, solo), the plain cards (`many`) first in their side, and the ways of playing it
    is dealt in (`modes`; none listed: every way)."""
    return [{"id": r, "side": ROLES[r].side, "many": ROLES[r].many, "copies": ROLES[r].copies or 1,
             "min_players": ROLES[r].min_players,
             "adjustable": r != "villager", "modes": list(ROLES[r].modes or ()), "icon": icon(r)}
            for r in ruleset(rules_id).roles]


def offices_of(rules_id: str) -> list[dict[str, Any]]:
    """The offices (not cards) a ruleset's house rules can add, each with its picture: the captain."""
    return [{"id": r.id, "icon": icon(r.id)} for r in ROLES.values()
            if not r.card and rules_id in r.rulesets and r.house]


def card_help(words: Mapping[str, str], card: str, mode: str) -> str:
    """A card's help as its holder reads it at the deal: the way of playing's own (the little girl peeks with her
    eyes on one device, holds a button on her phone), else the card's."""
    return words.get(f"help.{card}.{mode}", words.get(f"help.{card}", ""))


class Screens:
    """The screens of one table, in its language. `name` labels a seat: "Ana", or "player four"."""

    def __init__(self, lang: str, name: Callable[[int], str]) -> None:
        self.lang = lang
        self.words = strings(lang)
        self.name = name

    # -- words ---------------------------------------------------------------------------
    def role(self, card: str) -> str:
        return self.words.get(f"role.{card}", card)

    def help(self, card: str, mode: str) -> str:
        return card_help(self.words, card, mode)

    def card(self, card: str) -> dict[str, Any]:
        """A card as the page shows it: its word and its picture (public screens only)."""
        return {"role": self.role(card), "icon": icon(card)}

    def said(self, state: State, seat: int) -> str:
        """A seat inside a sentence: Spanish says "el jugador cuatro" (and "a el" becomes "al")."""
        return self.spoken(seat, bool(state.name(seat)))

    def spoken(self, seat: int, named: bool) -> str:
        """A seat inside a sentence, `named` by the table or only numbered ("el jugador cuatro")."""
        label = self.name(seat)
        return f"{_SEAT_WORD}el {label}" if self.lang == "es" and not named else label

    def sentence(self, key: str, fallback: str = "", **values: object) -> str:
        """A page sentence with names filled in, contracted (Spanish "al", "del") and capitalised."""
        text = self.words.get(key, fallback or key).format(**values)
        text = _CONTRACTED.sub(lambda m: m.group(1) + "l ", text)  # "a el" -> "al", "de el" -> "del"
        text = text.replace(_SEAT_WORD, "")
        text = spanish_euphony(text) if self.lang == "es" else text
        return text[:1].upper() + text[1:]

    def answer(self, result: str) -> dict[str, Any]:
        """What an actor learns at once, as the page draws it: a thumb for a side, else the card itself."""
        if result in SIDE_ANSWERS:
            key = "night.answer_werewolf" if SIDE_ANSWERS[result] == "down" else f"night.answer_{result}"
            thumb = SIDE_ANSWERS[result]
            return {"thumb": thumb, "picture": inline_picture(f"thumb-{thumb}"), "text": self.words.get(key, result)}
        return {"role": self.role(result), "picture": inline_picture(result)}

    # -- the choices of a step, by shape ------------------------------------------------
    def choices(self, state: State, seat: int) -> list[dict[str, Any]]:
        """The legal choices with their words, by shape: the page renders them and decides nothing."""
        return self.listed(view(state, seat)["choices"])

    def listed(self, texts: list[str]) -> list[dict[str, Any]]:
        """Choices (their text forms) with their words, by shape."""
        out = []
        for text in texts:
            c = Choice.from_text(text)
            kind = "heal" if c.heal is not None else "poison" if c.poison is not None else \
                "seats" if c.seats else "option" if c.option is not None else "seconds" if c.seconds is not None \
                else "none" if c.is_pass else "target"
            target = c.heal or c.poison or c.target
            out.append({"value": text, "kind": kind, "target": target, "seats": list(c.seats),
                        "name": self.name(target) if target else "", "label": self.label(c, kind)})
        return out

    def label(self, c: Choice, kind: str) -> str:
        if kind == "seats":
            return " + ".join(self.name(s) for s in c.seats)
        if kind == "option":
            return self.words.get(f"option.{c.option}", str(c.option))
        if kind == "seconds":
            return f"{c.seconds} s"
        if kind == "none":
            return self.words["night.nobody"] if shape_of(c.step) == "seat" else self.words["night.pass"]
        target = c.heal or c.poison or c.target
        return self.name(target) if target else ""

    # -- the screen for a question --------------------------------------------------------
    def question(self, q: Question, state: State) -> dict[str, Any]:
        if q.step == REVEAL and q.seat is not None:
            return {"screen": "deal", "seat": q.seat, "name": self.name(q.seat)}
        if q.step == START:  # whether a narrator holds the device is the way's telling (tellings.py)
            return {"screen": "narrator", "narrated": narrated(state)}
        if q.step == VOTE:
            return self.day(state)
        who = answerer(state)  # the one who answers is the viewer: a seat, the pack's first, or the table
        seat = q.seat or (who.seats[0] if who.kind in ("seat", "pack") and who.seats else NARRATOR)
        choices = self.choices(state, seat)
        if shape_of(q.step) == "vote":
            return self.vote(state, choices)
        return self.asked(q, view(state, seat), choices)

    def asked(self, q: Question, seen: dict[str, Any], choices: list[dict[str, Any]]) -> dict[str, Any]:
        """The screen of the step `seen` (a seat's view, or the table's) is asked, from that view alone."""
        seat = seen["you"]
        if q.step == "hunter":
            return {"screen": "hunter", "name": self.name(seat), "choices": choices, "icon": icon("hunter")}
        if q.step == "captain_tiebreak":
            return {"screen": "tiebreak", "day": seen["night"], "step": q.step, "captain": self.name(seat),
                    "choices": choices, "icon": icon("captain"),
                    "ask": self.sentence("tiebreak.ask", name=self.spoken(seat, named(seen, seat))),
                    "tied": self.sentence("tiebreak.tied", names=", ".join(c["name"] for c in choices))}
        return self.seen_step(q, seen, shape_of(q.step), choices)

    def step(self, q: Question, state: State, seat: int, shape: str, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """A night step, or a step the table answers by day, as `seat` sees it (seen_step)."""
        return self.seen_step(q, view(state, seat), shape, choices)

    def seen_step(self, q: Question, seen: dict[str, Any], shape: str, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """A night step, or a step the table answers by day (the captain's election), from the view `seen` of
        the one who answers: by its shape. Seat pairs are listed when they are few (the dog's gaps), picked seat
        by seat when any two would do (cupid)."""
        seat = seen["you"]
        by_day = seen["phase"] != "night"
        screen: dict[str, Any] = {"screen": "step" if by_day else "night", "night": seen["night"], "step": q.step,
                                  "shape": shape, "choices": choices, "icon": icon(STEP_ROLE.get(q.step, ""))}
        if by_day and seat != NARRATOR:
            screen["by"] = self.sentence("step.by", name=self.spoken(seat, named(seen, seat)))
        if shape == "seats" and len(choices) > len(seen["alive"]) + 1:
            picked = sorted({x for c in choices for x in c["seats"]})
            count = max((len(c["seats"]) for c in choices), default=0)
            screen["choices"] = [c for c in choices if c["kind"] == "none"]
            screen["pick"] = {"count": count, "seats": [{"seat": x, "name": self.name(x)} for x in picked]}
        if shape == "potions" and "victims" in seen:
            screen["attacked"] = ", ".join(self.name(v) for v in seen["victims"]) or None
        if "extra_cards" in seen and q.step == THIEF:  # the cards left over, on the thief's step
            screen["cards"] = [{"label": self.sentence("night.card", n=i), **self.card(card)}
                               for i, card in enumerate(seen["extra_cards"], 1)]
        if shape == "option" and PACK in getattr(ALL_STEPS.get(q.step), "after", ()) and "pack_target" in seen:
            victim = seen["pack_target"]  # the wolf father's: "infect Ben?"
            screen["infect"] = self.sentence("night.infect", name=self.spoken(victim, named(seen, victim))) \
                if victim else self.words["night.infect_nobody"]
        last = seen.get("last_protected")
        if last:  # the guard: why the one he protected last night is not on his list
            screen["note"] = self.sentence("night.guard_repeat", name=self.spoken(last, named(seen, last)))
        return screen

    # -- the day and its vote -------------------------------------------------------------
    def news(self, state: State) -> list[str]:
        """What the whole table knows this morning besides the deaths: the captain, marks, the dog."""
        public = view(state, NARRATOR)
        out = []
        if public.get("captain") in state.alive:
            out.append(self.sentence("day.captain", name=self.said(state, public["captain"])))
        for seat, n in sorted(extra_votes(state).items()):
            out.append(self.sentence("vote.extra", name=self.said(state, seat), n=n))
        dog = public.get("dog")
        if dog:
            a, b = (self.said(state, s) for s in dog["gap"])
            out.append(self.sentence("day.dog_growl" if dog["growls"] else "day.dog_calm", a=a, b=b))
        return out

    def day(self, state: State) -> dict[str, Any]:
        deaths = [self.name(s) for s in state.latest_deaths]
        return {"screen": "day", "day": state.night, "deaths": deaths, "dead": self.dead(deaths),
                "news": self.news(state), "timer": state.house.day_timer_minutes}

    def dead(self, names: list[str]) -> str:
        """Who died, as the day screen says it: one death in the singular ("Ha muerto: Darío"), several in
        the plural, none as "Nobody died"."""
        if not names:
            return self.words["day.nobody_died"]
        return self.sentence("day.dead_one" if len(names) == 1 else "day.dead", names=", ".join(names))

    def vote(self, state: State, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """The verdict: classic, a name or nobody; counted votes, hands per player or ballots voter by voter."""
        screen: dict[str, Any] = {"screen": "vote", "day": state.night, "choices": choices}
        if not ruleset(state.ruleset).counted_votes:
            return screen
        extra = extra_votes(state)
        weights = {s: weight(state, s) for s in sorted(state.alive)}
        notes = []
        captain = state.captain if state.captain in state.alive else None
        if captain is not None:
            notes.append(self.sentence("vote.captain", name=self.said(state, captain)))
        for seat, n in sorted(extra.items()):
            notes.append(self.sentence("vote.extra", name=self.said(state, seat), n=n))
        silent = [self.name(s) for s, w in weights.items() if w == 0]
        if silent:
            notes.append(self.sentence("vote.silent", names=", ".join(silent)))
        markers = [r.id for r in Hooks.extra_votes if r.in_play(state)]
        screen["count"] = {
            "most": sum(weights.values()), "notes": notes, "captain_icon": icon("captain"),
            "extra_icon": icon(markers[0]) if markers else None,
            "seats": [{"seat": s, "name": self.name(s), "extra": extra.get(s, 0), "captain": s == captain}
                      for s in weights],
            "voters": [{"seat": s, "name": self.name(s), "weight": w} for s, w in weights.items() if w > 0],
        }
        return screen

    # -- the end ----------------------------------------------------------------------------
    def end(self, state: State) -> dict[str, Any]:
        log = view(state, NARRATOR).get("log", [])
        marks: dict[int, list[str]] = {}
        for entry in log:
            mark = MARKS.get(entry["kind"])
            if mark is not None and mark not in marks.setdefault(entry["target"], []):
                marks[entry["target"]].append(mark)
        winners = set(state.seats_of(state.winner)) if state.winner in ROLES else \
            {s for s, m in marks.items() if "lovers" in m} if state.winner == "lovers" else set()
        cards = []
        for seat in state.seats:
            card = state.role_of(seat)
            entry = {"seat": seat, "name": self.name(seat), **self.card(card), "alive": seat in state.alive,
                     "won": seat in winners, "marks": [self.mark(m) for m in marks.get(seat, [])]}
            if state.dealt and state.dealt[seat - 1] != card:
                entry["dealt"] = self.sentence("end.dealt", role=self.role(state.dealt[seat - 1]))
            cards.append(entry)
        return {"screen": "end", "winner": state.winner, "reason": state.reason, "cards": cards,
                "won_icon": icon("mark-won"), "timeline": self.timeline(state, log),
                "alive": [{"name": self.name(s), **self.card(state.role_of(s))} for s in sorted(state.alive)]}

    def mark(self, mark: str) -> dict[str, Any]:
        return {"label": self.words[f"mark.{mark}"], "icon": icon("captain" if mark == "captain" else f"mark-{mark}")}

    def timeline(self, state: State, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The game night by night and day by day: who died and how, and what each role did."""
        periods: dict[tuple[int, str], dict[str, Any]] = {}

        def period(n: int, kind: str) -> dict[str, Any]:
            if (n, kind) not in periods:
                periods[(n, kind)] = {"period": kind, "n": n, "title": self.words[f"{kind}.title"].format(n=n),
                                      "icon": icon(kind), "deaths": [], "events": []}
            return periods[(n, kind)]

        for n in range(1, state.night + 1):
            period(n, "night")
            if n < state.night:
                period(n, "day")  # every night but the last was followed by a day
        for death in state.deaths:
            kind = "night" if death.cause in NIGHT_CAUSES else "day"
            how = self.words.get(f"cause.{death.cause}", death.cause)
            period(death.night, kind)["deaths"].append({"name": self.name(death.seat), **self.card(death.card),
                                                        "cause": death.cause, "how": how,
                                                        "cause_icon": icon(f"cause-{death.cause}")})
        doubled = {(d.night, d.seat) for d in self.double_saves(state, log)}
        for entry in log:
            kind = "night" if entry["phase"] == "night" else "day"  # a shot at dawn or by day is the day's
            events = period(entry["night"], kind)["events"]
            events.append(self.logged(state, entry))
            if entry["kind"] == "heal" and (entry["night"], entry["target"]) in doubled:  # the two saves cancel out
                events.append(self.sentence("log.double_save", "{target}", target=self.said(state, entry["target"])))
        return [periods[k] for k in sorted(periods, key=lambda k: (k[0], k[1] == "day"))]

    @staticmethod
    def double_saves(state: State, log: list[dict[str, Any]]) -> list[Death]:
        """The deaths by the wolves of players both guarded and healed that night: in the classic rules the
        two saves cancel out, and the log would otherwise say they were saved twice and yet died."""
        if not double_save_kills(state):
            return []
        saved = {(e["night"], e["target"], e["kind"]) for e in log if e["kind"] in ("protect", "heal")}
        return [d for d in state.deaths if d.cause == "wolves"
                and {(d.night, d.seat, "protect"), (d.night, d.seat, "heal")} <= saved]

    def logged(self, state: State, entry: dict[str, Any]) -> str:
        """One line of the night log in words: "The guard protected Ana"."""
        result = entry.get("result")
        word = next((self.words[k] for k in (f"log.{entry['kind']}_{result}", f"night.answer_{result}",
                                              f"role.{result}", f"option.{result}", f"result.{result}")
                     if k in self.words), result or "")  # a log line's own word first ("chose the village")
        own = f"log.{entry['kind']}.{entry.get('role')}"  # a role's own line ("the big bad wolf attacked")
        key = own if own in self.words else f"log.{entry['kind']}"
        also = {"also": self.said(state, entry["also"])} if "also" in entry else {}
        key = f"log.{entry['kind']}.pair" if also else key  # two seats: "the dog lay down between Ana and Ben"
        return self.sentence(key, "{target}", night=entry["night"],
                             target=self.said(state, entry["target"]), result=word, **also)
