"""The order in which a verdict's and a dawn's consequences reach the table (RULES.md, "Order of reactions"):
the death, the executed card, grief, shots, then the captain's successor."""

from __future__ import annotations

from engine import Choice, Game, HouseRules
from engine.events import Asked, Died, Event


def said(events: list[Event]) -> list[tuple[str, int | None]]:
    """What the table hears, in order: each event's scene and seat, and every death ("died")."""
    out: list[tuple[str, int | None]] = []
    for event in events:
        scene = event.said()
        if scene is not None:
            out.append((scene.scene, scene.player))
        elif isinstance(event, Died):
            out.append(("died", event.seat))
    return out


def play(game: Game, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events = game.choose(Choice.from_text(text))
    return events


def test_an_executed_lovers_card_is_shown_before_the_other_lover_dies_of_grief() -> None:
    game = Game.new(["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"], ruleset="extended",
                    roles=["cupid", "werewolf", "seer", "witch", "villager", "villager"])
    events = play(game, "cupid:3,5", "werewolves:none", "seer:2", "witch:pass", "day_vote:5")
    heard = said(events)
    assert heard.index(("day.vote.out", 5)) < heard.index(("died", 5)) < heard.index(("day.vote.reveal", 5)) \
        < heard.index(("died", 3))


def test_a_dying_captain_names_his_successor_only_after_the_dawn_and_the_hunters_shot() -> None:
    game = Game.new(["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"], ruleset="extended",
                    house=HouseRules(captain=True),
                    roles=["werewolf", "hunter", "villager", "villager", "villager", "villager"])
    play(game, "werewolves:none", "captain_election:2", "day_vote:none")
    dawn = said(play(game, "werewolves:2"))
    assert ("captain.successor", 2) not in dawn  # the dawn names the dead first; the hunter shoots next
    assert dawn.index(("died", 2)) < dawn.index(("dawn.death", 2))
    assert game.state.current is not None and game.state.current.step == "hunter"
    shot = said(play(game, "hunter:3"))
    assert ("captain.successor", 2) not in shot  # called when the successor's step comes (its announce)
    assert game.state.current is not None and game.state.current.step == "captain_successor"


def test_an_angel_executed_on_day_one_while_captain_ends_the_game_before_any_reaction() -> None:
    game = Game.new(["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"], ruleset="extended",
                    house=HouseRules(captain=True),
                    roles=["werewolf", "angel", "cupid", "villager", "villager", "villager"])
    play(game, "cupid:2,4", "werewolves:none", "captain_election:2")
    events = play(game, "day_vote:2")
    assert said(events) == [("day.vote.out", 2), ("died", 2), ("day.vote.reveal", 2), ("end.angel", 2)]
    assert not any(isinstance(event, Asked) for event in events)  # no successor, not even asked and dropped
    assert game.state.winner == "angel" and 4 in game.state.alive  # his lover does not die of grief


def test_the_lovers_story_says_whether_cupid_chose_himself() -> None:
    """«Óscar era Cupido» … «Óscar e Irene eran la pareja de Cupido»: the story is told apart (fact `own`) when the
    seat that linked the pair is one of the two."""
    from engine.roles import ROLES
    for link, chose_self in (("cupid:1,3", "yes"), ("cupid:3,5", "no")):
        game = Game.new(["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"], ruleset="extended",
                        roles=["cupid", "werewolf", "seer", "witch", "villager", "villager"])
        play(game, link)
        [story] = ROLES["cupid"].story(game.state)
        assert dict(story.facts) == {"own": chose_self, "cause": "other"}


def test_the_lovers_story_knows_the_table_saw_a_lover_die_of_grief() -> None:
    """read_es_B7 6: «Inés muere de pena.» then «Las cartas no lo cuentan, pero Luis e Inés compartían destino…»: once a
    lover died of grief (fact `cause`), the story is no secret."""
    from engine.roles import ROLES
    from engine.state import Death
    game = Game.new(["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"], ruleset="extended",
                    roles=["cupid", "werewolf", "seer", "witch", "villager", "villager"])
    play(game, "cupid:3,5")
    grieved = game.state.but(deaths=(Death(3, "wolves", 1), Death(5, "grief", 1)))
    [story] = ROLES["cupid"].story(grieved)
    assert dict(story.facts)["cause"] == "grief"
