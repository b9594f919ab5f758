"""The calls of a card shown dead ("gone", issue 35: read_de_B7 D11 E12-E15, read_de_A7 7 and 16, read_es_A7,
read_es_B7), heard in the demo games the readers played, on the shipped scripts: the card is said as the table heard
its holder ("David war der Seher" → "Der Seher wacht nicht mehr auf"), no sleep line picked apart from the wake
contradicts it, and from a card's third night gone on one line a night stands for all such calls."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from narrator.cli.main import main
from narrator.speech.script import SHIPPED, load

SCRIPT = load(SHIPPED)
Caption = dict[str, object]


@cache
def game(tmp: Path, lang: str, *argv: str) -> tuple[Caption, ...]:
    """The captions of a demo game (the last of an evening), as `wolfcall demo --timeline` writes them."""
    path = tmp / f"{lang}-{'-'.join(argv)}.jsonl"
    assert main(["demo", "--fast", "--audio", "none", "--quiet", "--ruleset", "extended", "--lang", lang,
                 "--timeline", str(path), *argv]) == 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    said = [r for r in rows if "scene" in r]
    starts = [i for i, r in enumerate(said) if r["scene"] == "game.welcome"]
    return tuple(said[starts[-1]:])


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("gone")


def gone_line(caption: Caption) -> bool:
    """Whether the caption is a line of a call's `gone` group (the card shown dead)."""
    scene = SCRIPT.scenes[str(caption["lang"])][str(caption["scene"])]
    return gone_group(scene.variants[int(str(caption["variant"]))].when)


def gone_group(when: tuple[tuple[str, frozenset[str]], ...]) -> bool:
    return any(name == "gone" and "no" not in values for name, values in when)


def after(said: tuple[Caption, ...], reveal: str) -> list[Caption]:
    """The captions said after the first one that matches `reveal` (the card shown of its holder)."""
    at = next(i for i, c in enumerate(said) if re.search(reveal, str(c["text"])))
    return list(said[at + 1:])


OWN40 = ("--mode", "own_devices", "--players", "40", "--seed", "30")


@pytest.mark.parametrize(("lang", "argv", "reveal", "scene", "heard", "not_heard"), [
    # g31: "David war der Seher." → "Von der Seherin kommt kein Laut mehr."
    ("de", ("--mode", "own_devices", "--players", "12", "--seed", "31"), r"David war der Seher", "night.seer.wake",
     r"\b(der|den) Seher\b", r"Seherin"),
    # g40: "Die Karte von David fällt auf den Tisch: der Seher." → "Die Seherin wacht nicht mehr auf" for 7 nights
    ("de", ("--mode", "own_devices", "--players", "16", "--seed", "40"), r"David .*: der Seher\.", "night.seer.wake",
     r"\b(der|den) Seher\b", r"Seherin"),
    # g30: Anna "die Leibwächterin" → "Vom Leibwächter kommt kein Laut mehr"; Ida "die Hundeführerin" likewise
    ("de", OWN40, r"Anna war .*die Leibwächterin", "night.guard.wake", r"\bdie Leibwächterin\b", r"Leibwächter\b"),
    # (called in the night's shared line: a card long gone is called there every night after Ida's, test below)
    ("de", OWN40, r"Ida.*die Hundeführerin", "night.gone", r"\b(die|der) Hundeführerin\b", r"Hundeführer\b"),
    # es A, the evening's third game: «Bruno era el vidente.» → «La vidente ya no acude.»
    ("es", ("--mode", "one_device", "--players", "11", "--seed", "11", "--games", "3"), r"Bruno era el vidente",
     "night.seer.wake", r"\b(el|del) vidente\b", r"\bla vidente\b"),
    # read_es_A8 g24: «La carta del jugador quince no miente: el vidente.» → «De la vidente no llega ni un ruido.»
    ("es", ("--players", "16", "--seed", "44", "--names",
            "Ana:f,Ben:m,Carla:f,Dario:m,Eva:f,Fede:m,Gala:f,Hugo:m,Irene:f,Jon:m,Kira:f,Leo:m"),
     r"jugador quince.*el vidente", "night.seer.wake", r"\b(el|del) vidente\b", r"\bla vidente\b"),
])
def test_a_gone_card_is_said_as_the_table_heard_its_holder(tmp: Path, lang: str, argv: tuple[str, ...], reveal: str,
                                                           scene: str, heard: str, not_heard: str) -> None:
    calls = [str(c["text"]) for c in after(game(tmp, lang, *argv), reveal)
             if c["scene"] == scene and (gone_line(c) or scene == "night.gone")]
    assert calls, f"no gone call of {scene} heard after the reveal"
    assert all(re.search(heard, t, re.I) and not re.search(not_heard, t, re.I) for t in calls), calls


