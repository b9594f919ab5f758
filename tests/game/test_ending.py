"""The end of a game as the table hears it (narrator/game/daytime.py `end`, the end's scripts): who won, named in
the winner's line and spoken of as they said, and the stories after the cards, each player's once."""

from __future__ import annotations

import re

import pytest

from narrator.game.inputs import VOTE, Answer
from narrator.speech.lines import Lines, Seat
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker

from ..narration import SCRIPT, answers, captions, narrate

WOMEN = ("f",) * 8
MEN = ("m",) * 8
# what would speak of the winner as a man: a pronoun, an ending, "the only survivor"
AS_A_MAN = {"de": re.compile(r"\b[Ee]r (gewinnt|hat|war)\b|\b[Ss]eine?\b (Flöte|Melodie|Siegeslied|Plan|Ziel|Wunsch)|"
                             r"\bihn\b|[Dd]er (Einzige|Letzte)\b|Überlebende|als Letzter\b|wollte er\b"),
            "es": re.compile(r"\b[Ee]l único\b|\b[Ee]l último (en|que)\b|"
                             r"(?<!ha )(?<!béis )\b(ileso|expulsado|condenado)\b|"
                             r"\blo (condenarais|expulsarais)\b|\bsolo ante\b|quedado solo\b"),
            "en": re.compile(r"\b([Hh]e|him|his)\b")}
AS_A_WOMAN = {"de": re.compile(r"\b[Ss]ie (gewinnt|hat|war)\b|\b[Ii]hre?\b (Flöte|Melodie|Siegeslied)|"
                               r"[Dd]ie (Einzige|Letzte)\b|als Letzte\b|wollte sie\b"),
              "es": re.compile(r"\b[Ll]a única\b|(?<!ha )(?<!béis )\b(ilesa|expulsada|condenada)\b|\bla expulsarais\b|"
                               r"\bsola ante\b|quedado sola\b"),
              "en": re.compile(r"\b([Ss]he|her|hers)\b")}
Ending = tuple[list[Answer], list[str], str, str]  # the answers, the cards, the winner's scene, the winner's name
ANGEL: Ending = (answers(("werewolves:none", 2.0), (VOTE, 30.0), ("day_vote:1", 2.0)),
         ["angel", "werewolf", "villager", "villager", "villager", "villager"], "end.angel", "Ana")
WHITE: Ending = (answers(("werewolves:2", 2.0), (VOTE, 30.0), ("day_vote:3", 2.0)),
         ["white_werewolf", "villager", "villager"], "end.white_werewolf", "Ana")
PIPER: Ending = (answers(("cupid:1,4", 2.0), ("werewolves:5", 2.0), ("witch:poison:6", 2.0), ("pied_piper:7,8", 2.0),
                 ("hunter:7", 2.0), (VOTE, 30.0), ("day_vote:tally:8*4", 2.0), ("werewolves:2", 2.0),
                 ("witch:pass", 2.0), ("pied_piper:2,4", 2.0), (VOTE, 30.0), ("day_vote:tally:1*2", 2.0)),
         ["werewolf", "cupid", "pied_piper", "witch", "hunter", "villager", "villager", "villager"], "end.all_charmed",
         "Carla")


def ending(game: Ending, lang: str, seed: int, genders: tuple[str, ...]) -> str:
    script, roles, scene, _ = game
    n = narrate(script, lang=lang, seed=seed, roles=roles, ruleset="extended", genders=genders)
    won = [c.text for c in captions(n) if c.scene == scene]
    assert n.state.over and len(won) == 1, [c.scene for c in captions(n)]
    return str(won[0])


@pytest.mark.parametrize("lang", ["de", "es", "en"])
@pytest.mark.parametrize("game", [ANGEL, WHITE, PIPER], ids=["angel", "white_werewolf", "pied_piper"])
def test_a_solo_winner_is_named_and_spoken_of_as_they_said(lang: str, game: Ending) -> None:
    """The angel, the white werewolf and the pied piper win alone: the winner's line names them, and a woman who
    won hears nothing said of a man ("der einzige Überlebende", «el único superviviente», "Er gewinnt"), a man
    nothing of a woman."""
    winner = game[3]
    for seed in range(1, 7):
        for genders, wrong in ((WOMEN, AS_A_MAN), (MEN, AS_A_WOMAN)):
            line = ending(game, lang, seed, genders)
            assert winner in line and not wrong[lang].search(line), (seed, genders[0], line)


@pytest.mark.parametrize("lang", ["de", "es", "en"])
@pytest.mark.parametrize("scene", ["end.angel", "end.white_werewolf", "end.all_charmed"])
def test_every_solo_winners_line_names_them_and_agrees_with_them(lang: str, scene: str) -> None:
    """Each variant that may be said of Ana (a woman), Ben (a man) or Carla (not said): her name, and nothing
    said as of the other gender (Carla: neither)."""
    lines = Lines(SCRIPT, lang, Picker(1), ["Ana", "Ben", "Carla"], ["f", "m", ""])
    for seat, name, wrong in ((1, "Ana", [AS_A_MAN]), (2, "Ben", [AS_A_WOMAN]), (3, "Carla", [AS_A_MAN, AS_A_WOMAN])):
        for alone in ("yes", "no"):
            values = {"player": Seat(seat)}
            said = [lines.render(SCRIPT.variants(lang, scene)[i], values)[0]
                    for i in lines.fitting(scene, lines.moment_of(Moment(alone=alone), values))]
            assert len(said) >= 20
            assert [t for t in said if name not in t or any(w[lang].search(t) for w in wrong)] == [], name


