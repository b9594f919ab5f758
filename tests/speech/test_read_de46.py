"""What the German native read of stop 46 found (issue 35, read_de_A6.md), each kind checked on the shipped scripts
as the narrator may say them at the moment that went wrong (`Lines.fitting`), in every language it applies to."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from narrator.speech.lines import Lines
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
_TOOL = Path(__file__).parents[2] / "tools" / "gone_images.py"
_SPEC = importlib.util.spec_from_file_location("gone_images", _TOOL)
assert _SPEC is not None and _SPEC.loader is not None
gone_images = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(gone_images)

# -- A: a card the table saw dead is not called ----------------------------------------------------------------------
# "Vor der Höhle knackt ein Ast. Augen auf, Urwolf." to a card lying face up: a table heckles "der ist doch tot"
CALL = {"de": r"Augen (auf|zu)|öffne|\bschließ\b|wach auf|schlaf wieder|mach die Augen",
        "en": r"(open|close) your eyes|eyes (open|closed)|wake up|back to sleep",
        "es": r"(abre|cierra|abrid|cerrad) los ojos|despierta|, a dormir"}
# the wake says the role's place stays still: the role (or its place) is named in the line
ROLE = {"de": r"Seherin|Hexe|Urwolf|Leitwolf|Weiße|Leibwächter|Fuchs|Denunziant|Mädchen|Flöte|Magd|Hundeführer|"
              r"Schwestern|Brüder",
        "en": r"seer|witch|wolf|guard|fox|raven|girl|piper|servant|handler|sisters|brothers|Cupid|thief|child",
        "es": r"vidente|bruja|lobo|protector|zorro|cuervo|niña|flautista|sirvienta|adiestrador|hermanas|hermanos|"
              r"Cupido|ladrón|niño"}
GROUPS = [(lang, scene) for lang in ("de", "en", "es") for scene, _ in gone_images.gone_groups(SCRIPT, lang)]


@pytest.mark.parametrize(("lang", "scene"), GROUPS)
def test_a_card_shown_dead_keeps_its_pause_but_is_not_called(lang: str, scene: str) -> None:
    """Read A6, A: every line of a gone call (gone: yes; a group's left: none) keeps a picture and never tells the
    dead card to open or close its eyes; a wake line says that the role's place stays still."""
    texts = dict(gone_images.gone_groups(SCRIPT, lang))[scene]
    assert [t for t in texts if re.search(CALL[lang], t, re.IGNORECASE)] == []
    if scene.endswith(".wake"):
        assert [t for t in texts if not re.search(ROLE[lang], t)] == []


# -- B: the device back, after every role all night ------------------------------------------------------------------
def device_back(hands: str) -> list[str]:
    lines = Lines(SCRIPT, "de", Picker(1), ())
    pool = lines.fitting("night.device.back", Moment(mode="one_device", narrator="no", hands=hands))
    return [SCRIPT.variants("de", "night.device.back")[i] for i in pool]


@pytest.mark.parametrize("hands", ["one", "many"])
def test_the_device_back_has_more_lines_than_a_night_of_steps_says_twice(hands: str) -> None:
    """Read A6, B: 20 lines, each heard five times in a 28-player game; now more of them, many short."""
    assert len(device_back(hands)) >= 28


def test_the_singular_and_plural_device_back_are_never_heard_back_to_back() -> None:
    """Read A6, B: "Legt das Gerät wieder hin, in die Mitte." (the pack), then "Leg das Gerät wieder hin, in die
    Mitte." (the wolf father) a minute later: each twin is of one family, so the picker keeps them apart."""
    scene = SCRIPT.scenes["de"]["night.device.back"]
    plural = device_back("many")
    twins = [(one, many) for one in device_back("one") for many in plural
             if one != many and re.sub(r"^(\w+?)t\b", r"\1", many) == one]
    assert len(twins) >= 8
    assert [pair for pair in twins if not scene.families_of(pair[0]) & scene.families_of(pair[1])] == []


# -- Low: a name whose gender is not said, then the card -------------------------------------------------------------
@pytest.mark.parametrize("scene", ["end.reveal", "day.vote.reveal"])
def test_a_card_after_a_name_without_gender_is_said_as_the_card(scene: str) -> None:
    """Read A6, F: "Bei Marie gibt es nichts mehr aufzudecken: der Jäger", "Die letzte Karte gehört Marie: ein
    Dorfbewohner": where the gender is not said, the card comes after "Karte" ("Die Karte von Marie: der Jäger"),
    never right after her name."""
    from narrator.speech.lines import RoleName, Seat

    lines = Lines(SCRIPT, "de", Picker(1), ("Marie", "Ben"), ("", "m"))
    heard = set()
    for position in ("first", "middle", "last"):
        for revealed in ("yes", "no"):
            filled = {"player": Seat(1), "role": RoleName("hunter")}
            at = lines.moment_of(Moment(mode="one_device", narrator="yes", position=position, revealed=revealed),
                                 filled)
            heard |= {lines.render(SCRIPT.variants("de", scene)[i], filled)[0] for i in lines.fitting(scene, at)}
    assert heard
    before = [sentence.split(": ")[0] for line in heard for sentence in re.split(r"(?<=[.!?]) ", line)
              if "Marie" in sentence and re.search(r": (der|ein) Jäger", sentence)]
    assert [b for b in before if "Karte" not in b] == []


# -- C, D: single lines ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("scene", "wrong"), [
    ("night.werewolves.wake", r"tippt es an"),  # C: "es" is the device, not the victim
    ("night.guard.wake", r"zählst auch"),  # D: sounds like counting heads
    ("night.guard.sleep", r"Eimer hängt"),  # D: a picture that does not land
    ("day.debate", r"wisst, und was"),  # D: two object clauses joined by "und" take no comma
])
def test_the_lines_the_reader_stumbled_on_are_gone(scene: str, wrong: str) -> None:
    assert [v for v in SCRIPT.variants("de", scene) if re.search(wrong, v)] == []


def test_the_wild_childs_story_names_its_model_and_never_the_child_as_one() -> None:
    """Read A6, D: "Mit dem Vorbild von Spieler einundzwanzig starb auch die Unschuld." of the child in seat 21 was
    heard as seat 21 being the model: the story is told with the model ({players}) and never "Vorbild von" the
    child."""
    from engine import story
    from narrator.speech.lines import Seat, Seats

    from ..narration import answers, narrate

    roles = ["werewolf", "wild_child", "villager", "seer", *["villager"] * 4]
    n = narrate(answers(("wild_child:3", 2.0), ("werewolves:3", 2.0), ("seer:1", 2.0)), lang="de",
                ruleset="extended", roles=roles)
    told = [s for s in story(n.state) if s.scene == "end.story.wild_child"]
    assert [(s.player, s.players) for s in told] == [(2, (3,))]
    lines = Lines(SCRIPT, "de", Picker(1), ("Ana", "Ben", "Carla"), ("f", "m", "f"))
    values = {"player": Seat(2), "players": Seats((3,))}
    texts = [lines.render(v, values)[0] for v in SCRIPT.variants("de", "end.story.wild_child")]
    assert [t for t in texts if "Vorbild von Ben" in t] == []
    assert any("Carla" in t for t in texts)
