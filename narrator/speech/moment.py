"""Where the game stands when a line is said, as the scripts' conditions name it.

A scene's variants may say when they fit (`when: {night: first, pack: one}` in the YAML). The narrator
describes the moment of each line with the facts below; a variant whose conditions all hold may be
said, and of those the most specific are preferred (Yarn Spinner's line groups and their saliency,
Valve's rule-matched dialogue). A fact the moment does not know (a `position` outside a sequence)
holds for no condition on it.

Every fact but one is public: the table could tell it without any secret (the cards announced at the deal,
the night's number, the way of playing), so a line chosen by it gives nothing away. `charms` is the pied
piper's count, which his task needs said ("charm the last one"): it tells the table no more than the next dawn
will, when he wins (or he is dead, and the charms count for nothing).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from engine import Mode

# each fact and the values it may take, in the words the scripts use
FACTS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "mode": tuple(Mode),  # the way the table plays
    # a person narrates and holds the device (the classic rules on one device, seed 000): the called role points
    # and the narrator taps; "no": the called role takes the device itself, or plays on its own phone
    "narrator": ("yes", "no"),
    "night": ("first", "later"),  # the game's first night, or any other
    # the pack as the table can know it (the wolf cards announced, less those said of the dead): "one" wolf and no
    # card that can join him, "many" (two or more), or "some" (one or none, but a card that can join may have)
    # (the end's lines count the wolf cards dealt: a wolf shown dead wins with the pack)
    "pack": ("one", "many", "some"),
    "position": ("first", "middle", "last"),  # in a sequence (the deal, the reveals, a night's turns)
    "gender": ("f", "m", "unsaid"),  # how the line's {player} is spoken of
    "revealed": ("yes", "no"),  # the {player}'s card has been said aloud in this game already
    "spared": ("yes", "no"),  # day.vote.out: the condemned will not die of it (the village idiot is pardoned)
    # death.also: why a death no other line named came (a lover's grief); end.story.lovers: whether a lover died of
    # grief (the table saw the pair, so its story is no secret)
    "cause": ("grief", "other"),
    "alone": ("yes", "no"),  # end.all_charmed: the winner is the last one alive (nobody is left to dance)
    # night.reminder: a reminder was said already in this step (its first one is calm); round.again: the laps went
    # round again already tonight (the night's first round.again, on the first night, says why)
    "again": ("yes", "no"),
    "task": ("yes", "no"),  # night.reminder: the step called asks for a choice ("no": a recognition, the lovers')
    # night.reminder: said in a turn round the table, to the hand the lap named ({player}); "no": a called step, where
    # nobody is named (the called role's player is a secret)
    "turn": ("yes", "no"),
    # round.start, round.again, round.done: only two players live round the table (the device goes back and forth
    # between them: never "all hands", "everyone")
    "two": ("yes", "no"),
    "game": ("first", "later"),  # game.welcome: the evening's first game at this table, or a rematch
    "won": ("yes", "no"),  # end.story.*: the card the story tells of won the game
    # a night call's wake and sleep: every card of its role has been said of the dead; "long": from the third night
    # after (one short line then, its sleep held unsaid: narrator/game/nightcalls.py LONG)
    "gone": ("yes", "long", "no"),
    # the big bad wolf's call: a wolf card has been said of the dead (no second victim); "told": and he heard it on
    # an earlier night (a bare call now)
    "spent": ("yes", "no", "told"),
    # the pied piper's wake and sleep: how many he is to charm, "one" when only one is left (the last, as the screen)
    "charms": ("one", "two"),
    "own": ("yes", "no"),  # end.story.lovers: Cupid chose himself as one of the two ("Cupid's pair" is then wrong)
    # the sisters' and brothers' wake and sleep: how many of them the table can know alive (those dealt, less those
    # whose card was said of the dead): "all", "some" (two or more, not all), "one", "none"
    "left": ("all", "some", "one", "none"),
    # end.story.charmed: how many players its {players} names ("one": a singular verb, "estaba Ana")
    "count": ("one", "many"),
    # night.gone: how many cards long gone its {cards} names ("one": a singular verb, "duerme la bruja")
    "calls": ("one", "many"),
    # round.turn: the lap of the night the turn is in; a later lap's first turn restarts the round after
    # round.again, with the device coming from the last seat (not from the middle, and not "next")
    "lap": ("first", "later"),
    # night.device.back: who puts the device back, as the wake line called them: one role ("one"), the pack as the
    # table knows it ("many": say it to them all, "some": a wolf or none, with a card that may have joined)
    "hands": ("one", "many", "some"),
    # a night call's wake and sleep: its place among tonight's calls, as the table hears them ("only": the one call
    # of the night): a line that says more is to come fits only where a call follows, "next" only after one
    "order": ("first", "middle", "last", "only"),
    # end.wolves.number: the living wolves are exactly as many as the others ("yes"), or more ("no": two died at
    # once), so the line says the count that holds instead of hedging "as many or more"
    "even": ("yes", "no"),
    # end.story.charmed: the charmed are at least half of the other players ("many": "the flute almost took the
    # village"), or fewer ("few": "only ... followed")
    "share": ("few", "many"),
    # end.wolves.number: the wolves left alive ("one": «Ya solo queda un lobo…», never "the pack is as big as the
    # village" of one wolf facing one villager; `pack` counts the wolf cards dealt)
    "wolves": ("one", "many"),
    # end.lovers: the two lovers left both play for the village ("village": no wolf is left, so the village wins
    # with them) or not ("other": a wolf or a solo card among them, the win is theirs alone)
    "couple": ("village", "other"),
    # end.village, end.wolves.number: the wolf father infected a player who is now dead (the village's win) or
    # alive (the wolves'); told once the game is over, when the cards are shown anyway (RULES: secret until then)
    "infected": ("yes", "no"),
})
# the ways of playing where a person may narrate, holding the device (narrator/game/tellings.py says when one does)
NARRATED: frozenset[str] = frozenset({Mode.ONE_DEVICE})
# facts only some scenes know: their catalogue entry names them
SCENE_FACTS = frozenset({"spared", "cause", "alone", "again", "task", "game", "won", "gone", "spent", "charms",
                         "own", "left", "count", "calls", "lap", "hands", "turn", "two", "order",
                         "even", "share", "wolves", "couple", "infected"})

# facts that narrow a line without making it more specific: implied by what a variant writes (a variant whose
# words agree with the player's gender may only be said when it is known), or what a line's words need ("the night
# is not over yet" where another call follows, "as many as" where the wolves are not more) that must not outrank
# the scene's other lines
IMPLIED = frozenset({"gender", "order", "even", "share", "wolves", "calls"})

When = tuple[tuple[str, frozenset[str]], ...]  # (fact, values it may take), sorted by fact: hashable
ALWAYS: When = ()


@dataclass(frozen=True)
class Moment:
    """The facts known as a line is said; None where the moment has no such fact."""

    mode: str | None = None
    narrator: str | None = None
    night: str | None = None
    pack: str | None = None
    position: str | None = None
    gender: str | None = None
    revealed: str | None = None
    spared: str | None = None
    cause: str | None = None
    alone: str | None = None
    again: str | None = None
    task: str | None = None
    game: str | None = None
    won: str | None = None
    gone: str | None = None
    spent: str | None = None
    charms: str | None = None
    count: str | None = None
    calls: str | None = None
    own: str | None = None
    left: str | None = None
    lap: str | None = None
    hands: str | None = None
    order: str | None = None
    even: str | None = None
    share: str | None = None
    wolves: str | None = None
    couple: str | None = None
    infected: str | None = None
    turn: str | None = None
    two: str | None = None

    def fact(self, name: str) -> str | None:
        value = getattr(self, name, None) if name in FACTS else None
        return value if isinstance(value, str) else None

    def but(self, **facts: str | None) -> Moment:
        return replace(self, **facts)


def holds(when: When, moment: Moment) -> bool:
    """Every condition names a value the moment has."""
    return all(moment.fact(name) in values for name, values in when)


def specificity(when: When) -> int:
    """How narrowly a variant says when it fits: its conditions, but for the implied ones."""
    return sum(1 for name, _ in when if name not in IMPLIED)


def position(index: int, count: int) -> str:
    """first, middle or last of `count` items (a single item is the first)."""
    if index == 0:
        return "first"
    return "last" if index == count - 1 else "middle"


def order(index: int, count: int) -> str:
    """A night call's place among the `count` calls of the night: first, middle, last, or the only one."""
    if count <= 1:
        return "only"
    return position(index, count)


