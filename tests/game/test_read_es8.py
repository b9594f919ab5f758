"""What the Madrid readers of stop 47 found at the end of a game and in the deal (notes/s47/read_es_A8.md 5, 6, 8, 9;
read_es_B8.md B2, C2, D1), said in the game that went wrong on the shipped scripts. Each test failed on 772f207."""

from __future__ import annotations

import contextlib
import re
from itertools import pairwise

import pytest

from engine import Game, HouseRules, Mode
from narrator.game.clock import VirtualClock
from narrator.game.inputs import VOTE, Exhausted, ScriptedInput
from narrator.game.narrator import Narrator
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Lines
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

from ..narration import MORE_NAMES, NAMES, ROLES, answers, captions, opening
from .test_nightcalls import heard_all_but

SCRIPT = load(SHIPPED)


def play(script: list, lang: str = "es", roles: list[str] | None = None, ruleset: str = "classic",  # type: ignore[type-arg]
         memory: dict[str, object] | None = None, mode: Mode = Mode.ONE_DEVICE) -> Narrator:
    """The scripted game to its end, with `memory` as what the evening heard already (the picker says next the
    lines it heard least)."""
    cards = roles or ROLES
    names = [*NAMES, *MORE_NAMES][:len(cards)]
    game = Game.new(names, roles=cards, ruleset=ruleset, house=HouseRules(), seed=1, mode=mode)
    lines = Lines(SCRIPT, lang, Picker(1, memory or {}), names, ())
    n = Narrator(game, lines, CaptionSpeaker(None), VirtualClock(), ScriptedInput(opening(len(cards)) + script), seed=1)
    with contextlib.suppress(Exhausted):
        n.run()
    return n


def said(n: Narrator, scene: str) -> list[str]:
    return [c.text for c in captions(n) if c.scene == scene]


# the classic seven (Ana and Ben the wolves, Carla the seer, Dario the witch, Eva the hunter): Ana is voted out on day
# one, Fede and Gala are eaten, Carla poisoned; Ben is left with Dario and Eva
TO_ONE_WOLF = [("werewolves:6", 2.0), ("witch:pass", 10.0), ("seer:1", 3.0), (VOTE, 30.0), ("day_vote:1", 3.0),
               ("werewolves:7", 2.0), ("witch:poison:3", 2.0), ("seer:2", 2.0)]
# a line that counts the pack as if it were all alive: "as big as", "as many wolves as", "the wolves are more"
PACK_COUNT = re.compile(r"tan grande|tantos lobos|son la mitad|igualan? en número|[Ll]obos y vecinos ya|más lobos|"
                        r"más que el resto|más grande|[Mm]anada ya supera|superan en número al resto|"
                        r"son más de la mitad|ya son (tantos|más)")


def test_one_wolf_left_facing_one_villager_is_not_told_as_a_pack_as_big_as_the_village() -> None:
    """A8 5 (g06, g21): «La manada ya es tan grande como lo que queda de la aldea. ¡Ganan los hombres lobo!» said of
    one wolf and one villager: `pack` is the wolf cards dealt; the line says who is left."""
    n = play([*answers(*TO_ONE_WOLF), *answers((VOTE, 30.0), ("day_vote:4", 3.0))],
             memory=heard_all_but("es", "end.wolves.number", PACK_COUNT))
    won = said(n, "end.wolves.number")
    assert n.state.reason == "wolves_number" and n.state.alive == frozenset({2, 5})
    assert won and not PACK_COUNT.search(won[0]), won


def test_the_last_wolf_alone_is_not_told_as_more_wolves_than_villagers() -> None:
    """B8 D1 (g23): «Quedan en pie más lobos que vecinos.» when one wolf and nobody else is left: the hunter, voted
    out, shoots the last villager."""
    n = play([*answers(*TO_ONE_WOLF), *answers((VOTE, 30.0), ("day_vote:5", 3.0), ("hunter:4", 2.0))],
             memory=heard_all_but("es", "end.wolves.number", PACK_COUNT))
    won = said(n, "end.wolves.number")
    assert n.state.reason == "wolves_number" and n.state.alive == frozenset({2})
    assert won and not PACK_COUNT.search(won[0]), won


def last_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?:])\s+", text.strip())[-1]


