"""A show of hands is confirmed by naming who leaves (static/app.js), in German as the finding was made."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import Choice, Game
from engine.house import parse_house
from narrator.ui.web.screens import ICONS, Screens
from narrator.ui.web.strings import strings

from ...browser import free_port, german_setup, part_shot, server

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo"]


def test_the_show_of_hands_confirm_says_who_leaves(page: Any, tmp_path: Path) -> None:
    """It asked "So viele Hände zählen?" without saying who leaves."""
    state = Game.new(NAMES, ruleset="extended", seed=4, mode="one_device",
                     roles=["werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager",
                            "villager"]).state
    screens = Screens("de", lambda s: NAMES[s - 1])
    vote = {**screens.vote(state, []), "q": 3, "t": "screen"}
    w = strings("de")
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"render({json.dumps(vote)})")
        page.click("#count-confirm")
        assert page.inner_text("#confirm-text") == w["day.confirm_none"]
        page.click("#confirm-no")
        for seat, hands in ((2, 3), (5, 1)):
            for _ in range(hands):
                page.click(f"[data-seat='{seat}'] button:text-is('+')")
        page.click("#count-confirm")
        assert page.inner_text("#confirm-text") == w["day.confirm_out"].format(name="Ben", votes=3)
        page.click("#confirm-no")
        page.click("[data-seat='5'] button:text-is('+')")
        page.click("[data-seat='5'] button:text-is('+')")
        page.click("#count-confirm")
        assert page.inner_text("#confirm-text") == w["day.confirm_tie"].format(names="Ben, Eva", votes=3)


def test_the_hands_counted_say_whether_the_captains_double_is_in(page: Any, tmp_path: Path) -> None:
    """"7 / 13" under the hands did not say whether the captain's hand was counted twice."""
    house = parse_house("extended", {"captain": True})
    game = Game.new(NAMES, ruleset="extended", seed=4, mode="one_device", house=house,
                    roles=["werewolf", "werewolf", "seer", *["villager"] * 5])
    for text in ("werewolves:8", "seer:1", "captain_election:4"):
        game.choose(Choice.from_text(text))
    vote = {**Screens("de", lambda s: NAMES[s - 1]).vote(game.state, []), "q": 3, "t": "screen"}
    assert vote["count"]["most"] == 8, "seven living, the captain's vote twice"
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"render({json.dumps(vote)})")
        assert page.inner_text("#hands") == "0 von 8 Stimmen (die des Hauptmanns zählt doppelt)"
        for _ in range(2):
            page.click("[data-seat='2'] button:text-is('+')")
        assert page.inner_text("#hands") == "2 von 8 Stimmen (die des Hauptmanns zählt doppelt)"
        plain = {**vote, "count": {**vote["count"], "most": 7,
                                   "seats": [{**p, "captain": False} for p in vote["count"]["seats"]]}}
        page.evaluate(f"render({json.dumps({**plain, 'q': 4})})")
        assert page.inner_text("#hands") == "0 von 7 Stimmen"


def eight_at_the_vote() -> dict[str, Any]:
    """The first day's vote of eight players (two wolves, the seer, five villagers), as the table device is sent it."""
    state = Game.new(NAMES, ruleset="extended", seed=4, mode="one_device",
                     roles=["werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager",
                            "villager"]).state
    return {**Screens("de", lambda s: NAMES[s - 1]).vote(state, []), "q": 3, "t": "screen"}


def test_with_no_hand_up_the_ravens_mark_still_names_who_leaves(page: Any, tmp_path: Path) -> None:
    """With the raven's two votes on Carla and no hand up, the confirm said "niemand muss gehen" (RULES.md: nobody
    dies only with no vote at all and no mark)."""
    vote = eight_at_the_vote()
    for seat in vote["count"]["seats"]:
        if seat["seat"] == 3:
            seat["extra"] = 2  # as the server sends a seat the raven marked
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"render({json.dumps(vote)})")
        page.click("#count-confirm")
        assert page.inner_text("#confirm-text") == strings("de")["day.confirm_out"].format(name="Carla", votes=2)


def test_undo_is_hidden_while_the_device_goes_round_for_secret_ballots(page: Any, tmp_path: Path) -> None:
    """↶ stayed on show while the table device went from voter to voter: one tap by a voter took back the day's
    last step and threw away the ballots cast so far."""
    vote = eight_at_the_vote()
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"render({json.dumps(vote)})")
        assert page.is_visible("#undo"), "the host's vote screen has no ↶ at all"
        page.click("#mode-ballots")
        page.click("#ballot-open")
        assert not page.is_visible("#undo")
        page.click("button[data-ballot='2']")
        page.click("#confirm-yes")
        page.wait_for_selector("#ballot-open[data-voter='2']")
        assert not page.is_visible("#undo")


