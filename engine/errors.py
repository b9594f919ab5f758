"""The ways the rules say no: a choice out of turn, a choice or setup the rules refuse, and a choice
that names nothing or is not a choice at all."""

from __future__ import annotations


class WrongStep(Exception):
    """A choice arrived for a step the engine is not asking for right now."""

    def __init__(self, expected: str | None, given: str) -> None:
        self.expected = expected
        self.given = given
        wanted = f"'{expected}'" if expected else "nothing (the game is over)"
        super().__init__(f"expected a choice for {wanted}, got '{given}'")


class Refused(Exception):
    """The rules refuse a choice or a setup; the message is one a player can read aloud.

    `rule` is a stable id (for translated messages on the page); `args` fill it in.
    """

    def __init__(self, rule: str, message: str, **params: object) -> None:
        self.rule = rule
        self.params = params
        super().__init__(message)

    @property
    def message(self) -> str:
        return str(self)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its rule and its params (an estimate's worker process sends it back to the server)."""
        return _refused, (self.rule, self.message, self.params)


def _refused(rule: str, message: str, params: dict[str, object]) -> Refused:
    return Refused(rule, message, **params)


class Unknown(Exception):
    """A choice names something that does not exist (a seat past the table, a step nobody has)."""


class Malformed(Unknown):
    """A choice of the wrong form for its step (a list of the wrong length, an unknown option)."""


MAX_SHOWN = 60  # characters of a bad choice's text quoted back


class NotAChoice(Malformed, ValueError):
    """A text that is not the text form of any choice (a page, a journal or a file sent something else).
    Also a ValueError, as `Choice.from_text` raised before it had a type of its own."""

    def __init__(self, text: str) -> None:
        self.text = text
        shown = repr(text[:MAX_SHOWN]) + ("..." if len(text) > MAX_SHOWN else "")
        super().__init__(f"not a choice: {shown}; a choice is a step and its answer, such as seer:3 or witch:pass")

