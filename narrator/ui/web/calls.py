"""What the narrator of one game tells the page's hub as it speaks (narrator/game/signals.py), and what the table's
screens do with it: the phase the table listens to, the night step called, the game as its news is said, a dead
step's decoy question, the cards revealed at the end. Told for the game in play only: a replaced game's lines
change nothing."""

from __future__ import annotations

from engine import State
from engine.flow import ALL_STEPS
from engine.roles import CALLS, Step
from narrator.game.inputs import Question
from narrator.ui.web.ports import Pages
from narrator.ui.web.stage import Stage
from narrator.ui.web.webinput import WebInput


def teaches(step: str) -> bool:
    """A step whose actor learns something at once from their answer (the seer's card, the fox's nose)."""
    kind = ALL_STEPS.get(step)
    return kind is not None and type(kind).answer is not Step.answer


class TableSignals:
    """The narrator's listener for the game `live` played on `stage`."""

    def __init__(self, stage: Stage, pages: Pages, live: WebInput) -> None:
        self.stage, self.pages, self.live = stage, pages, live

    def on_phase(self, phase: str) -> None:
        """What the table does as the narrator's next line is said: the listen screen shows it, eyes closed at
        night, the device going round at the deal, eyes open by day."""
        stage = self.stage
        with stage.lock:
            shown = stage.screen
            if self.live is stage.live and shown.get("screen") == "listen" and shown.get("phase") != phase:
                stage.show({"screen": "listen", "phase": phase})

    def on_call(self, step: str | None) -> None:
        """From a night step's wake line to its sleep line (`step` None) every living phone on own devices shows that
        step's screen (a decoy until its actor is asked), so a dead role's step looks like a living one's; a
        recognition's (the lovers, the charmed) tells those it calls, on their phones alone, that they were chosen."""
        with self.stage.lock:
            if self.live is self.stage.live and (step is None or step in ALL_STEPS or any(c.step == step
                                                                                          for _, c in CALLS)):
                self.stage.way.calling(step)

    def on_sleep(self, step: str) -> None:
        self.on_call(None)

    def on_state(self, state: State) -> None:
        """The narrator is about to say what changed (a verdict, a dawn, nightfall): every screen and an online
        room's voice chat follow the game now, not when the next question comes."""
        with self.stage.lock:
            if self.live is self.stage.live:
                self.live.desk.follow(state)
                self.pages.refresh()

    def on_decoy(self, question: Question | None) -> None:
        """Own devices: a dead or idle step's decoy question opens (narrator/game/decoy.py), every living phone
        shown its decoy as when an actor is asked; or it closes, the screens back to listening as after an
        answer. Its taps are kept by nobody (ways/own_devices.py). Shown on the game as the table has heard it:
        the narrator's may be further on (the night's deaths, not yet said at dawn)."""
        stage, desk = self.stage, self.live.desk
        with stage.lock:
            if self.live is not stage.live or stage.state is None:
                return
            if question is not None and desk.open(question, stage.state):
                stage.way.ask(question)
                stage.show({"screen": "listen", "phase": "night"})
            elif question is None and desk.question is not None and desk.question.decoy:
                if teaches(desk.question.step):  # its actor would be told what they learned, every other a dummy
                    self.pages.dummies()
                desk.close()
                stage.way.answered()
                stage.show({"screen": "listen", "phase": stage.phase()})

    def on_close(self, question: Question) -> None:
        """Own devices: a night step's question closes on its beat (narrator/game/beats.py), every phone having
        answered: a decoy's as above; a live one's, handed already and kept on every screen since, is over, what
        its actor learned told to its phone with every other living phone's dummy."""
        if question.decoy:
            self.on_decoy(None)
            return
        stage = self.stage
        with stage.lock:
            if self.live is stage.live and stage.way.beats.close(question):
                stage.show({"screen": "listen", "phase": stage.phase()})

    def over(self, state: State) -> None:
        """The game is over: the end screen at once, while the narrator still reveals the cards aloud."""
        stage = self.stage
        with stage.lock:
            if self.live is stage.live:
                self.live.desk.follow(state)
                self.live.desk.close()
                stage.show({**stage.screens().end(state), "revealed": []})  # each card as the voice reveals it

    def on_reveal(self, seat: int | None) -> None:
        """The voice reveals `seat`'s card (None: every card): the end screen shows the cards revealed so far, and
        the game's story and who is alive once all are (they name the cards too)."""
        stage = self.stage
        with stage.lock:
            shown = stage.screen
            if self.live is not stage.live or shown.get("screen") != "end" or "revealed" not in shown:
                return
            if seat is None:
                stage.show({k: v for k, v in shown.items() if k != "revealed"})  # every card
            else:
                stage.show({**shown, "revealed": [*shown["revealed"], seat]})