def test_each_secret_ballot_is_confirmed_before_the_device_goes_on(page: Any, tmp_path: Path) -> None:
    """A walk of 32 players: a voter's tap on a name went straight to the next voter, with no confirm, so a slip of
    the finger was cast (the show of hands asks before it counts)."""
    vote = eight_at_the_vote()
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"render({json.dumps(vote)})")
        page.click("#mode-ballots")
        page.click("#ballot-open[data-voter='1']")
        page.click("button[data-ballot='3']")
        assert page.is_visible("#confirm") and page.inner_text("#confirm-text") == "Gegen Carla stimmen?"
        page.click("#confirm-no")  # a slip: Ana is still on her own ballot, nothing cast
        assert page.inner_text("#ballot-voter") == "Ana, deine Stimme"
        page.click("#abstain")
        assert page.inner_text("#confirm-text") == "Wirklich enthalten?"
        page.click("#confirm-yes")
        page.wait_for_selector("#ballot-open[data-voter='2']")
        assert page.inner_text("#ballot-progress") == "1 von 8 haben abgestimmt"


@pytest.mark.skipif(not (ICONS / "thumb-down.svg").is_file(), reason="the build has not fetched the pictures")
def test_the_seers_thumb_is_a_picture_not_an_emoji(page: Any, tmp_path: Path) -> None:
    """The seer's 👎 drew as an empty box where the machine has no emoji font (a Pi kiosk)."""
    answer = Screens("de", lambda s: NAMES[s - 1]).answer("werewolf")
    secret = {"t": "private", "kind": "answer", "target": "Ben", **answer}  # as Way.private_answer sends it
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"showSecret({json.dumps(secret)})")
        thumb = page.locator("#secret .thumb")
        assert thumb.locator("svg").count() == 1 and thumb.inner_text().strip() == ""
        assert page.inner_text("#secret p.big") == "Werwolf"


@pytest.mark.parametrize("side", ["werewolf", "village"])
def test_the_thumb_is_drawn_without_the_builds_pictures_and_without_an_emoji(page: Any, tmp_path: Path,
                                                                           side: str) -> None:
    """A walk from a tree whose build had fetched no pictures (offline, as on a Pi) drew the fox's 👎 as an empty
    box: the emoji stood in for the missing picture, and the machine has no emoji font."""
    answer = {**Screens("de", lambda s: NAMES[s - 1]).answer(side), "picture": None}  # no icons/thumb-*.svg
    secret = {"t": "private", "kind": "answer", "target": "Ben", **answer}
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"showSecret({json.dumps(secret)})")
        thumb = page.locator("#secret .thumb")
        assert thumb.locator("svg").count() == 1 and thumb.inner_text().strip() == ""
        turned = page.evaluate("getComputedStyle(document.querySelector('#secret .thumb svg')).transform")
        assert (turned != "none") == (side == "werewolf"), turned  # down for a wolf, up for the village
        box = thumb.locator("svg").bounding_box()
        assert box is not None and box["width"] >= 96 and box["height"] >= 96
        part_shot(page, "#secret", tmp_path / f"thumb-{side}.png")


def test_the_end_screen_draws_only_the_cards_the_voice_has_revealed(page: Any, tmp_path: Path) -> None:
    """A walk: every card (and the game's story, which names them) was drawn while the narrator still revealed the
    first ones aloud."""
    cards = [{"seat": n, "name": name, "role": role, "alive": n != 1, "won": n != 1, "marks": []}
             for n, (name, role) in enumerate([("Ana", "Werwolf"), ("Ben", "Seherin"), ("Carla", "Dorfbewohner")], 1)]
    end = {"t": "screen", "screen": "end", "winner": "village", "reason": "wolves_dead", "cards": cards,
           "timeline": [{"period": "day", "n": 1, "title": "Tag 1", "events": [],
                         "deaths": [{"name": "Ana", "role": "Werwolf", "how": "verurteilt", "cause": "vote"}]}],
           "alive": [{"name": "Ben", "role": "Seherin"}, {"name": "Carla", "role": "Dorfbewohner"}]}
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.evaluate(f"render({json.dumps({**end, 'revealed': [1]})})")
        assert page.inner_text("#banner") == "Das Dorf gewinnt"
        assert page.locator("#cards li").count() == 1 and page.locator("#timeline, #alive").count() == 0
        assert "Seherin" not in page.inner_text("#screen") and page.is_visible("#rematch")
        page.evaluate(f"render({json.dumps(end)})")  # every card said: all of them, the story and who is left
        assert page.locator("#cards li").count() == 3 and page.locator("#timeline, #alive").count() == 2


def test_the_day_timer_is_drawn_once(page: Any, tmp_path: Path) -> None:
    """The day screen drew the time left twice: in the sundial's middle and again as "Zeit: 4:59" under it."""
    day = {"t": "screen", "screen": "day", "q": 2, "day": 1, "dead": "Niemand ist gestorben.", "timer": 5, "left": 300}
    port = free_port()
    with server(tmp_path, port):
        german_setup(page, port)
        page.wait_for_function("sundialJs !== null")  # the dial's module, loaded with the page
        page.evaluate(f"render({json.dumps(day)})")
        page.wait_for_selector("#sundial svg")
        assert page.locator("#sundial svg").count() + page.locator("#timer:visible").count() == 1, \
            f"the time left, drawn by the dial and as {page.text_content('#timer')!r}"