def test_a_gone_call_says_no_sleep_line_after_its_wake(tmp: Path) -> None:
    """"Eine Tür knarrt im Wind. Vom Leibwächter kommt kein Laut mehr." → "Das Hufgeklapper verklingt.": the
    wake line closes the call; the sleep line's time is held unsaid (g30: four cards shown dead)."""
    said = game(tmp, "de", *OWN40)
    sleeps = [str(c["text"]) for c in said if str(c["scene"]).endswith(".sleep") and gone_line(c)]
    assert sleeps == []
    assert any(gone_line(c) for c in said if str(c["scene"]).endswith(".wake"))  # there were gone calls


def test_from_a_cards_third_night_gone_one_line_a_night_stands_for_all_such_calls(tmp: Path) -> None:
    """g30: with four cards shown dead the table heard eight gone lines a night for nine nights. A card's own gone
    line is said on its first two nights gone only; after that one line a night (night.gone) for them all."""
    nights = nights_of(game(tmp, "de", *OWN40))
    own = Counter(str(c["scene"]) for night in nights for c in night if gone_line(c))
    assert own and max(own.values()) <= 2, own
    shared = [sum(1 for c in night if c["scene"] == "night.gone") for night in nights]
    assert max(shared) == 1, shared
    assert sum(own.values()) + sum(shared) <= 20, (own, shared)  # was 70 or so


# (language, scene, what the table must not hear in a gone call): a prop another fortune-teller has, hooves for a
# guard nothing about is mounted, a tail a German table laughs at, a dead role shown acting, a riddle
PROPS = [
    *((lang, f"night.seer.{part}", odd) for part in ("wake", "sleep") for lang, odd in (
        ("de", r"Pendel|Spiegel|Runen|Teesatz|schimmert"), ("en", r"pendulum|mirror|runes|glimmers"),
        ("es", r"péndulo|espejo|brilla"))),
    ("de", "night.guard.wake", r"Huf"), ("de", "night.guard.sleep", r"Huf"),
    ("de", "night.dog_handler.wake", r"Schwanz"), ("de", "night.dog_handler.sleep", r"Schwanz"),
    ("es", "night.wolf_father.wake", r"despereza"),
    ("es", "night.white_werewolf.wake", r"abedul|cruje bajo unas patas"),
    ("es", "night.white_werewolf.sleep", r"abedul"),
]


@pytest.mark.parametrize(("lang", "scene", "odd"), PROPS)
def test_a_gone_calls_lines_paint_only_what_the_card_has(lang: str, scene: str, odd: str) -> None:
    gone = [v.text for v in SCRIPT.scenes[lang][scene].variants if gone_group(v.when)]
    assert gone and [t for t in gone if re.search(odd, t)] == []


def nights_of(said: tuple[Caption, ...]) -> list[list[Caption]]:
    nights: list[list[Caption]] = []
    for c in said:
        if c["scene"] == "night.start":
            nights.append([])
        elif nights:
            nights[-1].append(c)
    return nights


