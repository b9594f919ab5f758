"""The German lines as a German table hears them: what no line may claim, the rules said right, the
names of Düsterwald, and the commas of German (issue 19)."""

from __future__ import annotations

import re

import pytest
import yaml

from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings

DE = load(SHIPPED).scenes["de"]

# roles whose step is narrated while they pass, are dead, or hold no card (a thief's extra): their sleep line is
# heard the same whether they acted or not, so it may not say that they did
MAY_NOT_ACT = ("witch", "cupid", "raven", "big_bad_wolf", "wild_child", "seer", "guard", "wolf_dog", "fox",
               "dog_handler", "werewolves", "white_werewolf", "wolf_father", "pied_piper", "little_girl",
               "servant", "sisters", "brothers")
CLAIMS = re.compile(r"Arbeit ist getan|Werk ist getan|Brief hängt|Brief ist geschrieben|hast gewählt|ist gewählt"
                    r"|Wahl ist getroffen|Entscheidung (ist gefallen|steht)|Seite steht fest|Pfeile? (haben getroffen"
                    r"|sitzt)|genug (gesehen|geschaut|gespäht|geblinzelt|geschnuppert|gejagt|gehetzt|gewacht"
                    r"|musiziert|beraten)|was du (gesehen|gerochen|getan|gewählt)|Hund (liegt|hält|hat seinen)"
                    r"|Plan steht|Maul ab|Tinte trocknet|Gerücht ist in der Welt|Herzen sind verbunden",
                    re.IGNORECASE)


def variants(scene_id: str) -> list[str]:
    return [v.text for v in DE[scene_id].variants]


def spoken() -> list[tuple[str, str]]:
    return [(scene_id, v.text) for scene_id, scene in sorted(DE.items()) for v in scene.variants]


@pytest.mark.parametrize("role", MAY_NOT_ACT)
def test_no_sleep_line_says_the_role_acted(role: str) -> None:
    claimed = [line for line in variants(f"night.{role}.sleep") if CLAIMS.search(line)]
    assert not claimed, claimed


def test_every_big_bad_wolf_call_names_the_condition() -> None:
    # RULES.md: he attacks a second victim only as long as no wolf has died; his step is heard every night
    condition = re.compile(r"solange|ist (noch )?kein|kein Wolf (tot|gestorben|gefallen)|vollzählig|fehlt",
                           re.IGNORECASE)
    # a call after his card was said of the dead (gone: yes) gives no task at all, so names no condition; nor does
    # one once the table saw a wolf die (spent: yes), nor on the first night, when no wolf can have died yet
    calls = [v.text for v in DE["night.big_bad_wolf.wake"].variants
             if not {"gone", "spent"} & set(dict(v.when)) and dict(v.when).get("night") != frozenset({"first"})]
    assert calls and [line for line in calls if not condition.search(line)] == []


def test_the_hunter_is_not_said_to_be_hit() -> None:
    # he shoots on any death (poison, gallows, grief in the extended rules), not only when struck
    assert [line for line in variants("hunter.wake") if "getroffen" in line] == []


SUBORDINATE = re.compile(r"\b(wenn|ob|dass|weil|als|wer|was|wen|wem|wie|wo|der|die|das|solange|sobald|bevor|falls)\b",
                         re.IGNORECASE)


def test_no_comma_before_a_bare_oder() -> None:
    # "Nutze einen Trank oder lass es": a comma before "oder" only closes a clause that went before it
    slips = []
    for scene_id, text in spoken():
        for match in re.finditer(r", oder\b", text):
            clause = re.split(r"[.,:;!?]", text[:match.start()])[-1]
            if not SUBORDINATE.search(clause):
                slips.append(f"{scene_id}: {text}")
    assert slips == []


def test_the_little_girl_and_the_elder_have_the_product_texts_names_when_said_and_on_screen() -> None:
    words, screen = yaml.safe_load((SHIPPED / "de" / "words.yaml").read_text(encoding="utf-8")), strings("de")
    assert words["roles.little_girl"]["the"] == "das Mädchen"  # as the German product text names them (seeds/002)
    assert words["roles.elder"]["the"] == "der Älteste"
    assert screen["role.little_girl"] == screen["step.little_girl"] == "Mädchen"
    assert screen["role.elder"] == "Ältester"


def test_every_role_is_the_same_noun_when_said_and_on_screen() -> None:
    words, screen = yaml.safe_load((SHIPPED / "de" / "words.yaml").read_text(encoding="utf-8")), strings("de")
    for key, forms in words.items():
        role = key.removeprefix("roles.")
        if key.startswith("roles.") and role not in ("sister", "brother"):  # "eine der Schwestern": one of a group
            assert forms["a"].split()[-1] == screen[f"role.{role}"].split()[-1], role


def test_the_screen_buttons_and_the_win_rule_read_as_german() -> None:
    screen = strings("de")
    assert screen["deal.show"] == "Ich bin {name}: Karte zeigen"
    assert screen["ballot.open"] == "Ich bin {name}: abstimmen"
    assert "≥" not in screen["setup.win.number"] and "mindestens so viele" in screen["setup.win.number"]
    assert "zweites Opfer" in screen["refusal.big_bad_wolf.spent"]


def test_the_little_girl_is_not_told_the_wolves_sleep_again() -> None:
    # own devices: her step (65) comes before the pack's (70); the wolves have not opened their eyes yet
    assert [line for line in variants("night.little_girl.sleep") if re.search(r"Wölfe schlafen", line)] == []


def test_the_pardoned_idiot_does_not_promise_that_nobody_dies_today() -> None:
    # the judge may demand a second vote right after this verdict (own devices)
    assert [line for line in variants("village_idiot.pardoned")
            if re.search(r"(heute|niemand) stirbt|stirbt (heute )?niemand", line, re.IGNORECASE)] == []


@pytest.mark.parametrize("scene_id", ["captain.elected", "captain.named", "captain.successor", "captain.tiebreak",
                                      "hunter.wake", "hunter.shot", "scapegoat.dies", "village_idiot.pardoned"])
def test_a_day_line_says_the_player_once(scene_id: str) -> None:
    # without a name the player is "Spieler vier", and "... darf Spieler vier nicht mehr" twice in a line is clumsy
    assert [line for line in variants(scene_id) if line.count("{player}") > 1] == []