def stories(lang: str, script: list[Answer], roles: list[str]) -> tuple[list[str], list[str]]:
    """The end's scenes after the last card revealed, and their captions."""
    n = narrate(script, lang=lang, roles=roles, ruleset="extended")
    said = captions(n)
    last = max(i for i, c in enumerate(said) if c.scene == "end.reveal")
    assert n.state.over
    return [c.scene for c in said[last + 1:]], [str(c.text) for c in said[last + 1:]]


def test_a_player_is_the_subject_of_one_story_only() -> None:
    """Ben, the wild child, is bitten by the wolf father on the first night, then his model dies: he came to the
    pack by the bite, and the table hears it once (not «…desde entonces cazaba con los lobos» and then «Ojo con la
    carta de Ben… era de la manada»)."""
    script = answers(("wild_child:3", 2.0), ("werewolves:2", 2.0), ("wolf_father:=infect", 2.0), (VOTE, 30.0),
                     ("day_vote:3", 2.0), ("werewolves:4", 2.0), ("wolf_father:pass", 2.0))
    scenes, _ = stories("es", script, ["wolf_father", "wild_child", "villager", "villager", "villager", "villager"])
    assert scenes == ["end.story.infected"]


@pytest.mark.parametrize("lang", ["de", "es", "en"])
def test_the_lovers_who_won_are_named_once(lang: str) -> None:
    """The winner's line names the lovers; no story after the cards names them again ("Ach ja, das Liebespaar")."""
    n = narrate(answers(("cupid:1,2", 2.0), ("werewolves:3", 2.0)), lang=lang, roles=["werewolf", "villager", "cupid"],
                ruleset="extended")
    said = captions(n)
    assert n.state.winner == "lovers"
    assert [c.scene for c in said if c.scene.startswith("end.") and c.scene != "end.reveal"] == ["end.lovers"]
    assert "Ana" in said[-4].text and "Ben" in said[-4].text  # the win, then the three cards


@pytest.mark.parametrize(("lang", "more"), [("de", "vier weitere"), ("es", "cuatro más"), ("en", "four more")])
def test_a_long_list_of_charmed_says_a_handful_of_names_and_how_many_more(lang: str, more: str) -> None:
    """Nine charmed (up to thirty-eight at forty players, half a minute of names): five named, then how many more."""
    nights = (("werewolves:none", 2.0), ("pied_piper:{},{}", 2.0), (VOTE, 30.0), ("day_vote:none", 2.0))
    script = [(text.format(a, b), wait) for a, b in ((3, 4), (5, 6), (7, 8), (9, 10)) for text, wait in nights]
    scenes, texts = stories(lang, answers(*script, ("werewolves:none", 2.0), ("pied_piper:1,", 2.0)),
                            ["werewolf", "pied_piper", *["villager"] * 8])
    assert scenes == ["end.story.charmed"]
    named = [name for name in ("Ana", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Ines", "Jon")
             if name in texts[0]]
    assert named == ["Ana", "Carla", "Dario", "Eva", "Fede"] and more in texts[0], texts[0]


@pytest.mark.parametrize("lang", ["de", "es", "en"])
def test_the_lovers_story_neither_closes_the_end_nor_keeps_a_secret(lang: str) -> None:
    """Another story may follow it ("Noch ein Wort zum Schluss:" and then the infected), and the table that heard
    a death of grief knows the pair ("Did anyone guess?")."""
    lines = Lines(SCRIPT, lang, Picker(1), ["Ana", "Ben"], ["f", "m"])
    closing = re.compile(r"[Zz]um Schluss|[Zz]uletzt|[Pp]ara (terminar|acabar)|[Pp]or último|[Ff]inally|[Ll]astly|"
                         r"guess|[Ss]ecret|[Gg]eheim|[Ss]ecreto|nadie lo sab")
    for own in ("yes", "no"):
        at = Moment(own=own)
        said = [SCRIPT.variants(lang, "end.story.lovers")[i] for i in lines.fitting("end.story.lovers", at)]
        assert [line for line in said if closing.search(line)] == []


@pytest.mark.parametrize(("lang", "opener"), [("es", "Lo que"), ("de", "Die Karte von")])
def test_stories_told_back_to_back_do_not_open_alike(lang: str, opener: str) -> None:
    """The stories follow one another after the last card: «Lo que su carta no dice:…» and then «Lo que el reparto
    no dice:…» is heard as a machine. An opener belongs to one story."""
    scenes = {scene for scene, entry in SCRIPT.scenes[lang].items() if scene.startswith("end.story.")
              for v in entry.variants if v.text.startswith(opener)}
    assert len(scenes) <= 1, scenes


def test_the_charmed_story_says_nothing_of_the_piper_as_a_man() -> None:
    """"Der Flötenspieler hat verloren, aber einige hatte er schon": a woman may have held the piper's card."""
    for won in ("yes", "no"):
        lines = [v.text for v in SCRIPT.scenes["de"]["end.story.charmed"].variants
                 if all(won in values for fact, values in v.when if fact == "won")]
        assert lines and [line for line in lines if re.search(r"\b(er|ihn|sein\w*)\b", line)] == []