def calls_of(caption: Caption) -> frozenset[str]:
    """The `calls` a night.gone caption's variant was written for (empty: any)."""
    scene = SCRIPT.scenes[str(caption["lang"])][str(caption["scene"])]
    return next((v for n, v in scene.variants[int(str(caption["variant"]))].when if n == "calls"), frozenset())


# (language, the cards g30 shows dead, as the table heard their holders, in the night's order; "and" of the language)
LONG_GONE = [
    ("de", (r"(die|der) Leibwächterin", r"(den|dem|der) Denunzianten?", r"(den|dem|der) Leitwolf",
            r"(die|der) Hundeführerin"), "und"),
    ("es", (r"la protectora", r"(el|al|del) cuervo", r"(el|al|del) gran lobo feroz", r"la adiestradora de perros"),
     "y"),
]


@pytest.mark.parametrize(("lang", "cards", "conj"), LONG_GONE)
def test_the_nights_line_for_cards_long_gone_names_them_as_the_table_heard_their_holders(
        tmp: Path, lang: str, cards: tuple[str, ...], conj: str) -> None:
    """read_de_B8 (g30, 40 players): "Die Verstorbenen lässt die Nacht in Frieden." named nobody, so the table could
    not tell whose calls it stood for. It names every card long gone that night, each as its holder was heard ("die
    Hundeführerin" of Ida), listed as the language lists; a singular verb only for one card."""
    said = game(tmp, lang, *OWN40)
    lines = [c for night in nights_of(said) for c in night if c["scene"] == "night.gone"]
    assert lines
    for c in lines:
        text = str(c["text"])
        named = [card for card in cards if re.search(rf"\b{card}\b", text, re.IGNORECASE)]
        assert named and named[0] == cards[0], text  # the guard is the first card long gone, every night after
        if len(named) > 1:  # listed as the language lists: "A, B und C"
            assert re.search(rf"{named[-2]} {conj} {named[-1]}", text, re.IGNORECASE), text
        assert calls_of(c) in (frozenset(), frozenset({"many" if len(named) > 1 else "one"})), text
    assert any(all(re.search(rf"\b{card}\b", str(c["text"]), re.IGNORECASE) for card in cards) for c in lines)


def test_a_group_the_table_knows_all_dead_closes_on_its_wake(tmp: Path) -> None:
    """read_es_A8 g25 (29 players, seed 28), night 11: «En la percha siguen las chaquetas de los hermanos, y nadie las
    coge.» then «Pasa la hora de los hermanos sin que nadie la reclame.»: two pictures of one empty house. The wake
    of a group whose cards were all shown dead closes its call, as a gone card's does; the sleep's time is held."""
    said = game(tmp, "es", "--players", "29", "--seed", "28")
    empty = 0
    for night in nights_of(said):
        scenes = [str(c["scene"]) for c in night]
        for group in ("brothers", "sisters"):
            woke = [c for c in night if c["scene"] == f"night.{group}.wake"]
            if woke and dict(SCRIPT.scenes["es"][f"night.{group}.wake"].variants[int(str(woke[0]["variant"]))]
                             .when).get("left") == frozenset({"none"}):
                empty += 1
                assert f"night.{group}.sleep" not in scenes, [c["text"] for c in night if group in str(c["scene"])]
    assert empty


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_night_with_a_shared_line_says_no_gone_card_on_its_own(tmp: Path, lang: str) -> None:
    """read_es_B9 (40 players, nights 9-11): «Para la niña y la bruja ya no hay noche.», then the dog handler, gone
    a night ago and called between them, with a line of her own; the night before all three had their own, the night
    after one line named all three. On a night with a shared line it names every card gone."""
    nights = nights_of(game(tmp, lang, *OWN40))
    mixed = [[str(c["text"]) for c in night if c["scene"] == "night.gone" or gone_line(c)]
             for night in nights if any(c["scene"] == "night.gone" for c in night)]
    assert mixed and all(len(said) == 1 for said in mixed), [m for m in mixed if len(m) > 1]
