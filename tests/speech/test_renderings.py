"""Every way a line may be said, filled with each card, seat words and names: a voice pack holds a clip of each
stretch of script words they contain."""

from __future__ import annotations

from engine.roles import ROLES
from narrator.speech.renderings import spoken_texts
from narrator.speech.script import SHIPPED, Scene, Script, Variant, load

SCRIPT = load(SHIPPED)


def test_a_pack_can_have_a_clip_of_every_contracted_word() -> None:
    script = load(SHIPPED)
    mine = Script(scenes={lang: dict(scenes) for lang, scenes in script.scenes.items()})
    mine.scenes["es"]["dawn.death"] = Scene("dawn.death", [Variant("Esta mañana enterramos a {player}.", 1),
                                                           Variant("Es la carta de {role:the}.", 2)], "x.yaml", 1)
    said = spoken_texts(mine, "es", sorted(ROLES))
    assert {"Esta mañana enterramos", "al jugador", "Es la carta", "del cazador", "Es la carta de",
            "la vidente"} <= set(said)
    assert said["Esta mañana enterramos"] == ("dawn.death", 0)


def test_a_pack_has_a_clip_of_every_form_a_deal_or_a_name_asks_for() -> None:
    mine = Script(scenes={lang: dict(scenes) for lang, scenes in SCRIPT.scenes.items()})
    mine.scenes["es"]["dawn.death"] = Scene("dawn.death", [Variant("Y {player} tenía la carta de {role}.", 1),
                                                           Variant("¿Ana o {player}?", 2),
                                                           Variant("Jugamos con {roles}.", 3)], "x.yaml", 1)
    said = set(spoken_texts(mine, "es", sorted(ROLES)))
    assert {"E", "Y", "¿Ana u", "¿Ana o", "tenía la carta de", "la vidente", "del cazador",
            "un hombre lobo", "el hombre lobo"} <= said, said