VILLAGE = {"es": "aldea", "de": "Dorf", "en": "village"}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
def test_a_village_couple_wins_with_the_village(lang: str) -> None:
    """A8 6 (g18): «Solo sobreviven quienes se aman: Lucía y Javier. ¡La victoria es de la pareja!» when both lovers
    were village and every wolf was dead: the table heard that the village lost. Ana (Cupid) and Carla are the pair;
    the wolf, Ben, is voted out; the win names the village with them."""
    n = play(answers(("cupid:1,3", 2.0), ("werewolves:4", 2.0), (VOTE, 30.0), ("day_vote:2", 2.0)), lang=lang,
             roles=["cupid", "werewolf", "villager", "villager"], ruleset="extended")
    won = said(n, "end.lovers")
    assert n.state.winner == "lovers" and n.state.alive == frozenset({1, 3})
    assert len(won) == 1 and "Ana" in won[0] and "Carla" in won[0], won
    assert VILLAGE[lang] in last_sentence(won[0]), won
    lines = Lines(SCRIPT, lang, Picker(0), ["Ana", "Carla"], ())
    village = [SCRIPT.scenes[lang]["end.lovers"].variants[i].text
               for i in lines.fitting("end.lovers", Moment(mode="one_device", couple="village"))]
    assert len(village) >= 20 and all(VILLAGE[lang] in last_sentence(t) for t in village)


@pytest.mark.parametrize("lang", ["es", "de", "en"])
def test_a_mixed_couple_wins_alone(lang: str) -> None:
    """A8 6, the other side: Ana (Cupid) chose Ben, the wolf; their win is theirs, not the village's."""
    n = play(answers(("cupid:1,2", 2.0), ("werewolves:3", 2.0)), lang=lang, roles=["werewolf", "villager", "cupid"],
             ruleset="extended")
    won = said(n, "end.lovers")
    assert n.state.winner == "lovers" and won and VILLAGE[lang] not in last_sentence(won[0]), won


# a clause that opens with a tú imperative: a wolf hears it said to him alone
TU = re.compile(r"(?:^|[.:;¡¿]\s*)(abre|cierra|elige|marca|coge|señala|despierta|deja|pulsa|mira|toca|escoge|"
                r"decide)\b", re.I)


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
def test_a_pack_of_unknown_size_is_never_called_as_tu(mode: str) -> None:
    """B8 C2: «Hora de la manada: abre los ojos y marca a su víctima en el móvil del centro.» to a pack the table cannot
    count (a wolf-dog dealt): «abre» is heard as said to one wolf. Every call of the pack then says «la manada» as
    its subject, or no verb."""
    lines = Lines(SCRIPT, "es", Picker(0), ["Ana"], ())
    for night in ("first", "later"):
        at = Moment(mode=mode, narrator="no", night=night, pack="some", order="first")
        texts = [SCRIPT.scenes["es"]["night.werewolves.wake"].variants[i].text
                 for i in lines.fitting("night.werewolves.wake", at)]
        assert len(texts) >= 20 and not [t for t in texts if TU.search(t)], [t for t in texts if TU.search(t)]


# a possessive said before the name it belongs to, at the start of a story (after another player's card was named)
BEFORE_NAME = re.compile(r"^[^{]*\b[Ss]us? ")


@pytest.mark.parametrize("scene", ["end.story.infected", "end.story.wild_child", "end.story.lovers"])
def test_a_story_says_whose_card_before_su(scene: str) -> None:
    """B8 B2 (g27, g28): «…La pareja la formaban Carla y Luis.» → «Lo que su carta no dice: Luis había sido
    infectado…»: «su» pointed at the last name said. A story names its player before any «su»; Cupid's own lines
    («Cupido apuntó una flecha a su propio corazón») have him as the subject."""
    for v in SCRIPT.scenes["es"][scene].variants:
        head = BEFORE_NAME.match(v.text)
        assert not head or re.search(r"Cupido|padre de los lobos", head.group(0)), v.text