def parse_when(raw: object) -> tuple[When, list[tuple[object, str]]]:
    """A `when:` mapping read from YAML: the conditions, and what is wrong (key, message) in plain words."""
    problems: list[tuple[object, str]] = []
    if not isinstance(raw, Mapping):
        return ALWAYS, [("when", "when: must map facts to values, e.g. when: {night: first}")]
    out: dict[str, frozenset[str]] = {}
    for key, value in raw.items():
        name = str(key)
        if name not in FACTS:
            problems.append((key, f"unknown fact {name!r} in when: (the facts are {', '.join(FACTS)})"))
            continue
        values = value if isinstance(value, list) else [value]
        said: set[str] = set()
        for item in values:
            text = _word(item)
            if text not in FACTS[name]:
                problems.append((key, f"when: {name}: {item!r} is not a value of {name} "
                                      f"(it is one of {', '.join(FACTS[name])})"))
            else:
                said.add(text)
        if said:
            out[name] = frozenset(said)
    return tuple(sorted(out.items())), problems


def _word(item: object) -> str:
    """YAML 1.1 reads yes/no as booleans: the scripts mean the words."""
    if isinstance(item, bool):
        return "yes" if item else "no"
    return str(item)


def shown(when: When) -> str:
    """A condition as a script writes it: "night: first, pack: one"."""
    return ", ".join(f"{k}: {'/'.join(sorted(v))}" for k, v in when) or "any moment"


def contexts(keys: Iterable[str], domains: Mapping[str, tuple[str, ...]] | None = None) -> list[Moment]:
    """Every moment the facts `keys` can make, each fact over its values (or `domains`' narrower ones), but those
    that never come (a person narrating a table that plays on its own phones)."""
    moments = [Moment()]
    for key in sorted(set(keys)):
        values = (domains or {}).get(key, FACTS[key])
        moments = [replace(m, **{key: v}) for m in moments for v in values]
    return [m for m in moments if possible(m)]


def possible(moment: Moment) -> bool:
    """A person narrates only a table of one device (NARRATED)."""
    return moment.narrator != "yes" or moment.mode is None or moment.mode in NARRATED
