"""When a night step closes on the players' own phones: on a beat, once every phone has answered.

Someone on the Wi-Fi sees each phone's taps go up and every frame come down (all of one size, shape.py). A step
that closed the moment its actor answered would name its actor (the last phone to tap before the close), and a
dead role's step, which nobody answers, would last as long as the narrator chose. So on own devices every step,
live, dead or idle, closes by one rule that no single answer decides, the same rule whoever the actor is:

- Its question (the actor's own, or a dead or idle step's decoy question, decoy.py) opens after the wake line.
  Every living phone is shown it (the actor its task, every other phone a decoy of the same shape) and answers
  it; a tap on the step's screen during the wake line counts as an answer.
- It may close at the end of the window (`step_seconds` after the question opened), then only on a beat: every
  BEAT seconds after the window's end, a grid fixed before anyone taps. It closes at the first of these moments
  at which every living phone that is connected has answered, and, in a live step, its actor's answer has been
  taken. A step never closes without its actor's answer; a dead step waits for the decoy taps alone.
- The page server counts the phones' answers (ways/own_devices.py, through the input's `all_answered`); the
  narrator decides on its clock. Until the close every phone keeps the step's question on its screen (an
  answer shows "done"), each tap brings every living phone one frame, the actor's as a decoy's, and what an
  actor learns (the seer's card) is told at the close, with every other living phone's dummy.
- At the window's end, when the step cannot close, the reminder is said: someone has not answered (the actor or
  not, a live step or not).
- The cap: CAP seconds after the question opened, a phone that has not answered is no longer waited for (a player
  who put the phone away). A dead step closes there; a live one waits on for its actor, and closes at the first
  beat after its answer is taken.

Why it holds for any timing: the close is a function of the moments every living phone answered, the same whichever
of them is the actor, rounded up to a grid no answer moves; and a dead step's close is the same function of its
decoy taps. What is left is each person's own pace: a phone's tap is on the air whatever the rule, so a player
who always answers last is told by that, never by the close; the decoy screens have the actor's shape so that
answering is the same task on every phone. The cap is far past a person's pace (tests/ui/web/test_frame_steps.py
draws answers up to 13 s): a live step past it, its actor still thinking, is the one step that lasts longer than
any dead step could.

Elsewhere (one device, round the table, the terminal, a replay) a step is held as nightcalls.py holds it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from narrator.game.clock import Clock
from narrator.game.inputs import RollCall

BEAT = 1.5  # seconds between two moments a step may close at, after its window
CAP = 30.0  # seconds after its question opens, a step no longer waits for the phones (its actor still)


def next_beat(end: float, now: float) -> float:
    """The first moment a step whose window ends at `end` may close at after `now`."""
    return round(end + BEAT * (math.floor(round((now - end) / BEAT, 6)) + 1), 3)


def hold(clock: Clock, roll: RollCall, number: int, window: float, taken: Callable[[float], bool],
         remind: Callable[[], None]) -> None:
    """Hold question `number`, open now, until it closes by the rule above: `taken(until)` waits for its actor's
    answer until then (True once taken; a dead step's always); `remind` says the reminder."""
    asked = clock.now()
    end = asked + window
    t, reminded = end, False
    while True:
        answer = taken(t)
        clock.sleep_until(t)  # the taps due before the moment
        if answer and (roll.all_answered(number) or t >= asked + CAP):
            return
        if not reminded and window > 0:
            remind()  # someone has not answered by the window's end
            reminded = True
        t = next_beat(end, clock.now())
