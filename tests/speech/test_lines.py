from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.speech.lines import (
    RECENT,
    Lines,
    Part,
    RoleName,
    Seat,
    Seats,
    marks,
)
from narrator.speech.lint import ScriptError, load_checked
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.speech.spelling import sentence_case

SCRIPT = load(SHIPPED)


def lines(lang: str, names: list[str] | None = None) -> Lines:
    return Lines(SCRIPT, lang, Picker(1), names or [])


@pytest.mark.parametrize(("lang", "expected"), [("en", "player four"), ("de", "Spieler vier"),
                                                ("es", "jugador cuatro")])
def test_unnamed_seats_are_spelled_out(lang: str, expected: str) -> None:
    assert lines(lang, ["Ana", "", "", ""]).player(4) == expected


def test_a_filled_line_starts_with_a_capital() -> None:
    line = lines("en", ["", "", "", ""]).say("dawn.death", player=Seat(4))
    assert line.text[0].isupper() and "layer four" in line.text
    assert sentence_case("player four is gone. player five too.") == "Player four is gone. Player five too."
    assert sentence_case("¿jugador dos? un hombre lobo.") == "¿Jugador dos? Un hombre lobo."
    assert sentence_case("soplarás y soplarás... y derribarás otra casa.") == \
        "Soplarás y soplarás... y derribarás otra casa."  # an ellipsis goes on with the sentence


def test_every_language_has_role_names_for_the_reveal() -> None:
    for lang in ("en", "de", "es"):
        text = lines(lang, ["Ana"]).say("end.reveal", player=Seat(1), role=RoleName("seer")).text
        forms = SCRIPT.variants(lang, "roles.seer")  # "a seer", "the seer", ... whichever the line asks for
        assert "Ana" in text and any(form.lower() in text.lower() for form in forms), (text, forms)


def test_user_scripts_override_a_scene(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    variants = "\n".join(f"  - Quiet night number {i}, friends." for i in range(20))
    (tmp_path / "en" / "mine.yaml").write_text(f"dawn.quiet:\n{variants}\n")
    script = load_checked(tmp_path)
    assert script.variants("en", "dawn.quiet")[0] == "Quiet night number 0, friends."
    assert script.variants("de", "dawn.quiet") == SCRIPT.variants("de", "dawn.quiet")


def test_a_broken_user_script_refuses_to_start_with_the_lint_line(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "mine.yaml").write_text("dawn.quiet:\n  - Just one quiet line.\n")
    with pytest.raises(ScriptError, match=r"mine.yaml:1: dawn.quiet: 1 variants in en; at least 20"):
        load_checked(tmp_path)


def test_a_missing_user_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match="does not exist"):
        load_checked(tmp_path / "nope")


def test_a_line_keeps_its_parts_for_the_voice() -> None:
    script_lines = lines("en", ["Ana", "", "Carla"])
    line = script_lines.peek("dawn.deaths", players=Seats((1, 2, 3)))
    names = [p for p in line.parts if p.kind == "name"]
    assert names == [Part("name", "Ana", 1), Part("name", "Carla", 3)]
    assert Part("text", "and") in line.parts and Part("text", "two") in line.parts
    said = script_lines.say("dawn.deaths", players=Seats((1, 2, 3)))
    assert said == line  # peek then say: the same variant


def test_peek_does_not_use_up_a_variant() -> None:
    ls = lines("en")
    first = ls.peek("night.start", night=1)
    assert ls.peek("night.start", night=1) == first


# A step is held the same whether the role lives, acts or passes: no sleep line may claim an action took place.
# (The pied piper's call says he charms two, as his card does: the screen tells him when one is left.)
TELLING = {
    ("es", "night.big_bad_wolf.sleep"): r"se acabó la caza|relámete|deja de soplar|limpia tus garras",
    ("es", "night.fox.sleep"): r"has olido|olfato ha hablado",
    ("es", "night.seer.sleep"): r"has visto",
    ("es", "night.witch.sleep"): r"trabajo está hecho",
    ("es", "night.raven.sleep"): r"marca ya está puesta",
    ("es", "night.little_girl.sleep"): r"has espiado",
    ("es", "night.dog_handler.sleep"): r"perro ya está en su sitio",
    ("es", "night.guard.sleep"): r"guardia está montada|hayas acertado",
}


@pytest.mark.parametrize(("lang", "scene"), sorted(TELLING))
def test_no_night_line_tells_what_the_step_held(lang: str, scene: str) -> None:
    telling = [v for v in SCRIPT.variants(lang, scene) if re.search(TELLING[lang, scene], v, re.IGNORECASE)]
    assert telling == []


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_a_moment_no_script_foresaw_keeps_the_facts_it_knows(lang: str) -> None:
    """A way to play a module added ("tabletop", test_way) fits no group's `mode`: the lines were all offered, a gone
    card's call among them, said without its `{role}` (KeyError in the game's thread). Its unknown facts fit any line;
    the ones it knows (the card is not gone) still choose."""
    said = Lines(SCRIPT, lang, Picker(1), ["Ana"], ["f"])
    variants = SCRIPT.scenes[lang]["night.seer.wake"].variants
    pool = said.fitting("night.seer.wake", Moment(mode="tabletop", narrator="no", night="later", gone="no"))
    assert pool and [i for i in pool if "yes" in dict(variants[i].when).get("gone", ())] == []


def night_calls(lang: str) -> list[str]:
    """Every card's wake and sleep lines, in a night's order per card (wake, then sleep)."""
    calls = [s for s in SCRIPT.scenes[lang] if re.fullmatch(r"night\.\w+\.(wake|sleep)", s)]
    return sorted(calls, key=lambda s: (s.split(".")[1], s.endswith(".sleep")))


@pytest.mark.parametrize("mode", ["one_device", "round_table", "own_devices"])
@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_no_call_comes_again_while_another_that_fits_is_unheard(lang: str, mode: str) -> None:
    """read_es_B8 G0: in a 16-night game the wolf father's call went round four of its twenty lines; nights of every
    card's calls said the first repeat after 57 % of a call's lines on average. A line said again is one whose every
    unheard fellow opens, ends or is of a family as one said a moment ago (the last `RECENT` lines of any scene)."""
    said = Lines(SCRIPT, lang, Picker(7), ["Ana"], ["f"])
    moment = Moment(mode=mode, narrator="no", night="later", gone="no", order="middle")
    last: list[tuple[str, str]] = []  # (scene, text) of the lines said a moment ago, the latest last
    heard: dict[str, set[str]] = {}
    again = []
    for _ in range(25):
        for scene in ("night.start", *night_calls(lang)):
            entry = SCRIPT.scenes[lang][scene]
            near = set().union(*(marks(t) for _, t in last[-RECENT:]))
            kin = set().union(*(entry.families_of(t) for s, t in last[-RECENT:] if s == scene))
            unheard = [v.text for v in (entry.variants[i] for i in said.fitting(scene, moment))
                       if v.text not in heard.get(scene, set())]
            clear = [t for t in unheard if not (marks(t) & near or entry.families_of(t) & kin)]
            text = entry.variants[said.say(scene, moment, night=3).variant].text
            if text in heard.get(scene, set()) and clear:
                again.append((scene, text, len(clear)))
            heard.setdefault(scene, set()).add(text)
            last.append((scene, text))
    assert again == []
