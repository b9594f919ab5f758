"""What ↶ may take back at night, when nobody narrates: only the choice just made in the step still called.

Undo replays the game without its last choice, so whatever it takes back comes back on screen. By night, at a
table that no one narrates, that screen is shown to whoever holds the device now: any choice but the one just
made in the step still called (before its sleep line) would bring another role's screen, and its secrets, back.
A choice that has shown its player a secret (the seer's answer) is not taken back either: it has been seen.
With the classic rules on one device, the seed's narrator holds the device and knows every card: the
narrator's undo takes back any choice, as it does by day and at the end everywhere.
"""

from __future__ import annotations

from engine import Choice


def night_refusal(unwatched: bool, called: str | None, last: tuple[Choice, bool] | None) -> str | None:
    """Why ↶ may not take back the `last` choice (and whether it showed a secret) now, as a rule the page words
    (`refusal.<rule>`); None: it may. `unwatched`: the night is being told at a table no narrator holds (the
    narrator's telling says whether one does, tellings.py); `called`: its step now called."""
    if not unwatched:
        return None
    if last is None or called is None or last[0].step != called:
        return "undo.night"
    if last[1]:
        return "undo.secret"
    return None
