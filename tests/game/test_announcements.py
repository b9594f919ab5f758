"""What the table hears after a death, in RULES.md's order: the death, the executed card, grief, shots, then the
captain's successor (captions, as the narrator speaks them)."""

from __future__ import annotations

import pytest

from narrator.game.inputs import VOTE
from narrator.speech.lines import Seat

from ..narration import answers, captions, narrate

LOVERS = ["cupid", "werewolf", "seer", "witch", "villager", "villager"]  # Ana cupid ... Eva and Fede villagers
HUNTER = ["werewolf", "hunter", "villager", "villager", "villager", "villager"]


def heard(scenes: list[tuple[str, str]], scene: str, word: str = "") -> int:
    """Where the first caption of `scene` (naming `word`, if given) stands in the game."""
    return next(i for i, (s, text) in enumerate(scenes) if s == scene and word in text)


def test_the_executed_card_is_shown_before_the_grief_of_the_other_lover() -> None:
    n = narrate(answers(("cupid:3,5", 2.0), ("werewolves:none", 2.0), ("seer:2", 2.0), ("witch:pass", 2.0),
                        (VOTE, 30.0), ("day_vote:5", 2.0)), lang="de", roles=LOVERS, ruleset="extended")
    scenes = [(c.scene, c.text) for c in captions(n)]
    verdict = heard(scenes, "day.vote.out", "Eva")
    assert verdict < heard(scenes, "day.vote.reveal", "Eva") < heard(scenes, "death.also", "Carla")


def test_the_captains_successor_is_called_after_the_dawn_and_the_hunters_shot() -> None:
    n = narrate(answers(("werewolves:none", 2.0), ("captain_election:2", 2.0), (VOTE, 30.0), ("day_vote:none", 2.0),
                        ("werewolves:2", 2.0), ("hunter:3", 2.0), ("captain_successor:4", 2.0)),
                lang="es", roles=HUNTER, ruleset="extended", captain=True)
    scenes = [(c.scene, c.text) for c in captions(n)]
    dawn = heard(scenes, "dawn.death", "Ben")
    assert dawn < heard(scenes, "hunter.wake") < heard(scenes, "hunter.shot") < heard(scenes, "captain.successor") \
        < heard(scenes, "captain.named", "Dario")


def test_the_cards_are_said_as_the_deal_holds_them() -> None:
    """Seven seats, two werewolves and two villagers: "Ana war ein Werwolf", "Carla war die Seherin"."""
    n = narrate(answers(("werewolves:6", 2.0), ("witch:pass", 2.0), ("seer:1", 2.0), (VOTE, 30.0), ("day_vote:5", 2.0),
                        ("hunter:1", 2.0), ("werewolves:4", 2.0), ("witch:poison:2", 2.0), ("seer:7", 2.0)),
                lang="de")
    assert n.state.over
    scenes = [(c.scene, c.text) for c in captions(n)]
    deal = scenes[heard(scenes, "deal.cards")][1]
    assert "zwei Werwölfe" in deal and "die Seherin" in deal and "zwei Dorfbewohner" in deal
    reveal = {name: text for scene, text in scenes if scene == "end.reveal"
              for name in ("Ana", "Carla") if name in text}
    carla, ana = reveal["Carla"].lower(), reveal["Ana"].lower()
    assert "seherin" in carla and not any(w in carla for w in ("eine seherin", "einer seherin"))
    assert "werwolf" in ana and not any(w in ana for w in ("der werwolf", "den werwolf", "dem werwolf"))


RAVEN = ["werewolf", "hunter", "raven", "villager", "villager", "villager"]  # Ana wolf, Ben hunter, Carla raven


def test_the_ravens_letter_is_read_once_the_dawns_shots_are_fired() -> None:
    n = narrate(answers(("raven:4", 2.0), ("werewolves:2", 2.0), ("hunter:5", 2.0)), lang="de", roles=RAVEN,
                ruleset="extended")
    scenes = [(c.scene, c.text) for c in captions(n)]
    assert heard(scenes, "dawn.death", "Ben") < heard(scenes, "hunter.shot", "Eva") \
        < heard(scenes, "dawn.raven", "Dario")


def test_a_mark_on_the_player_the_hunter_shoots_at_dawn_is_never_read() -> None:
    n = narrate(answers(("raven:4", 2.0), ("werewolves:2", 2.0), ("hunter:4", 2.0)), lang="es", roles=RAVEN,
                ruleset="extended")
    scenes = [scene for scene, _ in ((c.scene, c.text) for c in captions(n))]
    assert "hunter.shot" in scenes and "dawn.raven" not in scenes


def test_a_dawn_that_ends_the_game_reads_no_letter() -> None:
    n = narrate(answers(("raven:4", 2.0), ("werewolves:2", 2.0), ("hunter:3", 2.0)), lang="en",
                roles=["werewolf", "hunter", "raven", "villager"], ruleset="extended")
    assert n.state.over
    assert "dawn.raven" not in [c.scene for c in captions(n)]


PIPER = ["werewolf", "cupid", "pied_piper", "witch", "hunter", "villager", "villager", "villager"]


