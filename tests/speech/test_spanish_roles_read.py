"""What a second native Spanish (Spain) read of the role files found (issue 19): the night calls and the day
roles' lines. Each test fails on the text as it was before that read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.speech.script import SHIPPED, Script, load

SCRIPT = load(SHIPPED)
ROLE_FILES = ("big_bad_wolf", "brothers", "captain", "cupid", "dog_handler", "fox", "guard", "hunter", "judge",
              "little_girl", "pied_piper", "raven", "scapegoat", "seer", "servant", "sisters", "thief",
              "village_idiot", "werewolves", "white_werewolf", "wild_child", "witch", "wolf_dog", "wolf_father")


def _lines(script: Script, *files: str) -> list[tuple[str, str]]:
    """(scene, variant) of every line the named files of scripts/es hold."""
    return [(sid, v.text) for sid, scene in script.scenes["es"].items() if Path(scene.file).stem in files
            for v in scene.variants]


def test_no_comma_before_a_bare_o() -> None:
    """ "Elige a un lobo o a nadie", "¿Aldea o manada?": a plain "o" takes no comma before it (RAE)."""
    assert [v for _, v in _lines(SCRIPT, *ROLE_FILES) if re.search(r", [ou] ", v)] == []


def _as_sisters(text: str) -> str:
    for male, female in (("hermanos", "hermanas"), ("vosotros", "vosotras"), ("juntos", "juntas"),
                         ("los unos en los otros", "la una en la otra"), ("cada uno", "cada una")):
        text = text.replace(male, female).replace(male.capitalize(), female.capitalize())
    return text


def test_the_brothers_do_not_echo_the_sisters() -> None:
    """Sisters and brothers consult on the same nights (1, 3, 5 ...): the brothers' calls are their own words, not
    the sisters' lines with -os (ten of twenty were)."""
    for part in ("wake", "sleep"):
        sisters = set(SCRIPT.variants("es", f"night.sisters.{part}"))
        echoed = [v for v in SCRIPT.variants("es", f"night.brothers.{part}") if _as_sisters(v) in sisters]
        assert len(echoed) <= 3, echoed


def test_no_comma_between_a_clause_subject_and_its_verb() -> None:
    """ "Qué carta era, sigue en secreto", "Lo que os digáis con la mirada, queda entre vosotras": a subject
    clause takes no comma before its verb."""
    wrong = r"^(?:.*\. )?(?:Qué|Cuál)[^.,?]*, (?:sigue|no se)|Lo que os digáis con la mirada, queda"
    assert [v for _, v in _lines(SCRIPT, *ROLE_FILES) if re.search(wrong, v)] == []


@pytest.mark.parametrize("scene", ["dawn.dog.growl", "dawn.dog.calm"])
def test_the_dog_at_dawn_is_the_handlers_dog(scene: str) -> None:
    """There is one dog, the handler's: "el perro", never "hay un perro entre Ana y Ben"."""
    assert [v for v in SCRIPT.variants("es", scene) if re.search(r"\bun perro\b", v)] == []


def test_the_village_idiots_pardon_does_not_promise_a_day_without_deaths() -> None:
    """The judge may still call a second vote, and it may kill: not "Hoy no muere nadie"."""
    assert [v for v in SCRIPT.variants("es", "village_idiot.pardoned") if re.search(r"no muere nadie", v)] == []


def test_the_big_bad_wolf_never_blows_a_house_down_unconditionally() -> None:
    """ "Soplarás, soplarás... ¿derribarás alguna casa?" promised his attack also when a wolf has died."""
    tale = [v for v in SCRIPT.variants("es", "night.big_bad_wolf.wake") if re.search(r"sopla|derriba", v, re.I)]
    assert tale and all(re.search(r"\bsi\b|\bmientras\b", v, re.I) for v in tale), tale


def test_the_servant_is_offered_the_next_execution_not_tomorrows() -> None:
    """A take binds her to the next execution, whenever it comes: not "quién podría caer mañana", and not any
    death ("quien caiga" is also a night's victim)."""
    wrong = r"caer mañana|de quien caiga\b"
    assert [v for v in SCRIPT.variants("es", "night.servant.wake") if re.search(wrong, v)] == []


@pytest.mark.parametrize("scene", ["night.white_werewolf.wake", "night.werewolves.wake"])
def test_a_wake_call_speaks_to_the_role_not_of_it(scene: str) -> None:
    """ "Mientras la manada duerme, el lobo blanco abre los ojos. Puedes morder ...": a call said to the role
    does not switch from the third person to "tú" in one breath."""
    third = r"\b(el lobo blanco|los hombres lobo) abren? los ojos\b"
    assert [v for v in SCRIPT.variants("es", scene) if re.search(third, v)] == []


def test_the_witch_is_not_told_one_potion_in_the_extended_rules() -> None:
    """Her call is the same in both rulesets, and the extended one lets her use both potions in a night."""
    one = r"(?:una|tu) poción,? o ninguna"
    assert [v for v in SCRIPT.variants("es", "night.witch.wake") if re.search(one, v)] == []


def test_the_ravens_sleep_does_not_promise_a_mark_at_dawn() -> None:
    """The same line is said when the raven is dead or marked nobody: not "Mañana se sabrá"."""
    promise = r"mañana se sabrá|el alba dirá"
    assert [v for v in SCRIPT.variants("es", "night.raven.sleep") if re.search(promise, v, re.I)] == []
