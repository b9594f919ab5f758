"""The night as its steps are called (one device, own devices), and the fixed window every night question is held
for, round the table's turns too (roundnight.py).

Every night step has the same shape whether its role lives, is dead, or has nothing left to do: the wake line, a
window of `step_seconds`, a reminder and more time when the window runs out (and a second one a window later), and
the sleep line. A dead role's extra time is drawn from the overruns living players have really taken in this game: a
stopwatch can't tell them apart. On the players' own phones a dead step opens a decoy question too (decoy.py), and
every step, live or dead, closes on a beat once every phone has answered (beats.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence, Set
from typing import Protocol

from engine import Game, Mode, State, night_plan
from engine.roles import CALLS, ROLES, STEP_ROLE
from engine.roles._base import WOLF_CARDS
from engine.roles.servant import takes_unseen
from narrator.game import beats
from narrator.game.clock import Clock
from narrator.game.decoy import Decoys
from narrator.game.heard import night_as_heard
from narrator.game.inputs import NEVER, Answer, Input, Question, RollCall
from narrator.game.signals import Listener, Upcoming
from narrator.game.timeline import StepTiming
from narrator.speech.captions import Speaker, lasting
from narrator.speech.cardforms import SEAT_CARD_AGREES
from narrator.speech.lines import Line, Lines, Number, RoleName, Seat, held_unsaid
from narrator.speech.moment import Moment, order
from narrator.speech.script import MIDDLE
from narrator.speech.wording import PERSON

# the calls whose lines know whether the table saw a wolf die (the big bad wolf's second victim ends with it)
SPENT = frozenset(call.step for _, call in CALLS if "spent" in call.facts.split())
# the calls whose lines know how many of a group the table can know alive (the sisters, the brothers)
LEFT = frozenset(call.step for _, call in CALLS if "left" in call.facts.split())
# from a card's third night gone on its call and sleep are held unsaid but for one line a night for all such cards
# (SHARED): a 40-player game with four cards shown dead heard eight gone lines a night for nine nights (read_de_B7 E15)
LONG = 3
GONE = ("yes", "long")  # the `gone` values of a card the table knows is gone
SHARED = "night.gone"  # the one line a night for the cards long gone


class Calling(Protocol):
    """What the called night uses of the narrator that holds it."""

    clock: Clock
    input: Input  # where the answers come from (the page server's hears every phone's: RollCall)
    eyes: str | None
    called_now: str | None
    replaying: bool
    listener: Listener
    steps: list[StepTiming]
    overruns: list[float]  # seconds past the window, for every live step of this game (0 when on time)
    rng: random.Random  # the dead steps' extra time, drawn from the game's seed
    decoys: Decoys
    tasked: bool  # the step called asks for a choice (its reminder may ask for one)
    revealed: set[int]  # the seats whose card the table has heard
    spent_on: int  # the night the big bad wolf was told his second victim is gone (0: not yet)

    @property
    def state(self) -> State: ...

    @property
    def number(self) -> int: ...

    def say(self, scene: str, **values: object) -> Line: ...

    def prepare(self, *upcoming: Upcoming) -> None: ...

    def signal(self, scene: str, then: Callable[[], None], values: Mapping[str, object] | None = None,
               **facts: str | None) -> Line: ...

    reminders: int  # the reminders said in the step (or turn) being held

    lines: Lines
    speaker: Speaker

    def moment(self, values: Mapping[str, object], where: str | None = None, scene: str = "") -> Moment: ...

    def utter(self, scene: str, values: Mapping[str, object], where: str | None = None,
              facts: Mapping[str, str] | None = None) -> Line: ...

    def tell_state(self, state: State | None = None) -> None: ...

    @property
    def game(self) -> Game: ...

    def question(self, step: str, seat: int | None = None) -> Question: ...

    def ask(self, question: Question, asked_at: float, until: float = NEVER) -> Answer | None: ...

    def apply(self, question: Question, answer: Answer) -> bool: ...


class CalledNight:
    """The night's steps called one by one, each held for the night's window; `decoys`: a dead step opens a decoy
    question on every phone (own devices)."""

    def __init__(self, narrator: Calling, decoys: bool = False, back: bool = False) -> None:
        self.narrator, self.decoys = narrator, decoys
        self.back = back  # one device and nobody narrating: each step's role is told to put the device back
        self.gone = False  # the step called is a card the table knows is gone: its reminders are held unsaid
        self.place = "only"  # the step called: its place among the night's calls (moment.order)
        self.idle = False  # the step called asks nothing of its role (a recognition, a spent big bad wolf): no reminder
        self.shared = False  # the night's line for the cards long gone was said
        self.long: tuple[RoleName, ...] = ()  # the cards long gone tonight, as the table heard their holders

    def run(self) -> None:
        """Every step of the night in its fixed order, live or not, each of the same shape."""
        n = self.narrator
        plan = night_plan(n.state)
        n.eyes, self.shared = "night", False
        self.long = long_gone(n, [s.step for s in plan])
        n.prepare(("night.start", {"night": Number(n.state.night)}))
        n.say("night.start", night=Number(n.state.night))
        n.prepare(("night.reminder", {}, {"again": "no", "task": "yes"}),
                  *((f"night.{s.step}.{part}", held_by(n, s.step),
                     {**told_spent(n, call_facts(n.state, s.step, n.revealed)), "order": order(i, len(plan))})
                    for i, s in enumerate(plan) for part in ("wake", "sleep")))
        for index, slot in enumerate(plan):
            self.step(slot.step, slot.asked, order(index, len(plan)))
        while n.state.phase == "night" and n.state.current is not None:  # a step no plan foresaw
            self.step(n.state.current.step, True, "last")

    def step(self, step: str, asked: bool, place: str = "only") -> None:
        """One step called: its wake line, its window (answered, or held like one), its sleep line."""
        n = self.narrator
        start = n.clock.now()
        if n.state.phase == "night":  # the screens called with the wake line are drawn from the game as it
            n.tell_state()  # stands now; a step after the night's last choice stays on the night as heard,
        elif not asked:  # and a recognition then shows who the last choice chose (the piper's charmed), no dawn yet
            n.tell_state(night_as_heard(n.game))
        known = gone(n.state, step, n.revealed)
        n.called_now, n.tasked = step, asked and known not in GONE  # a card shown dead: its reminder asks nothing
        self.gone, n.reminders = known in GONE, 0  # the reminders are counted per step
        facts = told_spent(n, call_facts(n.state, step, n.revealed))  # as the call begins: the sleep line says the
        facts["order"] = self.place = place  # its place in the night: "the night goes on" only where a call follows
        # a group the table knows is all dead closes on its wake as a gone card does: its sleep, a second picture of
        # the same empty house, is held unsaid (read_es_A8: «…las chaquetas de los hermanos» then «Pasa la hora…»)
        self.gone = self.gone or facts.get("left") == "none"
        if facts.get("spent") == "yes":  # task the wake gave; the big bad wolf hears his loss this night only
            n.spent_on = n.state.night
        # a call that gives no task (the wake said "deine eigene Jagd ist vorbei", or only asks to look) hears no
        # "Immer mit der Ruhe" nor "Die Nacht wartet auf eine Entscheidung" (read_de_B7 B5): nobody is deciding
        self.idle = not asked or facts.get("spent") in ("yes", "told")
        values = held_by(n, step, known)  # a gone card is said as the table heard its holder: "der Seher" of David
        woke = self.call(step, known, values, facts)
        current = n.state.current
        live = asked and n.state.phase == "night" and current is not None and current.step == step
        if live:
            self.live_window(step)
        else:
            self.dead_window(step)
        n.called_now = None  # the step closes: its choice stays
        if self.back and asked and took(n.lines, woke):
            self.hand_back(step, known)
        self.idle = False
        self.close(step, values, facts)
        # at the captions' precision (a millisecond), so a step holds exactly its own lines
        n.steps.append(StepTiming(step, round(start, 3), round(n.clock.now(), 3), live))

    def close(self, step: str, values: Mapping[str, object], facts: Mapping[str, str | None]) -> None:
        """The step's sleep line. A gone card's wake line closed its call ("Der Seher wacht nicht mehr auf"): a sleep
        line after it, picked apart from it, painted what the wake had not ("Das Hufgeklapper verklingt", read_de_B7
        E12), so its time is held unsaid."""
        n = self.narrator
        if self.gone:
            if not n.replaying:
                n.listener.on_sleep(step)
            self.hush(f"night.{step}.sleep", facts, values)
            self.gone = False
        else:
            n.signal(f"night.{step}.sleep", lambda: n.listener.on_sleep(step), values, **facts)

    def call(self, step: str, known: str | None, values: Mapping[str, object], facts: Mapping[str, str | None]) -> Line:
        """The step's wake line; on a night with a card long gone (`LONG`) one line for every gone card, said at the
        first of their calls and naming them ("Für die Hexe und den Seher ist die Nacht längst vorbei."), the others'
        time held unsaid: a 40-player game with four cards shown dead heard eight such lines a night for nine nights
        (read_de_B7 E15), and a line that named no card left the table guessing whose turn it was (read_de_B8)."""
        n = self.narrator
        if known not in GONE or not self.long:
            return n.signal(f"night.{step}.wake", lambda: n.listener.on_call(step), values, **facts)
        if not self.shared:  # it names them all ("Für die Hexe und den Seher ist die Nacht längst vorbei.")
            self.shared = True
            return n.signal(SHARED, lambda: n.listener.on_call(step), {"cards": self.long},
                            calls="one" if len(self.long) == 1 else "many")
        if not n.replaying:
            n.listener.on_call(step)
        return self.hush(f"night.{step}.wake", facts, values)

    def hand_back(self, step: str, known: str | None) -> None:
        """The device goes back to the middle, said at every step that hands it over, live or dead; a gone card's
        step holds the line's time unsaid; a sleep scene with lines of its own for one device (Cupid's, the piper's:
        the device back, then a touch on the shoulder) says it itself."""
        n = self.narrator
        # the pack's step is said to the pack as its wake line called it ("Dejad el móvil", "Legt das Gerät")
        many = ROLES[STEP_ROLE[step]].many if step in STEP_ROLE else False
        hands = {"hands": (n.moment({}, scene="night.device.back").pack or "one") if many else "one"}
        if self.gone:
            self.hush("night.device.back", hands)
        elif not self.written_for_mode(f"night.{step}.sleep",
                                       {"order": self.place, **({"gone": known} if known else {})}):
            n.utter("night.device.back", {}, facts=hands)

    def hush(self, scene: str, facts: Mapping[str, str | None], values: Mapping[str, object] | None = None) -> Line:
        """Hold, unsaid, the time the line of `scene` would take now (a gone call's reminder): the rhythm stays."""
        n = self.narrator
        line = n.lines.peek(scene, n.moment({}, scene=scene).but(**facts), **(values or {}))
        held_unsaid(n.lines, line)
        n.clock.sleep_until(n.clock.now() + lasting(n.speaker, line))
        return line

    def written_for_mode(self, scene: str, facts: Mapping[str, str]) -> bool:
        """Whether every line `scene` may say now was written for some ways of playing only (a group naming them):
        such lines say what that way needs themselves."""
        lines = self.narrator.lines
        variants = lines.script.scenes[lines.lang][scene].variants
        pool = lines.fitting(scene, self.narrator.moment({}, scene=scene).but(**facts))
        ways = [dict(variants[i].when).get("mode") for i in pool]
        return all(way is not None and len(way) < len(Mode) for way in ways)

    def remind(self, holder: int | None = None) -> None:
        """The step's reminder: its first calm, a second (a whole window later) may hurry; one that asks for a choice
        only where the step called asks one. A call whose card the table knows is gone, or that asks nothing (`idle`),
        hears none, but the time it would take is held all the same: the step lasts as long as it would have. Round
        the table (`holder`: the seat whose turn the lap named, public) it is said to that hand by name, and every
        turn asks a tap; a called step's reminder names nobody (who holds the role is a secret)."""
        n = self.narrator
        facts = {"again": "yes" if n.reminders else "no", "task": "yes" if n.tasked or holder is not None else "no",
                 "turn": "no" if holder is None else "yes"}
        values: dict[str, object] = {} if holder is None else {"player": Seat(holder)}
        if (self.gone or self.idle) and holder is None:
            self.hush("night.reminder", facts)
        else:
            n.utter("night.reminder", values, facts=facts)
        n.reminders += 1

    def live_window(self, step: str) -> None:
        n = self.narrator
        roll = self.roll()
        if roll is None:
            self.held(n.question(step), n.apply, lambda: n.question(step))
            return
        q, window, asked = n.question(step), n.state.house.step_seconds, n.clock.now()
        answer: Answer | None = None

        def taken(until: float) -> bool:  # the actor's answer, asked again while the rules refuse one
            nonlocal q, answer
            while answer is None:
                answer = n.ask(q, asked, until)
                if answer is None:
                    return False
                if not n.apply(q, answer):
                    answer, q = None, n.question(step)
            return True

        beats.hold(n.clock, roll, q.number, window, taken, self.remind)
        assert answer is not None
        n.overruns.append(max(0.0, round(answer.delay - window, 3)))
        n.decoys.took(answer.delay)
        n.listener.on_close(q)

    def roll(self) -> RollCall | None:
        """The input that hears every phone's answer, on own devices, live: then every step closes on a beat."""
        n = self.narrator
        return n.input if self.decoys and not n.replaying and isinstance(n.input, RollCall) else None

    def held(self, q: Question, accept: Callable[[Question, Answer], bool], again: Callable[[], Question],
             reminders: int = 2, grace: float = 0.0, holder: int | None = None) -> bool:
        """Ask `q` for the night's fixed window: up to `reminders` reminders, each with one more window, when it runs
        out (the first `grace` seconds later: the device is still on its way round the table); asked `again` until
        an answer is accepted; the window is always held to its end; `holder`: the seat a turn round the table named
        (its reminders name it). True: one was said."""
        n = self.narrator
        window = n.state.house.step_seconds
        asked, n.reminders = n.clock.now(), 0
        answer = n.ask(q, asked, asked + window + grace)
        reminded = False
        if answer is None and window > 0 and reminders > 0:
            self.remind(holder)  # one window gone: a calm reminder; a second window gone: one that may hurry
            reminded = True
            answer = n.ask(q, asked, asked + 2 * window + grace)
            if answer is None and reminders > 1:
                self.remind(holder)
        if answer is None:
            answer = n.ask(q, asked)
        assert answer is not None
        while not accept(q, answer):
            answer = n.ask(again(), n.clock.now())
            assert answer is not None
        n.clock.sleep_until(asked + window)
        n.overruns.append(max(0.0, round(answer.delay - window, 3)))
        n.decoys.took(answer.delay)
        return reminded

    def dead_window(self, step: str) -> None:
        """The window of a step nobody answers, held like a live one's; on the players' own phones a decoy
        question is open in it until an answer would have come (decoy.py)."""
        n = self.narrator
        window, start = n.state.house.step_seconds, n.clock.now()
        n.reminders = 0
        q = n.decoys.open(step, n.number) if self.decoys else None
        roll = self.roll()
        if q is not None and roll is not None:
            self.show_decoy(q)
            beats.hold(n.clock, roll, q.number, window, lambda until: True, self.remind)
            n.listener.on_close(q)
            return
        extra = self.draw_extra()
        self.show_decoy(q)
        if q is not None and not n.replaying and extra == 0:  # closed in time (else after the extra time)
            n.clock.sleep_until(start + n.decoys.closes(q, window))
            self.show_decoy(q, closed=True)
        n.clock.sleep_until(start + window)
        if extra > 0:
            if window > 0:
                self.remind()  # as a live step's: the first when the window runs out, the second a window later
                if extra > window:
                    n.clock.sleep_until(start + 2 * window)
                    self.remind()
            n.clock.sleep_until(start + window + extra)
            self.show_decoy(q, closed=True)

    def show_decoy(self, q: Question | None, closed: bool = False) -> None:
        """The listener is told a decoy question opens, or that it is `closed` (live only)."""
        n = self.narrator
        if q is not None and not n.replaying:
            n.listener.on_decoy(None if closed else q)

    def draw_extra(self) -> float:
        """Extra seconds for a dead role's step: one of the living players' real overruns, a little blurred."""
        n = self.narrator
        if not n.overruns:
            return 0.0
        extra = n.rng.choice(n.overruns)
        return round(extra * n.rng.uniform(0.85, 1.15), 3) if extra > 0 else 0.0


def call_facts(state: State, step: str, said: Set[int]) -> dict[str, str | None]:
    """A night call's own facts: whether its role is `gone`, those its rule tells (`told`), and (the big bad wolf's)
    whether the table saw a wolf die, which ends his second victim (`spent`)."""
    facts = {"gone": gone(state, step, said), **told(state, step)}
    if step in SPENT:
        facts["spent"] = "yes" if fallen(state, said) else "no"
    if step in LEFT:
        facts["left"] = left(state, step, said)
    return facts


def told_spent(n: Calling, facts: dict[str, str | None]) -> dict[str, str | None]:
    """`spent` "told" once the big bad wolf heard, on an earlier night, that his second victim is gone: a table
    that heard it once wants a bare call after (read_de_B6 B2), not the loss night after night."""
    if facts.get("spent") == "yes" and 0 < n.spent_on < n.state.night:
        return {**facts, "spent": "told"}
    return facts


def left(state: State, step: str, said: Set[int]) -> str:
    """How many of a group (the sisters, the brothers) the table can know alive: the copies in the deal (the thief's
    cards too), less the dead whose card was said aloud as one of them. Counted from what the table heard, never from
    who holds the cards now: a secret take (the servant's, the thief's) must not change the words. "all", "some"
    (more than one, fewer than all), "one" or "none"."""
    card = next(role.id for role, call in CALLS if call.step == step)
    dealt = sum(1 for c in (*state.dealt, *state.extra) if c == card)
    alive = dealt - sum(1 for d in state.deaths if d.card == card and d.seat in said)
    return "all" if alive >= dealt else "none" if alive <= 0 else "one" if alive == 1 else "some"


def fallen(state: State, said: Set[int]) -> set[int]:
    """The wolves the table saw die: dead seats whose wolf card was said aloud (`said`)."""
    return {seat for seat in said if seat not in state.alive and state.role_of(seat) in WOLF_CARDS}


def told(state: State, step: str) -> dict[str, str]:
    """The facts a night call's own rule tells its wake and sleep lines by (the pied piper's `charms`)."""
    call = next((c for _, c in CALLS if c.step == step), None)
    return dict(call.told(state)) if call is not None and call.told is not None else {}


def gone(state: State, step: str, said: Set[int]) -> str | None:
    """A night call's role is gone for the table: every player it knows held the card is dead and had the card said
    aloud, and nobody can hold it in secret now (None: the call is no single card's, a pack's or a recognition's);
    "long" from the `LONG`th night after its last holder died. Decided from what the table heard only: with one
    device the servant's take is secret, so the card of a player executed while she may still take is never gone,
    whether she took it or not (`takeable`)."""
    role = STEP_ROLE.get(step)
    if role is None or ROLES[role].many or ROLES[role].copies:
        return None
    holders = state.seats_of(role)  # with a secret take among them, `takeable` holds: the card is not gone
    known = holders and all(s not in state.alive and s in said for s in holders)
    if not known or takeable(state, role, said):
        return "no"
    died = max((d.night for d in state.deaths if d.seat in holders), default=state.night)
    return "long" if state.night - died >= LONG else "yes"


def holder(state: State, step: str, said: Set[int]) -> int | None:
    """The seat the table last heard said dead with the card a gone call names (several holders of one card are
    rare: the thief's, the servant's take); None for a call that is no single card's or a card nobody was."""
    role = STEP_ROLE.get(step)
    seats = [d.seat for d in state.deaths if role is not None and d.card == role and d.seat in said]
    return seats[-1] if seats else None


def held_by(n: Calling, step: str, known: str | None = None) -> dict[str, object]:
    """A gone call's `{role}`: its card as the table heard it of its last holder ("der Seher" of David, "la
    protectora" of Ana), the card as printed for a gender not said or a seat word (as the reveal's `{card}`);
    `known`: the call's `gone` as already read, else read now."""
    if (known if known is not None else gone(n.state, step, n.revealed)) not in GONE:
        return {}
    seat, role = holder(n.state, step, n.revealed), STEP_ROLE[step]
    # a Spanish seat word's card agrees with the word, as by day: «el vidente» of «el jugador quince» (read_es_A8 2)
    agrees = n.lines.lang in SEAT_CARD_AGREES
    person = "" if seat is None else n.lines.gender_of(seat) if agrees else n.lines.person_of(seat)
    return {"role": RoleName(role, 1, person if person in PERSON else "")}


def long_gone(n: Calling, steps: Sequence[str]) -> tuple[RoleName, ...]:
    """The cards the night's one shared line names: on a night with a card long gone, every card of tonight's
    `steps` the table knows is gone, once each, in the night's order, as the table heard their holders (a card gone
    a night ago among them: a line of its own between two named in the shared one read as a slip, read_es_B9 2);
    none on a night without."""
    known = {s: gone(n.state, s, n.revealed) for s in steps}
    if "long" not in known.values():
        return ()
    cards = {STEP_ROLE[s]: held_by(n, s, "long")["role"] for s in steps if known[s] in GONE}
    return tuple(card for card in cards.values() if isinstance(card, RoleName))


def takeable(state: State, card: str, said: Set[int]) -> bool:
    """Whether, for all the table knows, the servant may hold `card` now: she is in play with one device (her take is
    secret), was never said dead as the servant, and a player with that card was executed."""
    if not takes_unseen(state):
        return False
    if any(d.card == "servant" and d.seat in said for d in state.deaths):
        return False
    return any(d.cause == "vote" and d.card == card for d in state.deaths)


def took(lines: Lines, woke: Line) -> bool:
    """Whether the wake line said had the role take the device: one of its scene's `middle` family ("tippt es auf dem
    Gerät in der Mitte an") left it lying there, and "put it back" after that is heard as a slip."""
    scene = lines.script.scenes[lines.lang].get(woke.scene)
    return scene is None or MIDDLE not in scene.families_of(woke.text)