def test_a_pied_piper_left_alone_by_the_days_verdict_wins_then_and_there() -> None:
    """The wolf (Ana) is executed and his lover (Dario) dies of grief: the piper (Carla) is the last one alive."""
    n = narrate(answers(("cupid:1,4", 2.0), ("werewolves:5", 2.0), ("witch:poison:6", 2.0), ("pied_piper:7,8", 2.0),
                        ("hunter:7", 2.0), (VOTE, 30.0), ("day_vote:tally:8*4", 2.0), ("werewolves:2", 2.0),
                        ("witch:pass", 2.0), ("pied_piper:2,4", 2.0), (VOTE, 30.0), ("day_vote:tally:1*2", 2.0)),
                lang="de", roles=PIPER, ruleset="extended")
    scenes = [(c.scene, c.text) for c in captions(n)]
    verdict = heard(scenes, "day.vote.out", "Ana")
    assert verdict < heard(scenes, "death.also", "Dario") < heard(scenes, "end.all_charmed")
    assert not any(scene == "night.start" for scene, _ in scenes[verdict:])


def test_an_angel_captain_executed_on_day_one_ends_the_game_before_any_reaction() -> None:
    n = narrate(answers(("cupid:2,4", 2.0), ("werewolves:none", 2.0), ("seer:6", 2.0), ("witch:pass", 2.0),
                        ("captain_election:2", 2.0), (VOTE, 30.0), ("day_vote:2", 2.0)),
                lang="es", roles=["werewolf", "angel", "cupid", "villager", "seer", "witch"], ruleset="extended",
                captain=True)
    scenes = [(c.scene, c.text) for c in captions(n)]
    verdict = heard(scenes, "day.vote.out", "Ben")
    assert verdict < heard(scenes, "day.vote.reveal", "Ben") < heard(scenes, "end.angel")
    assert not any(scene in ("captain.successor", "death.also") for scene, _ in scenes[verdict:])


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_lovers_win_is_said_with_their_names(lang: str) -> None:
    """Issue 35: "¡Ganan los enamorados!" named nobody. Ana (Cupid) chose herself and Ben (the wolf); the village
    falls around them, and the winner's line names the two."""
    n = narrate(answers(("cupid:1,2", 2.0), ("werewolves:3", 2.0), (VOTE, 30.0), ("day_vote:4", 2.0),
                        ("werewolves:5", 2.0), (VOTE, 30.0), ("day_vote:6", 2.0)), lang=lang,
                roles=["cupid", "werewolf", "villager", "villager", "villager", "villager"], ruleset="extended")
    assert n.state.winner == "lovers"
    banner = [c.text for c in captions(n) if c.scene == "end.lovers"]
    assert len(banner) == 1 and "Ana" in banner[0] and "Ben" in banner[0], banner


def test_the_cards_in_play_are_read_out_with_the_wolves_together() -> None:
    """A big extended deal: the werewolf, the big bad wolf, the white werewolf and the wolf father are named side
    by side, before the village's cards (they were scattered among them in the rules' order)."""
    cards = ["seer", "werewolf", "witch", "big_bad_wolf", "fox", "white_werewolf", "hunter", "wolf_father", "villager",
             "villager"]
    for lang, words in (("en", ("a werewolf", "big bad wolf", "white werewolf", "wolf father")),
                        ("de", ("ein Werwolf", "Leitwolf", "Weiße Wolf", "Urwolf")),
                        ("es", ("un hombre lobo", "lobo feroz", "lobo blanco", "padre de los lobos"))):
        n = narrate([], lang=lang, roles=cards, ruleset="extended")
        deal = next(c.text for c in captions(n) if c.scene == "deal.cards")
        at = sorted(deal.lower().find(w.lower()) for w in words)
        village = [deal.lower().find(w) for w in {"en": ("seer", "witch", "fox"), "de": ("seherin", "hexe", "fuchs"),
                                                   "es": ("vidente", "bruja", "zorro")}[lang]]
        assert -1 not in at and -1 not in village and at[-1] < min(village), deal


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_a_lover_who_died_of_grief_at_dawn_is_said_to_have_died_of_grief(lang: str) -> None:
    """read_de_B7 26: "Das Dorf hat in der Nacht Alex und Maxi verloren." (the wolves took Alex, Maxi followed out
    of grief): the dawn names the night's victim, then the grief that came of it, with its cause."""
    n = narrate(answers(("cupid:3,5", 2.0), ("werewolves:5", 2.0), ("seer:2", 2.0), ("witch:pass", 2.0)),
                lang=lang, roles=LOVERS, ruleset="extended")
    scenes = [(c.scene, c.text) for c in captions(n)]
    assert not [text for scene, text in scenes if scene == "dawn.deaths"]
    dawn = heard(scenes, "dawn.death", "Eva")
    assert "Carla" not in scenes[dawn][1] and scenes[dawn + 1][0] == "death.also" and "Carla" in scenes[dawn + 1][1]
    variants = n.lines.script.scenes[lang]["death.also"].variants
    griefs = {n.lines.render(v.text, {"player": Seat(3)})[0] for v in variants if ("cause", frozenset({"grief"}))
              in v.when}
    assert scenes[dawn + 1][1] in griefs