def test_the_infection_story_after_the_reveal_names_the_card_it_speaks_of() -> None:
    """B8 B2 in its game: Ben was bitten by the wolf father (Ana), Carla's card is the last one shown before the story;
    even when the lines that open «Lo que su carta no dice» are those least heard, the story names Ben first."""
    script = answers(("werewolves:2", 2.0), ("wolf_father:=infect", 2.0), (VOTE, 30.0), ("day_vote:3", 2.0),
                     ("werewolves:4", 2.0), ("wolf_father:pass", 2.0))
    n = play(script, roles=["wolf_father", "villager", "villager", "villager", "villager"], ruleset="extended",
             memory=heard_all_but("es", "end.story.infected", re.compile(r"[Ss]u carta")))
    story = said(n, "end.story.infected")
    assert n.state.winner == "wolves" and len(story) == 1, story
    assert "Ben" in story[0] and not re.match(r"^(?:(?!Ben).)*\b[Ss]us? ", story[0]), story


def test_the_infection_story_gives_no_warning_for_a_game_that_is_over() -> None:
    """A8 (g28): «No os fieis de la carta del jugador catorce…» said once the game is over."""
    for v in SCRIPT.scenes["es"]["end.story.infected"].variants:
        assert not re.search(r"[Nn]o os fi[eé]is|[Oo]jo con|[Cc]uidado con", v.text), v.text


def test_the_deal_does_not_end_two_lines_in_a_row_with_passing_the_phone_on() -> None:
    """A8 8 (g11): «Empezamos por Ana. Coge el móvil, mira tu carta y tápala antes de pasarlo.» → «Le pasamos el móvil a
    Bruno. Pulsa para ver tu carta y tápala antes de pasarlo.»: even when those lines are the least heard, no two
    in a row end so."""
    tail = re.compile(r"antes de pasar|para el siguiente|venga detrás")
    n = play([], roles=["werewolf", "villager", "seer", "villager", "villager", "villager"], ruleset="extended",
             memory=heard_all_but("es", "deal.pass", tail))
    deal = said(n, "deal.pass")
    assert len(deal) >= 5 and tail.search(deal[0]), deal
    assert not [(a, b) for a, b in pairwise(deal) if tail.search(a) and tail.search(b)], deal


NOBODY_LEFT = re.compile(r"queda(do)? (nadie|ni)|no queda nadie|vací|[Nn]adie (ha sobrevivido|queda|en pie)|"
                         r"sobrevive nadie|[Hh]an caído todos|[Tt]odos han caído|desierta|caen a la vez|"
                         r"[Nn]i un superviviente|se los ha llevado a todos")


def test_the_draw_says_nobody_is_left() -> None:
    """A8 9 (g25): «Ni la aldea ni los colmillos: aquí no gana nadie.» after the hunter's shot took the last one: the
    line never said why nobody wins."""
    for v in SCRIPT.scenes["es"]["end.draw"].variants:
        assert NOBODY_LEFT.search(v.text), v.text


def test_the_piper_left_alone_is_not_said_to_see_the_dawn() -> None:
    """A8 (out of context): «Solo Lucía ve amanecer.» also when the day's vote left the piper alone, in the evening."""
    for v in SCRIPT.scenes["es"]["end.all_charmed"].variants:
        assert not re.search(r"amanec|[Aa]lba\b|madrugada", v.text), v.text


def test_the_lovers_story_opens_with_its_subject() -> None:
    """B8 B4 (g33): «Lo de la pena ya lo explicaba: …» opens with no subject and sounds cut."""
    for v in SCRIPT.scenes["es"]["end.story.lovers"].variants:
        assert not v.text.startswith("Lo de "), v.text


def test_the_round_tables_night_opens_with_one_clause_joined_at_a_time() -> None:
    """B8 B5 (g29): «El móvil da la vuelta y lo cogéis cuando os toque, y la pantalla, solo para quien lo tenga.»: two
    «y» in one breath, lumpy to say aloud."""
    for v in SCRIPT.scenes["es"]["round.start"].variants:
        for sentence in re.split(r"(?<=[.!?])\s+", v.text):
            assert len(re.findall(r"\by\b", sentence)) <= 1, v.text


def test_the_lone_wolfs_summary_says_the_count_without_hedging() -> None:
    """B8 F1: «Gana el lobo. Frente al lobo ya solo queda uno, como mucho.» at the end of the command line's demo."""
    from narrator.ui.web.strings import strings

    assert "como mucho" not in strings("es")["cli.wolf_wolves_number"]
